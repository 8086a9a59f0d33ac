package gateway

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"mcpeek/internal/npmpeers"
	"mcpeek/mcpclient"
)

// askerSchema lists its properties out of alphabetical order: a relay
// must keep the order a form asks them in.
const askerSchema = `{"type":"object","properties":{"zeta":{"type":"string","title":"Zeta"},"alpha":{"type":"number"}},"required":["zeta"]}`

// newAsker is an upstream whose tools ask their client for input while
// they run: ask (a form elicitation), ask_url (a url-mode one) and sample
// (a sampling request). Each answers what the client answered. They ask
// the 2026-07-28 way (an input_required result); mcp-go sends an older
// client the requests themselves.
func newAsker() *server.MCPServer {
	srv := server.NewMCPServer("asker", "1", server.WithToolCapabilities(true))
	ask := func(name string, build func(b *server.InputRequestBuilder)) {
		srv.AddTool(mcp.NewTool(name), func(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			if got, ok := server.InputResponse(req.Params.InputResponses, "q"); ok {
				return mcp.NewToolResultText(asJSON(got)), nil
			}
			b := server.NewInputRequestBuilder("")
			build(b)
			return b.ToolResult(), nil
		})
	}
	ask("ask", func(b *server.InputRequestBuilder) {
		b.Elicit("q", mcp.ElicitationParams{Message: "Your name?\x1b[2J", RequestedSchema: json.RawMessage(askerSchema)})
	})
	ask("ask_url", func(b *server.InputRequestBuilder) {
		b.Elicit("q", mcp.ElicitationParams{Mode: mcp.ElicitationModeURL, Message: "Sign in", ElicitationID: "e-1", URL: "https://example.com/login?x=1"})
	})
	ask("ask_hidden_url", func(b *server.InputRequestBuilder) {
		b.Elicit("q", mcp.ElicitationParams{Mode: mcp.ElicitationModeURL, Message: "Sign in", ElicitationID: "e-2", URL: "https://exam\u202eple.com/login"})
	})
	ask("sample", func(b *server.InputRequestBuilder) {
		b.Sample("q", mcp.CreateMessageParams{SystemPrompt: "Be brief.\x1b]0;t\x07", MaxTokens: 20,
			Messages: []mcp.SamplingMessage{{Role: mcp.RoleUser, Content: mcp.NewTextContent("2+2?\x1b[31m")}}})
	})
	return srv
}

func asJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// downstream is a client of the gateway that answers elicitations and
// sampling requests, and keeps what it was asked.
type downstream struct {
	mu      sync.Mutex
	asked   []mcp.ElicitationParams
	sampled []mcp.CreateMessageParams
	hang    bool           // answer only once release is closed
	release chan struct{}  // closed when the test ends
	content map[string]any // a form's answer (default: the asker's)
}

func newDownstream() *downstream { return &downstream{release: make(chan struct{})} }

// counts returns how many elicitations and sampling requests were asked.
func (d *downstream) counts() (int, int) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return len(d.asked), len(d.sampled)
}

func (d *downstream) Elicit(ctx context.Context, req mcp.ElicitationRequest) (*mcp.ElicitationResult, error) {
	d.mu.Lock()
	d.asked = append(d.asked, req.Params)
	d.mu.Unlock()
	if d.hang {
		select {
		case <-ctx.Done():
		case <-d.release:
		}
		return nil, errors.New("not answered")
	}
	if req.Params.Mode == mcp.ElicitationModeURL {
		return &mcp.ElicitationResult{ElicitationResponse: mcp.ElicitationResponse{Action: mcp.ElicitationResponseActionAccept}}, nil
	}
	content := d.content
	if content == nil {
		content = map[string]any{"zeta": "Ada", "alpha": 1.5}
	}
	return &mcp.ElicitationResult{ElicitationResponse: mcp.ElicitationResponse{Action: mcp.ElicitationResponseActionAccept, Content: content}}, nil
}

func (d *downstream) CreateMessage(_ context.Context, req mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
	d.mu.Lock()
	d.sampled = append(d.sampled, req.CreateMessageParams)
	d.mu.Unlock()
	return &mcp.CreateMessageResult{SamplingMessage: mcp.SamplingMessage{Role: mcp.RoleAssistant, Content: mcp.NewTextContent("4")},
		Model: "test-model", StopReason: "endTurn"}, nil
}

