package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// TestAcceptedDefaultsAreEchoedInBrief: a server that elicits with a
// megabyte default and a megabyte message gets its answer whole, while
// stderr says what was accepted in a couple of hundred characters (a
// flood of such elicitations wrote 52 MB to stderr).
func TestAcceptedDefaultsAreEchoedInBrief(t *testing.T) {
	t.Parallel()
	big := strings.Repeat("x", 1<<20)
	srv := server.NewMCPServer("flood", "1", server.WithToolCapabilities(true))
	srv.AddTool(mcp.NewTool("ask"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if a := server.ElicitationResponse(req.Params.InputResponses, "q"); a != nil {
			b, _ := json.Marshal(a)
			return mcp.NewToolResultText(string(b)), nil
		}
		return server.NewInputRequestBuilder("").Elicit("q", mcp.ElicitationParams{
			Message:         "Notes? " + big,
			RequestedSchema: json.RawMessage(fmt.Sprintf(`{"type":"object","properties":{"notes":{"type":"string","default":%q}}}`, big)),
		}).ToolResult(), nil
	})
	quiet := server.WithStreamableHTTPLogger(slog.New(slog.NewTextHandler(io.Discard, nil)))
	ts := httptest.NewServer(server.NewStreamableHTTPServer(srv, quiet))
	t.Cleanup(ts.Close)

	out, stderr, code := mcpeek(t, "--url", ts.URL+"/mcp", "call", "url.ask", "--elicit", "accept", "--timeout", "10m") // 1 MiB twice through the race detector on a busy machine can take past the default minute
	if code != 0 || !strings.Contains(out, big) {
		t.Fatalf("exit %d; the answer lacks the whole default (%d bytes out)\n%.300s", code, len(out), stderr)
	}
	if len(stderr) > 1000 || !strings.Contains(stderr, `— accepted with the defaults {"notes":"xxx`) ||
		!strings.Contains(stderr, fmt.Sprintf("… (%d bytes)", len(big)+len(`{"notes":""}`))) {
		t.Errorf("stderr (%d bytes), want the defaults cut with their size:\n%.600s", len(stderr), stderr)
	}
}
