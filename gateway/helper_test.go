package gateway

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"reflect"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"go.uber.org/goleak"

	"mcpeek/assets"
	"mcpeek/internal/testkit"
	"mcpeek/mcpclient"
)

// helperEnv selects the stdio server the test binary plays when re-executed.
const helperEnv = "GATEWAY_TEST_HELPER"

// startedEnv names a file the mute helper makes once it runs.
const startedEnv = "GATEWAY_TEST_STARTED"

func TestMain(m *testing.M) {
	if mode := testkit.HelperMode(helperEnv); mode != "" {
		os.Exit(runHelper(mode))
	}
	goleak.VerifyTestMain(m)
}

// helperConfig is a stdio entry that runs this test binary as a fake server.
func helperConfig(name, mode string) mcpclient.ServerConfig {
	command, args, env := testkit.HelperCommand(helperEnv, mode)
	return mcpclient.ServerConfig{Name: name, Source: "test", Command: command, Args: args, Env: env}
}

// runHelper serves an mcp-go server over stdio with tools that misbehave:
// ok answers, sleep never answers, crash exits the process.
func runHelper(mode string) int {
	switch mode {
	case "gateway", "gateway-direct":
		return runGatewayHelper(Mode(strings.TrimPrefix(mode, "gateway-")), mcpclient.Config{})
	case "mute":
		// Reads its input and never answers: a server stuck starting up.
		// It first makes the file startedEnv names, if any, for a test to
		// wait on.
		if f := os.Getenv(startedEnv); f != "" {
			os.WriteFile(f, nil, 0o644)
		}
		io.Copy(io.Discard, os.Stdin)
		return 0
	case "asker":
		if err := server.ServeStdio(newAsker()); err != nil {
			return 1
		}
		return 0
	case "gateway-over-stdio":
		// A gateway whose one upstream ("u") is another helper over stdio.
		return runGatewayHelper(ModeProgressive, mcpclient.Config{Servers: []mcpclient.ServerConfig{helperConfig("u", "basic")}})
	}
	srv := server.NewMCPServer("helper", "1", server.WithToolCapabilities(true))
	srv.AddTool(mcp.NewTool("ok", mcp.WithReadOnlyHintAnnotation(true),
		mcp.WithObject("opts", mcp.Properties(map[string]any{"n": map[string]any{"type": "integer", "default": 1}}))), func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText(`{"pong":true}`), nil
	})
	srv.AddTool(mcp.NewTool("sleep"), func(ctx context.Context, _ mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		<-ctx.Done()
		select {} // never answers, even when cancelled
	})
	srv.AddTool(mcp.NewTool("garbage"), func(ctx context.Context, _ mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		os.Stdout.WriteString("this is not JSON\n\x1b[2J{\"jsonrpc\": \"2.0\", \"id\"\n[1, 2]\n")
		<-ctx.Done()
		select {}
	})
	srv.AddTool(mcp.NewTool("big", mcp.WithNumber("bytes", mcp.Description("The result's size (default 1 MiB)."))),
		func(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			n := req.GetInt("bytes", 1<<20)
			return mcp.NewToolResultText(`{"data":"` + strings.Repeat("x", max(n-11, 0)) + `"}`), nil
		})
	srv.AddTool(mcp.NewTool("crash"), func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		fmt.Fprintln(os.Stderr, "crashing on purpose")
		os.Exit(3)
		return nil, nil
	})
	if err := server.ServeStdio(srv); err != nil {
		return 1
	}
	return 0
}

