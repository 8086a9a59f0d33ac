package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"mcpeek/model"
	"mcpeek/summarizer/schemadiff"
)

// TestJSONOutputEscapesBidiControls: a name that reads "invoice_exe.pdf"
// on a terminal is "invoice_" + U+202E + "fdp.exe". Text output drops
// such characters; JSON output writes them as \u202e, which is the same
// JSON value, so nothing is lost for a program reading it.
func TestJSONOutputEscapesBidiControls(t *testing.T) {
	const trick = "invoice_\u202efdp.exe \u2066x\u2069 \u200e\u200f"
	t.Parallel()
	demo := useDemo(t)
	srv := server.NewMCPServer("bidi", "1", server.WithToolCapabilities(true))
	srv.AddTool(mcp.NewTool("open", mcp.WithDescription("opens "+trick), mcp.WithString("file", mcp.Description(trick))),
		func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return mcp.NewToolResultStructuredOnly(map[string]any{"file": trick}), nil
		})
	ts := httptest.NewServer(server.NewStreamableHTTPServer(srv))
	t.Cleanup(ts.Close)
	dir := t.TempDir()
	cfg := filepath.Join(dir, "mcp.json")
	os.WriteFile(cfg, fmt.Appendf(nil, `{"mcpServers": {"b": {"type": "http", "url": %q}}}`, ts.URL), 0o600)

	old := schemadiff.Snapshot{Servers: []schemadiff.Server{{Name: "b"}}}
	tool, err := schemadiff.ParseTool("b", []byte(`{"name": "`+trick+`", "inputSchema": {"type": "object"}}`))
	if err != nil {
		t.Fatal(err)
	}
	new := schemadiff.Snapshot{Servers: []schemadiff.Server{{Name: "b", Tools: []model.Tool{tool}}}}
	oldPath, newPath := filepath.Join(dir, "old.json"), filepath.Join(dir, "new.json")
	for path, s := range map[string]schemadiff.Snapshot{oldPath: old, newPath: new} {
		b, _ := s.Encode()
		os.WriteFile(path, b, 0o644)
	}

	calls := writeCalls(t, `{"name": "invoice_\u202efdp.exe", "tool": "b.open", "expect": {"paths": [{"path": "file", "equals": "x"}]}}`)

	for _, args := range [][]string{
		{"--config", cfg, "tools", "--json"},
		{"--config", cfg, "describe", "b.open", "--json"},
		{"--config", cfg, "call", "b.open"},
		{"--config", cfg, "call", "b.open", "--json"},
		{"diff", oldPath, newPath, "--json"},
		// SARIF: the messages are sanitised text, the fingerprints keep
		// the names whole.
		{"diff", oldPath, newPath, "--format", "sarif"},
		{"lint", "--snapshot", newPath, "--format", "sarif"},
		{"--config", cfg, "test", calls, "--format", "sarif"},
		{"--config", cfg, "test", calls, "--format", "json"},
	} {
		out, stderr, _ := demo.mcpeek(t, args...)
		if strings.ContainsAny(out, "\u202e\u2066\u2069\u200e\u200f") {
			t.Errorf("%q: a BiDi control reached the terminal:\n%s", args, out)
		}
		if !strings.Contains(out, `invoice_\u202efdp.exe`) {
			t.Errorf("%q: want the escaped name in:\n%s%s", args, out, stderr)
		}
		if !json.Valid([]byte(out)) {
			t.Errorf("%q: not JSON:\n%s", args, out)
		}
	}
}
