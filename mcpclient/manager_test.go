package mcpclient

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"mcpeek/model"
)

// waitLimit bounds every wait on a condition; tests never sleep.
const waitLimit = 15 * time.Second

// startManager makes and starts a Manager that is closed when the test ends.
func startManager(t *testing.T, cfg Config, opts ...Option) *Manager {
	t.Helper()
	m, err := NewManager(cfg, opts...)
	if err != nil {
		t.Fatalf("NewManager: %v", err)
	}
	t.Cleanup(func() { m.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	if err := m.Start(ctx); err != nil {
		t.Fatalf("Start: %v", err)
	}
	return m
}

// waitServer reads events until the named server's snapshot satisfies ok.
func waitServer(t *testing.T, m *Manager, name, what string, ok func(model.Server) bool) model.Server {
	t.Helper()
	timeout := time.NewTimer(waitLimit)
	defer timeout.Stop()
	for {
		if s, _ := m.Server(name); ok(s) {
			return s
		}
		select {
		case _, open := <-m.Events():
			if !open {
				t.Fatalf("%s: events closed while waiting for %s", name, what)
			}
		case <-timeout.C:
			s, _ := m.Server(name)
			t.Fatalf("%s: gave up waiting for %s; state %s, err %q", name, what, s.State, s.Err)
		}
	}
}

// waitEvent reads events until one satisfies ok.
func waitEvent(t *testing.T, m *Manager, what string, ok func(Event) bool) Event {
	t.Helper()
	timeout := time.NewTimer(waitLimit)
	defer timeout.Stop()
	for {
		select {
		case e, open := <-m.Events():
			if !open {
				t.Fatalf("events closed while waiting for %s", what)
			}
			if ok(e) {
				return e
			}
		case <-timeout.C:
			t.Fatalf("gave up waiting for %s", what)
		}
	}
}

func isState(state model.ConnState) func(model.Server) bool {
	return func(s model.Server) bool { return s.State == state }
}

func toolNames(tools []model.Tool) []string {
	var out []string
	for _, t := range tools {
		out = append(out, t.Name)
	}
	return out
}

func textResult(text string) server.ToolHandlerFunc {
	return func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText(text), nil
	}
}

// compactSchema is exactSchema as an mcp-go server sends it: encoding/json
// compacts raw messages and escapes <, > and & on the way out, so bytes are
// preserved from there on, not from the Go literal.
const compactSchema = `{"$schema":"https://json-schema.org/draft/2020-12/schema","allOf":[{"$ref":"#/$defs/money"},{"required":["amount"]}],"$defs":{"money":{"type":"object","properties":{"amount":{"type":"string"}}}},"title":"Money"}`

func TestInProcessToolsAreByteExact(t *testing.T) {
	t.Parallel()
	srv := server.NewMCPServer("demo", "1", server.WithInstructions("Use money."))
	tool := mcp.NewToolWithRawSchema("money", "Returns money.", json.RawMessage(`{"type":"object","properties":{"n":{"type":"integer"}}}`))
	tool.RawOutputSchema = json.RawMessage(compactSchema)
	srv.AddTool(tool, textResult("1"))

	m := startManager(t, Config{}, WithInProcess("demo", srv))
	s, _ := m.Server("demo")
	if s.State != model.StateConnected || s.Transport != model.TransportInProcess || s.Source != "embedded" {
		t.Fatalf("server = %+v", s)
	}
	if s.Instructions != "Use money." {
		t.Errorf("instructions = %q", s.Instructions)
	}
	tools := m.Tools("demo")
	if len(tools) != 1 {
		t.Fatalf("tools = %v", toolNames(tools))
	}
	got := tools[0]
	if string(got.OutputSchema) != compactSchema {
		t.Errorf("outputSchema not byte-exact:\n got %s\nwant %s", got.OutputSchema, compactSchema)
	}
	if got.ID().String() != "demo.money" || got.Description != "Returns money." || !got.HasOutputSchema() {
		t.Errorf("tool = %+v", got)
	}
	if !bytes.Contains(got.Raw, []byte(compactSchema)) {
		t.Errorf("raw tool does not hold the schema: %s", got.Raw)
	}
	// Why the raw route exists: mcp-go's typed Tool, encoded again, is not
	// what the server sent (v1.6.0 adds "required":[] to the input schema
	// and leaves out an output schema without a root "type").
	var typed mcp.Tool
	if err := json.Unmarshal(got.Raw, &typed); err != nil {
		t.Fatal(err)
	}
	again, _ := json.Marshal(typed)
	if bytes.Contains(again, []byte(compactSchema)) {
		t.Logf("mcp-go now encodes mcp.Tool's schemas again byte for byte: the raw route could be revisited")
	}
}

func TestStdioToolsAreByteExact(t *testing.T) {
	t.Parallel()
	m := startManager(t, Config{Servers: []ServerConfig{helperConfig("h", "basic")}})
	s, _ := m.Server("h")
	if s.State != model.StateConnected {
		t.Fatalf("state %s: %s", s.State, s.Err)
	}
	if s.Instructions != "Helper basic." {
		t.Errorf("instructions = %q", s.Instructions)
	}
	tools := m.Tools("h")
	if len(tools) != 1 {
		t.Fatalf("tools = %v", toolNames(tools))
	}
	if string(tools[0].OutputSchema) != exactSchema {
		t.Errorf("outputSchema not byte-exact:\n got %s\nwant %s", tools[0].OutputSchema, exactSchema)
	}
	if string(tools[0].Raw) != helperTool {
		t.Errorf("raw tool not byte-exact:\n got %s\nwant %s", tools[0].Raw, helperTool)
	}
	if want := `{"type":"object","properties":{"text":{"type":"string"}}}`; string(tools[0].InputSchema) != want {
		t.Errorf("inputSchema = %s", tools[0].InputSchema)
	}

	res, err := m.CallTool(context.Background(), "h", "echo", json.RawMessage(`{"text":"hi"}`))
	if err != nil {
		t.Fatalf("CallTool: %v", err)
	}
	if string(res.StructuredContent) != `{"b":1, "a":[2.50]}` || res.Text != "hello" || res.IsError {
		t.Errorf("result = %+v (raw %s)", res, res.Raw)
	}
}

func TestPaginationThreePages(t *testing.T) {
	t.Parallel()
	t.Run("in-process", func(t *testing.T) {
		var pages atomic.Int32
		hooks := &server.Hooks{}
		hooks.AddBeforeListTools(func(context.Context, any, *mcp.ListToolsRequest) { pages.Add(1) })
		srv := server.NewMCPServer("paged", "1", server.WithPaginationLimit(2), server.WithHooks(hooks))
		for _, name := range []string{"a", "b", "c", "d", "e"} {
			srv.AddTool(mcp.NewTool(name), textResult(name))
		}
		m := startManager(t, Config{}, WithInProcess("paged", srv))
		if got := toolNames(m.Tools("paged")); !slices.Equal(got, []string{"a", "b", "c", "d", "e"}) {
			t.Errorf("tools = %v", got)
		}
		if n := pages.Load(); n != 3 {
			t.Errorf("tools/list called %d times, want 3", n)
		}
	})
	t.Run("stdio", func(t *testing.T) {
		m := startManager(t, Config{Servers: []ServerConfig{helperConfig("p", "pages3")}})
		if got := toolNames(m.Tools("p")); !slices.Equal(got, []string{"tool_1", "tool_2", "tool_3"}) {
			t.Errorf("tools = %v", got)
		}
	})
}

func TestPaginationThatNeverEnds(t *testing.T) {
	t.Parallel()
	m := startManager(t, Config{Servers: []ServerConfig{
		helperConfig("loop", "loop"),
		helperConfig("endless", "endless"),
	}}, WithMaxPages(5), WithBackoff(time.Hour, time.Hour))
	if s, _ := m.Server("loop"); s.State != model.StateError || !strings.Contains(s.Err, `repeats cursor "again"`) {
		t.Errorf("loop: state %s, err %q", s.State, s.Err)
	}
	if s, _ := m.Server("endless"); s.State != model.StateError || !strings.Contains(s.Err, "still paginating after 5 pages") {
		t.Errorf("endless: state %s, err %q", s.State, s.Err)
	}
}

func TestListChangedRefreshesTools(t *testing.T) {
	t.Parallel()
	t.Run("in-process", func(t *testing.T) {
		srv := server.NewMCPServer("live", "1", server.WithToolCapabilities(true))
		srv.AddTool(mcp.NewTool("first"), textResult("1"))
		m := startManager(t, Config{}, WithInProcess("live", srv))
		srv.AddTool(mcp.NewTool("second"), textResult("2"))
		waitServer(t, m, "live", "the second tool", func(s model.Server) bool { return len(s.Tools) == 2 })
		srv.DeleteTools("first")
		s := waitServer(t, m, "live", "first tool gone", func(s model.Server) bool { return len(s.Tools) == 1 })
		if s.Tools[0].Name != "second" {
			t.Errorf("tools = %v", toolNames(s.Tools))
		}
	})
	t.Run("stdio mcp-go server, 2026-07-28 era", func(t *testing.T) {
		m := startManager(t, Config{Servers: []ServerConfig{helperConfig("g", "mcpgo")}})
		if s, _ := m.Server("g"); s.State != model.StateConnected {
			t.Fatalf("state %s: %s", s.State, s.Err)
		}
		if got := toolNames(m.Tools("g")); !slices.Equal(got, []string{"grow"}) {
			t.Fatalf("tools = %v", got)
		}
		res, err := m.CallTool(context.Background(), "g", "grow", nil)
		if err != nil || res.Text != "grew" {
			t.Fatalf("CallTool: %v, %+v", err, res)
		}
		waitServer(t, m, "g", "the grown tool", func(s model.Server) bool { return len(s.Tools) == 2 })
	})
}

func TestServerExitsMidSessionAndReconnects(t *testing.T) {
	t.Parallel()
	m := startManager(t, Config{Servers: []ServerConfig{helperConfig("h", "basic")}},
		WithBackoff(time.Millisecond, 10*time.Millisecond))
	_, err := m.CallTool(context.Background(), "h", "crash", nil)
	if !errors.Is(err, ErrUnavailable) {
		t.Fatalf("CallTool(crash) = %v, want ErrUnavailable", err)
	}
	e := waitEvent(t, m, "the error state", func(e Event) bool { return e.Server == "h" && e.State == model.StateError })
	if !strings.Contains(e.Err, "connection lost") || !strings.Contains(e.Err, "exit status 3") {
		t.Errorf("error = %q", e.Err)
	}
	waitEvent(t, m, "the reconnect", func(e Event) bool { return e.Server == "h" && e.State == model.StateConnected })
	res, err := m.CallTool(context.Background(), "h", "echo", nil)
	if err != nil || res.Text != "hello" {
		t.Fatalf("CallTool after reconnect: %v", err)
	}
}

func TestCallToolReconnectsADownServerOnDemand(t *testing.T) {
	t.Parallel()
	// With an hour of backoff, only the call can bring the server back.
	m := startManager(t, Config{Servers: []ServerConfig{helperConfig("h", "basic")}},
		WithBackoff(time.Hour, time.Hour))
	crash(t, m, "h")
	res, err := m.CallTool(context.Background(), "h", "echo", nil)
	if err != nil || res.Text != "hello" {
		t.Fatalf("CallTool on a down server: %v", err)
	}
	if s, _ := m.Server("h"); s.State != model.StateConnected {
		t.Errorf("state %s", s.State)
	}
}

func TestReconnect(t *testing.T) {
	t.Parallel()
	srv := server.NewMCPServer("r", "1")
	srv.AddTool(mcp.NewTool("t"), textResult("t"))
	m := startManager(t, Config{}, WithInProcess("r", srv))
	if err := m.Reconnect("r"); err != nil {
		t.Fatal(err)
	}
	waitEvent(t, m, "starting", func(e Event) bool { return e.State == model.StateStarting })
	waitServer(t, m, "r", "connected again", isState(model.StateConnected))
	if err := m.Reconnect("nope"); !errors.Is(err, ErrUnknownServer) {
		t.Errorf("Reconnect(nope) = %v", err)
	}
}

func TestHangingToolsListTimesOutAlone(t *testing.T) {
	t.Parallel()
	good := server.NewMCPServer("good", "1")
	good.AddTool(mcp.NewTool("ok"), textResult("ok"))
	m := startManager(t, Config{Servers: []ServerConfig{helperConfig("hang", "hang-list")}},
		// Long enough for a race-built child to start on a loaded machine;
		// only tools/list must hit it.
		WithInProcess("good", good), WithConnectTimeout(3*time.Second), WithBackoff(time.Hour, time.Hour))

	s, _ := m.Server("hang")
	if s.State != model.StateError || s.Err != "list tools: timed out after 3s: server unavailable" {
		t.Errorf("hang: state %s, err %q", s.State, s.Err)
	}
	if !slices.Contains(s.Stderr, "ignoring tools/list") {
		t.Errorf("hang: stderr = %q", s.Stderr)
	}
	if g, _ := m.Server("good"); g.State != model.StateConnected || len(g.Tools) != 1 {
		t.Errorf("good: state %s, tools %v", g.State, toolNames(g.Tools))
	}
	if _, err := m.CallTool(context.Background(), "good", "ok", nil); err != nil {
		t.Errorf("good server call: %v", err)
	}
}

func TestGarbageOnStdoutIsSkipped(t *testing.T) {
	t.Parallel()
	m := startManager(t, Config{Servers: []ServerConfig{helperConfig("junk", "garbage")}}, WithBackoff(time.Hour, time.Hour))
	s, _ := m.Server("junk")
	if s.State != model.StateConnected || len(s.Tools) != 1 {
		t.Fatalf("state %s, err %q, tools %v", s.State, s.Err, toolNames(s.Tools))
	}
	res, err := m.CallTool(context.Background(), "junk", "echo", nil)
	if err != nil || res.Text != "hello" {
		t.Fatalf("CallTool: %v", err)
	}
	// stderr is read asynchronously; once the child has exited it has all
	// been read.
	crash(t, m, "junk")
	if s, _ := m.Server("junk"); !slices.Contains(s.Stderr, "noise on stderr") {
		t.Errorf("stderr = %q", s.Stderr)
	}
}

// crash makes a helper server exit and waits for the error state.
func crash(t *testing.T, m *Manager, name string) {
	t.Helper()
	if _, err := m.CallTool(context.Background(), name, "crash", nil); !errors.Is(err, ErrUnavailable) {
		t.Fatalf("CallTool(crash) = %v", err)
	}
	waitServer(t, m, name, "the error state", isState(model.StateError))
}

func TestEscapeSequencesAreKeptRawAndSanitised(t *testing.T) {
	t.Parallel()
	m := startManager(t, Config{Servers: []ServerConfig{helperConfig("esc", "escapes")}}, WithBackoff(time.Hour, time.Hour))
	s, _ := m.Server("esc")
	if len(s.Tools) != 1 {
		t.Fatalf("state %s, err %q, tools %v", s.State, s.Err, toolNames(s.Tools))
	}
	tool := s.Tools[0]
	if !strings.Contains(tool.Description, "\x1b[31m") || !strings.Contains(tool.Name, "\x1b[2J") {
		t.Errorf("model.Tool must keep the raw text: %q %q", tool.Name, tool.Description)
	}
	if got, want := Sanitize(tool.Name), "evilname"; got != want {
		t.Errorf("Sanitize(name) = %q, want %q", got, want)
	}
	if got, want := Sanitize(tool.Description), "Red text link and bell"; got != want {
		t.Errorf("Sanitize(description) = %q, want %q", got, want)
	}
	crash(t, m, "esc")
	if s, _ := m.Server("esc"); !slices.Contains(s.Stderr, "log red  line") {
		t.Errorf("stderr not sanitised: %q", s.Stderr)
	}
}

func TestChildThatExitsAtOnceShowsItsStderr(t *testing.T) {
	t.Parallel()
	m := startManager(t, Config{Servers: []ServerConfig{helperConfig("dead", "exit-early")}},
		WithBackoff(time.Hour, time.Hour))
	s, _ := m.Server("dead")
	if s.State != model.StateError || !strings.Contains(s.Err, "exit status 1") {
		t.Errorf("state %s, err %q", s.State, s.Err)
	}
	if !slices.Contains(s.Stderr, "fatal: missing API key") {
		t.Errorf("stderr = %q", s.Stderr)
	}
}

func TestMissingCommand(t *testing.T) {
	t.Parallel()
	m := startManager(t, Config{Servers: []ServerConfig{{Name: "nope", Command: "/nonexistent/mcp-server", Env: map[string]string{"TOKEN": "secret-value-123"}}}},
		WithBackoff(time.Hour, time.Hour))
	s, _ := m.Server("nope")
	if s.State != model.StateError || !strings.Contains(s.Err, "/nonexistent/mcp-server") || strings.Contains(s.Err, "secret-value-123") {
		t.Errorf("state %s, err %q", s.State, s.Err)
	}
}

func TestCallToolDeadline(t *testing.T) {
	t.Parallel()
	srv := server.NewMCPServer("slow", "1")
	srv.AddTool(mcp.NewTool("wait"), func(ctx context.Context, _ mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		<-ctx.Done()
		return nil, ctx.Err()
	})
	m := startManager(t, Config{Servers: []ServerConfig{helperConfig("h", "basic")}},
		WithInProcess("slow", srv), WithCallTimeout(200*time.Millisecond))

	for _, c := range []struct{ server, tool string }{{"slow", "wait"}, {"h", "sleep"}} {
		t.Run(c.server, func(t *testing.T) {
			// The Manager's call timeout applies...
			_, err := m.CallTool(context.Background(), c.server, c.tool, nil)
			if !errors.Is(err, ErrUnavailable) || !errors.Is(err, context.DeadlineExceeded) {
				t.Errorf("CallTool = %v, want ErrUnavailable and DeadlineExceeded", err)
			}
			// ...and so does the caller's cancellation.
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			if _, err := m.CallTool(ctx, c.server, c.tool, nil); !errors.Is(err, context.Canceled) {
				t.Errorf("cancelled CallTool = %v", err)
			}
		})
	}
	// The connection survives a call that timed out.
	if res, err := m.CallTool(context.Background(), "h", "echo", nil); err != nil || res.Text != "hello" {
		t.Errorf("CallTool after deadline: %v", err)
	}
}

func TestCallToolErrors(t *testing.T) {
	t.Parallel()
	srv := server.NewMCPServer("e", "1")
	srv.AddTool(mcp.NewTool("fails"), func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultError("it broke"), nil
	})
	m := startManager(t, Config{Servers: []ServerConfig{{Name: "off", Command: "x", Disabled: true}}}, WithInProcess("e", srv))

	res, err := m.CallTool(context.Background(), "e", "fails", json.RawMessage(`{}`))
	if err != nil || !res.IsError || res.Text != "it broke" {
		t.Errorf("isError result = %+v, %v", res, err)
	}
	var rpc *RPCError
	if _, err := m.CallTool(context.Background(), "e", "missing", nil); !errors.As(err, &rpc) {
		t.Errorf("unknown tool = %v, want *RPCError", err)
	}
	if _, err := m.CallTool(context.Background(), "nope", "x", nil); !errors.Is(err, ErrUnknownServer) {
		t.Errorf("unknown server = %v", err)
	}
	if _, err := m.CallTool(context.Background(), "off", "x", nil); !errors.Is(err, ErrDisabled) {
		t.Errorf("disabled server = %v", err)
	}
	if _, err := m.CallTool(context.Background(), "e", "fails", json.RawMessage(`{bad`)); err == nil {
		t.Error("invalid arguments accepted")
	}
	if s, _ := m.Server("off"); s.State != model.StateDisabled {
		t.Errorf("disabled server state %s", s.State)
	}
	m.Close()
	if _, err := m.CallTool(context.Background(), "e", "fails", nil); !errors.Is(err, ErrClosed) {
		t.Errorf("after Close = %v", err)
	}
	if _, open := <-m.Events(); open {
		t.Error("events channel still open after Close")
	}
}

