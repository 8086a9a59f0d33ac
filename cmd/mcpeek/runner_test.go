package main

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
)

// `mcpeek gateway --http` says where it listens, serves a client there,
// writes the events file, and on SIGTERM stops serving and exits 0.
func TestGatewayHTTPServesUntilSignalled(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the mcpeek binary: skipped with -short")
	}
	bin := mcpeekBinary(t)
	dir := t.TempDir()
	cfg := filepath.Join(dir, "mcp.json")
	b, _ := json.Marshal(map[string]any{"mcpServers": map[string]any{"demo": map[string]any{"command": bin, "args": []string{"demo-server"}}}})
	if err := os.WriteFile(cfg, b, 0o644); err != nil {
		t.Fatal(err)
	}
	events := filepath.Join(dir, "events.jsonl")
	cmd := exec.Command(bin, "gateway", "--http", "127.0.0.1:0", "--config", cfg, "--events", events)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()

	found := make(chan string, 1)
	go func() {
		listening := regexp.MustCompile(`listening on (http://127\.0\.0\.1:\d+/mcp)`)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if m := listening.FindStringSubmatch(sc.Text()); m != nil {
				found <- m[1]
			}
		}
	}()
	var url string
	select {
	case url = <-found:
	case <-time.After(30 * time.Second):
		t.Fatal("the gateway never said where it listens")
	}

	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	c, err := client.NewStreamableHttpClient(url)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Initialize(ctx, mcp.InitializeRequest{}); err != nil {
		t.Fatal(err)
	}
	res, err := c.CallTool(ctx, mcp.CallToolRequest{Params: mcp.CallToolParams{Name: "tool_help", Arguments: map[string]any{"path": "demo"}}})
	if err != nil || res.IsError {
		t.Fatalf("tool_help: %v %+v", err, res)
	}
	c.Close()

	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	select {
	case err := <-exited:
		if err != nil {
			t.Fatalf("exit after SIGTERM: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("still running after SIGTERM")
	}
	line, _ := os.ReadFile(events)
	if !strings.Contains(string(line), `"tool":"tool_help"`) {
		t.Errorf("events file: %q", line)
	}
}

// --gateway-addr is checked before the explorer opens.
func TestGatewayAddrFlag(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		addr, want string
	}{
		{"0.0.0.0:8931", "loopback addresses only"},
		{"8931", "missing port"},
	} {
		_, stderr, code := mcpeek(t, "--gateway-addr", c.addr)
		if code != 1 || !strings.Contains(stderr, "--gateway-addr") || !strings.Contains(stderr, c.want) {
			t.Errorf("%s: exit %d: %s", c.addr, code, stderr)
		}
	}
	// Without a terminal a good address gets the help and the reason, as
	// no flag does.
	if out, stderr, code := mcpeek(t, "--gateway-addr", "127.0.0.1:8931"); code != 1 || !strings.Contains(out, "--gateway-addr") || !strings.Contains(stderr, "needs a terminal") {
		t.Errorf("exit %d: %s%s", code, out, stderr)
	}
}
