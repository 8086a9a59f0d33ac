package gateway

import (
	"context"
	"encoding/json"
	"sync"
)

// maxParallel is how many steps of a parallel batch run at once.
const maxParallel = 8

// batchRequest is tool_batch's arguments (defaults applied).
type batchRequest struct {
	Ops         []batchStep `json:"ops"`
	Mode        string      `json:"mode"`
	StopOnError bool        `json:"stop_on_error"`
}

// batchStep is one step: a help request or an exec request.
type batchStep struct {
	Type string `json:"type"`
	helpRequest
	execRequest
	IncludeExamples *bool `json:"include_examples"`
}

// batchAnswer is tool_batch's answer.
type batchAnswer struct {
	OK      bool        `json:"ok"`
	Results []*Envelope `json:"results"`
	Meta    batchMeta   `json:"meta"`
}

type batchMeta struct {
	TraceID         string  `json:"trace_id"`
	LatencyMS       float64 `json:"latency_ms"`
	RegistryVersion string  `json:"registry_version"`
	Mode            string  `json:"mode"`
	// Skipped counts the steps stop_on_error left out (they have no result).
	Skipped int `json:"skipped"`
}

func (g *Gateway) runBatch(ctx context.Context, c call, raw json.RawMessage) answer {
	args, e := g.selfArgs(toolBatch, raw)
	if e != nil {
		return envelopeAnswer(errorEnvelope(toolBatch, e), "batch")
	}
	var req batchRequest
	if err := json.Unmarshal(args, &req); err != nil {
		return envelopeAnswer(errorEnvelope(toolBatch, fail(CodeValidation, "", nil, "tool_batch args: %v", err)), "batch")
	}
	if req.Mode == "" {
		req.Mode = "sequential"
	}
	results := make([]*Envelope, len(req.Ops))
	skipped := 0
	if req.Mode == "parallel" {
		sem := make(chan struct{}, maxParallel)
		var wg sync.WaitGroup
		for i, step := range req.Ops {
			wg.Add(1)
			sem <- struct{}{}
			go func() {
				defer func() { <-sem; wg.Done() }()
				defer func() {
					// mcp-go recovers a handler's panics, not its goroutines'.
					if p := recover(); p != nil {
						results[i] = errorEnvelope(clip(step.Op), fail(CodeInternal, "", nil, "step %d failed: %v", i, p))
					}
				}()
				results[i] = g.step(ctx, c, step)
			}()
		}
		wg.Wait()
	} else {
		for i, step := range req.Ops {
			results[i] = g.step(ctx, c, step)
			if req.StopOnError && !results[i].OK {
				skipped = len(req.Ops) - i - 1
				results = results[:i+1]
				break
			}
		}
	}
	out := batchAnswer{OK: skipped == 0, Results: results, Meta: batchMeta{
		TraceID: c.traceID, RegistryVersion: c.reg.Version, Mode: req.Mode, Skipped: skipped,
	}}
	a := answer{op: "batch", kind: "batch"}
	for _, r := range results {
		if !r.OK {
			out.OK = false
			if a.code == "" {
				a.code = r.Error.Code
			}
		}
	}
	out.Meta.LatencyMS = sinceMS(g.opts.now(), c.start)
	a.ok = out.OK
	a.body = marshal(out)
	return a
}

// step runs one batch step. Each exec step has its own trace id.
func (g *Gateway) step(ctx context.Context, c call, s batchStep) *Envelope {
	sc := c
	sc.traceID = newTraceID()
	sc.start = g.opts.now()
	if s.Type == "help" {
		req := s.helpRequest
		if req.Format == "" {
			req.Format = "short"
		}
		req.IncludeExamples = s.IncludeExamples == nil || *s.IncludeExamples
		body, e := g.help(ctx, c.reg, g.up.Servers(), req)
		if e != nil {
			return errorEnvelope(toolHelp, e)
		}
		return g.success(sc, toolHelp, body, nil)
	}
	env, _ := g.exec(ctx, sc, s.execRequest)
	return env
}
