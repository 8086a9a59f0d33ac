package calls

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"time"

	"golang.org/x/sync/errgroup"

	"mcpeek/mcpclient"
	"mcpeek/mcpclient/secretmask"
	"mcpeek/model"
	"mcpeek/model/toolargs"
	"mcpeek/summarizer/resultcheck"
)

// toolPrep is what every call of one tool shares: the tool, its output
// schema ready to check results against, its input schema compiled.
type toolPrep struct {
	id     model.ToolID // the call's tool, read against the servers
	tool   model.Tool
	target *resultcheck.Target
	input  *toolargs.Schema
	// down says why the tool cannot be called (its server unreachable);
	// missing why it is not there (its server does not list it).
	down, missing string
}

// Lookup is how a run finds the tools its calls name, with errors that
// say what exists instead.
type Lookup struct {
	// UnknownServer is the error for a server the Manager does not hold.
	UnknownServer func(name string) error
	// Tool looks a tool of a server up.
	Tool func(server, tool string) (model.Tool, error)
}

// Run runs the calls on a started Manager, jobs at a time, each with its
// own deadline, and reports how each went.
func Run(ctx context.Context, m *mcpclient.Manager, list []Call, jobs int, timeout time.Duration, find Lookup) (Report, error) {
	preps := prepareTools(m, list, find)
	runs := make([]Outcome, len(list))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(jobs)
	for i, c := range list {
		g.Go(func() error {
			runs[i] = runOne(gctx, m, c, preps[c.Tool], timeout)
			return nil
		})
	}
	_ = g.Wait()
	if err := ctx.Err(); err != nil {
		return Report{}, err
	}
	r := Report{Calls: runs}
	for _, run := range runs {
		switch run.Status {
		case StatusPassed:
			r.Passed++
		case StatusFailed:
			r.Failed++
		default:
			r.NotRun++
		}
	}
	return r, nil
}

// prepareTools looks up each tool the calls name once, and reads its
// schemas once, however many calls share it.
func prepareTools(m *mcpclient.Manager, list []Call, find Lookup) map[string]*toolPrep {
	preps := map[string]*toolPrep{}
	servers := m.Servers()
	for _, c := range list {
		if preps[c.Tool] != nil {
			continue
		}
		p := &toolPrep{id: c.ToolIn(servers)}
		preps[c.Tool] = p
		s, ok := m.Server(p.id.Server)
		switch {
		case !ok:
			p.down = find.UnknownServer(p.id.Server).Error()
			continue
		case s.State == model.StateNeedsLogin && len(s.Tools) == 0:
			p.down = fmt.Sprintf("server %q needs a login (run `mcpeek auth login %s`)", s.Name, s.Name)
			continue
		case s.State != model.StateConnected && len(s.Tools) == 0:
			p.down = fmt.Sprintf("server %q could not be reached (%s): %s", s.Name, s.State, s.Err)
			continue
		}
		tool, err := find.Tool(p.id.Server, p.id.Tool)
		if err != nil {
			p.missing = err.Error()
			continue
		}
		p.tool = tool
		p.input = toolargs.Input(tool)
		if tool.HasOutputSchema() {
			if p.target, err = resultcheck.NewTarget(model.ParseTool(tool)); err != nil {
				p.missing = fmt.Sprintf("the output schema of %s cannot be read: %v", tool.ID(), err)
			}
		}
	}
	return preps
}

// runOne makes one call and checks its result, the values its ${env:NAME}
// placeholders took replaced by *** wherever the report quotes them, in
// any form (secretmask.Mask): every format writes the run from these texts.
func runOne(ctx context.Context, m *mcpclient.Manager, c Call, p *toolPrep, timeout time.Duration) Outcome {
	r := makeCall(ctx, m, c, p, timeout)
	if mask := secretmask.New(Secrets(c.Arguments, os.LookupEnv)); mask != nil {
		r.Error = mask.Hide(r.Error)
		for i := range r.Assertions {
			v := &r.Assertions[i]
			v.Expected, v.Got = mask.Hide(v.Expected), mask.Hide(v.Got)
		}
	}
	return r
}

// makeCall makes one call and checks its result. A call that cannot be
// made is not run; a tool missing, arguments the input schema refuses, or
// a call that errs on a live server fail it.
func makeCall(ctx context.Context, m *mcpclient.Manager, c Call, p *toolPrep, timeout time.Duration) Outcome {
	r := Outcome{Call: c, Name: c.Name, Tool: c.Tool, Line: c.Line}
	fail := func(kind, expected, got string) Outcome {
		r.Status = StatusFailed
		r.Assertions = append(r.Assertions, Assertion{Kind: kind, Expected: expected, Got: got})
		return r
	}
	if p.down != "" {
		r.Status, r.Error = StatusNotRun, p.down
		return r
	}
	if p.missing != "" {
		return fail("tool", "listed by its server", p.missing)
	}
	args := c.Arguments
	if len(args) == 0 {
		args = json.RawMessage("{}")
	}
	args, err := ExpandEnv(args, os.LookupEnv)
	if err != nil {
		r.Status, r.Error = StatusNotRun, err.Error()
		return r
	}
	if v := p.input.Verify(args); v.Problem != toolargs.Accepted {
		var msgs []string
		for _, e := range v.Errors {
			msgs = append(msgs, strings.TrimPrefix(e.Path+": ", ": ")+e.Message)
		}
		return fail("arguments", "arguments the input schema accepts", strings.Join(msgs, "; "))
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	start := time.Now()
	res, err := m.CallTool(ctx, p.id.Server, p.id.Tool, args)
	elapsed := time.Since(start)
	r.ElapsedMS = elapsed.Milliseconds()
	if err != nil {
		if s, ok := m.Server(p.id.Server); ok && s.State != model.StateConnected {
			r.Status, r.Error = StatusNotRun, fmt.Sprintf("server %q was lost during the call: %v", s.Name, err)
			return r
		}
		return fail("call", "a result", err.Error())
	}
	r.Assertions = c.Check(p.target, Result{IsError: res.IsError, Structured: res.StructuredContent, Text: res.Text, Elapsed: elapsed})
	r.Status = StatusPassed
	if !Passed(r.Assertions) {
		r.Status = StatusFailed
	}
	return r
}