// askingCaps declares both capabilities, elicitation in both modes.
var askingCaps = mcp.ClientCapabilities{Sampling: &mcp.SamplingCapability{},
	Elicitation: &mcp.ElicitationCapability{Form: &struct{}{}, URL: &struct{}{}}}

// options declare caps and handle what they declare (mcp-go's client
// declares sampling by itself when it has a sampling handler).
func (d *downstream) options(caps mcp.ClientCapabilities) []client.ClientOption {
	opts := []client.ClientOption{client.WithClientCapabilities(caps)}
	if caps.Elicitation != nil {
		opts = append(opts, client.WithElicitationHandler(d))
	}
	if caps.Sampling != nil {
		opts = append(opts, client.WithSamplingHandler(d))
	}
	return opts
}

// askerHarness is a harness whose upstreams are the asker in process
// ("asker"), and over stdio in the 2026-07-28 era ("sasker") and in the
// 2025-11-25 one ("lasker", whose requests arrive on the connection).
func askerHarness(t *testing.T, opts Options) *harness {
	legacy := helperConfig("lasker", "asker")
	legacy.ProtocolVersion = mcp.LATEST_LEGACY_PROTOCOL_VERSION
	cfg := mcpclient.Config{Servers: []mcpclient.ServerConfig{helperConfig("sasker", "asker"), legacy}}
	return newHarness(t, harnessConfig{opts: opts, cfg: cfg, noDemo: true, upOpts: []mcpclient.Option{mcpclient.WithInProcess("asker", newAsker())}})
}

// stdioClientWith is stdioClient with client options.
func stdioClientWith(t *testing.T, h *harness, opts ...client.ClientOption) *client.Client {
	t.Helper()
	stdioServing.Lock()
	t.Cleanup(stdioServing.Unlock)
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	served := make(chan error, 1)
	go func() {
		served <- h.g.Serve(context.Background(), inR, outW)
		outW.Close()
	}()
	c := client.NewClient(transport.NewIO(outR, inW, nil), opts...)
	t.Cleanup(func() {
		c.Close()
		outR.Close()
		if err := <-served; err != nil {
			t.Errorf("Serve: %v", err)
		}
	})
	initialize(t, c)
	return c
}

func initialize(t *testing.T, c *client.Client) {
	t.Helper()
	// The transport answers the gateway's requests on Start's context.
	if err := c.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := c.Initialize(ctx, mcp.InitializeRequest{}); err != nil {
		t.Fatal(err)
	}
}

func httpClientWith(t *testing.T, url string, opts ...client.ClientOption) *client.Client {
	t.Helper()
	// mcp-go's server sends the session era's requests on the GET stream.
	tr, err := transport.NewStreamableHTTP(url, transport.WithContinuousListening())
	if err != nil {
		t.Fatal(err)
	}
	c := client.NewClient(tr, opts...)
	t.Cleanup(func() { c.Close() })
	initialize(t, c)
	return c
}

// callTool calls a gateway tool and returns its envelope (progressive) or
// its text (direct).
func callTool(t *testing.T, c *client.Client, name string, args map[string]any) (envelope, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	res, err := c.CallTool(ctx, mcp.CallToolRequest{Params: mcp.CallToolParams{Name: name, Arguments: args}})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var env envelope
	_ = json.Unmarshal(res.RawStructuredContent, &env)
	text := ""
	if len(res.Content) > 0 {
		if tc, ok := res.Content[0].(mcp.TextContent); ok {
			text = tc.Text
		}
	}
	return env, text
}

func execOn(t *testing.T, c *client.Client, op string) envelope {
	t.Helper()
	env, _ := callTool(t, c, "tool_exec", map[string]any{"op": op, "args": map[string]any{}})
	return env
}

