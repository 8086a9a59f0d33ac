package gateway

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"

	"mcpeek/mcpclient"
)

func TestStdioServe(t *testing.T) {
	t.Parallel()
	for _, mode := range []string{"gateway", "gateway-direct"} {
		t.Run(mode, func(t *testing.T) {
			m, err := mcpclient.NewManager(mcpclient.Config{Servers: []mcpclient.ServerConfig{helperConfig("gw", mode)}})
			if err != nil {
				t.Fatal(err)
			}
			defer m.Close()
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			if err := m.Start(ctx); err != nil {
				t.Fatal(err)
			}
			tools := m.Tools("gw")
			if s, _ := m.Server("gw"); len(tools) == 0 {
				t.Fatalf("no tools: %s %v", s.Err, s.Stderr)
			}
			var res *mcpclient.CallResult
			if mode == "gateway" {
				if len(tools) != 3 {
					t.Fatalf("%v", names(tools))
				}
				res, err = m.CallTool(ctx, "gw", "tool_exec", json.RawMessage(`{"op":"demo.util_echo","args":{"message":"hi"}}`))
			} else {
				if len(tools) != 2+16 || tools[0].Name != "inspect_tool_output" { // the inspectors and the demo tools
					t.Fatalf("%v", names(tools))
				}
				res, err = m.CallTool(ctx, "gw", "demo__util_echo", json.RawMessage(`{"message":"hi"}`))
			}
			if err != nil || res.IsError || !strings.Contains(res.Text, "Hello from the mcpeek demo server") {
				t.Fatalf("%v %s", err, res.Raw)
			}
		})
	}
}

// stdioServing serialises the tests that serve stdio in this process:
// mcp-go keeps one stdio session per process.
var stdioServing sync.Mutex

// stdioClient serves the gateway of h over in-memory pipes and returns an
// initialised mcp-go client of it; both end with the test.
func stdioClient(t *testing.T, h *harness) *client.Client {
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
	c := client.NewClient(transport.NewIO(outR, inW, nil))
	t.Cleanup(func() {
		c.Close() // closes inW: Serve sees the end of its input
		outR.Close()
		if err := <-served; err != nil {
			t.Errorf("Serve: %v", err)
		}
	})
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Initialize(ctx, mcp.InitializeRequest{}); err != nil {
		t.Fatal(err)
	}
	return c
}

func TestStdioHungCallsHoldUpNoOtherCall(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{})
	c := stdioClient(t, h)
	exec := func(ctx context.Context, op string, args map[string]any) error {
		res, err := c.CallTool(ctx, mcp.CallToolRequest{Params: mcp.CallToolParams{
			Name: "tool_exec", Arguments: map[string]any{"op": op, "args": args}}})
		if err == nil && res.IsError {
			err = fmt.Errorf("%s: %v", op, res.Content)
		}
		return err
	}
	// More calls that do not answer than any pool of workers would hold.
	const hung = 150
	returned := make(chan error, hung)
	for range hung {
		go func() { returned <- exec(context.Background(), "test.gate", nil) }()
	}
	eventually(t, "every call to be running", func() bool { return h.ts.inFlight.Load() == hung })
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	// Another tool of the same server, and another server.
	if err := exec(ctx, "test.text_plain", nil); err != nil {
		t.Fatalf("a call to the same server while %d calls hang: %v", hung, err)
	}
	if err := exec(ctx, "demo.util_echo", map[string]any{"message": "hi"}); err != nil {
		t.Fatalf("a call to another server while %d calls hang: %v", hung, err)
	}
	if n := len(returned); n > 0 {
		t.Fatalf("%d hung calls returned before being let go", n)
	}
	close(h.ts.release)
	for range hung {
		if err := <-returned; err != nil {
			t.Errorf("released call: %v", err)
		}
	}
}
