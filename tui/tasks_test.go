package tui

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"mcpeek/mcpclient"
	"mcpeek/model"
	"mcpeek/tui/dialog"
	"mcpeek/tui/toolview"
)

// TestURLElicitationOpensOnlyWhenAsked: a url-mode elicitation shows its
// URL and opens it only on ctrl+o; accepting is then the user's word.
func TestURLElicitationOpensOnlyWhenAsked(t *testing.T) {
	h := newHarness(t, demoBackend(t), 100, 30)
	req, reply := pendingElicitation(mcpclient.Elicitation{Server: "demo", Mode: "url",
		Message: "Sign the form", URL: "https://example.com/consent"})
	h.send(elicitAskedMsg{req: req})
	d, ok := h.m.dialogs.Top().(*dialog.Elicit)
	if !ok {
		t.Fatalf("no elicitation dialog:\n%s", h.screen())
	}
	var opened []string
	d.OpenWith(func(u string) error { opened = append(opened, u); return nil })
	scr := h.screen()
	for _, s := range []string{"Sign the form", "url: https://example.com/consent", "not opened: ctrl+o opens it in the browser", "ctrl+o open in the browser"} {
		if !strings.Contains(scr, s) {
			t.Errorf("dialog lacks %q:\n%s", s, scr)
		}
	}
	h.keys("tab", "o", "x")
	if len(opened) != 0 {
		t.Fatalf("opened without ctrl+o: %v", opened)
	}
	h.sendWaiting(tea.KeyPressMsg{Code: 'o', Mod: tea.ModCtrl})
	if len(opened) != 1 || opened[0] != "https://example.com/consent" {
		t.Fatalf("ctrl+o opened %v", opened)
	}
	if !strings.Contains(h.screen(), "opened in the browser: accept once done there") || len(reply) != 0 {
		t.Errorf("after opening:\n%s", h.screen())
	}
	h.burst(keyBurst("ctrl+s")...)
	if a := answered(t, reply); a.Action != mcpclient.ElicitAccept {
		t.Errorf("answer %+v", a)
	}
}

func TestTaskLine(t *testing.T) {
	t.Parallel()
	created := time.Date(2026, 7, 28, 12, 0, 0, 0, time.UTC)
	task := mcpclient.Task{ID: "t\x1b[2J1", Status: mcpclient.TaskWorking, Message: "Gathering sources...", Created: created, TTL: 5 * time.Minute}
	if got, want := taskLine(task, created.Add(8*time.Second+300*time.Millisecond)), "working: Gathering sources... · task t1 · TTL 5m0s, 4m51s left"; got != want {
		t.Errorf("taskLine = %q, want %q", got, want)
	}
	task.TTL = 0
	if got, want := taskLine(task, created), "working: Gathering sources... · task t1"; got != want {
		t.Errorf("taskLine = %q, want %q", got, want)
	}
}

// Against server-everything: simulate-research-query runs as a task, whose
// live line (status message, TTL) shows in the result view; esc cancels it
// with tasks/cancel, and the server reports it cancelled. The redraws come
// from the one-second timer, so this test takes wall-clock seconds.
func TestAppEverythingTaskLineAndCancel(t *testing.T) {
	mgr := everythingManager(t)
	m := New(Options{Backend: mgr, Started: true, NoColor: true})
	tm := teatest.NewTestModel(t, formStandIn{m}, teatest.WithInitialTermSize(140, 30))
	go m.ForwardEvents(mgr.Events(), tm.Send)
	waitFor(t, tm.Output(), "simulate-research-query")

	filterToolOf(t, tm, "everything", "simulate-research-query")
	tm.Send(submitForm{toolID: "everything.simulate-research-query", server: "everything", tool: "simulate-research-query",
		args: json.RawMessage(`{"topic": "tides"}`)})
	var prefix string
	line := regexp.MustCompile(`working: Gathering sources\.\.\. · task ([0-9a-f]+)… · TTL 5m0s`)
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		if m := line.FindSubmatch(b); m != nil {
			prefix = string(m[1])
		}
		return prefix != ""
	}, teatest.WithDuration(15*time.Second), teatest.WithCheckInterval(5*time.Millisecond))
	id := taskIDWithPrefix(t, mgr, "everything", prefix)
	typeKeys(tm, "esc")
	waitFor(t, tm.Output(), "tasks/cancel sent")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for {
		got, err := mgr.GetTask(ctx, "everything", id)
		if err != nil {
			t.Fatal(err)
		}
		if got.Status == mcpclient.TaskCancelled {
			break
		}
		time.Sleep(50 * time.Millisecond) // the cancel is sent off the UI loop
	}
	if err := tm.Quit(); err != nil {
		t.Fatal(err)
	}
	tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second))
}

