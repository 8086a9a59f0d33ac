package gateway

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestExecSuccessEnvelope(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{})
	env := h.exec("test.get_item", map[string]any{"id": "abc1"})
	mustOK(t, env)
	if env.Op != "test.get_item" || len(env.Meta.Warnings) != 0 {
		t.Fatalf("%+v", env)
	}
	if env.Meta.RegistryVersion != h.g.Registry().Version {
		t.Fatal("meta.registry_version is the registry's")
	}
}

func TestExecValidationErrorsAreJSONPointers(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{})
	cases := []struct {
		args  any
		paths []string
	}{
		{map[string]any{}, []string{"/id"}},
		{map[string]any{"id": "ABC"}, []string{"/id"}},
		{map[string]any{"id": "abc", "limit": 0}, []string{"/limit"}},
		{map[string]any{"id": "abc", "limit": "ten", "opts": map[string]any{"depth": "x"}}, []string{"/limit", "/opts/depth"}},
		{map[string]any{"id": "abc", "tags": []any{map[string]any{"k": 1}}}, []string{"/tags/0/k"}},
	}
	for _, c := range cases {
		env := h.exec("test.get_item", c.args)
		mustCode(t, env, CodeValidation)
		if *env.Error.HelpPath != "test.get_item" {
			t.Errorf("help_path %q", *env.Error.HelpPath)
		}
		fes, _ := env.Error.Details["field_errors"].([]any)
		var got []string
		for _, fe := range fes {
			fe := fe.(map[string]any)
			got = append(got, fe["path"].(string))
			if fe["message"] == "" {
				t.Errorf("%v: empty message", c.args)
			}
		}
		if strings.Join(got, ",") != strings.Join(c.paths, ",") {
			t.Errorf("%v: field_errors at %v, want %v (%s)", c.args, got, c.paths, env.Error.Message)
		}
	}
}

func TestExecArgsMustBeAnObject(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{})
	env := h.exec("test.get_item", []int{1})
	mustCode(t, env, CodeValidation)
	fes, _ := json.Marshal(env.Error.Details["field_errors"])
	if *env.Error.HelpPath != "" || !strings.Contains(string(fes), `"/args"`) {
		t.Fatalf("%s %+v", fes, env.Error)
	}
	mustCode(t, h.exec("test.get_item", nil), CodeValidation) // null is {}: id is missing
}

func TestExecAppliesDefaults(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{})
	env := h.exec("test.get_item", map[string]any{"id": "abc1", "opts": map[string]any{}, "tags": []any{map[string]any{"k": "a"}, map[string]any{"k": "b", "w": 3}}})
	mustOK(t, env)
	var res struct {
		Args json.RawMessage `json:"args"`
	}
	json.Unmarshal(env.Result, &res)
	want := `{"id":"abc1","opts":{"verbose":false},"tags":[{"k":"a","w":1.5},{"k":"b","w":3}],"limit":10}`
	if !jsonEqual(res.Args, []byte(want)) {
		t.Fatalf("upstream got %s, want %s", res.Args, want)
	}
}

func TestExecDryRunCallsNothing(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{})
	env := h.exec("test.delete_item", map[string]any{"id": "x"}, map[string]any{"dry_run": true})
	mustOK(t, env)
	if !jsonEqual(env.Result, []byte(`{"would_call":{"server":"test","tool":"delete_item","args":{"id":"x"}}}`)) {
		t.Fatalf("dry run: %s", env.Result)
	}
	env = h.exec("test.get_item", map[string]any{"id": "x"}, map[string]any{"dry_run": true})
	if !jsonEqual(env.Result, []byte(`{"would_call":{"server":"test","tool":"get_item","args":{"id":"x","limit":10}}}`)) {
		t.Fatalf("dry run shows the defaults: %s", env.Result)
	}
	mustCode(t, h.exec("test.delete_item", map[string]any{}, map[string]any{"dry_run": true}), CodeValidation)
	if n := h.ts.deletes.Load(); n != 0 {
		t.Fatalf("dry runs called the upstream %d times", n)
	}
}

