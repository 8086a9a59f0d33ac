package mcpclient

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"mcpeek/model"
)

// askSchema is the requested schema of the tools that elicit: its
// properties are declared out of alphabetical order, which a form keeps.
const askSchema = `{"type":"object","properties":{"zeta":{"type":"string","title":"Zeta \u001b[31mred\u001b[0m","default":"z"},"alpha":{"type":"integer","minimum":1}},"required":["alpha"]}`

// capsServer is an mcp-go server whose tools ask things of their client:
// see addCapsTools.
func capsServer(onCancel func()) *server.MCPServer {
	srv := server.NewMCPServer("caps", "1", server.WithToolCapabilities(true), server.WithLogging())
	addCapsTools(srv, onCancel)
	return srv
}

// addCapsTools gives srv tools that elicit, sample and ask for the roots
// (written the 2026-07-28 way, with input requests, which mcp-go turns into
// server-initiated requests for an older client), that elicit directly
// (in process), report progress as they work, wait to be cancelled
// (onCancel is then called), and log.
func addCapsTools(srv *server.MCPServer, onCancel func()) {
	text := func(v any) *mcp.CallToolResult {
		b, _ := json.Marshal(v)
		return mcp.NewToolResultText(string(b))
	}
	askParams := mcp.ElicitationParams{Message: "Who \x1b[31mare\x1b[0m you?", RequestedSchema: json.RawMessage(askSchema)}
	srv.AddTool(mcp.NewTool("ask"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if a := server.ElicitationResponse(req.Params.InputResponses, "q"); a != nil {
			return text(a), nil
		}
		return server.NewInputRequestBuilder("asked").Elicit("q", askParams).ToolResult(), nil
	})
	srv.AddTool(mcp.NewTool("ask-direct"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		a, err := srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: askParams})
		if err != nil {
			return nil, err
		}
		return text(a), nil
	})
	srv.AddTool(mcp.NewTool("sample"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if a := server.SamplingResponse(req.Params.InputResponses, "s"); a != nil {
			return text(a), nil
		}
		return server.NewInputRequestBuilder("").Sample("s", mcp.CreateMessageParams{
			Messages:  []mcp.SamplingMessage{{Role: mcp.RoleUser, Content: mcp.NewTextContent("say hi")}},
			MaxTokens: 5,
		}).ToolResult(), nil
	})
	srv.AddTool(mcp.NewTool("roots"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if a := server.RootsResponse(req.Params.InputResponses, "r"); a != nil {
			return text(a), nil
		}
		return server.NewInputRequestBuilder("").Roots("r").ToolResult(), nil
	})
	srv.AddTool(mcp.NewTool("progress"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var token any
		if req.Params.Meta != nil {
			token = req.Params.Meta.ProgressToken
		}
		for i := 1; i <= 3; i++ {
			if token != nil {
				srv.SendNotificationToClient(ctx, string(mcp.MethodNotificationProgress), map[string]any{
					"progressToken": token, "progress": i, "total": 3, "message": fmt.Sprintf("step\x1b[2J %d", i)})
			}
			time.Sleep(20 * time.Millisecond) // the work
		}
		return mcp.NewToolResultText("done"), nil
	})
	srv.AddTool(mcp.NewTool("wait"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		<-ctx.Done()
		onCancel()
		return nil, ctx.Err()
	})
	srv.AddTool(mcp.NewTool("log"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		// At level error, which an mcp-go server sends even before the
		// client sets a level.
		err := srv.SendLogMessageToClient(ctx, mcp.NewLoggingMessageNotification(mcp.LoggingLevelError, "caps",
			"hello from caps\x1b[31m with "+os.Getenv("API_KEY")))
		if err != nil {
			return nil, err
		}
		time.Sleep(20 * time.Millisecond) // the work, while the message goes out
		return mcp.NewToolResultText("logged"), nil
	})
}

// pollServer looks at the named server's snapshot until it satisfies ok,
// for what no event announces (stderr lines).
func pollServer(t *testing.T, m *Manager, name, what string, ok func(model.Server) bool) {
	t.Helper()
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	deadline := time.After(waitLimit)
	for {
		if s, _ := m.Server(name); ok(s) {
			return
		}
		select {
		case <-tick.C:
		case <-deadline:
			s, _ := m.Server(name)
			t.Fatalf("%s: gave up waiting for %s; stderr %q", name, what, s.Stderr)
		}
	}
}

// recorder is a front end that answers elicitations and sampling requests
// and remembers what it was asked.
type recorder struct {
	mu           sync.Mutex
	elicitations []Elicitation
	samplings    []SamplingRequest
}