// TestCallFormRunsAnOptionalTaskToolAsATask: the call form of a tool whose
// execution.taskSupport is optional says the call is plain; ctrl+t makes
// it a task, and the call is made with AsTask.
func TestCallFormRunsAnOptionalTaskToolAsATask(t *testing.T) {
	var asTask []bool
	b := demoCalls(t, func(_ context.Context, _, _ string, _ json.RawMessage, o mcpclient.CallOptions) (*mcpclient.CallResult, error) {
		asTask = append(asTask, o.AsTask)
		return resultOf(t, map[string]any{"content": []any{map[string]any{"type": "text", "text": "done"}}}), nil
	})
	b.servers[0].Tools = append(b.servers[0].Tools, model.Tool{Server: "demo", Name: "zz_research", InputSchema: json.RawMessage(`{"type":"object"}`),
		Raw: json.RawMessage(`{"name":"zz_research","inputSchema":{"type":"object"},"execution":{"taskSupport":"optional"}}`)})
	h := newHarness(t, b, 100, 30)
	h.selectTool("zz_research")
	for _, task := range []bool{false, true} {
		h.keys("x")
		if !strings.Contains(h.screen(), "a plain call · ctrl+t: run it as a task") {
			t.Fatalf("the form does not offer a task:\n%s", h.screen())
		}
		if task {
			h.send(tea.KeyPressMsg{Code: 't', Mod: tea.ModCtrl})
			if !strings.Contains(h.screen(), "runs as a task · ctrl+t: a plain call") {
				t.Fatalf("ctrl+t did not make it a task:\n%s", h.screen())
			}
		}
		h.burst(keyBurst("ctrl+s")...)
	}
	if len(asTask) != 2 || asTask[0] || !asTask[1] {
		t.Errorf("AsTask of the calls: %v, want [false true]", asTask)
	}
}

// Against server-everything: simulate-research-query, run as a task, is
// listed in the tasks screen (T) while it works, once only though the
// server lists it too (tasks/list); it completes there, and enter shows
// its report in the result view. The research takes the server wall-clock
// seconds (about four).
func TestAppEverythingTasksScreen(t *testing.T) {
	mgr := everythingManager(t)
	if s, _ := mgr.Server("everything"); !s.Offers.Tasks {
		t.Fatalf("server-everything does not offer tasks: %+v", s.Offers)
	}
	m := New(Options{Backend: mgr, Started: true, NoColor: true})
	tm := teatest.NewTestModel(t, formStandIn{m}, teatest.WithInitialTermSize(160, 30))
	go m.ForwardEvents(mgr.Events(), tm.Send)
	waitFor(t, tm.Output(), "simulate-research-query")

	filterToolOf(t, tm, "everything", "simulate-research-query")
	tm.Send(submitForm{toolID: "everything.simulate-research-query", server: "everything", tool: "simulate-research-query",
		args: json.RawMessage(`{"topic": "tides"}`)})
	var prefix string
	line := regexp.MustCompile(`working: [^·]*· task ([0-9a-f-]+)`)
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		if m := line.FindSubmatch(b); m != nil {
			prefix = string(m[1])
		}
		return prefix != ""
	}, teatest.WithDuration(15*time.Second), teatest.WithCheckInterval(5*time.Millisecond))
	typeKeys(tm, "T")
	// The renderer writes runs of spaces as escapes, and only the cells
	// that changed: match what is written whole. The live line cuts a
	// long id; the screen's row, 160 cells wide, has it whole.
	waitFor(t, tm.Output(), "everything.simulate-research-query · task "+prefix)
	waitFor(t, tm.Output(), "completed")
	typeKeys(tm, "G", "enter")
	waitFor(t, tm.Output(), "last call's result")
	if err := tm.Quit(); err != nil {
		t.Fatal(err)
	}
	fm := tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(formStandIn).Model
	if v := fm.current; fm.tasks.Open || v == nil || v.Tool.Name != "simulate-research-query" || fm.view.kind != toolview.ResultKind() ||
		v.Last == nil || v.Last.Result == nil || !strings.Contains(v.Last.Result.Text, "Research Report: tides") {
		t.Errorf("enter did not open the report in the result view:\n%s", fm.screen())
	}
	n := 0
	for _, e := range fm.tasks.Entries() {
		if strings.HasPrefix(e.Task.ID, prefix) {
			n++
		}
	}
	if n != 1 {
		t.Errorf("task %s… is listed %d times", prefix, n)
	}
}

// taskIDWithPrefix is the id of server's task that begins with prefix (the
// explorer's live line shows a long id cut), found with tasks/list.
func taskIDWithPrefix(t *testing.T, mgr *mcpclient.Manager, server, prefix string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	tasks, err := mgr.ListTasks(ctx, server)
	if err != nil {
		t.Fatal(err)
	}
	for _, task := range tasks {
		if strings.HasPrefix(task.ID, prefix) {
			return task.ID
		}
	}
	t.Fatalf("no task of %s begins with %q: %+v", server, prefix, tasks)
	return ""
}