// runGatewayHelper serves a gateway over the demo server on stdio, as
// `mcpeek gateway` does.
func runGatewayHelper(mode Mode, cfg mcpclient.Config) int {
	if mode == "gateway" {
		mode = ModeProgressive
	}
	demo, err := assets.NewDemoServer("test")
	if err != nil {
		return 1
	}
	up, err := mcpclient.NewManager(cfg, mcpclient.WithInProcess("demo", demo))
	if err != nil {
		return 1
	}
	defer up.Close()
	if err := up.Start(context.Background()); err != nil {
		return 1
	}
	g, err := New(up, Options{Mode: mode})
	if err != nil {
		return 1
	}
	defer g.Close()
	if err := g.Serve(context.Background(), os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// testServer is an in-process upstream with tools for every contract point.
type testServer struct {
	srv      *server.MCPServer
	deletes  atomic.Int64 // calls of delete_item
	slowDone atomic.Int64 // calls of slow that saw their context end
	inFlight atomic.Int64
	maxSeen  atomic.Int64
	release  chan struct{} // closed to let "gate" calls finish
}

const getItemInput = `{"type":"object","properties":{
 "id":{"type":"string","pattern":"^[a-z0-9]+$","description":"The item's id.","examples":["abc1"]},
 "limit":{"type":"integer","minimum":1,"default":10},
 "opts":{"type":"object","properties":{"verbose":{"type":"boolean","default":false},"depth":{"type":"integer"}}},
 "tags":{"type":"array","items":{"type":"object","properties":{"k":{"type":"string"},"w":{"type":"number","default":1.5}}}}},
 "required":["id"]}`

const getItemOutput = `{"type":"object","properties":{"id":{"type":"string"},"args":{"type":"object"}},"required":["id"]}`

func newTestServer() *testServer {
	ts := &testServer{release: make(chan struct{})}
	ro, rw := true, false
	srv := server.NewMCPServer("test", "1", server.WithToolCapabilities(true), server.WithInstructions("A test server. It has tools."))
	tool := func(name, desc, in, out string, readOnly bool, extra ...func(*mcp.Tool)) mcp.Tool {
		t := mcp.Tool{Name: name, Description: desc, RawInputSchema: json.RawMessage(in)}
		if out != "" {
			t.RawOutputSchema = json.RawMessage(out)
		}
		t.Annotations.ReadOnlyHint = &rw
		if readOnly {
			t.Annotations.ReadOnlyHint = &ro
		}
		for _, f := range extra {
			f(&t)
		}
		return t
	}
	echo := func(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		args := json.RawMessage(req.Params.RawArguments)
		if len(args) == 0 {
			args, _ = json.Marshal(req.Params.Arguments)
		}
		id, _ := req.GetArguments()["id"].(string)
		body := fmt.Sprintf(`{"id":%q,"args":%s}`, id, args)
		return mcp.NewToolResultStructured(json.RawMessage(body), body), nil
	}
	srv.AddTool(tool("get_item", "Get one item. Reads it from the store.", getItemInput, getItemOutput, true), echo)
	srv.AddTool(tool("bad_output", "Returns a result that breaks its schema.", `{"type":"object"}`,
		`{"type":"object","properties":{"count":{"type":"integer"}},"required":["count"]}`, true),
		func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return mcp.NewToolResultStructured(json.RawMessage(`{"count":"many"}`), `{"count":"many"}`), nil
		})
	srv.AddTool(tool("fails", "Always fails.", `{"type":"object"}`, "", true),
		func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return mcp.NewToolResultError("boom: no such thing\nsecond line"), nil
		})
	srv.AddTool(tool("html_doc", "\n\n<p>Retrieves the details of a charge. Supply the <code>id</code>.</p>\n<p>Returns &lt;nothing&gt; else.</p>",
		`{"type":"object","properties":{"id":{"type":"string","description":"<p>The charge&#39;s <code>id</code>.</p>"}}}`, "", true), echo)
	srv.AddTool(tool("text_json", "Answers JSON as text.", `{"type":"object"}`, "", true),
		func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return mcp.NewToolResultText(`{"a": 1}`), nil
		})
	srv.AddTool(tool("text_plain", "Answers plain text.", `{"type":"object"}`, "", true),
		func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return mcp.NewToolResultText("hello"), nil
		})
	srv.AddTool(tool("delete_item", "Delete one item.", `{"type":"object","properties":{"id":{"type":"string"}},"required":["id"]}`, "", false,
		func(t *mcp.Tool) { d := true; t.Annotations.DestructiveHint = &d }),
		func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			n := ts.deletes.Add(1)
			return mcp.NewToolResultText(fmt.Sprintf(`{"deleted":true,"call":%d}`, n)), nil
		})
	srv.AddTool(tool("slow", "Never answers before its caller gives up.", `{"type":"object"}`, "", true),
		func(ctx context.Context, _ mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			<-ctx.Done()
			ts.slowDone.Add(1)
			return nil, ctx.Err()
		})
	srv.AddTool(tool("gate", "Counts concurrent calls; waits for the test.", `{"type":"object"}`, "", true),
		func(ctx context.Context, _ mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			n := ts.inFlight.Add(1)
			defer ts.inFlight.Add(-1)
			for {
				m := ts.maxSeen.Load()
				if n <= m || ts.maxSeen.CompareAndSwap(m, n) {
					break
				}
			}
			select {
			case <-ts.release:
			case <-ctx.Done():
			}
			return mcp.NewToolResultText(`{"ok":true}`), nil
		})
	srv.AddTool(tool("big", "Answers a result of the size asked (default 1 MiB).", `{"type":"object","properties":{"bytes":{"type":"integer"}}}`, "", true),
		func(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			n := req.GetInt("bytes", 1<<20)
			return mcp.NewToolResultText(`{"data":"` + strings.Repeat("x", max(n-11, 0)) + `"}`), nil
		})
	srv.AddTool(tool("grow", "Adds a tool (tools/list_changed).", `{"type":"object"}`, "", false),
		func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			srv.AddTool(tool("grown", "Added by grow.", `{"type":"object"}`, "", true), echo)
			return mcp.NewToolResultText(`{"grew":true}`), nil
		})
	ts.srv = srv
	return ts
}

