package gateway

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"mcpeek/internal/npmpeers"
)

// gatewayBin builds mcpeek once per test binary.
var gatewayBin = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "mcpeek-gateway-e2e")
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "mcpeek")
	if out, err := exec.Command("go", "build", "-o", bin, "../cmd/mcpeek").CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build: %v: %s", err, out)
	}
	return bin, nil
})

// e2eSetup builds mcpeek and writes a config whose one server is mcpeek's
// own demo server over stdio (a config, so that no config of the machine's
// user is picked up).
func e2eSetup(t *testing.T) (node, modules, bin, cfg string) {
	t.Helper()
	node, modules = npmpeers.Find(t)
	bin, err := gatewayBin()
	if err != nil {
		t.Fatal(err)
	}
	cfg = filepath.Join(t.TempDir(), "mcp.json")
	b, _ := json.Marshal(map[string]any{"mcpServers": map[string]any{"demo": map[string]any{"command": bin, "args": []string{"demo-server"}}}})
	if err := os.WriteFile(cfg, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return node, modules, bin, cfg
}

// startHTTPGateway runs `mcpeek gateway --http 127.0.0.1:0` and returns its
// URL and process; the process is stopped (SIGTERM, then waited for) at
// cleanup.
func startHTTPGateway(t testing.TB, bin string, args ...string) (string, *exec.Cmd) {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"gateway", "--http", "127.0.0.1:0"}, args...)...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-done
			t.Error("the gateway did not stop on SIGTERM")
		}
	})
	urls := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if m := regexp.MustCompile(`listening on (http://\S+)`).FindStringSubmatch(sc.Text()); m != nil {
				urls <- m[1]
			}
		}
	}()
	select {
	case u := <-urls:
		return u, cmd
	case <-time.After(30 * time.Second):
		t.Fatal("the HTTP gateway did not start")
	}
	return "", nil
}

func runNode(t *testing.T, node string, args ...string) (string, error) {
	t.Helper()
	cmd := exec.Command(node, args...)
	cmd.Env = append(os.Environ(), "NO_COLOR=1")
	done := make(chan struct{})
	var out []byte
	var err error
	go func() {
		out, err = cmd.CombinedOutput()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(2 * time.Minute):
		cmd.Process.Kill()
		<-done
		t.Fatalf("node %v: timed out\n%s", args, out)
	}
	return string(out), err
}

// TestInspectorCLI drives the gateway with the official MCP Inspector in
// CLI mode: it lists the three tools (and finds no portability problem in
// their schemas), discovers with tool_help and calls with tool_exec, over
// stdio and over HTTP.
func TestInspectorCLI(t *testing.T) {
	t.Parallel()
	node, modules, bin, cfg := e2eSetup(t)
	inspector := filepath.Join(modules, "@modelcontextprotocol/inspector/clients/launcher/build/index.js")
	stdio := []string{"--", bin, "gateway", "--config", cfg}
	cli := func(args ...string) []string { return append([]string{inspector, "--cli"}, args...) }

	out, err := runNode(t, node, cli(append([]string{"--method", "tools/list", "--strict"}, stdio...)...)...)
	if err != nil || strings.Contains(out, "Warning") {
		t.Fatalf("tools/list --strict: %v\n%s", err, out)
	}
	var list struct {
		Tools []struct {
			Name string `json:"name"`
		} `json:"tools"`
	}
	if json.Unmarshal([]byte(out[strings.Index(out, "{"):]), &list); len(list.Tools) != 3 || list.Tools[0].Name != "tool_help" || list.Tools[2].Name != "tool_batch" {
		t.Fatalf("tools/list: %s", out)
	}

	type result struct {
		IsError           bool            `json:"isError"`
		StructuredContent json.RawMessage `json:"structuredContent"`
	}
	call := func(target []string, tool string, args ...string) result {
		t.Helper()
		argv := []string{"--method", "tools/call", "--tool-name", tool, "--tool-arg"}
		argv = append(argv, args...)
		if target[0] == "--" {
			argv = append(argv, target...)
		} else {
			argv = append(target, argv...)
		}
		// An isError result makes the inspector exit 1 after printing it.
		out, _ := runNode(t, node, cli(argv...)...)
		var r result
		if err := json.NewDecoder(strings.NewReader(out)).Decode(&r); err != nil || r.StructuredContent == nil {
			t.Fatalf("%s %v: %v\n%s", tool, args, err, out)
		}
		r.StructuredContent = compactJSON(r.StructuredContent) // the inspector indents
		return r
	}

	help := call(stdio, "tool_help", "path=root")
	if help.IsError || !strings.Contains(string(help.StructuredContent), `"group":"toolbox"`) || !strings.Contains(string(help.StructuredContent), `"health":"ok"`) {
		t.Fatalf("tool_help(root): %s", help.StructuredContent)
	}
	help = call(stdio, "tool_help", "path=demo.shop_get_order")
	if !strings.Contains(string(help.StructuredContent), `"has_hidden_fields":true`) {
		t.Fatalf("tool_help(op): %s", help.StructuredContent)
	}
	exec := call(stdio, "tool_exec", "op=demo.shop_get_order", `args={"order_id":"5601234042"}`)
	var env envelope
	if json.Unmarshal(exec.StructuredContent, &env); exec.IsError || !env.OK || len(env.Result) == 0 {
		t.Fatalf("tool_exec: %s", exec.StructuredContent)
	}
	bad := call(stdio, "tool_exec", "op=demo.shop_get_order", `args={}`)
	if json.Unmarshal(bad.StructuredContent, &env); !bad.IsError || env.Error == nil || env.Error.Code != CodeValidation || *env.Error.HelpPath != "demo.shop_get_order" {
		t.Fatalf("tool_exec without order_id: %s", bad.StructuredContent)
	}

	url, _ := startHTTPGateway(t, bin, "--config", cfg)
	overHTTP := call([]string{url}, "tool_exec", "op=toolbox.inspect_tool_output", `args={"tool_id":"demo.shop_get_order","field_path":"customer"}`)
	if json.Unmarshal(overHTTP.StructuredContent, &env); overHTTP.IsError || !env.OK || !strings.Contains(string(env.Result), `"field_path":"customer"`) {
		t.Fatalf("over HTTP: %s", overHTTP.StructuredContent)
	}
}

// TestConformanceServer runs the official MCP conformance suite in server
// mode against the HTTP gateway, for the scenarios that apply to a gateway
// (the others need the suite's own test tools, prompts or resources).
func TestConformanceServer(t *testing.T) {
	t.Parallel()
	node, modules, bin, cfg := e2eSetup(t)
	url, _ := startHTTPGateway(t, bin, "--config", cfg)
	suite := filepath.Join(modules, "@modelcontextprotocol/conformance/dist/index.js")
	for _, scenario := range []string{"server-initialize", "tools-list", "ping", "logging-set-level", "server-sse-multiple-streams", "dns-rebinding-protection"} {
		t.Run(scenario, func(t *testing.T) {
			out, err := runNode(t, node, suite, "server", "--url", url, "--scenario", scenario, "-o", t.TempDir())
			m := regexp.MustCompile(`Passed: (\d+)/(\d+), (\d+) failed`).FindStringSubmatch(out)
			if err != nil || m == nil || m[1] != m[2] || m[1] == "0" || m[3] != "0" {
				t.Fatalf("conformance %s: %v\n%s", scenario, err, out)
			}
		})
	}
}
