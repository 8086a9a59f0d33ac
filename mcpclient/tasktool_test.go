package mcpclient

import (
	"context"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
)

// TestTaskToolRemembered: the tasks the Manager's calls made carry their
// tool, in the call's result, in GetTask and in ListTasks; a task it did
// not make has none.
func TestTaskToolRemembered(t *testing.T) {
	t.Parallel()
	cfg := helperConfig("tasks", "mcpgo-tasks")
	cfg.ProtocolVersion = mcp.ProtocolVersion20251125
	m := startManager(t, Config{Servers: []ServerConfig{cfg}})
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	res, err := m.CallToolWith(ctx, "tasks", "never", nil, CallOptions{Detach: true})
	if err != nil || res.Task == nil || res.Task.Tool != "never" {
		t.Fatalf("detach: %v %+v", err, res)
	}
	id := res.Task.ID
	if got, err := m.GetTask(ctx, "tasks", id); err != nil || got.Tool != "never" {
		t.Errorf("GetTask: %+v %v", got, err)
	}
	listed, err := m.ListTasks(ctx, "tasks")
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, l := range listed {
		if l.ID == id {
			found = l.Tool == "never"
		}
	}
	if !found {
		t.Errorf("ListTasks: %+v", listed)
	}
	m.byName["tasks"].update(func() { m.byName["tasks"].taskTools = nil })
	if got, err := m.GetTask(ctx, "tasks", id); err != nil || got.Tool != "" {
		t.Errorf("GetTask of a task the Manager did not make: %+v %v", got, err)
	}
	_, _ = m.CancelTask(ctx, "tasks", id)
}

// TestTaskResultUnavailable2026: mcp-go's 2026-07-28 tasks (in process)
// have no tasks/result and a tasks/get without the result: the call says
// so in one line.
func TestTaskResultUnavailable2026(t *testing.T) {
	t.Parallel()
	release := make(chan struct{})
	close(release)
	m := startManager(t, Config{}, WithInProcess("tasks", taskServer(release)))
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	if got := protocolOf(t, m, "tasks"); got != mcp.ProtocolVersion20260728 {
		t.Skipf("in process negotiates %s", got)
	}
	res, err := m.CallToolWith(ctx, "tasks", "slow", nil, CallOptions{})
	if err == nil {
		// A server that does carry it is fine too.
		if res.Text != "slow done" {
			t.Errorf("slow: %+v", res)
		}
		return
	}
	if msg := err.Error(); !strings.Contains(msg, "its result cannot be fetched: the server has no tasks/result in protocol 2026-07-28") || strings.Contains(msg, "\n") {
		t.Errorf("slow: %v", err)
	}
}