func (r *recorder) elicit(_ context.Context, e Elicitation) (ElicitAnswer, error) {
	r.mu.Lock()
	r.elicitations = append(r.elicitations, e)
	r.mu.Unlock()
	return ElicitAnswer{Action: ElicitAccept, Content: map[string]any{"alpha": 7}}, nil
}

func (r *recorder) sample(_ context.Context, s SamplingRequest) (SamplingReply, error) {
	r.mu.Lock()
	r.samplings = append(r.samplings, s)
	r.mu.Unlock()
	return SamplingReply{Text: "hi there"}, nil
}

// TestClientAnswersServers: a server asks mcpeek for an elicitation, a
// sampling and the roots, in each way it can (in process; in the
// 2025-11-25 era with requests on stdio, HTTP or HTTP+SSE; in the 2026-07-28 era
// with input requests), and the Manager's handlers answer; progress
// reaches the caller; a timeout cancels the call on the server and says
// so; log messages are kept, sanitised and redacted.
func TestClientAnswersServers(t *testing.T) {
	t.Parallel()
	cancelled := map[string]chan struct{}{}
	capsFor := func(name string) *server.MCPServer {
		cancelled[name] = make(chan struct{}, 1)
		return capsServer(func() { cancelled[name] <- struct{}{} })
	}
	legacy := helperConfig("legacy", "mcpgo-caps")
	legacy.ProtocolVersion = mcp.ProtocolVersion20251125
	legacy.Env["API_KEY"] = "s3cr3t-key-value"
	modern := helperConfig("modern", "mcpgo-caps")
	quiet := server.WithStreamableHTTPLogger(discardLogger())
	httpLegacy := httptest.NewServer(refuseDiscover(server.NewStreamableHTTPServer(capsFor("http-legacy"), quiet)))
	t.Cleanup(httpLegacy.Close)
	httpModern := httptest.NewServer(server.NewStreamableHTTPServer(capsFor("http-modern"), server.WithStateLess(true), quiet))
	t.Cleanup(httpModern.Close)
	sse := httptest.NewServer(newSSEServer(capsFor("sse")))
	t.Cleanup(sse.Close)
	rootDir := t.TempDir()
	var r recorder
	m := startManager(t, Config{Servers: []ServerConfig{legacy, modern,
		{Name: "http-legacy", Type: "http", URL: httpLegacy.URL + "/mcp"},
		{Name: "http-modern", Type: "http", URL: httpModern.URL + "/mcp"},
		{Name: "sse", Type: "sse", URL: sse.URL + "/sse"},
	}},
		WithInProcess("inproc", capsFor("inproc")),
		WithRoots(rootDir), WithElicitationHandler(r.elicit), WithSamplingHandler(r.sample))

	for _, name := range []string{"inproc", "legacy", "modern", "http-legacy", "http-modern", "sse"} {
		t.Run(name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
			defer cancel()
			call := func(tool string) string {
				t.Helper()
				res, err := m.CallTool(ctx, name, tool, nil)
				if err != nil || res.IsError {
					t.Fatalf("%s: %v %+v", tool, err, res)
				}
				return res.Text
			}

			if got := call("ask"); !strings.Contains(got, `"action":"accept"`) || !strings.Contains(got, `"alpha":7`) {
				t.Errorf("ask = %s", got)
			}
			r.mu.Lock()
			e := r.elicitations[len(r.elicitations)-1]
			r.mu.Unlock()
			fields, err := e.Fields()
			if err != nil || e.Server != name || e.Message != "Who are you?" || e.Mode != "form" || len(fields) != 2 {
				t.Fatalf("elicitation %+v, fields %+v, %v", e, fields, err)
			}
			if name == "http-legacy" {
				// mcp-go's HTTP transport decodes the server's requests
				// into maps: the properties come in alphabetical order.
				fields[0], fields[1] = fields[1], fields[0]
			}
			if f := fields[0]; f.Name != "zeta" || f.Title != "Zeta red" || f.Default != "z" || f.Required {
				t.Errorf("first field %+v", f)
			}
			if f := fields[1]; f.Name != "alpha" || f.Type != "integer" || !f.Required || *f.Min != 1 {
				t.Errorf("second field %+v", f)
			}

			if got := call("sample"); !strings.Contains(got, "hi there") || !strings.Contains(got, `"model":"mcpeek"`) {
				t.Errorf("sample = %s", got)
			}
			r.mu.Lock()
			s := r.samplings[len(r.samplings)-1]
			r.mu.Unlock()
			if s.Server != name || len(s.Messages) != 1 || s.Messages[0].Text != "say hi" || s.MaxTokens != 5 {
				t.Errorf("sampling request %+v", s)
			}

			if got := call("roots"); !strings.Contains(got, `"uri":"file://`+rootDir+`"`) {
				t.Errorf("roots = %s, want %s", got, rootDir)
			}

			var mu sync.Mutex
			var reports []Progress
			res, err := m.CallToolWith(ctx, name, "progress", nil, CallOptions{Progress: func(p Progress) {
				mu.Lock()
				reports = append(reports, p)
				mu.Unlock()
			}})
			// mcp-go's streamable HTTP server hands a request's notifications
			// to whichever of the request's stream and the standalone one
			// reads first, so over http-legacy the last report can come
			// after the result: there only their order is checked.
			mu.Lock()
			if err != nil || res.Text != "done" || len(reports) == 0 {
				t.Errorf("progress: %v, %d reports", err, len(reports))
			} else if last := reports[len(reports)-1]; name != "http-legacy" && (last.Progress != 3 || last.Total != 3 || last.Message != "step 3") {
				t.Errorf("last report %+v", last)
			}
			if !slices.IsSortedFunc(reports, func(a, b Progress) int { return int(a.Progress - b.Progress) }) {
				t.Errorf("reports out of order: %+v", reports)
			}
			mu.Unlock()

			_, err = m.CallToolWith(ctx, name, "wait", nil, CallOptions{Timeout: 200 * time.Millisecond})
			var te *TimeoutError
			if !errors.As(err, &te) || !te.Connected || !errors.Is(err, ErrUnavailable) || !errors.Is(err, context.DeadlineExceeded) ||
				!strings.Contains(err.Error(), "timed out after 200ms without a result") {
				t.Errorf("wait = %v", err)
			}
			if ch := cancelled[name]; ch != nil {
				select {
				case <-ch:
				case <-ctx.Done():
					t.Error("the server's handler was not cancelled")
				}
			} else {
				// The server says on stderr that notifications/cancelled
				// reached it.
				pollServer(t, m, name, "the server to see the cancellation", func(s model.Server) bool {
					return slices.Contains(s.Stderr, "wait: cancelled")
				})
			}

			call("log")
			srv := waitServer(t, m, name, "a log message", func(s model.Server) bool { return len(s.Log) > 0 })
			l := srv.Log[len(srv.Log)-1]
			if l.Level != "error" || l.Logger != "caps" || !strings.HasPrefix(l.Text, "hello from caps with") || strings.Contains(l.Text, "s3cr3t") {
				t.Errorf("log message %+v", l)
			}
		})
	}
}

