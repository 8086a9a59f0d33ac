package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"mcpeek/internal/storetest"
)

// countingUpstream is an MCP server over streamable HTTP that counts the
// calls of its tools, for replicas that all call it.
type countingUpstream struct {
	url     string
	deletes atomic.Int64
	gates   atomic.Int64  // gate calls started
	release chan struct{} // closed to let gate calls answer
}

func startCountingUpstream(t *testing.T) *countingUpstream {
	u := &countingUpstream{release: make(chan struct{})}
	srv := server.NewMCPServer("counting", "1", server.WithToolCapabilities(true))
	srv.AddTool(mcp.NewTool("delete_item", mcp.WithString("id", mcp.Required())), func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		n := u.deletes.Add(1)
		return mcp.NewToolResultText(fmt.Sprintf(`{"deleted":true,"call":%d}`, n)), nil
	})
	srv.AddTool(mcp.NewTool("gate", mcp.WithReadOnlyHintAnnotation(true)), func(ctx context.Context, _ mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		u.gates.Add(1)
		select {
		case <-u.release:
		case <-ctx.Done():
		}
		return mcp.NewToolResultText(`{"opened":true}`), nil
	})
	ts := httptest.NewServer(server.NewStreamableHTTPServer(srv))
	t.Cleanup(func() {
		select {
		case <-u.release:
		default:
			close(u.release)
		}
		ts.Close()
	})
	u.url = ts.URL + "/mcp"
	return u
}

// replica is one `mcpeek gateway --http --store` process.
type replica struct {
	addr string
	cmd  *exec.Cmd
}

func startReplica(t *testing.T, bin, cfg, store string) *replica {
	t.Helper()
	r := &replica{addr: fmt.Sprintf("127.0.0.1:%d", storetest.FreePort(t))}
	r.cmd = exec.Command(bin, "gateway", "--http", r.addr, "--config", cfg, "--store", store, "--store-timeout", "300ms")
	r.cmd.Env = append(os.Environ(), "MCPEEK_STORE_PASSWORD=")
	stderr, err := r.cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := r.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.cmd.Process.Kill(); r.cmd.Wait() })
	ready := make(chan struct{})
	go func() {
		buf := make([]byte, 4096)
		var seen strings.Builder
		told := false
		for {
			n, err := stderr.Read(buf)
			seen.Write(buf[:n])
			if !told && strings.Contains(seen.String(), "listening on") {
				close(ready)
				told = true
			}
			if err != nil {
				return
			}
		}
	}()
	select {
	case <-ready:
	case <-time.After(30 * time.Second):
		t.Fatal("a replica never said where it listens")
	}
	return r
}

// balanced is a session-era MCP client of the balancer: one session, a
// new connection per request (so that each request is balanced anew).
type balanced struct {
	t      *testing.T
	url    string
	id     string
	next   int
	client *http.Client
}

// post sends one JSON-RPC message; it returns the status, the replica
// that served it and the JSON answer (the last SSE event's data).
func (b *balanced) post(body string) (int, string, []byte) {
	b.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, b.url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if b.id != "" {
		req.Header.Set("Mcp-Session-Id", b.id)
		req.Header.Set("Mcp-Protocol-Version", "2025-11-25")
	}
	res, err := b.client.Do(req)
	if err != nil {
		b.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	if id := res.Header.Get("Mcp-Session-Id"); id != "" {
		b.id = id
	}
	if i := strings.LastIndex(string(raw), "data: "); strings.HasPrefix(string(raw), "event: ") && i >= 0 {
		raw = []byte(strings.TrimSpace(strings.SplitN(string(raw[i+6:]), "\n", 2)[0]))
	}
	return res.StatusCode, res.Header.Get("X-Served-By"), raw
}

type replicaEnvelope struct {
	OK     bool            `json:"ok"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    string         `json:"code"`
		Details map[string]any `json:"details"`
	} `json:"error"`
	Meta *struct {
		Replayed bool `json:"replayed"`
	} `json:"meta"`
}

// exec calls tool_exec; it returns the status, the replica and the envelope.
func (b *balanced) exec(req map[string]any) (int, string, replicaEnvelope) {
	b.t.Helper()
	b.next++
	args, _ := json.Marshal(req)
	code, by, raw := b.post(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"tool_exec","arguments":%s}}`, b.next, args))
	var rpc struct {
		Result struct {
			StructuredContent replicaEnvelope `json:"structuredContent"`
		} `json:"result"`
	}
	if code == http.StatusOK {
		if err := json.Unmarshal(raw, &rpc); err != nil {
			b.t.Fatalf("tools/call: %v\n%.300s", err, raw)
		}
	}
	return code, by, rpc.Result.StructuredContent
}

