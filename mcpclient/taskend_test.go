package mcpclient

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"mcpeek/internal/npmpeers"
)

// TestCancelEndedTaskEverything: cancelling a task of server-everything
// that has completed, or was cancelled already, says so (ErrTaskEnded)
// and returns the task as it is, rather than the server's refusal.
func TestCancelEndedTaskEverything(t *testing.T) {
	t.Parallel()
	node, modules := npmpeers.Find(t)
	cfg := Config{Servers: []ServerConfig{{Name: "everything", Source: "test", Command: node,
		Args: []string{filepath.Join(npmpeers.Package(modules, "@modelcontextprotocol/server-everything"), "dist", "index.js"), "stdio"}}}}
	m := startManager(t, cfg)
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	start := func() string {
		t.Helper()
		res, err := m.CallToolWith(ctx, "everything", "simulate-research-query", json.RawMessage(`{"topic": "tides"}`), CallOptions{Detach: true})
		if err != nil || res.Task == nil {
			t.Fatalf("detach: %v %+v", err, res)
		}
		return res.Task.ID
	}
	done := start()
	if _, err := m.TaskResult(ctx, "everything", done, nil); err != nil {
		t.Fatal(err)
	}
	got, err := m.CancelTask(ctx, "everything", done)
	if !errors.Is(err, ErrTaskEnded) || got.Status != TaskCompleted || !strings.Contains(err.Error(), "is completed: it has ended already") {
		t.Errorf("cancel of a completed task: %+v %v", got, err)
	}
	cancelled := start()
	if got, err := m.CancelTask(ctx, "everything", cancelled); err != nil || got.Status != TaskCancelled {
		t.Fatalf("cancel: %+v %v", got, err)
	}
	if got, err := m.CancelTask(ctx, "everything", cancelled); !errors.Is(err, ErrTaskEnded) || got.Status != TaskCancelled {
		t.Errorf("cancel of a cancelled task: %+v %v", got, err)
	}
	if _, err := m.CancelTask(ctx, "everything", "no-such-task"); err == nil || errors.Is(err, ErrTaskEnded) {
		t.Errorf("cancel of an unknown task: %v", err)
	}
}
