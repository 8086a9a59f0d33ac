package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"mcpeek/internal/npmpeers"
	"mcpeek/mcpclient"
	"mcpeek/model"
)

// everythingTools is how many tools the pinned server-everything lists to
// a client that declares roots, elicitation (form and url modes), sampling
// and tasks (for elicitations and sampling requests), as mcpeek does when
// given roots (--root): the 12 it lists to anyone, and get-roots-list,
// trigger-elicitation-request, trigger-sampling-request,
// simulate-research-query, trigger-url-elicitation and the two -async
// tools. Without roots, get-roots-list is not listed.
const everythingTools = 19

// everythingToolsNoRoots is what it lists when no roots are offered, as by
// default: get-roots-list is left out.
const everythingToolsNoRoots = everythingTools - 1

// everythingConfig writes an mcpServers config for server-everything alone,
// run by Node.js 22.
func everythingConfig(t *testing.T) string {
	node, modules := npmpeers.Find(t)
	cfg := map[string]any{"mcpServers": map[string]any{"everything": map[string]any{
		"command": node,
		"args":    []string{filepath.Join(modules, "@modelcontextprotocol/server-everything/dist/index.js"), "stdio"},
	}}}
	b, _ := json.Marshal(cfg)
	path := filepath.Join(t.TempDir(), "mcp.json")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestEverythingServer drives server-everything's tools that ask their
// client for roots, an elicitation and a sampling, and its long-running
// operation, through `mcpeek call`.
func TestEverythingServer(t *testing.T) {
	t.Parallel()
	cfg := everythingConfig(t)
	out, stderr, code := mcpeek(t, "tools", "everything", "--json", "--config", cfg, "--root", t.TempDir())
	var tools []toolJSON
	if code != 0 || json.Unmarshal([]byte(out), &tools) != nil {
		t.Fatalf("tools: exit %d: %s", code, stderr)
	}
	var names []string
	for _, tool := range tools {
		names = append(names, tool.ToolID)
	}
	if len(tools) != everythingTools {
		t.Errorf("listed %d tools, want %d: %v", len(tools), everythingTools, names)
	}
	for _, gated := range []string{"get-roots-list", "trigger-elicitation-request", "trigger-sampling-request"} {
		if !slices.Contains(names, "everything."+gated) {
			t.Errorf("%s is not listed: %v", gated, names)
		}
	}

	a, b := t.TempDir(), t.TempDir()
	for _, c := range []struct {
		name string
		args []string
		code int
		want []string // in stdout
	}{
		{"roots", []string{"get-roots-list", "--root", a, "--root", b}, 0,
			[]string{"Current MCP Roots (2 total)", "URI: file://" + a, "URI: file://" + b}},
		{"elicitation accepted", []string{"trigger-elicitation-request", "--elicit", "accept"}, 0,
			[]string{"User provided the requested information", `"firstLine": "It was a dark and stormy night."`, `"integer": 42`}},
		{"elicitation declined", []string{"trigger-elicitation-request", "--elicit", "decline"}, 0,
			[]string{"User declined to provide the requested information"}},
		{"elicitation declined without a terminal", []string{"trigger-elicitation-request"}, 0,
			[]string{`"action": "decline"`}},
		{"elicitation cancelled", []string{"trigger-elicitation-request", "--elicit", "cancel"}, 0,
			[]string{"User cancelled the elicitation dialog"}},
		{"sampling answered", []string{"trigger-sampling-request", "--args", `{"prompt": "a haiku"}`, "--sampling", "an old silent pond"}, 0,
			[]string{`"text": "an old silent pond"`, `"model": "mcpeek"`}},
		{"sampling declined", []string{"trigger-sampling-request", "--args", `{"prompt": "a haiku"}`}, 1,
			[]string{"User rejected sampling request"}},
		{"long-running operation", []string{"trigger-long-running-operation", "--args", `{"duration": 1, "steps": 2}`}, 0,
			[]string{"Long running operation completed. Duration: 1 seconds, Steps: 2."}},
	} {
		t.Run(c.name, func(t *testing.T) {
			args := append([]string{"call", "everything." + c.args[0], "--config", cfg}, c.args[1:]...)
			out, stderr, code := mcpeek(t, args...)
			if code != c.code {
				t.Errorf("exit %d, want %d\n%s\n%s", code, c.code, out, stderr)
			}
			for _, w := range c.want {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q:\n%s\n%s", w, out, stderr)
				}
			}
		})
	}

	_, stderr, code = mcpeek(t, "call", "everything.trigger-long-running-operation", "--args", `{"duration": 10, "steps": 2}`,
		"--timeout", "1s", "--config", cfg)
	if code != 1 || !strings.Contains(stderr, "timed out after 1s without a result; the call was cancelled") {
		t.Errorf("timeout: exit %d: %s", code, stderr)
	}
}

// TestEverythingServerProgressAndLog: the long-running operation's progress
// reports reach the caller in order, and the server's log message (it logs
// the roots it got) is kept.
func TestEverythingServerProgressAndLog(t *testing.T) {
	t.Parallel()
	cfg, err := mcpclient.Load(everythingConfig(t))
	if err != nil {
		t.Fatal(err)
	}
	m, err := mcpclient.NewManager(cfg, mcpclient.WithRoots(t.TempDir()))
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := m.Start(ctx); err != nil {
		t.Fatal(err)
	}
	var (
		mu      sync.Mutex
		reports []string
	)
	res, err := m.CallToolWith(ctx, "everything", "trigger-long-running-operation", json.RawMessage(`{"duration": 1, "steps": 4}`),
		mcpclient.CallOptions{Progress: func(p mcpclient.Progress) {
			mu.Lock()
			reports = append(reports, p.String())
			mu.Unlock()
		}})
	if err != nil || !strings.Contains(res.Text, "completed") {
		t.Fatalf("call: %v", err)
	}
	mu.Lock()
	if len(reports) == 0 || reports[len(reports)-1] != "4/4" || !slices.IsSorted(reports) {
		t.Errorf("progress reports %q", reports)
	}
	mu.Unlock()

	for {
		s, _ := m.Server("everything")
		if i := slices.IndexFunc(s.Log, func(l model.LogMessage) bool { return strings.Contains(l.Text, "Roots updated: 1 root(s)") }); i >= 0 {
			if l := s.Log[i]; l.Level != "info" || l.Logger != "everything-server" {
				t.Errorf("log message %+v", l)
			}
			break
		}
		select {
		case <-m.Events():
		case <-ctx.Done():
			t.Fatalf("no log message about the roots: %+v", s.Log)
		}
	}
}
