package gateway

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"mcpeek/mcpclient"
)

// children lists the live (or unreaped) child processes of this test.
func children(t *testing.T) []string {
	t.Helper()
	var out []string
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	me := strconv.Itoa(os.Getpid())
	for _, p := range stats {
		b, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...: comm may hold spaces; split after ")".
		s := string(b)
		fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
		if len(fields) > 1 && fields[1] == me {
			out = append(out, s[:strings.IndexByte(s, ' ')]+" "+fields[0])
		}
	}
	return out
}

func TestChildrenSeesChildren(t *testing.T) {
	cmd := exec.Command("sleep", "30")
	if err := cmd.Start(); err != nil {
		t.Skip("no sleep command:", err)
	}
	if len(children(t)) == 0 {
		t.Error("children() does not see a running child")
	}
	cmd.Process.Kill()
	cmd.Wait()
	if kids := children(t); len(kids) != 0 {
		t.Errorf("a reaped child is still listed: %v", kids)
	}
}

func faultHarness(t *testing.T, deadline time.Duration, servers ...mcpclient.ServerConfig) *harness {
	t.Helper()
	// Registered first, so it runs last: after the harness's cleanup has
	// closed the Manager, which reaps its children.
	t.Cleanup(func() {
		if kids := children(t); len(kids) > 0 {
			t.Errorf("child processes left: %v", kids)
		}
	})
	h := newHarness(t, harnessConfig{
		cfg:    mcpclient.Config{Servers: servers},
		opts:   Options{Deadline: deadline},
		upOpts: []mcpclient.Option{mcpclient.WithConnectTimeout(5 * time.Second), mcpclient.WithStopGrace(100 * time.Millisecond)},
	})
	return h
}

func TestUpstreamKilledMidCallIsUnavailableThenReconnects(t *testing.T) {
	h := faultHarness(t, 10*time.Second, helperConfig("flaky", "basic"))
	mustOK(t, h.exec("flaky.ok", nil))
	env := h.exec("flaky.crash", nil)
	mustCode(t, env, CodeUnavailable)
	// Noticed as a crash, not by waiting out the 10 s deadline (no
	// wall-clock bound: a busy machine must not fail this).
	if strings.Contains(env.Error.Message, "did not answer within") {
		t.Fatalf("a crash was noticed only at the deadline: %s", env.Error.Message)
	}
	if env.Error.Details["retry_after_ms"] == nil {
		t.Fatalf("%+v", env.Error)
	}
	// The next call reconnects on demand.
	mustOK(t, h.exec("flaky.ok", nil))
	mustOK(t, h.exec("demo.util_echo", map[string]any{"message": "still here"}))
}

func TestHangingAndGarbageUpstreamsAnswerWithinTheDeadline(t *testing.T) {
	const deadline = 300 * time.Millisecond
	h := faultHarness(t, deadline, helperConfig("stuck", "basic"))
	for _, op := range []string{"stuck.sleep", "stuck.garbage"} {
		start := time.Now()
		env := h.exec(op, nil)
		took := time.Since(start)
		mustCode(t, env, CodeUnavailable)
		if took < deadline {
			t.Errorf("%s answered after %s, before its deadline %s", op, took, deadline)
		}
		if !strings.Contains(env.Error.Message, "within the 300ms deadline") {
			t.Errorf("%s: %q", op, env.Error.Message)
		}
	}
	root := h.help("")
	for _, g := range root["groups"].([]any) {
		if g := g.(map[string]any); g["group"] == "stuck" && g["health"] != "degraded" {
			t.Errorf("a server whose calls time out is degraded: %v", g)
		}
	}
	mustOK(t, h.exec("stuck.ok", nil))
}

func TestDeadServerShowsDownAndNeverStallsOthers(t *testing.T) {
	dead := mcpclient.ServerConfig{Name: "dead", Source: "test", Command: "/nonexistent/mcp-server", Env: map[string]string{"API_KEY": "sk-very-secret-1234"}}
	sink := &lockedBuffer{}
	t.Cleanup(func() {
		if kids := children(t); len(kids) > 0 {
			t.Errorf("child processes left: %v", kids)
		}
	})
	h := newHarness(t, harnessConfig{
		cfg: mcpclient.Config{Servers: []mcpclient.ServerConfig{dead, helperConfig("live", "basic"), helperConfig("stuck", "basic")}},
		// stuck's calls time out at its own short deadline; the others keep
		// 2 s, which they would overrun if stuck stalled them.
		opts: Options{Deadline: 2 * time.Second, ServerDeadlines: map[string]time.Duration{"stuck": 300 * time.Millisecond}, Events: sink},
		// No retry of the dead server during the test: its health must read
		// down, not "connecting" again, whatever the machine's speed.
		upOpts: []mcpclient.Option{mcpclient.WithConnectTimeout(2 * time.Second), mcpclient.WithBackoff(time.Hour, time.Hour),
			// stuck never exits on its own: kill it soon at the end.
			mcpclient.WithStopGrace(100 * time.Millisecond)},
	})
	root := h.help("")
	var deadGroup map[string]any
	for _, g := range root["groups"].([]any) {
		if g := g.(map[string]any); g["group"] == "dead" {
			deadGroup = g
		}
	}
	if deadGroup == nil || deadGroup["health"] != "down" || deadGroup["last_error"] == "" {
		t.Fatalf("root: %v", root)
	}
	// A server that never listed tools has no ops: a call is NOT_FOUND with
	// its group as help_path, and the group shows why.
	env := h.exec("dead.anything", nil)
	mustCode(t, env, CodeNotFound)
	if *env.Error.HelpPath != "dead" {
		t.Errorf("help_path %q", *env.Error.HelpPath)
	}
	if g := h.help("dead"); g["health"] != "down" || g["last_error"] == "" || g["ops"] != nil {
		t.Errorf("tool_help(dead): %v", g)
	}

	// 200 concurrent calls across upstreams, some to a server that is
	// down, some to one that hangs: every one answers within its deadline.
	// (The helper is an mcp-go stdio server with five workers: a call that
	// never returns wedges that server for good, so it gets its own.)
	ops := []struct {
		op   string
		args any
		code Code
	}{
		{"demo.util_echo", map[string]any{"message": "x"}, ""},
		{"live.ok", nil, ""},
		{"stuck.sleep", nil, CodeUnavailable}, // wedges stuck's own workers, nobody else's
		{"test.get_item", map[string]any{"id": "a1"}, ""},
		{"dead.tool", nil, CodeNotFound},
	}
	var wg sync.WaitGroup
	errs := make(chan string, 200)
	for i := range 200 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			o := ops[i%len(ops)]
			b, _ := json.Marshal(map[string]any{"op": o.op, "args": o.args})
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			res, err := h.client.CallTool(ctx, "gw", "tool_exec", b)
			if err != nil {
				errs <- fmt.Sprintf("%s: %v", o.op, err)
				return
			}
			var env envelope
			json.Unmarshal([]byte(res.Text), &env)
			switch {
			case o.code == "" && !env.OK:
				errs <- fmt.Sprintf("%s: %s", o.op, res.Text)
			case o.code != "" && (env.Error == nil || env.Error.Code != o.code):
				errs <- fmt.Sprintf("%s: want %s: %s", o.op, o.code, res.Text)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	if strings.Contains(sink.String(), "sk-very-secret") {
		t.Error("a secret reached the events")
	}
	_, raw := h.call("tool_help", map[string]any{"path": ""})
	if strings.Contains(string(raw), "sk-very-secret") {
		t.Error("a secret reached a help answer")
	}
	// The gateway keeps serving.
	mustOK(t, h.exec("live.ok", nil))
}
