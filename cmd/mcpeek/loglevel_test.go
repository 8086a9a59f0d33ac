package main

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"mcpeek/mcpclient"
)

// TestLogLevelPrintsServerLogs: with --log-level warning the server's
// warning reaches stderr, sanitised and cut to a bounded length, and its
// debug message does not; without the flag nothing is printed.
func TestLogLevelPrintsServerLogs(t *testing.T) {
	t.Parallel()
	srv := server.NewMCPServer("logs", "1", server.WithPromptCapabilities(false), server.WithToolCapabilities(false), server.WithLogging())
	logSome := func(ctx context.Context) error {
		s := server.ServerFromContext(ctx)
		s.SendLogMessageToClient(ctx, mcp.NewLoggingMessageNotification(mcp.LoggingLevelDebug, "db", "quiet"))
		return s.SendLogMessageToClient(ctx, mcp.NewLoggingMessageNotification(mcp.LoggingLevelWarning, "db",
			"loud\x1b]52;c;cHduZWQ=\x07\x1b[31m"+strings.Repeat("x", 100_000)))
	}
	srv.AddPrompt(mcp.NewPrompt("p"), func(ctx context.Context, _ mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		if err := logSome(ctx); err != nil {
			return nil, err
		}
		return mcp.NewGetPromptResult("", []mcp.PromptMessage{mcp.NewPromptMessage(mcp.RoleUser, mcp.NewTextContent("hi"))}), nil
	})
	srv.AddTool(mcp.NewTool("t"), func(ctx context.Context, _ mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if err := logSome(ctx); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("ok"), nil
	})
	cfg := serveHTTP(t, srv)
	for _, command := range [][]string{{"prompt", "s.p"}, {"call", "s.t"}} {
		gotWarning(t, append([]string{"--config", cfg, "--log-level", "warning"}, command...))
	}
	_, stderr, _ := mcpeek(t, "--config", cfg, "prompt", "s.p")
	if strings.Contains(stderr, "log:") {
		t.Errorf("logs printed without --log-level: %s", stderr)
	}
	_, stderr, code := mcpeek(t, "--config", cfg, "prompt", "s.p", "--log-level", "loud")
	if code == 0 || !strings.Contains(stderr, fmt.Sprintf("give one of %s", strings.Join(mcpclient.LogLevels, ", "))) {
		t.Errorf("--log-level loud: exit %d: %s", code, stderr)
	}
}

// gotWarning runs args until the server's warning is printed, checking
// each run: no debug message, no escape sequence, a bounded line.
func gotWarning(t *testing.T, args []string) {
	t.Helper()
	// mcp-go's streamable HTTP server can drop a notification its handler
	// sends just before the response (its forwarder takes it off the
	// channel after the final drain; seen in about one run in seven), so
	// the command is run until the warning arrives, each run checked.
	arrived := false
	for range 8 {
		_, stderr, code := mcpeek(t, args...)
		if code != 0 || strings.Contains(stderr, "quiet") || strings.ContainsAny(stderr, "\x1b\x07") || len(stderr) > 20_000 {
			t.Fatalf("%q: exit %d, stderr (%d bytes): %.300q", args, code, len(stderr), stderr)
		}
		if strings.Contains(stderr, "mcpeek: s log: [warning] db: loudxxx") {
			arrived = true
			break
		}
	}
	if !arrived {
		t.Errorf("%q: the warning never reached stderr", args)
	}
}
