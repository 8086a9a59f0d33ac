package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"mcpeek/internal/testkit"
)

// TestTestMasksEveryEncodingInEveryFormat: a server that answers with an
// ${env:NAME} value in another form (base64, URL-encoded, JSON-escaped,
// upper-cased, ...) gets it quoted in no report of `mcpeek test`, in any
// of its formats; nor does a failure that quotes it as an error's text,
// or a long value cut in the middle of it.
func TestTestMasksEveryEncodingInEveryFormat(t *testing.T) {
	const secret = `Tök3n/"a b"+&<x>~~~`
	t.Setenv("H31_SECRET", secret)
	encodings := testkit.SecretEncodings(secret)
	srv := server.NewMCPServer("enc", "1", server.WithToolCapabilities(true))
	srv.AddTool(mcp.NewTool("encode", mcp.WithString("value", mcp.Required()), mcp.WithString("how", mcp.Required())),
		func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			how := req.GetString("how", "")
			if how == "error" {
				return mcp.NewToolResultError("rejected " + req.GetString("value", "") + " as a token"), nil
			}
			if how == "cut" { // the report clips a value to 200 characters: the secret straddles the cut
				return mcp.NewToolResultStructuredOnly(map[string]any{"v": strings.Repeat("x", 190) + req.GetString("value", "")}), nil
			}
			return mcp.NewToolResultStructuredOnly(map[string]any{"v": encodings[how]}), nil
		})
	quiet := server.WithStreamableHTTPLogger(slog.New(slog.NewTextHandler(io.Discard, nil)))
	ts := httptest.NewServer(server.NewStreamableHTTPServer(srv, quiet))
	t.Cleanup(ts.Close)
	cfg := filepath.Join(t.TempDir(), "mcp.json")
	os.WriteFile(cfg, fmt.Appendf(nil, `{"mcpServers": {"e": {"type": "http", "url": %q}}}`, ts.URL+"/mcp"), 0o600)

	names := append(slices.Sorted(func(yield func(string) bool) {
		for name := range encodings {
			if !yield(name) {
				return
			}
		}
	}), "error", "cut")
	var list []string
	for _, how := range names {
		list = append(list, fmt.Sprintf(`{"name": %q, "tool": "e.encode", "arguments": {"value": "${env:H31_SECRET}", "how": %q},
			"expect": {"paths": [{"path": "v", "equals": "nope"}]}}`, how, how))
	}
	file := writeCalls(t, list...)
	demo := useDemo(t)
	for _, format := range []string{"text", "json", "junit", "sarif", "markdown"} {
		out, stderr, code := demo.mcpeek(t, "--config", cfg, "test", file, "--format", format)
		if code != 1 || strings.Count(out, "***") < len(names) {
			t.Errorf("%s: exit %d, want every call failing with its value masked:\n%s%s", format, code, out, stderr)
		}
		for name, form := range encodings {
			if strings.Contains(out, form) {
				t.Errorf("%s: the secret %s (%s) reached the report", format, name, form)
			}
		}
		// The start of the secret, in any case, as it is or escaped.
		for _, start := range []string{"tök3n", `t\u00f6k3n`, `t\\u00f6k3n`, "t%c3%b6k3n", "t%25c3%25b6k3n"} {
			if strings.Contains(strings.ToLower(out), start) {
				t.Errorf("%s: the start of the secret (%s) reached the report:\n%s", format, start, out)
			}
		}
	}
}