// TestRelayPassesRequestsToTheCallingClient: an upstream's elicitations
// (form and url mode) and sampling requests during a tool_exec reach the
// gateway's client, over stdio and over HTTP in the session era, from an
// upstream in process and one over stdio; the client's answers reach the
// upstream unchanged; text is sanitised and a form's properties keep their
// order.
func TestRelayPassesRequestsToTheCallingClient(t *testing.T) {
	t.Parallel()
	legacy := client.WithProtocolVersion(mcp.LATEST_LEGACY_PROTOCOL_VERSION)
	clients := map[string]func(t *testing.T, d *downstream) *client.Client{
		"stdio 2025-11-25": func(t *testing.T, d *downstream) *client.Client {
			return stdioClientWith(t, askerHarness(t, Options{}), append(d.options(askingCaps), legacy)...)
		},
		"http 2025-11-25": func(t *testing.T, d *downstream) *client.Client {
			return httpClientWith(t, serveHTTP(t, askerHarness(t, Options{}).g), append(d.options(askingCaps), legacy)...)
		},
		// 2026-07-28: the gateway answers input_required, the client retries.
		"stdio 2026-07-28": func(t *testing.T, d *downstream) *client.Client {
			return stdioClientWith(t, askerHarness(t, Options{}), d.options(askingCaps)...)
		},
		"http 2026-07-28": func(t *testing.T, d *downstream) *client.Client {
			return httpClientWith(t, serveHTTP(t, askerHarness(t, Options{}).g), d.options(askingCaps)...)
		},
	}
	for name, connect := range clients {
		for _, upstream := range []string{"asker", "sasker", "lasker"} {
			t.Run(name+"/"+upstream, func(t *testing.T) {
				d := newDownstream()
				c := connect(t, d)

				env := execOn(t, c, upstream+".ask")
				mustOK(t, env)
				if got := string(env.Result); !strings.Contains(got, `"action":"accept"`) || !strings.Contains(got, `"zeta":"Ada"`) || !strings.Contains(got, `"alpha":1.5`) {
					t.Errorf("the upstream got %s", got)
				}
				env = execOn(t, c, upstream+".ask_url")
				mustOK(t, env)
				if got := string(env.Result); !strings.Contains(got, `"action":"accept"`) {
					t.Errorf("url mode: the upstream got %s", got)
				}
				env = execOn(t, c, upstream+".sample")
				mustOK(t, env)
				if got := string(env.Result); !strings.Contains(got, `"model":"test-model"`) || !strings.Contains(got, `"text":"4"`) || !strings.Contains(got, `"stopReason":"endTurn"`) {
					t.Errorf("sampling: the upstream got %s", got)
				}

				d.mu.Lock()
				defer d.mu.Unlock()
				if len(d.asked) != 2 || len(d.sampled) != 1 {
					t.Fatalf("the client was asked %d elicitations and %d sampling requests", len(d.asked), len(d.sampled))
				}
				form, page := d.asked[0], d.asked[1]
				if form.Message != "Your name?" {
					t.Errorf("message %q", form.Message)
				}
				// (mcp-go's client reads the requested schema into a map: the
				// order of its properties cannot be checked here.)
				if schema := asJSON(form.RequestedSchema); !strings.Contains(schema, `"title":"Zeta"`) {
					t.Errorf("requested schema %s", schema)
				}
				if page.Mode != mcp.ElicitationModeURL || page.URL != "https://example.com/login?x=1" || page.ElicitationID != "e-1" {
					t.Errorf("url elicitation %+v", page)
				}
				s := d.sampled[0]
				if s.SystemPrompt != "Be brief." || s.MaxTokens != 20 || len(s.Messages) != 1 || !strings.Contains(asJSON(s.Messages[0].Content), `"text":"2+2?"`) {
					t.Errorf("sampling request %+v", s)
				}
			})
		}
	}
}

