package gateway

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"mcpeek/mcpclient"
)

// TestCommand runs `mcpeek gateway` as an MCP client would (stdio), with
// the policy flags, the mode from the environment and an events file.
func TestCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the mcpeek binary: skipped with -short")
	}
	bin, err := gatewayBin()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cfg := filepath.Join(dir, "mcp.json")
	b, _ := json.Marshal(map[string]any{"mcpServers": map[string]any{"demo": map[string]any{"command": bin, "args": []string{"demo-server"}}}})
	os.WriteFile(cfg, b, 0o644)
	events := filepath.Join(dir, "events.jsonl")

	m, err := mcpclient.NewManager(mcpclient.Config{Servers: []mcpclient.ServerConfig{{
		Name: "gw", Command: bin,
		Args: []string{"gateway", "--config", cfg, "--read-only", "--deny", "demo.shop_*", "--events", events, "--server-deadline", "demo=5s"},
		Env:  map[string]string{"MCPEEK_GATEWAY_MODE": "direct"},
	}}})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := m.Start(ctx); err != nil {
		t.Fatal(err)
	}
	tools := names(m.Tools("gw"))
	if len(tools) < 3 || tools[0] != "inspect_tool_output" {
		s, _ := m.Server("gw")
		t.Fatalf("direct mode from MCPEEK_GATEWAY_MODE: %v %s %v", tools, s.Err, s.Stderr)
	}
	for _, name := range tools {
		if strings.HasPrefix(name, "demo__shop_") || name == "demo__chat_post_message" || name == "demo__mail_modify_labels" {
			t.Errorf("%s is denied (--deny, --read-only) but listed", name)
		}
	}
	res, err := m.CallTool(ctx, "gw", "demo__util_echo", json.RawMessage(`{"message":"hi"}`))
	if err != nil || res.IsError {
		t.Fatalf("%v %s", err, res.Raw)
	}
	m.Close() // the gateway exits when its stdin closes, flushing the events
	line, _ := os.ReadFile(events)
	if !strings.Contains(string(line), `"op":"demo.util_echo"`) || strings.Count(string(line), "\n") != 1 {
		t.Fatalf("events file: %q", line)
	}

	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"gateway", "--mode", "bogus"}, "unknown gateway mode"},
		{[]string{"gateway", "--config", cfg, "--http", "0.0.0.0:0"}, "refusing to listen"},
		{[]string{"gateway", "--server-deadline", "demo"}, "NAME=DURATION"},
		{[]string{"gateway", "--deny", "["}, "policy glob"},
	} {
		out, err := exec.Command(bin, c.args...).CombinedOutput()
		if err == nil || !strings.Contains(string(out), c.want) {
			t.Errorf("%v: %v %s", c.args, err, out)
		}
	}
}

// TestCommandSIGTERMDuringStartup: SIGTERM while an upstream is still
// connecting (this one never answers initialize) ends `mcpeek gateway`
// at once, with exit status 0.
func TestCommandSIGTERMDuringStartup(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the mcpeek binary: skipped with -short")
	}
	bin, err := gatewayBin()
	if err != nil {
		t.Fatal(err)
	}
	for _, transport := range [][]string{{"--http", "127.0.0.1:0"}, nil} {
		t.Run(fmt.Sprint(transport), func(t *testing.T) {
			dir := t.TempDir()
			started := filepath.Join(dir, "started")
			mute := helperConfig("mute", "mute")
			mute.Env[startedEnv] = started
			cfg := filepath.Join(dir, "mcp.json")
			b, _ := json.Marshal(map[string]any{"mcpServers": map[string]any{"mute": map[string]any{"command": mute.Command, "args": mute.Args, "env": mute.Env}}})
			os.WriteFile(cfg, b, 0o644)
			cmd := exec.Command(bin, append([]string{"gateway", "--config", cfg}, transport...)...)
			stdin, _ := cmd.StdinPipe() // stdio serving must not end by its input closing
			defer stdin.Close()
			var stderr strings.Builder
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			// Once the upstream runs, mcpeek waits for it to connect.
			eventually(t, "the upstream to start", func() bool { _, err := os.Stat(started); return err == nil })
			start := time.Now()
			cmd.Process.Signal(syscall.SIGTERM)
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			select {
			case err := <-done:
				if err != nil {
					t.Errorf("exit: %v\n%s", err, stderr.String())
				}
				// Not ending at once, it would wait out its upstreams' start
				// (10 s) first.
				if took := time.Since(start); took >= 10*time.Second {
					t.Errorf("took %s to exit", took)
				}
			case <-time.After(time.Minute):
				cmd.Process.Kill()
				<-done
				t.Fatalf("still running a minute after SIGTERM\n%s", stderr.String())
			}
		})
	}
}
