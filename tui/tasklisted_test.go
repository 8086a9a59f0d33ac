package tui

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest/v2"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"mcpeek/mcpclient"
	"mcpeek/tui/toolview"
)

// TestListedTaskResults: enter on a task the server listed fetches its
// result: shown in its tool's result view, as a called task's, when the
// Manager knows the tool; on the tasks screen itself when it does not (esc
// goes back to the list). A task that still runs, or one whose result
// cannot be fetched, gets one status line.
func TestListedTaskResults(t *testing.T) {
	t.Parallel()
	fb := demoBackend(t)
	fb.servers[0].ProtocolVersion = "2025-11-25"
	fb.servers[0].Offers.Tasks, fb.servers[0].Offers.TaskList = true, true
	b := &taskBackend{fakeBackend: fb, listed: []mcpclient.Task{
		{Server: "demo", ID: "known", Tool: "shop_get_order", Status: mcpclient.TaskCompleted},
		{Server: "demo", ID: "stranger", Status: mcpclient.TaskCompleted},
		{Server: "demo", ID: "busy", Status: mcpclient.TaskWorking},
		{Server: "demo", ID: "lost", Status: mcpclient.TaskCompleted},
	}, results: map[string]*mcpclient.CallResult{
		"known":    resultOf(t, map[string]any{"content": []any{map[string]any{"type": "text", "text": "order 42 shipped"}}}),
		"stranger": resultOf(t, map[string]any{"content": []any{map[string]any{"type": "text", "text": "someone else's report"}}}),
	}}
	h := newHarness(t, b, 120, 30)
	h.keys("T")
	if s := h.screen(); !strings.Contains(s, "demo.shop_get_order (listed) · task known") || !strings.Contains(s, "demo (listed) · task stranger") {
		t.Fatalf("the listed tasks:\n%s", s)
	}

	h.keys("g", "j", "j", "enter") // busy
	if !strings.Contains(h.m.status.text, "task busy still runs") {
		t.Errorf("enter on a running task: %q", h.m.status.text)
	}
	h.keys("j", "enter") // lost
	if !h.m.status.isErr || !strings.Contains(h.m.status.text, "carries no result") || strings.Contains(h.m.status.text, "\n") {
		t.Errorf("enter on a task whose result cannot be fetched: %q", h.m.status.text)
	}

	h.keys("g", "j", "enter") // stranger
	if s := h.screen(); !h.m.tasks.Open || !strings.Contains(s, "Result of task stranger of demo") || !strings.Contains(s, "someone else's report") {
		t.Fatalf("the result of a task whose tool is unknown:\n%s", s)
	}
	h.keys("esc")
	if s := h.screen(); !h.m.tasks.Open || h.m.tasks.result != nil || !strings.Contains(s, "Tasks  4 tasks") {
		t.Fatalf("esc did not go back to the list:\n%s", s)
	}

	h.keys("g", "enter") // known
	if h.m.tasks.Open || h.m.current == nil || h.m.current.Tool.Name != "shop_get_order" || h.m.view.kind != toolview.ResultKind() ||
		!strings.Contains(h.screen(), "order 42 shipped") {
		t.Fatalf("enter did not show the result in the tool's result view:\n%s", h.screen())
	}
}

// Against server-everything: a task the Manager started with no call of
// the explorer following it (as the gateway does) is listed on the tasks
// screen under its tool; once it completes, enter fetches its report
// (tasks/result) into the tool's result view. The research takes the
// server wall-clock seconds (about four).
func TestAppEverythingListedTaskResult(t *testing.T) {
	mgr := everythingManager(t)
	res, err := mgr.CallToolWith(context.Background(), "everything", "simulate-research-query",
		json.RawMessage(`{"topic": "tides"}`), mcpclient.CallOptions{Detach: true})
	if err != nil || res.Task == nil {
		t.Fatalf("no task: %+v %v", res, err)
	}
	id := res.Task.ID
	m := New(Options{Backend: mgr, Started: true, NoColor: true})
	tm := teatest.NewTestModel(t, formStandIn{m}, teatest.WithInitialTermSize(160, 30))
	go m.ForwardEvents(mgr.Events(), tm.Send)
	waitFor(t, tm.Output(), "simulate-research-query")
	typeKeys(tm, "T")
	waitFor(t, tm.Output(), "everything.simulate-research-query (listed) · task "+id)
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return strings.Contains(string(b), "completed") },
		teatest.WithDuration(20*time.Second), teatest.WithCheckInterval(10*time.Millisecond))
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
}

// TestTasksScreen2026: mcp-go in the 2026-07-28 era declares tasks.list
// but refuses tasks/list, and has no tasks/result: the tasks screen does
// not ask for the list (no error on T), and a task call of the explorer
// that ends says in one line that its result cannot be fetched.
func TestTasksScreen2026(t *testing.T) {
	t.Parallel()
	srv := server.NewMCPServer("tasks", "1", server.WithToolCapabilities(true), server.WithTaskCapabilities(true, true, true))
	srv.AddTaskTool(mcp.NewTool("quick", mcp.WithTaskSupport(mcp.TaskSupportRequired)),
		func(context.Context, mcp.CallToolRequest) (*mcp.CreateTaskResult, error) {
			return &mcp.CreateTaskResult{Content: []mcp.Content{mcp.NewTextContent("quick done")}}, nil
		})
	mgr, err := mcpclient.NewManager(mcpclient.Config{}, mcpclient.WithInProcess("tasks", srv))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { mgr.Close() })
	if err := mgr.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, mgr, 140, 30)
	h.keys("T")
	if st := h.m.status; st.isErr {
		t.Errorf("T on a 2026-07-28 server: %q", st.text)
	}
	h.keys("T")
	h.selectTool("quick")
	h.run(h.callShown("{}"))
	h.keys("T", "G", "enter")
	if v := h.m.current; v == nil || v.Last == nil || v.Last.Err == nil || h.m.view.kind != toolview.ResultKind() ||
		!strings.Contains(v.Last.Err.Error(), "its result cannot be fetched: the server has no tasks/result in protocol 2026-07-28") ||
		strings.Contains(v.Last.Err.Error(), "\n") {
		t.Errorf("the call's end:\n%s", h.screen())
	}
}

// TestCancelEndedListedTask: c on a listed task that ended since its last
// poll says so and shows it ended, rather than leaving it running.
func TestCancelEndedListedTask(t *testing.T) {
	t.Parallel()
	fb := demoBackend(t)
	fb.servers[0].Offers.Tasks, fb.servers[0].Offers.TaskList = true, true
	h := newHarness(t, fb, 120, 30)
	h.m.tasks.Add(&taskEntry{Task: mcpclient.Task{Server: "demo", ID: "late", Status: mcpclient.TaskWorking}, Started: time.Now()})
	h.m.tasks.Open = true
	h.send(taskCancelledMsg{server: "demo", id: "late", task: mcpclient.Task{Server: "demo", ID: "late", Status: mcpclient.TaskCompleted},
		err: fmt.Errorf("demo: task late is completed: %w", mcpclient.ErrTaskEnded)})
	if e := h.m.tasks.Find("demo", "late"); e.Task.Status != mcpclient.TaskCompleted || e.Ended.IsZero() ||
		!strings.Contains(h.m.status.text, "it has ended already") {
		t.Errorf("task %+v, status %q", e.Task, h.m.status.text)
	}
}
