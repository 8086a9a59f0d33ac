package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"mcpeek/model"
)

// waitFor waits until w holds want, up to limit.
func waitFor(w *watchedBuffer, want string, limit time.Duration) bool {
	deadline := time.After(limit)
	for !strings.Contains(w.String(), want) {
		select {
		case <-w.changed:
		case <-deadline:
			return false
		}
	}
	return true
}

// The text of tools and servers shows each server as soon as it is ready
// when one before it hangs: the hanging one does not hold the others back
// until its connect timeout (an hour here). The others wait for it until
// the note of the servers still connecting (a moment here, 3 s outside
// tests), which keeps the order the config's when nothing hangs.
func TestReadyServersPrintWhileOneHangs(t *testing.T) {
	if _, err := exec.LookPath("sleep"); err != nil {
		t.Skip("no sleep command")
	}
	t.Parallel()
	cfg := filepath.Join(t.TempDir(), "mcp.json")
	os.WriteFile(cfg, fmt.Appendf(nil, `{"mcpServers": {"hang": {"command": "sleep", "args": ["600"]}, "shop": {"command": %q, "args": [%q]}}}`,
		os.Args[0], roleDemoServer), 0o644)
	for _, c := range []struct{ command, ready string }{{"tools", "shop (16 tools)"}, {"servers", "shop  connected  16 tools"}} {
		t.Run(c.command, func(t *testing.T) {
			t.Parallel()
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			stdout := &watchedBuffer{changed: make(chan struct{}, 1)}
			stderr := &watchedBuffer{changed: make(chan struct{}, 1)}
			ended := make(chan int, 1)
			a := newApp(strings.NewReader(""), stdout, stderr)
			a.slowNote = time.Millisecond
			go func() { ended <- a.run(ctx, []string{c.command, "--config", cfg, "--connect-timeout", "1h"}) }()
			if !waitFor(stdout, c.ready, 2*time.Minute) {
				t.Errorf("shop was not shown while hang connects\nstdout: %s\nstderr: %s", stdout, stderr)
			}
			// The note names hang, and shop too when it was not ready yet.
			if !slices.Contains(waitingFor(stderr.String()), "hang") {
				t.Errorf("stderr does not say what mcpeek waits for: %q", stderr)
			}
			cancel()
			if code := <-ended; code != 130 {
				t.Errorf("interrupted: exit %d, want 130", code)
			}
		})
	}
}

// waitingFor is the servers that stderr says mcpeek is waiting for.
func waitingFor(stderr string) []string {
	_, after, _ := strings.Cut(stderr, "waiting for ")
	names, _, ok := strings.Cut(after, " to connect")
	if !ok {
		return nil
	}
	return strings.Split(names, ", ")
}

// While every server is done within the grace, servers are shown in the
// config's order, however fast each answers. The grace is an hour here, so
// that a slow machine cannot change the order.
func TestServersShowInConfigOrder(t *testing.T) {
	t.Parallel()
	cfg := filepath.Join(t.TempDir(), "mcp.json")
	entry := fmt.Sprintf(`{"command": %q, "args": [%q]}`, os.Args[0], roleDemoServer)
	os.WriteFile(cfg, []byte(`{"mcpServers": {"c": `+entry+`, "a": `+entry+`, "b": {"command": "/nonexistent/mcp-server"}}}`), 0o644)
	a := &app{stderr: io.Discard, configPath: cfg, connectTimeout: time.Minute, maxMessage: 1 << 20}
	m, _, err := a.launchManager(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var shown []string
	m.EachServerDone(ctx, time.Hour, func() {}, func(s model.Server) { shown = append(shown, s.Name+" "+s.State.String()) })
	if got := strings.Join(shown, ", "); got != "c connected, a connected, b error" {
		t.Errorf("shown %s", got)
	}
}
