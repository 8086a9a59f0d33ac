package tui

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"mcpeek/mcpclient"
	"mcpeek/tui/toolview"
)

// taskBackend is the demo backend whose server runs tasks and lists them:
// ListTasks answers with listed, CancelTask records what it cancels.
type taskBackend struct {
	*fakeBackend
	listed    []mcpclient.Task
	cancelled []string
	polls     int
	// results answers TaskResult, by task id.
	results map[string]*mcpclient.CallResult
}

var _ Tasker = (*mcpclient.Manager)(nil)

func (b *taskBackend) ListTasks(_ context.Context, server string) ([]mcpclient.Task, error) {
	return b.listed, nil
}

func (b *taskBackend) GetTask(_ context.Context, server, id string) (mcpclient.Task, error) {
	b.polls++
	return mcpclient.Task{Server: server, ID: id, Status: mcpclient.TaskWorking, Message: fmt.Sprintf("polled %d", b.polls)}, nil
}

func (b *taskBackend) TaskResult(_ context.Context, server, id string, _ func(mcpclient.Task)) (*mcpclient.CallResult, error) {
	if r := b.results[id]; r != nil {
		return r, nil
	}
	return nil, fmt.Errorf("%s: task %s: completed, but the server's tasks/get carries no result", server, id)
}

func (b *taskBackend) CancelTask(_ context.Context, server, id string) (mcpclient.Task, error) {
	b.cancelled = append(b.cancelled, server+" "+id)
	return mcpclient.Task{Server: server, ID: id, Status: mcpclient.TaskCancelled}, nil
}

// TestTasksScreen: T lists the calls that became tasks, live (status,
// message, TTL); the one that ends shows completed and enter opens its
// result in its tool's result view; c on a running one cancels its call
// (which sends tasks/cancel) and marks it cancelled; a task the server
// lists (tasks/list) is shown too, polled (tasks/get) while the screen is
// open, and c cancels it with tasks/cancel. The server pane shows the tasks
// badge.
func TestTasksScreen(t *testing.T) {
	started := make(chan string, 2)
	release := make(chan struct{})
	ended := make(chan error, 1)
	n := 0
	fb := demoCalls(t, func(ctx context.Context, server, _ string, _ json.RawMessage, o mcpclient.CallOptions) (*mcpclient.CallResult, error) {
		n++
		id := fmt.Sprintf("t-%d", n)
		o.OnTask(mcpclient.Task{Server: server, ID: id, Status: mcpclient.TaskWorking, Message: "Gathering \x1b[31msources", TTL: 5 * time.Minute, Created: time.Now()})
		started <- id
		wait := release
		if n > 1 {
			wait = nil // the second call runs until cancelled
		}
		select {
		case <-wait:
		case <-ctx.Done():
			ended <- ctx.Err()
			return nil, fmt.Errorf("task %s: %w", id, ctx.Err())
		}
		o.OnTask(mcpclient.Task{Server: server, ID: id, Status: mcpclient.TaskCompleted, Created: time.Now()})
		return resultOf(t, map[string]any{"content": []any{map[string]any{"type": "text", "text": "the report on tides"}}}), nil
	})
	fb.servers[0].ProtocolVersion = "2025-11-25"
	fb.servers[0].Offers.Tasks, fb.servers[0].Offers.TaskList = true, true
	b := &taskBackend{fakeBackend: fb, listed: []mcpclient.Task{{Server: "demo", ID: "old-1", Status: mcpclient.TaskWorking, Message: "from before"}}}
	h := newHarness(t, b, 120, 30)

	h.keys("g")
	if !strings.Contains(h.screen(), " tasks  runs tool calls as tasks") {
		t.Errorf("the server pane lacks the tasks badge:\n%s", h.screen())
	}

	h.selectTool("shop_get_order")
	msgs := background(h.callShown(`{"order_id":"42"}`))
	first := <-started
	h.keys("T")
	screen := h.screen()
	for _, want := range []string{"Tasks  2 tasks of this session", "working        demo (listed) · task old-1", "from before",
		"working        demo.shop_get_order · task " + first + " · ", "· TTL 4m5", "s left · Gathering sources"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the tasks screen lacks %q:\n%s", want, screen)
		}
	}
	close(release)
	h.send(next[callDoneMsg](t, msgs))
	if screen := h.screen(); !strings.Contains(screen, "completed      demo.shop_get_order · task "+first) {
		t.Fatalf("the ended task:\n%s", screen)
	}
	h.keys("g", "enter") // the call's task came first, the listed one second
	if h.m.tasks.Open || h.m.current == nil || h.m.current.Tool.Name != "shop_get_order" || h.m.view.kind != toolview.ResultKind() ||
		!strings.Contains(h.screen(), "the report on tides") {
		t.Fatalf("enter did not show the result:\n%s", h.screen())
	}

	h.m.term.focus = focusTools
	h.selectTool("shop_list_orders")
	background(h.callShown("{}"))
	second := <-started
	h.keys("T", "G", "c")
	select {
	case err := <-ended:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("the call's context: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatalf("c did not end the call:\n%s", h.screen())
	}
	if h.m.running("demo.shop_list_orders") != nil || !strings.Contains(h.screen(), "cancelled      demo.shop_list_orders · task "+second+" · ") ||
		!strings.Contains(h.screen(), "tasks/cancel sent") {
		t.Fatalf("c did not cancel the task:\n%s", h.screen())
	}
	if h.m.tasks.poll == 0 {
		t.Fatal("no poll of the listed task is due")
	}
	h.send(taskPollDueMsg{ticket: h.m.tasks.poll})
	if b.polls != 1 || !strings.Contains(h.screen(), "demo (listed) · task old-1 · ") || !strings.Contains(h.screen(), "polled 1") {
		t.Fatalf("the listed task was not polled (%d):\n%s", b.polls, h.screen())
	}
	h.keys("g", "j", "c")
	if len(b.cancelled) != 1 || b.cancelled[0] != "demo old-1" || !strings.Contains(h.screen(), "cancelled      demo (listed) · task old-1") {
		t.Fatalf("c on a listed task: %v\n%s", b.cancelled, h.screen())
	}
	h.keys("esc")
	if h.m.tasks.Open {
		t.Error("esc did not close the tasks screen")
	}
}