// harness is upstreams -> Manager -> Gateway -> in-process client.
type harness struct {
	t      *testing.T
	ts     *testServer
	up     *mcpclient.Manager
	g      *Gateway
	client *mcpclient.Manager
}

type harnessConfig struct {
	opts      Options
	cfg       mcpclient.Config
	upOpts    []mcpclient.Option
	noDemo    bool
	bigServer bool
}

func newHarness(t *testing.T, hc harnessConfig) *harness {
	t.Helper()
	ts := newTestServer()
	upOpts := append([]mcpclient.Option{mcpclient.WithInProcess("test", ts.srv), mcpclient.WithBackoff(20*time.Millisecond, 200*time.Millisecond)}, hc.upOpts...)
	if !hc.noDemo {
		demo, err := assets.NewDemoServer("test")
		if err != nil {
			t.Fatal(err)
		}
		upOpts = append(upOpts, mcpclient.WithInProcess("demo", demo))
	}
	if hc.bigServer {
		upOpts = append(upOpts, mcpclient.WithInProcess("big", bigServer()))
	}
	up, err := mcpclient.NewManager(hc.cfg, upOpts...)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := up.Start(ctx); err != nil {
		t.Fatal(err)
	}
	g, err := New(up, hc.opts)
	if err != nil {
		up.Close()
		t.Fatal(err)
	}
	client, err := mcpclient.NewManager(mcpclient.Config{}, mcpclient.WithInProcess("gw", g.MCPServer()))
	if err != nil {
		t.Fatal(err)
	}
	if err := client.Start(ctx); err != nil {
		t.Fatal(err)
	}
	h := &harness{t: t, ts: ts, up: up, g: g, client: client}
	t.Cleanup(func() {
		select {
		case <-ts.release:
		default:
			close(ts.release)
		}
		client.Close()
		g.Close()
		up.Close()
	})
	return h
}

// bigServer has 60 tools in three families, for sub-grouping.
func bigServer() *server.MCPServer {
	srv := server.NewMCPServer("big", "1", server.WithToolCapabilities(true))
	for i := range 60 {
		family := []string{"issues", "pulls", "repos"}[i%3]
		srv.AddTool(mcp.NewTool(fmt.Sprintf("%s_op%02d", family, i), mcp.WithDescription("Does "+family+" things.")),
			func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				return mcp.NewToolResultText("{}"), nil
			})
	}
	return srv
}