// TestReplicasBehindABalancer runs two `mcpeek gateway --http --store`
// processes over one upstream, with a real redis-server as the store and
// haproxy in front, and checks what a team's gateway promises: one
// idempotency key answers once upstream whichever replica gets it, CONFLICT
// across replicas, a session opened on one replica served by the other, a
// replica killed mid-call while the other serves, and the store stopped
// and started.
func TestReplicasBehindABalancer(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the mcpeek binary and runs redis-server and haproxy: skipped with -short")
	}
	rds := storetest.StartRedis(t)
	bin := mcpeekBinary(t)
	up := startCountingUpstream(t)
	cfg := filepath.Join(t.TempDir(), "mcp.json")
	b, _ := json.Marshal(map[string]any{"mcpServers": map[string]any{"up": map[string]any{"type": "http", "url": up.url}}})
	if err := os.WriteFile(cfg, b, 0o644); err != nil {
		t.Fatal(err)
	}
	r0, r1 := startReplica(t, bin, cfg, rds.URL()), startReplica(t, bin, cfg, rds.URL())
	lb := storetest.StartHAProxy(t, r0.addr, r1.addr)
	c := &balanced{t: t, url: lb.URL + "/mcp", client: &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}}

	if code, _, raw := c.post(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`); code != http.StatusOK || c.id == "" {
		t.Fatalf("initialize through the balancer: %d %s", code, raw)
	}
	c.post(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)

	// One key, both replicas, one call upstream; the session is served by both.
	served := map[string]int{}
	var first json.RawMessage
	for i := 0; i < 6; i++ {
		code, by, env := c.exec(map[string]any{"op": "up.delete_item", "args": map[string]any{"id": "x"}, "idempotency_key": "k1"})
		if code != http.StatusOK || !env.OK {
			t.Fatalf("call %d (replica %s): %d %+v", i, by, code, env)
		}
		served[by]++
		if i == 0 {
			first = env.Result
		} else if !env.Meta.Replayed || string(env.Result) != string(first) {
			t.Fatalf("call %d (replica %s) replays the first answer: %s vs %s", i, by, env.Result, first)
		}
	}
	if len(served) != 2 || up.deletes.Load() != 1 {
		t.Fatalf("served by %v; %d calls upstream", served, up.deletes.Load())
	}
	conflicts := map[string]bool{}
	for i := 0; i < 2; i++ {
		_, by, env := c.exec(map[string]any{"op": "up.delete_item", "args": map[string]any{"id": "other"}, "idempotency_key": "k1"})
		if env.Error == nil || env.Error.Code != "CONFLICT" {
			t.Fatalf("the key with other args is CONFLICT on %s: %+v", by, env)
		}
		conflicts[by] = true
	}
	if len(conflicts) != 2 {
		t.Fatalf("CONFLICT answered by %v", conflicts)
	}

	// A replica killed mid-call: the other keeps serving.
	done := make(chan string, 2)
	for i := 0; i < 2; i++ {
		go func() {
			code, by, env := c.execAsync(map[string]any{"op": "up.gate", "args": map[string]any{}})
			done <- fmt.Sprintf("%d %s %v", code, by, env.OK)
		}()
	}
	deadline := time.Now().Add(time.Minute) // a bound for a hang, not a timing
	for up.gates.Load() < 2 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if up.gates.Load() < 2 {
		t.Fatal("both gate calls reached the upstream")
	}
	r0.cmd.Process.Kill()
	r0.cmd.Wait()
	close(up.release)
	outcomes := []string{<-done, <-done}
	if !strings.Contains(strings.Join(outcomes, ","), "200 r1 true") {
		t.Fatalf("the call on the replica left answers: %v", outcomes)
	}
	for i := 0; i < 4; i++ {
		code, by, env := c.exec(map[string]any{"op": "up.delete_item", "args": map[string]any{"id": "x"}, "idempotency_key": "k1"})
		if code != http.StatusOK || by != "r1" || !env.OK || !env.Meta.Replayed {
			t.Fatalf("after r0 died, call %d: %d %s %+v", i, code, by, env)
		}
	}

	// The store stopped: keyed calls fail closed, plain calls go on; started again, all serve.
	rds.Stop()
	_, _, env := c.exec(map[string]any{"op": "up.delete_item", "args": map[string]any{"id": "y"}, "idempotency_key": "k2"})
	if env.Error == nil || env.Error.Code != "UNAVAILABLE" || env.Error.Details["retry_after_ms"] == nil {
		t.Fatalf("a keyed call with the store down: %+v", env)
	}
	before := up.deletes.Load()
	if _, _, env := c.exec(map[string]any{"op": "up.delete_item", "args": map[string]any{"id": "y"}}); !env.OK || up.deletes.Load() != before+1 {
		t.Fatalf("a plain call with the store down: %+v", env)
	}
	rds.Start()
	if _, _, env := c.exec(map[string]any{"op": "up.delete_item", "args": map[string]any{"id": "y"}, "idempotency_key": "k2"}); !env.OK || env.Meta.Replayed {
		t.Fatalf("a keyed call once the store is back: %+v", env)
	}
	if _, _, env := c.exec(map[string]any{"op": "up.delete_item", "args": map[string]any{"id": "y"}, "idempotency_key": "k2"}); !env.OK || !env.Meta.Replayed {
		t.Fatalf("and its replay: %+v", env)
	}
}

// execAsync is exec for another goroutine: it reports failures as values.
func (b *balanced) execAsync(req map[string]any) (int, string, replicaEnvelope) {
	args, _ := json.Marshal(req)
	body := fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"tool_exec","arguments":%s}}`, time.Now().UnixNano()%1e9, args)
	hr, _ := http.NewRequest(http.MethodPost, b.url, strings.NewReader(body))
	hr.Header.Set("Content-Type", "application/json")
	hr.Header.Set("Accept", "application/json, text/event-stream")
	hr.Header.Set("Mcp-Session-Id", b.id)
	hr.Header.Set("Mcp-Protocol-Version", "2025-11-25")
	res, err := b.client.Do(hr)
	if err != nil {
		return 0, "", replicaEnvelope{}
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	if i := strings.LastIndex(string(raw), "data: "); strings.HasPrefix(string(raw), "event: ") && i >= 0 {
		raw = []byte(strings.TrimSpace(strings.SplitN(string(raw[i+6:]), "\n", 2)[0]))
	}
	var rpc struct {
		Result struct {
			StructuredContent replicaEnvelope `json:"structuredContent"`
		} `json:"result"`
	}
	json.Unmarshal(raw, &rpc)
	return res.StatusCode, res.Header.Get("X-Served-By"), rpc.Result.StructuredContent
}