func TestNewManagerRejectsDuplicates(t *testing.T) {
	t.Parallel()
	srv := server.NewMCPServer("d", "1")
	_, err := NewManager(Config{Servers: []ServerConfig{{Name: "d", Command: "x"}}}, WithInProcess("d", srv))
	if err == nil || !strings.Contains(err.Error(), `"d" defined twice`) {
		t.Errorf("err = %v", err)
	}
}

func TestEventQueueNeverBlocksAndKeepsTheLatestState(t *testing.T) {
	t.Parallel()
	q := newEventQueue()
	for i := range 1000 {
		q.push(Event{Kind: EventStateChanged, Server: "a", State: model.ConnState(i % 3)})
		q.push(Event{Kind: EventToolsChanged, Server: "b", State: model.StateConnected})
	}
	q.push(Event{Kind: EventStateChanged, Server: "a", State: model.StateError, Err: "latest"})
	if n := len(q.pending); n != 4 {
		t.Fatalf("pending = %d events, want 4 (a: 3 states, b: 1)", n)
	}
	last := q.pending[len(q.pending)-1]
	if last.State != model.StateError || last.Err != "latest" {
		t.Errorf("last event = %+v", last)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { q.run(ctx); close(done) }()
	var got []string
	for range 4 {
		e := <-q.out
		got = append(got, fmt.Sprintf("%s/%s/%s", e.Server, e.Kind, e.State))
	}
	cancel()
	<-done
	want := []string{"a/state/connected", "a/state/starting", "b/tools/connected", "a/state/error"}
	if !slices.Equal(got, want) {
		t.Errorf("delivered %v, want %v", got, want)
	}
}

// protocolOf returns the protocol version the named server's live connection
// negotiated.
func protocolOf(t *testing.T, m *Manager, name string) string {
	t.Helper()
	s := m.byName[name]
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.conn == nil {
		t.Fatalf("%s: no live connection", name)
	}
	return s.conn.client.ProtocolVersion()
}

func TestProtocolEras(t *testing.T) {
	t.Parallel()
	srv := server.NewMCPServer("inproc", "1", server.WithToolCapabilities(true))
	srv.AddTool(mcp.NewTool("t"), textResult("t"))
	m := startManager(t, Config{Servers: []ServerConfig{helperConfig("legacy", "basic"), helperConfig("modern", "mcpgo")}},
		WithInProcess("inproc", srv))
	for name, want := range map[string]string{
		"legacy": mcp.ProtocolVersion20251125,
		"modern": mcp.ProtocolVersion20260728,
		"inproc": mcp.ProtocolVersion20260728,
	} {
		if got := protocolOf(t, m, name); got != want {
			t.Errorf("%s negotiated %q, want %q", name, got, want)
		}
	}
}

func TestCloseReapsEveryChild(t *testing.T) {
	t.Parallel()
	m, err := NewManager(Config{Servers: []ServerConfig{
		helperConfig("polite", "basic"),
		helperConfig("stubborn", "stubborn"),
	}}, WithStopGrace(50*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	var procs []*process
	for _, name := range []string{"polite", "stubborn"} {
		s := m.byName[name]
		s.mu.Lock()
		if s.conn == nil || s.conn.proc == nil {
			t.Fatalf("%s: state %s, err %q", name, s.state, s.err)
		}
		procs = append(procs, s.conn.proc)
		s.mu.Unlock()
	}
	m.Close()
	for _, p := range procs {
		select {
		case <-p.Exited():
		default:
			t.Fatalf("pid %d not reaped by Close", p.cmd.Process.Pid)
		}
		if p.cmd.ProcessState == nil {
			t.Errorf("pid %d has no ProcessState", p.cmd.Process.Pid)
		}
	}
	if got := procs[1].cmd.ProcessState.String(); got != "signal: killed" {
		t.Errorf("stubborn child ended with %q, want it killed", got)
	}
}

// ReconnectWait answers once the new attempt has ended, with the server
// as it then is.
func TestReconnectWait(t *testing.T) {
	t.Parallel()
	srv := server.NewMCPServer("r", "1")
	srv.AddTool(mcp.NewTool("t"), textResult("t"))
	m := startManager(t, Config{}, WithInProcess("r", srv))
	s, err := m.ReconnectWait(context.Background(), "r")
	if err != nil || s.State != model.StateConnected || len(s.Tools) != 1 {
		t.Fatalf("ReconnectWait = %+v, %v", s, err)
	}
	if _, err := m.ReconnectWait(context.Background(), "nope"); !errors.Is(err, ErrUnknownServer) {
		t.Errorf("ReconnectWait(nope) = %v", err)
	}
}

// A stdio server's snapshot says how it is run, secrets hidden; the
// first error line of its stderr outlives the ring.
func TestCommandLineAndFirstStderrError(t *testing.T) {
	t.Parallel()
	c := ServerConfig{Name: "x", Command: "npx", Args: []string{"-y", "my server", "--token=s3cr3t-value"}, Env: map[string]string{"T": "s3cr3t-value"}}
	if got := c.Redact(c.commandLine()); got != "npx -y 'my server' --token=***" {
		t.Errorf("command line %q", got)
	}
	r := newLineRing(3, nil)
	r.Write([]byte("boot\nError: Cannot find module 'x'\n  at a\n  at b\n  at c\nNode.js v20\n"))
	if got := r.Lines(); !slices.Equal(got, []string{"Error: Cannot find module 'x'", "…", "  at b", "  at c", "Node.js v20"}) {
		t.Errorf("lines %q", got)
	}
}

func TestFailedServerStaysInErrorWhileRetrying(t *testing.T) {
	t.Parallel()
	m := startManager(t, Config{Servers: []ServerConfig{helperConfig("dead", "exit-early")}},
		WithBackoff(time.Millisecond, 4*time.Millisecond))
	s, _ := m.Server("dead")
	if s.State != model.StateError || s.Retry.Attempt < 2 {
		t.Fatalf("after the first attempt: state %s, retry %+v", s.State, s.Retry)
	}
	// Every event after the first error, through several retries, says
	// error: the row never flips back to starting, and each retry is
	// numbered.
	timeout := time.NewTimer(waitLimit)
	defer timeout.Stop()
	failed := false
	for {
		select {
		case e := <-m.Events():
			if e.Server == "dead" && e.State != model.StateError && failed {
				t.Fatalf("a retry showed the server as %s", e.State)
			}
			failed = failed || e.State == model.StateError
		case <-timeout.C:
			t.Fatal("gave up waiting for the fifth attempt")
		}
		s, _ := m.Server("dead")
		if s.State != model.StateError || s.Err == "" {
			t.Fatalf("while retrying: state %s, err %q", s.State, s.Err)
		}
		if s.Retry.Attempt >= 5 {
			break
		}
	}
}

func TestConnectedServerHasNoRetry(t *testing.T) {
	t.Parallel()
	m := startManager(t, Config{Servers: []ServerConfig{helperConfig("h", "basic")}},
		WithBackoff(time.Millisecond, 10*time.Millisecond))
	crash(t, m, "h")
	s := waitServer(t, m, "h", "connected again", isState(model.StateConnected))
	if s.Retry.Pending() {
		t.Errorf("connected with a retry pending: %+v", s.Retry)
	}
}

// TestReconnectKeepsTheSameListing: a reconnect that lists the same tools
// hands out the bytes it handed out before, so that front ends see at a
// glance that nothing changed (the explorer counted 1,223 tools' tokens
// again, for seconds of CPU, on every reconnect).
func TestReconnectKeepsTheSameListing(t *testing.T) {
	t.Parallel()
	m := startManager(t, Config{Servers: []ServerConfig{helperConfig("h", "basic")}})
	before := m.Tools("h")
	s, err := m.ReconnectWait(context.Background(), "h")
	if err != nil || s.State != model.StateConnected || len(s.Tools) != len(before) || len(before) == 0 {
		t.Fatalf("reconnect: %v, %+v", err, s)
	}
	if &s.Tools[0].Raw[0] != &before[0].Raw[0] {
		t.Error("the same listing came back in new bytes")
	}
}

// A server added while the Manager runs connects, is listed after the
// others and can be called; its name must be new.
func TestAddServerWhileRunning(t *testing.T) {
	t.Parallel()
	m := startManager(t, Config{Servers: []ServerConfig{helperConfig("a", "basic")}})
	if err := m.AddServer(helperConfig("a", "basic")); err == nil || !strings.Contains(err.Error(), `"a" defined twice`) {
		t.Errorf("adding a again: err = %v", err)
	}
	if err := m.AddServer(helperConfig("b", "basic")); err != nil {
		t.Fatalf("AddServer: %v", err)
	}
	waitServer(t, m, "b", "connected", func(s model.Server) bool { return s.State == model.StateConnected && len(s.Tools) > 0 })
	var names []string
	for _, s := range m.Servers() {
		names = append(names, s.Name)
	}
	if !slices.Equal(names, []string{"a", "b"}) {
		t.Errorf("servers = %v, want [a b]", names)
	}
	res, err := m.CallTool(context.Background(), "b", "echo", json.RawMessage(`{"text":"hi"}`))
	if err != nil || res.IsError {
		t.Errorf("calling b: %v %+v", err, res)
	}
	m.Close()
	if err := m.AddServer(helperConfig("c", "basic")); !errors.Is(err, ErrClosed) {
		t.Errorf("after Close: err = %v", err)
	}
}

// TestToolListsAreServersTools: ToolLists yields each server's name and the
// very tools Servers' snapshots hold, in the same order.
func TestToolListsAreServersTools(t *testing.T) {
	t.Parallel()
	a, b := server.NewMCPServer("a", "1", server.WithToolCapabilities(true)), server.NewMCPServer("b", "1", server.WithToolCapabilities(true))
	a.AddTool(mcp.NewTool("one"), textResult("1"))
	b.AddTool(mcp.NewTool("two"), textResult("2"))
	b.AddTool(mcp.NewTool("three"), textResult("3"))
	m := startManager(t, Config{}, WithInProcess("a", a), WithInProcess("b", b))
	servers := m.Servers()
	i := 0
	for name, tools := range m.ToolLists() {
		if i >= len(servers) || name != servers[i].Name || len(tools) != len(servers[i].Tools) {
			t.Fatalf("list %d: %s %v, want %+v", i, name, toolNames(tools), servers)
		}
		for j := range tools {
			if &tools[j].Raw[0] != &servers[i].Tools[j].Raw[0] {
				t.Errorf("%s: tool %d is a copy, not the listing", name, j)
			}
		}
		i++
	}
	if i != len(servers) {
		t.Errorf("%d lists, want %d", i, len(servers))
	}
}