// envelope is a decoded answer.
type envelope struct {
	Op     string          `json:"op"`
	OK     bool            `json:"ok"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code     Code           `json:"code"`
		Message  string         `json:"message"`
		Details  map[string]any `json:"details"`
		HelpPath *string        `json:"help_path"`
	} `json:"error"`
	Meta *struct {
		TraceID         string   `json:"trace_id"`
		LatencyMS       float64  `json:"latency_ms"`
		Warnings        []string `json:"warnings"`
		RegistryVersion string   `json:"registry_version"`
		Replayed        bool     `json:"replayed"`
	} `json:"meta"`
}

// callRaw calls a gateway tool and returns the raw result.
func (h *harness) callRaw(tool string, args any) *mcpclient.CallResult {
	h.t.Helper()
	b, err := json.Marshal(args)
	if err != nil {
		h.t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	res, err := h.client.CallTool(ctx, "gw", tool, b)
	if err != nil {
		h.t.Fatalf("%s(%s): %v", tool, b, err)
	}
	return res
}

// call calls a gateway tool and checks the answer's form: structuredContent
// equals the text, isError matches ok, an error has a help_path.
func (h *harness) call(tool string, args any) (envelope, json.RawMessage) {
	h.t.Helper()
	res := h.callRaw(tool, args)
	if !jsonEqual(res.StructuredContent, []byte(res.Text)) {
		h.t.Fatalf("structuredContent and text differ:\n%s\n%s", res.StructuredContent, res.Text)
	}
	var env envelope
	if err := json.Unmarshal(res.StructuredContent, &env); err != nil {
		h.t.Fatalf("answer is not JSON: %v\n%s", err, res.StructuredContent)
	}
	if env.Error != nil {
		if env.OK || !res.IsError {
			h.t.Fatalf("an error envelope must have ok false and isError: %s", res.StructuredContent)
		}
		if env.Error.HelpPath == nil || env.Error.Details == nil {
			h.t.Fatalf("an error envelope lacks help_path or details: %s", res.StructuredContent)
		}
	}
	return env, res.StructuredContent
}

func (h *harness) exec(op string, args any, extra ...map[string]any) envelope {
	h.t.Helper()
	req := map[string]any{"op": op, "args": args}
	for _, e := range extra {
		for k, v := range e {
			req[k] = v
		}
	}
	env, _ := h.call("tool_exec", req)
	return env
}

func (h *harness) help(path string, extra ...map[string]any) map[string]any {
	h.t.Helper()
	req := map[string]any{"path": path}
	for _, e := range extra {
		for k, v := range e {
			req[k] = v
		}
	}
	_, raw := h.call("tool_help", req)
	var out map[string]any
	if err := json.Unmarshal(raw, &out); err != nil {
		h.t.Fatal(err)
	}
	return out
}

func mustCode(t *testing.T, env envelope, code Code) {
	t.Helper()
	if env.OK || env.Error == nil || env.Error.Code != code {
		b, _ := json.Marshal(env)
		t.Fatalf("want %s, got %s", code, b)
	}
}

func mustOK(t *testing.T, env envelope) {
	t.Helper()
	if !env.OK || env.Meta == nil {
		b, _ := json.Marshal(env)
		t.Fatalf("want ok, got %s", b)
	}
	if !regexp.MustCompile(`^tr_[0-9a-f]{16}$`).MatchString(env.Meta.TraceID) || !isVersion(env.Meta.RegistryVersion) || env.Meta.Warnings == nil {
		t.Fatalf("bad meta: %+v", *env.Meta)
	}
}

func isVersion(s string) bool { return regexp.MustCompile(`^[0-9a-f]{12}$`).MatchString(s) }

// waitLimit bounds each wait for an event: it only ends a test that
// hangs, so it is far above what the event takes on a busy machine.
const waitLimit = time.Minute

// eventually waits for cond, checking every 5 ms, up to waitLimit.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.After(waitLimit)
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	for !cond() {
		select {
		case <-tick.C:
		case <-deadline:
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// jsonEqual compares two JSON texts by value.
func jsonEqual(a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
}