func TestExecIdempotentReplayAndConflict(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{})
	key := map[string]any{"idempotency_key": "k-1"}
	first := h.exec("test.delete_item", map[string]any{"id": "x"}, key)
	mustOK(t, first)
	again := h.exec("test.delete_item", map[string]any{"id": "x"}, key)
	mustOK(t, again)
	if !again.Meta.Replayed || first.Meta.Replayed || string(again.Result) != string(first.Result) || again.Meta.TraceID != first.Meta.TraceID {
		t.Fatalf("replay: first %+v again %+v", first.Meta, again.Meta)
	}
	if n := h.ts.deletes.Load(); n != 1 {
		t.Fatalf("the upstream ran %d times", n)
	}
	conflict := h.exec("test.delete_item", map[string]any{"id": "y"}, key)
	mustCode(t, conflict, CodeConflict)
	mustCode(t, h.exec("test.get_item", map[string]any{"id": "x"}, key), CodeConflict)
	if *conflict.Error.HelpPath != "test.delete_item" {
		t.Errorf("help_path %q", *conflict.Error.HelpPath)
	}
	// Another key is another call.
	mustOK(t, h.exec("test.delete_item", map[string]any{"id": "x"}, map[string]any{"idempotency_key": "k-2"}))
	if n := h.ts.deletes.Load(); n != 2 {
		t.Fatalf("the upstream ran %d times", n)
	}
}

func TestIdempotencyKeysExpire(t *testing.T) {
	t.Parallel()
	now := time.Unix(1_700_000_000, 0)
	s := newIdemStore(func() time.Time { return now })
	_, finish, e := s.begin(t.Context(), "k", "a.b", json.RawMessage(`{"x":1}`))
	if e != nil {
		t.Fatal(e)
	}
	finish(&Envelope{Op: "a.b", OK: true, Meta: &Meta{}})
	replay, _, _ := s.begin(t.Context(), "k", "a.b", json.RawMessage(`{ "x" : 1 }`))
	if replay == nil || !replay.Meta.Replayed {
		t.Fatal("same args in another spacing replay")
	}
	now = now.Add(idempotencyTTL + time.Second)
	replay, finish, e = s.begin(t.Context(), "k", "a.b", json.RawMessage(`{"x":2}`))
	if replay != nil || e != nil || finish == nil {
		t.Fatal("after 10 minutes the key is free again")
	}
	finish(nil)
}

func TestPolicy(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name     string
		policy   Policy
		op       string
		args     any
		denied   bool
		ruleWant string
	}{
		{"read-only denies writes", Policy{ReadOnly: true}, "test.delete_item", map[string]any{"id": "x"}, true, "read_only"},
		{"read-only allows reads", Policy{ReadOnly: true}, "test.get_item", map[string]any{"id": "x"}, false, ""},
		{"deny glob", Policy{Deny: []string{"test.delete_*"}}, "test.delete_item", map[string]any{"id": "x"}, true, "deny"},
		{"allow glob", Policy{Allow: []string{"demo.*"}}, "test.get_item", map[string]any{"id": "x"}, true, "allow"},
		{"allow glob match", Policy{Allow: []string{"test.get_*"}}, "test.get_item", map[string]any{"id": "x"}, false, ""},
		{"deny wins", Policy{Allow: []string{"test.*"}, Deny: []string{"*.get_item"}}, "test.get_item", map[string]any{"id": "x"}, true, "deny"},
		{"toolbox always", Policy{Allow: []string{"nothing"}, ReadOnly: true}, "toolbox.search_tools", map[string]any{"query": "item"}, false, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t, harnessConfig{opts: Options{Policy: c.policy}})
			env := h.exec(c.op, c.args)
			if !c.denied {
				mustOK(t, env)
				return
			}
			mustCode(t, env, CodePermissionDenied)
			if *env.Error.HelpPath != c.op || env.Error.Details["rule"] != c.ruleWant {
				t.Fatalf("%+v", env.Error)
			}
			pol, _ := json.Marshal(h.help(c.op)["policy"])
			if !strings.Contains(string(pol), "PERMISSION_DENIED") {
				t.Errorf("help does not warn: %s", pol)
			}
		})
	}
	if _, err := New(nil, Options{Policy: Policy{Deny: []string{"["}}}); err == nil {
		t.Error("a bad glob is refused")
	}
}

func TestPolicyIsPartOfTheRegistryVersion(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{})
	before := h.g.Registry().Version
	if err := h.g.SetPolicy(Policy{ReadOnly: true}); err != nil {
		t.Fatal(err)
	}
	after := h.g.Registry().Version
	if before == after || !isVersion(after) {
		t.Fatalf("version %s -> %s", before, after)
	}
	mustCode(t, h.exec("test.delete_item", map[string]any{"id": "x"}), CodePermissionDenied)
}

func TestExecUpstreamErrorCarriesItsText(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{})
	env := h.exec("test.fails", nil)
	mustCode(t, env, CodeUpstreamError)
	if env.Error.Details["text"] != "boom: no such thing\nsecond line" || !strings.Contains(env.Error.Message, "boom: no such thing") {
		t.Fatalf("%+v", env.Error)
	}
	if *env.Error.HelpPath != "test.fails" {
		t.Errorf("help_path %q", *env.Error.HelpPath)
	}
}