// TestSamplingDeclinedByDefault: without a sampling handler mcpeek refuses
// every sampling request; a 2026-07-28 call (in process too) then fails
// with ErrSamplingDeclined, since that era has no refusal a server can go
// on from.
func TestSamplingDeclinedByDefault(t *testing.T) {
	legacy := helperConfig("legacy", "mcpgo-caps")
	legacy.ProtocolVersion = mcp.ProtocolVersion20251125
	m := startManager(t, Config{Servers: []ServerConfig{legacy, helperConfig("modern", "mcpgo-caps")}},
		WithInProcess("inproc", capsServer(func() {})))
	for _, name := range []string{"inproc", "legacy", "modern"} {
		res, err := m.CallTool(context.Background(), name, "sample", nil)
		switch {
		case name != "legacy" && !errors.Is(err, ErrSamplingDeclined):
			t.Errorf("%s: %v, want ErrSamplingDeclined", name, err)
		case name == "legacy" && (err == nil && !res.IsError || err != nil && !strings.Contains(err.Error(), "rejected")):
			t.Errorf("%s: %+v %v, want the refusal", name, res, err)
		}
	}
	// Elicitations are declined too.
	res, err := m.CallTool(context.Background(), "legacy", "ask", nil)
	if err != nil || res.Text != `{"action":"decline"}` {
		t.Errorf("ask = %+v, %v", res, err)
	}
}

// TestCapabilitiesDeclared: the client capabilities every transport
// declares; roots only when some are offered.
func TestCapabilitiesDeclared(t *testing.T) {
	p := &peer{}
	caps := p.capabilities()
	if caps.Roots != nil || caps.Sampling == nil || caps.Elicitation == nil {
		t.Errorf("without roots declares %+v", caps)
	}
	p.roots = []mcp.Root{{URI: "file:///tmp"}}
	if caps := p.capabilities(); caps.Roots == nil {
		t.Errorf("with roots declares %+v", caps)
	}
}

