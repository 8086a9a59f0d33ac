package gateway

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"mcpeek/internal/npmpeers"
	"mcpeek/mcpclient"
)

// TestTaskRelayedWithServerEverything: a tool_exec of server-everything's
// simulate-research-query (a task tool, about 4 s of work) under a 1.5 s
// deadline answers a task handle; polling it with tool_exec({op, task_id})
// answers the handle again while the task runs, then the report. A task
// that ends within the deadline answers as any call.
func TestTaskRelayedWithServerEverything(t *testing.T) {
	node, modules := npmpeers.Find(t)
	cfg := mcpclient.Config{Servers: []mcpclient.ServerConfig{{Name: "everything", Source: "test", Command: node,
		Args: []string{filepath.Join(modules, "@modelcontextprotocol/server-everything/dist/index.js"), "stdio"}}}}
	h := newHarness(t, harnessConfig{cfg: cfg, noDemo: true, opts: Options{ServerDeadlines: map[string]time.Duration{"everything": 1500 * time.Millisecond}}})

	const op = "everything.simulate-research-query"
	env := h.exec(op, map[string]any{"topic": "tides"})
	mustOK(t, env)
	var handle struct {
		Task struct {
			TaskID string `json:"task_id"`
			Status string `json:"status"`
			TTLMs  int64  `json:"ttl_ms"`
			Poll   string `json:"poll"`
		} `json:"task"`
	}
	if err := json.Unmarshal(env.Result, &handle); err != nil || handle.Task.TaskID == "" || handle.Task.Status != "working" || handle.Task.TTLMs != 300000 ||
		handle.Task.Poll != `tool_exec({"op":"`+op+`","task_id":"`+handle.Task.TaskID+`"})` {
		t.Fatalf("no task handle: %s", env.Result)
	}
	if len(env.Meta.Warnings) != 1 || !strings.Contains(env.Meta.Warnings[0], "runs as a task, still working after the 1.5s deadline") {
		t.Errorf("warnings %q", env.Meta.Warnings)
	}
	var report string
	for range 10 {
		env = h.exec(op, map[string]any{}, map[string]any{"task_id": handle.Task.TaskID})
		mustOK(t, env)
		if !strings.Contains(string(env.Result), `"task"`) {
			report = string(env.Result)
			break
		}
	}
	if !strings.Contains(report, "Research Report: tides") {
		t.Errorf("the polls never answered the report: %s", report)
	}

	env = h.exec("everything.echo", map[string]any{"message": "hi"}, map[string]any{"task_id": "x"})
	if env.OK {
		t.Errorf("a poll of a plain tool's unknown task: %s", env.Result)
	}
}