func TestExecResultForms(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{})
	if env := h.exec("test.text_json", nil); !jsonEqual(env.Result, []byte(`{"a":1}`)) {
		t.Errorf("text that is JSON is parsed: %s", env.Result)
	}
	if env := h.exec("test.text_plain", nil); !jsonEqual(env.Result, []byte(`[{"type":"text","text":"hello"}]`)) {
		t.Errorf("other text stays content blocks: %s", env.Result)
	}
}

func TestExecOutputMismatchOnlyWarns(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{})
	env := h.exec("test.bad_output", nil)
	mustOK(t, env)
	if len(env.Meta.Warnings) != 1 || !strings.Contains(env.Meta.Warnings[0], "/count") {
		t.Fatalf("warnings %v", env.Meta.Warnings)
	}
	// The demo's canned results conform to their schemas: no warning.
	env = h.exec("demo.shop_get_order", map[string]any{"order_id": "1"})
	mustOK(t, env)
	if len(env.Meta.Warnings) != 0 {
		t.Fatalf("warnings %v", env.Meta.Warnings)
	}
}

func TestExecNotFound(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{})
	env := h.exec("test.get_itme", nil)
	mustCode(t, env, CodeNotFound)
	if *env.Error.HelpPath != "test" || !strings.Contains(env.Error.Message, "test.get_item") {
		t.Fatalf("%+v", env.Error)
	}
	env, _ = h.call("tool_exec", map[string]any{"args": map[string]any{}})
	mustCode(t, env, CodeValidation)
	if *env.Error.HelpPath != "" {
		t.Fatalf("%+v", env.Error)
	}
}

func TestExecDeadlineIsUnavailable(t *testing.T) {
	h := newHarness(t, harnessConfig{opts: Options{ServerDeadlines: map[string]time.Duration{"test": 100 * time.Millisecond}}})
	start := time.Now()
	env := h.exec("test.slow", nil)
	mustCode(t, env, CodeUnavailable)
	if took := time.Since(start); took > 5*time.Second {
		t.Fatalf("took %s", took)
	}
	if env.Error.Details["retry_after_ms"] == nil || !strings.Contains(env.Error.Message, "100ms") {
		t.Fatalf("%+v", env.Error)
	}
	root := h.help("")
	for _, g := range root["groups"].([]any) {
		g := g.(map[string]any)
		if g["group"] == "test" && (g["health"] != "degraded" || g["last_error"] == nil) {
			t.Errorf("a server that just timed out is degraded: %v", g)
		}
	}
	// Other servers go on answering.
	mustOK(t, h.exec("demo.util_echo", map[string]any{"message": "hi"}))
}

func TestRegistryVersionChangesOnListChanged(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{})
	before := h.help("")["registry_version"]
	mustOK(t, h.exec("test.grow", nil))
	eventually(t, "the new tool to be listed", func() bool {
		return h.help("")["registry_version"] != before
	})
	mustOK(t, h.exec("test.grown", map[string]any{"id": "z"}))
	if got := h.help("test.grown")["registry_version"]; got == before {
		t.Fatal("help answers carry the new version")
	}
}

func TestExecIsCancelledWithItsCaller(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{}) // 60 s deadline
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	_, err := h.client.CallTool(ctx, "gw", "tool_exec", json.RawMessage(`{"op":"test.slow"}`))
	if err == nil {
		t.Fatal("the client gave up: its call fails")
	}
	eventually(t, "the upstream call to be cancelled", func() bool { return h.ts.slowDone.Load() == 1 })
}

func TestConcurrentCallsWithOneIdempotencyKeyRunOnce(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{})
	var wg sync.WaitGroup
	envs := make([]envelope, 10)
	for i := range envs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			envs[i] = h.exec("test.delete_item", map[string]any{"id": "x"}, map[string]any{"idempotency_key": "same"})
		}()
	}
	wg.Wait()
	replayed := 0
	for _, env := range envs {
		mustOK(t, env)
		if env.Meta.Replayed {
			replayed++
		}
		if string(env.Result) != string(envs[0].Result) {
			t.Fatalf("answers differ: %s %s", env.Result, envs[0].Result)
		}
	}
	if n := h.ts.deletes.Load(); n != 1 || replayed != 9 {
		t.Fatalf("%d upstream calls, %d replays", n, replayed)
	}
}
