package mcpclient

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"mcpeek/assets"
	"mcpeek/summarizer"
)

// runBenchHelper is an mcp-go stdio server for benchmarks: it waits
// BENCH_DELAY_MS before serving (a slow start-up) and lists BENCH_TOOLS
// tools whose schemas cycle through the demo server's catalogue.
func runBenchHelper() int {
	delay, _ := strconv.Atoi(os.Getenv("BENCH_DELAY_MS"))
	count, _ := strconv.Atoi(os.Getenv("BENCH_TOOLS"))
	time.Sleep(time.Duration(delay) * time.Millisecond)
	var demo []struct {
		Description  string          `json:"description"`
		InputSchema  json.RawMessage `json:"inputSchema"`
		OutputSchema json.RawMessage `json:"outputSchema"`
	}
	if err := json.Unmarshal(assets.DemoTools(), &demo); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if maxBytes, _ := strconv.Atoi(os.Getenv("BENCH_MAX_SCHEMA")); maxBytes > 0 {
		kept := demo[:0]
		for _, d := range demo {
			if len(d.OutputSchema) <= maxBytes {
				kept = append(kept, d)
			}
		}
		demo = kept
	}
	srv := server.NewMCPServer("bench", "1", server.WithToolCapabilities(true))
	for i := range max(count, 1) {
		d := demo[i%len(demo)]
		srv.AddTool(mcp.Tool{Name: fmt.Sprintf("tool_%04d", i), Description: d.Description,
			RawInputSchema: d.InputSchema, RawOutputSchema: d.OutputSchema},
			func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				return mcp.NewToolResultText("ok"), nil
			})
	}
	if err := server.ServeStdio(srv); err != nil {
		return 1
	}
	return 0
}

func benchServer(name string, delayMS, tools int) ServerConfig {
	c := helperConfig(name, "bench")
	c.Env["BENCH_DELAY_MS"] = strconv.Itoa(delayMS)
	c.Env["BENCH_TOOLS"] = strconv.Itoa(tools)
	return c
}

// BenchmarkConnect measures the time until every server is connected, for
// one server and for ten, each taking 300 ms to start. Concurrent connects
// make ten cost about what one does, not ten times as much.
func BenchmarkConnect(b *testing.B) {
	for _, n := range []int{1, 10} {
		b.Run(fmt.Sprintf("servers=%d", n), func(b *testing.B) {
			var cfg Config
			for i := range n {
				cfg.Servers = append(cfg.Servers, benchServer(fmt.Sprintf("s%d", i), 300, 3))
			}
			for b.Loop() {
				m, err := NewManager(cfg, WithStopGrace(time.Second))
				if err != nil {
					b.Fatal(err)
				}
				if err := m.Start(context.Background()); err != nil {
					b.Fatal(err)
				}
				for _, s := range m.Servers() {
					if s.Err != "" {
						b.Fatal(s.Err)
					}
				}
				b.StopTimer()
				m.Close()
				b.StartTimer()
			}
		})
	}
}

// BenchmarkListAndSummarize1200: connect to a server with 1,200 tools, list
// them byte-exactly, and build every planner descriptor. "heavy" cycles
// through every demo schema (26 KB a tool, 31 MB of tools/list); "typical"
// only through the demo schemas under 8 KB.
func BenchmarkListAndSummarize1200(b *testing.B) {
	for _, c := range []struct {
		name      string
		maxSchema int
	}{{"typical", 8 << 10}, {"heavy", 0}} {
		b.Run(c.name, func(b *testing.B) {
			srv := benchServer("big", 0, 1200)
			srv.Env["BENCH_MAX_SCHEMA"] = strconv.Itoa(c.maxSchema)
			listAndSummarize(b, Config{Servers: []ServerConfig{srv}})
		})
	}
}

func listAndSummarize(b *testing.B, cfg Config) {
	for b.Loop() {
		m, err := NewManager(cfg)
		if err != nil {
			b.Fatal(err)
		}
		if err := m.Start(context.Background()); err != nil {
			b.Fatal(err)
		}
		tools := m.Tools("big")
		if len(tools) != 1200 {
			b.Fatalf("listed %d tools", len(tools))
		}
		_, errs := summarizer.DescribeAll(tools, summarizer.Options{})
		for _, err := range errs {
			if err != nil {
				b.Fatal(err)
			}
		}
		b.StopTimer()
		m.Close()
		b.StartTimer()
	}
}