// TestRelayDeclinesWhatTheClientCannotAnswer: a client that declared
// neither capability, and one that declared form elicitation only: the
// upstream's requests are declined, and both the upstream and the
// envelope say why.
func TestRelayDeclinesWhatTheClientCannotAnswer(t *testing.T) {
	t.Parallel()
	legacy := client.WithProtocolVersion(mcp.LATEST_LEGACY_PROTOCOL_VERSION)
	formOnly := mcp.ClientCapabilities{Elicitation: &mcp.ElicitationCapability{Form: &struct{}{}}}
	cases := []struct {
		name string
		caps *mcp.ClientCapabilities
		op   string
		why  string
	}{
		{"no capability", nil, "lasker.ask", "did not declare the elicitation capability"},
		{"no sampling", &formOnly, "sasker.sample", "did not declare the sampling capability"},
		{"form only", &formOnly, "asker.ask_url", "did not declare url-mode elicitation"},
		// The url as sent holds a character that is not shown: the client
		// would be shown one address and open another.
		{"hidden character in the url", &askingCaps, "asker.ask_hidden_url", "its url cannot be opened as sent"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			d := newDownstream()
			opts := []client.ClientOption{legacy}
			if tc.caps != nil {
				opts = append(opts, d.options(*tc.caps)...)
			}
			env := execOn(t, stdioClientWith(t, askerHarness(t, Options{}), opts...), tc.op)
			if strings.Contains(tc.op, "sample") {
				// The asker cannot go on without its sampling: the call
				// fails, and the error says why.
				mustCode(t, env, CodeUpstreamError)
				if notes := asJSON(env.Error.Details["client_requests"]); !strings.Contains(notes, "the gateway declined: ") || !strings.Contains(notes, tc.why) ||
					!strings.Contains(env.Error.Message, "User rejected sampling request: the gateway's client "+tc.why) {
					t.Errorf("%s %s", env.Error.Message, notes)
				}
			} else {
				mustOK(t, env)
				if len(env.Meta.Warnings) != 1 || !strings.Contains(env.Meta.Warnings[0], "the gateway declined: ") || !strings.Contains(env.Meta.Warnings[0], tc.why) {
					t.Errorf("warnings %q", env.Meta.Warnings)
				}
				if got := string(env.Result); !strings.Contains(got, `"action":"decline"`) || !strings.Contains(got, tc.why) {
					t.Errorf("the upstream got %s", got)
				}
			}
			if e, s := d.counts(); e+s > 0 {
				t.Errorf("the client was asked anyway")
			}
		})
	}
}

// TestRelayEndsAtTheDeadline: a client that never answers holds the call
// only until its deadline.
func TestRelayEndsAtTheDeadline(t *testing.T) {
	t.Parallel()
	for _, op := range []string{"asker.ask", "sasker.ask", "lasker.ask"} {
		t.Run(op, func(t *testing.T) {
			t.Parallel()
			d := newDownstream()
			d.hang = true
			defer close(d.release)
			h := askerHarness(t, Options{Deadline: 300 * time.Millisecond})
			c := stdioClientWith(t, h, append(d.options(askingCaps), client.WithProtocolVersion(mcp.LATEST_LEGACY_PROTOCOL_VERSION))...)
			env := execOn(t, c, op)
			mustCode(t, env, CodeUnavailable)
			if !strings.Contains(env.Error.Message, "did not answer within the 300ms deadline") {
				t.Errorf("%s", env.Error.Message)
			}
			if e, _ := d.counts(); e != 1 {
				t.Errorf("the client was asked %d times", e)
			}
		})
	}
}

// TestRelayInDirectMode: a direct-mode pass-through call is relayed too.
func TestRelayInDirectMode(t *testing.T) {
	t.Parallel()
	h := askerHarness(t, Options{Mode: ModeDirect})
	d := newDownstream()
	c := stdioClientWith(t, h, append(d.options(askingCaps), client.WithProtocolVersion(mcp.LATEST_LEGACY_PROTOCOL_VERSION))...)
	_, text := callTool(t, c, "lasker__sample", map[string]any{})
	if !strings.Contains(text, `"model":"test-model"`) {
		t.Errorf("the upstream got %s", text)
	}
}

// TestRelayWithServerEverything: server-everything over stdio as the
// upstream, an mcp-go client over HTTP (2025-11-25, and 2026-07-28) as the
// gateway's client: its elicitation and sampling requests, plain and as tasks that
// mcpeek runs, are answered by the client.
func TestRelayWithServerEverything(t *testing.T) {
	node, modules := npmpeers.Find(t)
	cfg := mcpclient.Config{Servers: []mcpclient.ServerConfig{{Name: "everything", Source: "test", Command: node,
		Args: []string{filepath.Join(modules, "@modelcontextprotocol/server-everything/dist/index.js"), "stdio"}}}}
	h := newHarness(t, harnessConfig{cfg: cfg, noDemo: true})
	url := serveHTTP(t, h.g)
	for _, era := range []string{mcp.LATEST_LEGACY_PROTOCOL_VERSION, "2026-07-28"} {
		t.Run(era, func(t *testing.T) { everythingAsks(t, url, era) })
	}
}