func TestElicitFields(t *testing.T) {
	e := Elicitation{Schema: json.RawMessage(`{"type":"object","properties":{
		"name":{"type":"string","minLength":2},
		"ok":{"type":"boolean","default":true},
		"n":{"type":"number","minimum":0,"maximum":10,"default":2.5},
		"pet":{"type":"string","enum":["p1","p2"],"enumNames":["Cat","Dog"]},
		"hero":{"type":"string","oneOf":[{"const":"h1","title":"Superman"}]},
		"fish":{"type":"array","minItems":1,"items":{"anyOf":[{"const":"f1","title":"Tuna"},{"const":"f2","title":"Trout"}]},"default":["f1"]},
		"mail":{"type":"string","format":"email"},
		"site":{"type":"string","format":"uri"},
		"day":{"type":"string","format":"date"},
		"at":{"type":"string","format":"date-time"}}}`)}
	fields, err := e.Fields()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range fields {
		names = append(names, f.Name)
	}
	if !slices.Equal(names, []string{"name", "ok", "n", "pet", "hero", "fish", "mail", "site", "day", "at"}) {
		t.Fatalf("fields in order %v", names)
	}
	defaults, _ := e.Defaults()
	if b, _ := json.Marshal(defaults); string(b) != `{"fish":["f1"],"n":2.5,"ok":true}` {
		t.Errorf("defaults %s", b)
	}
	for _, c := range []struct {
		field int
		in    string
		want  string // JSON, or "error"
	}{
		{0, "Al", `"Al"`}, {0, "A", "error"},
		{1, "yes", "true"}, {1, "N", "false"}, {1, "maybe", "error"},
		{2, "3.5", "3.5"}, {2, "11", "error"}, {2, "x", "error"},
		{3, "Dog", `"p2"`}, {3, "p1", `"p1"`}, {3, "2", `"p2"`}, {3, "Fish", "error"},
		{4, "superman", `"h1"`},
		{5, "Tuna, f2", `["f1","f2"]`}, {5, "", "error"}, {5, "Carp", "error"},
		{6, "ada@example.com", `"ada@example.com"`}, {6, "ada", "error"}, {6, "Ada <ada@example.com>", "error"},
		{7, "https://example.com/x", `"https://example.com/x"`}, {7, "mailto:a@b.c", `"mailto:a@b.c"`},
		{7, "example.com", "error"}, {7, "https://", "error"},
		{8, "2026-05-01", `"2026-05-01"`}, {8, "2026-13-01", "error"}, {8, "May 1", "error"},
		{9, "2026-05-01T09:30:00Z", `"2026-05-01T09:30:00Z"`}, {9, "2026-05-01T09:30:00+02:00", `"2026-05-01T09:30:00+02:00"`},
		{9, "2026-05-01", "error"},
	} {
		v, err := fields[c.field].Parse(c.in)
		got := "error"
		if err == nil {
			b, _ := json.Marshal(v)
			got = string(b)
		}
		if got != c.want {
			t.Errorf("%s.Parse(%q) = %s (%v), want %s", fields[c.field].Name, c.in, got, err, c.want)
		}
	}
	// A multiple choice picked from a list: values, titles; the count checked.
	if v, err := fields[5].Pick([]string{"f2", "Tuna"}); err != nil || fmt.Sprint(v) != "[f2 f1]" {
		t.Errorf("Pick %v, %v", v, err)
	}
	if _, err := fields[5].Pick(nil); err == nil {
		t.Error("no pick passed minItems 1")
	}
}

// TestRootsInTheFile: an entry's "roots" (with ${VAR} expanded) replace
// the Manager's roots for its server; by default none are offered.
func TestRootsInTheFile(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("MCPEEK_TEST_ROOT", dir)
	path := writeFile(t, dir+"/mcp.json", `{"mcpServers": {"own": {"command": "srv", "roots": ["${MCPEEK_TEST_ROOT}/a", "/b"]}, "none": {"command": "srv", "roots": []}, "plain": {"command": "srv"}}}`)
	cfg, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := cfg.Servers[0].Roots; !slices.Equal(got, []string{dir + "/a", "/b"}) {
		t.Errorf("roots %v", got)
	}
	m, err := NewManager(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	for name, want := range map[string][]string{
		"own":   {"file://" + dir + "/a", "file:///b"},
		"none":  {},
		"plain": {},
	} {
		var got []string
		for _, r := range m.byName[name].peer.roots {
			got = append(got, r.URI)
		}
		if !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
			t.Errorf("%s: roots %v, want %v", name, got, want)
		}
	}
}