// At 80 columns the tasks screen keeps its hint whole and each task's
// status, tool and time in view: a UUID task id is cut to 8 characters;
// the live line of a task puts its status before its id.
func TestTasksScreen80x24(t *testing.T) {
	t.Parallel()
	fb := demoBackend(t)
	fb.servers[0].ProtocolVersion = "2025-11-25"
	fb.servers[0].Offers.Tasks, fb.servers[0].Offers.TaskList = true, true
	const id = "c7ce4a1b-93f2-4c1e-9d7a-5b2e8f0a6c31"
	b := &taskBackend{fakeBackend: fb, listed: []mcpclient.Task{{Server: "demo", ID: id, Status: mcpclient.TaskWorking, Message: "from before"}}}
	empty := newHarness(t, demoBackend(t), 80, 24)
	empty.keys("T")
	if scr := empty.screen(); !strings.Contains(scr, "as a task.") {
		t.Errorf("the empty tasks screen cuts its text:\n%s", scr)
	}
	h := newHarness(t, b, 80, 24)
	h.keys("T")
	scr := h.screen()
	for _, want := range []string{"T back", "working        demo (listed) · task c7ce4a1b… · 0s · from before"} {
		if !strings.Contains(scr, want) {
			t.Errorf("the tasks screen lacks %q:\n%s", want, scr)
		}
	}
	line := taskLine(mcpclient.Task{ID: id, Status: mcpclient.TaskWorking, TTL: 5 * time.Minute}, time.Now())
	if !strings.HasPrefix(line, "working · task c7ce4a1b… · TTL 5m0s") {
		t.Errorf("taskLine = %q", line)
	}
}