func everythingAsks(t *testing.T, url, era string) {
	d := newDownstream()
	d.content = map[string]any{"name": "Ada Lovelace", "check": true}
	c := httpClientWith(t, url, append(d.options(askingCaps), client.WithProtocolVersion(era))...)
	for _, tc := range []struct {
		op   string
		args map[string]any
		want string
	}{
		{"everything.trigger-elicitation-request", nil, "Ada Lovelace"},
		{"everything.trigger-sampling-request", map[string]any{"prompt": "2+2?", "maxTokens": 20}, "test-model"},
		{"everything.trigger-elicitation-request-async", nil, "Ada Lovelace"},
		{"everything.trigger-sampling-request-async", map[string]any{"prompt": "2+2?", "maxTokens": 20}, "test-model"},
	} {
		env, _ := callTool(t, c, "tool_exec", map[string]any{"op": tc.op, "args": tc.args})
		mustOK(t, env)
		if !strings.Contains(string(env.Result), tc.want) {
			t.Errorf("%s: %s", tc.op, env.Result)
		}
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if len(d.asked) != 2 || len(d.sampled) != 2 {
		t.Errorf("the client was asked %d elicitations and %d sampling requests", len(d.asked), len(d.sampled))
	}
}

// TestRelayResumeOfNothing: a 2026-07-28 retry whose requestState names no
// parked call is refused plainly.
func TestRelayResumeOfNothing(t *testing.T) {
	t.Parallel()
	h := askerHarness(t, Options{})
	body := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"tool_exec","arguments":{"op":"asker.ask"},` +
		`"requestState":"mcpeek-call-nope","_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28",` +
		`"io.modelcontextprotocol/clientCapabilities":{"elicitation":{}},"io.modelcontextprotocol/clientInfo":{"name":"t","version":"1"}}}}`
	code, got := post(t, serveHTTP(t, h.g), body, map[string]string{"Mcp-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call", "Mcp-Name": "tool_exec"})
	if code != 200 || !strings.Contains(got, "names no call waiting for input") || !strings.Contains(got, `"isError":true`) {
		t.Fatalf("%d %s", code, got)
	}
}

// TestRelayInBatches: the steps of a parallel tool_batch ask at the same
// time; each request reaches the client (a 2026-07-28 client gets them in
// one input_required) and each step gets its own answer.
func TestRelayInBatches(t *testing.T) {
	t.Parallel()
	for _, era := range []string{mcp.LATEST_LEGACY_PROTOCOL_VERSION, "2026-07-28"} {
		t.Run(era, func(t *testing.T) {
			t.Parallel()
			d := newDownstream()
			c := httpClientWith(t, serveHTTP(t, askerHarness(t, Options{}).g), append(d.options(askingCaps), client.WithProtocolVersion(era))...)
			var steps []any
			for _, op := range []string{"asker.ask", "lasker.ask", "sasker.sample", "lasker.sample"} {
				steps = append(steps, map[string]any{"type": "exec", "op": op, "args": map[string]any{}})
			}
			_, text := callTool(t, c, "tool_batch", map[string]any{"ops": steps, "mode": "parallel"})
			var batch struct {
				OK      bool       `json:"ok"`
				Results []envelope `json:"results"`
			}
			if err := json.Unmarshal([]byte(text), &batch); err != nil || !batch.OK || len(batch.Results) != 4 {
				t.Fatalf("%v %s", err, text)
			}
			for i, want := range []string{`"zeta":"Ada"`, `"zeta":"Ada"`, `"model":"test-model"`, `"model":"test-model"`} {
				if !strings.Contains(string(batch.Results[i].Result), want) {
					t.Errorf("step %d: %s", i, batch.Results[i].Result)
				}
			}
			if e, s := d.counts(); e != 2 || s != 2 {
				t.Errorf("the client was asked %d elicitations and %d sampling requests", e, s)
			}
		})
	}
}
