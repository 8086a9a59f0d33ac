package gateway

import (
	"encoding/json"
	"testing"
)

type batchResult struct {
	OK      bool       `json:"ok"`
	Results []envelope `json:"results"`
	Meta    struct {
		TraceID         string `json:"trace_id"`
		RegistryVersion string `json:"registry_version"`
		Skipped         int    `json:"skipped"`
	} `json:"meta"`
}

func (h *harness) batch(args map[string]any) (batchResult, bool) {
	h.t.Helper()
	res := h.callRaw("tool_batch", args)
	var out batchResult
	if err := json.Unmarshal([]byte(res.Text), &out); err != nil {
		h.t.Fatalf("%v: %s", err, res.Text)
	}
	return out, res.IsError
}

func TestBatchSequentialKeepsOrder(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{})
	out, isErr := h.batch(map[string]any{"ops": []any{
		map[string]any{"type": "help", "path": "test.get_item"},
		map[string]any{"type": "exec", "op": "test.get_item", "args": map[string]any{"id": "a"}},
		map[string]any{"type": "exec", "op": "test.nope"},
		map[string]any{"type": "exec", "op": "test.text_json"},
	}})
	if out.OK || !isErr || len(out.Results) != 4 {
		t.Fatalf("%+v", out)
	}
	if !out.Results[0].OK || out.Results[0].Op != "tool_help" || !out.Results[1].OK || out.Results[2].OK || !out.Results[3].OK {
		t.Fatalf("%+v", out.Results)
	}
	var help map[string]any
	json.Unmarshal(out.Results[0].Result, &help)
	if help["op"] != "test.get_item" {
		t.Fatalf("a help step's result is the help answer: %s", out.Results[0].Result)
	}
	if out.Results[2].Error.Code != CodeNotFound || *out.Results[2].Error.HelpPath != "test" {
		t.Fatalf("%+v", out.Results[2].Error)
	}
	if out.Results[1].Meta.TraceID == out.Results[3].Meta.TraceID || !isVersion(out.Meta.RegistryVersion) {
		t.Fatal("each step has its own trace id")
	}
	all, isErr := h.batch(map[string]any{"ops": []any{map[string]any{"type": "help", "path": ""}}})
	if !all.OK || isErr {
		t.Fatalf("%+v", all)
	}
}

func TestBatchStopOnError(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{})
	out, _ := h.batch(map[string]any{"stop_on_error": true, "ops": []any{
		map[string]any{"type": "exec", "op": "test.delete_item", "args": map[string]any{"id": "1"}},
		map[string]any{"type": "exec", "op": "test.fails"},
		map[string]any{"type": "exec", "op": "test.delete_item", "args": map[string]any{"id": "2"}},
	}})
	if out.OK || len(out.Results) != 2 || out.Meta.Skipped != 1 || out.Results[1].Error.Code != CodeUpstreamError {
		t.Fatalf("%+v", out)
	}
	if n := h.ts.deletes.Load(); n != 1 {
		t.Fatalf("the step after the failure ran (%d deletes)", n)
	}
}

func TestBatchParallelRunsAtMostEight(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{})
	var ops []any
	for range 20 {
		ops = append(ops, map[string]any{"type": "exec", "op": "test.gate"})
	}
	done := make(chan batchResult)
	go func() {
		out, _ := h.batch(map[string]any{"mode": "parallel", "ops": ops})
		done <- out
	}()
	eventually(t, "eight calls in flight", func() bool { return h.ts.inFlight.Load() == maxParallel })
	close(h.ts.release)
	out := <-done
	if !out.OK || len(out.Results) != 20 {
		t.Fatalf("%+v", out)
	}
	if m := h.ts.maxSeen.Load(); m != maxParallel {
		t.Fatalf("at most %d at once, saw %d", maxParallel, m)
	}
}

func TestBatchLimits(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{})
	var ops []any
	for range 21 {
		ops = append(ops, map[string]any{"type": "help", "path": ""})
	}
	env, _ := h.call("tool_batch", map[string]any{"ops": ops})
	mustCode(t, env, CodeValidation)
	env, _ = h.call("tool_batch", map[string]any{"ops": []any{map[string]any{"type": "run"}}})
	mustCode(t, env, CodeValidation)
	env, _ = h.call("tool_batch", map[string]any{"ops": []any{}})
	mustCode(t, env, CodeValidation)
}
