package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// talkServer serves over streamable HTTP tools that ask their client
// things mid-call: "ask" elicits (a name, required, and a count with a
// default), "sample" asks for a completion, "wait" never answers, and
// "args" echoes its arguments.
func talkServer(t *testing.T) string {
	srv := server.NewMCPServer("talk", "1", server.WithToolCapabilities(true))
	text := func(v any) *mcp.CallToolResult {
		b, _ := json.Marshal(v)
		return mcp.NewToolResultText(string(b))
	}
	srv.AddTool(mcp.NewTool("ask"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if a := server.ElicitationResponse(req.Params.InputResponses, "q"); a != nil {
			return text(a), nil
		}
		return server.NewInputRequestBuilder("").Elicit("q", mcp.ElicitationParams{
			Message: "Who are you?",
			RequestedSchema: json.RawMessage(`{"type":"object","properties":{
				"name":{"type":"string","title":"Name"},
				"count":{"type":"integer","default":3,"minimum":1}},"required":["name"]}`),
		}).ToolResult(), nil
	})
	srv.AddTool(mcp.NewTool("sample"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if a := server.SamplingResponse(req.Params.InputResponses, "s"); a != nil {
			return text(a), nil
		}
		return server.NewInputRequestBuilder("").Sample("s", mcp.CreateMessageParams{
			Messages:  []mcp.SamplingMessage{{Role: mcp.RoleUser, Content: mcp.NewTextContent("write a haiku")}},
			MaxTokens: 20,
		}).ToolResult(), nil
	})
	srv.AddTool(mcp.NewTool("wait"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		<-ctx.Done()
		return nil, ctx.Err()
	})
	srv.AddTool(mcp.NewTool("args"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return text(req.GetArguments()), nil
	})
	quiet := server.WithStreamableHTTPLogger(slog.New(slog.NewTextHandler(io.Discard, nil)))
	ts := httptest.NewServer(server.NewStreamableHTTPServer(srv, quiet))
	t.Cleanup(ts.Close)
	return ts.URL + "/mcp"
}

// TestCallAnswersTheServer: `mcpeek call` answers an elicitation with
// --elicit (accept fills the defaults) or declines it without a terminal,
// and declines sampling unless --sampling gives the reply; it says on
// stderr what it was asked. In both protocol eras.
func TestCallAnswersTheServer(t *testing.T) {
	t.Parallel()
	url := talkServer(t)
	for _, era := range [][]string{nil, {"--protocol", "2025-11-25"}} {
		call := func(args ...string) (string, string, int) {
			return mcpeek(t, append(append(era, "--url", url, "call"), args...)...)
		}
		out, stderr, code := call("url.ask", "--elicit", "accept")
		if code != 0 || strings.TrimSpace(out) != `{"action":"accept","content":{"count":3}}` ||
			!strings.Contains(stderr, `url asks: Who are you? — accepted with the defaults {"count":3} (no default for required name)`) {
			t.Errorf("%v --elicit accept: exit %d\n%s\n%s", era, code, out, stderr)
		}
		out, stderr, code = call("url.ask")
		if code != 0 || strings.TrimSpace(out) != `{"action":"decline"}` || !strings.Contains(stderr, "no terminal to ask on") {
			t.Errorf("%v no terminal: exit %d\n%s\n%s", era, code, out, stderr)
		}
		if _, stderr, code = call("url.ask", "--elicit", "maybe"); code == 0 || !strings.Contains(stderr, "--elicit") {
			t.Errorf("%v --elicit maybe: exit %d\n%s", era, code, stderr)
		}
		out, stderr, code = call("url.sample", "--sampling", "an old pond")
		if code != 0 || !strings.Contains(out, "an old pond") || !strings.Contains(stderr, `completion of "write a haiku" — replied`) {
			t.Errorf("%v --sampling: exit %d\n%s\n%s", era, code, out, stderr)
		}
		_, stderr, code = call("url.sample")
		if code == 0 || !strings.Contains(stderr, "— declined (reply with --sampling TEXT)") {
			t.Errorf("%v sampling declined: exit %d\n%s", era, code, stderr)
		}
	}
}

// TestCallTimeoutSaysSo: a call that outlives --timeout fails saying so,
// and how to give it longer.
func TestCallTimeoutSaysSo(t *testing.T) {
	t.Parallel()
	_, stderr, code := mcpeek(t, "--url", talkServer(t), "call", "url.wait", "--timeout", "300ms")
	if code != 1 || !strings.Contains(stderr, "timed out after 300ms without a result; the call was cancelled (give it longer with --timeout)") {
		t.Errorf("exit %d: %s", code, stderr)
	}
}

// TestCallArgsFromFileAndStdin: --args takes a JSON object inline, from
// @FILE or from stdin (-).
func TestCallArgsFromFileAndStdin(t *testing.T) {
	t.Parallel()
	url := talkServer(t)
	file := filepath.Join(t.TempDir(), "args.json")
	os.WriteFile(file, []byte(`{"from": "file"}`), 0o644)
	out, stderr, code := mcpeek(t, "--url", url, "call", "url.args", "--args", "@"+file)
	if code != 0 || strings.TrimSpace(out) != `{"from":"file"}` {
		t.Errorf("@FILE: exit %d\n%s\n%s", code, out, stderr)
	}
	var o, e bytes.Buffer
	code = run(context.Background(), []string{"--url", url, "call", "url.args", "--args", "-"}, strings.NewReader(`{"from": "stdin"}`), &o, &e)
	if code != 0 || strings.TrimSpace(o.String()) != `{"from":"stdin"}` {
		t.Errorf("-: exit %d\n%s\n%s", code, &o, &e)
	}
	for _, bad := range []string{"[1]", "@" + file + ".missing"} {
		if _, stderr, code := mcpeek(t, "--url", url, "call", "url.args", "--args", bad); code == 0 || !strings.Contains(stderr, "--args") {
			t.Errorf("--args %s: exit %d: %s", bad, code, stderr)
		}
	}
}
