package main

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"mcpeek/mcpclient"
)

// TestEverythingTasks drives server-everything's task tools through `mcpeek
// call` (it speaks the 2025-11-25 era only, so the 2026-07-28 tasks
// extension is tested against a hand-written server in mcpclient):
// simulate-research-query runs as a task to its result, with its status
// changes on stderr, and with the clarification it asks for when
// ambiguous; the -async triggers have mcpeek run an elicitation and a
// sampling as tasks; trigger-url-elicitation shows the URL and never opens
// it unasked.
func TestEverythingTasks(t *testing.T) {
	t.Parallel()
	cfg := everythingConfig(t)
	for _, c := range []struct {
		name   string
		args   []string
		want   []string // in stdout
		stderr []string
	}{
		{"research", []string{"simulate-research-query", "--args", `{"topic": "tides"}`},
			[]string{"# Research Report: tides", "Status progressed: `working` → `completed`"},
			// The last stage may be seen working or, when a poll comes late,
			// already completed: its message stays.
			[]string{"task ", "working: Gathering sources... (TTL 5m0s)", ": Generating report..."}},
		{"research with a clarification", []string{"simulate-research-query", "--args", `{"topic": "python", "ambiguous": true}`, "--elicit", "decline"},
			[]string{"Research Report: python (User declined - using default interpretation)"},
			[]string{"input_required: Found multiple interpretations for \"python\"", "everything asks: The research query \"python\" could have multiple interpretations"}},
		{"elicitation as a task", []string{"trigger-elicitation-request-async", "--elicit", "accept"},
			[]string{"[COMPLETED] User provided the requested information!", "Task created: mcpeek-task-1", `"action": "accept"`},
			[]string{"everything asks: Please provide inputs for the following fields (async task demo)"}},
		{"elicitation as a task declined", []string{"trigger-elicitation-request-async", "--elicit", "decline"},
			[]string{"[DECLINED] User declined to provide the requested information."}, nil},
		{"sampling as a task", []string{"trigger-sampling-request-async", "--args", `{"prompt": "a haiku"}`, "--sampling", "an old silent pond"},
			[]string{"[COMPLETED] Async sampling completed!", `"text": "an old silent pond"`}, nil},
		{"url elicitation", []string{"trigger-url-elicitation", "--args", `{"url": "https://example.com/consent"}`, "--elicit", "accept"},
			[]string{"User completed the URL elicitation flow", "URL: https://example.com/consent"},
			[]string{"url https://example.com/consent (not opened) — accept (--elicit accept)"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			args := append([]string{"call", "everything." + c.args[0], "--config", cfg}, c.args[1:]...)
			out, stderr, code := mcpeek(t, args...)
			if code != 0 {
				t.Errorf("exit %d\n%s\n%s", code, out, stderr)
			}
			for _, w := range c.want {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q:\n%s\n%s", w, out, stderr)
				}
			}
			for _, w := range c.stderr {
				if !strings.Contains(stderr, w) {
					t.Errorf("stderr lacks %q:\n%s", w, stderr)
				}
			}
		})
	}

	out, stderr, code := mcpeek(t, "call", "everything.simulate-research-query", "--args", `{"topic": "tides"}`, "--detach", "--config", cfg)
	if code == 0 || out != "" || !strings.Contains(stderr, "--detach cannot work with everything") {
		t.Errorf("--detach: exit %d\n%s\n%s", code, out, stderr)
	}
	_, stderr, code = mcpeek(t, "call", "everything.trigger-url-elicitation", "--args", `{"url": "https://example.com/consent", "errorPath": true}`, "--config", cfg)
	if code == 0 || !strings.Contains(stderr, "the server asks you to open a page first, then to call again:\n  open https://modelcontextprotocol.io (Open this link") {
		t.Errorf("url elicitation required (-32042): exit %d\n%s", code, stderr)
	}
	_, stderr, code = mcpeek(t, "call", "everything.echo", "--args", `{"message": "hi"}`, "--task", "--config", cfg)
	if code == 0 || !strings.Contains(stderr, "call echo as a task: its execution.taskSupport is forbidden") {
		t.Errorf("--task on a plain tool: exit %d\n%s", code, stderr)
	}
}

// TestEverythingTaskCancelledHalfway: a research task cancelled half-way
// (the caller gives up at the second status it sees) is cancelled on
// the server, which then reports it cancelled; a detached one is looked at
// and cancelled by id.
func TestEverythingTaskCancelledHalfway(t *testing.T) {
	t.Parallel()
	cfg, err := mcpclient.Load(everythingConfig(t))
	if err != nil {
		t.Fatal(err)
	}
	m, err := mcpclient.NewManager(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := m.Start(ctx); err != nil {
		t.Fatal(err)
	}
	tools := m.Tools("everything")
	support := map[string]mcpclient.TaskSupport{}
	for _, tool := range tools {
		support[tool.Name] = mcpclient.ToolTaskSupport(tool)
	}
	if support["simulate-research-query"] != mcpclient.TaskRequired {
		t.Errorf("task support %v", support)
	}

	call, stop := context.WithCancel(ctx)
	var seen []mcpclient.Task
	_, err = m.CallToolWith(call, "everything", "simulate-research-query", json.RawMessage(`{"topic": "tides"}`),
		mcpclient.CallOptions{OnTask: func(task mcpclient.Task) {
			seen = append(seen, task)
			if len(seen) == 2 && task.Status == mcpclient.TaskWorking {
				// The second status seen: under way, not yet done (on
				// a busy machine a poll can miss a stage, so no
				// stage is named).
				stop()
			}
		}})
	stop()
	if err == nil || len(seen) == 0 {
		t.Fatalf("call: %v, tasks %+v", err, seen)
	}
	got, err := m.GetTask(ctx, "everything", seen[0].ID)
	if err != nil || got.Status != mcpclient.TaskCancelled {
		t.Errorf("after giving up half-way: %+v %v", got, err)
	}

	res, err := m.CallToolWith(ctx, "everything", "simulate-research-query", json.RawMessage(`{"topic": "tides"}`), mcpclient.CallOptions{Detach: true})
	if err != nil || res.Task == nil {
		t.Fatalf("detach: %v %+v", err, res)
	}
	if got, err = m.GetTask(ctx, "everything", res.Task.ID); err != nil || got.Status != mcpclient.TaskWorking || got.TTL != 5*time.Minute || got.PollInterval != time.Second {
		t.Errorf("GetTask: %+v %v", got, err)
	}
	if got, err = m.CancelTask(ctx, "everything", res.Task.ID); err != nil || got.Status != mcpclient.TaskCancelled {
		t.Errorf("CancelTask: %+v %v", got, err)
	}
	statuses := []mcpclient.TaskStatus{}
	for _, s := range seen {
		statuses = append(statuses, s.Status)
	}
	if slices.Contains(statuses, mcpclient.TaskCompleted) {
		t.Errorf("the task given up on completed: %v", statuses)
	}
}
