package tui

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"mcpeek/model"
)

// waitingBackend answers a reconnect with how the attempt ended.
type waitingBackend struct {
	*fakeBackend
	next model.Server
}

func (w *waitingBackend) ReconnectWait(_ context.Context, name string) (model.Server, error) {
	w.reconnects = append(w.reconnects, name)
	return w.next, nil
}

// Trap 7: r says how the attempt ended.
func TestReconnectSaysHowItEnded(t *testing.T) {
	t.Parallel()
	b := &waitingBackend{fakeBackend: demoBackend(t)}
	h := newHarness(t, b, 100, 30)
	h.keys("G") // the broken server
	b.next = model.Server{Name: "broken", State: model.StateError, Err: "exec: \"nope\": executable file not found"}
	h.keys("r")
	if !strings.Contains(h.m.status.text, "broken: still failing: exec: \"nope\"") || !h.m.status.isErr {
		t.Errorf("status %q", h.m.status.text)
	}
	tools := make([]model.Tool, 1223)
	for i := range tools {
		tools[i] = model.Tool{Server: "broken", Name: fmt.Sprint("t", i)}
	}
	b.next = model.Server{Name: "broken", State: model.StateConnected, Tools: tools}
	h.keys("r")
	if h.m.status.text != "broken: connected, 1,223 tools" {
		t.Errorf("status %q", h.m.status.text)
	}
}

// A server in error shows how it is run, its whole error wrapped, and the
// first error line of its stderr beside the last ones.
func TestServerInErrorShowsCommandAndWholeError(t *testing.T) {
	t.Parallel()
	b := demoBackend(t)
	long := "connect: initialize: calling \"initialize\": transport error: the server closed its output before answering; it wrote to stderr what went wrong, and the end of this message must show: THE-END"
	b.servers[1].Err = long
	b.servers[1].Command = "npx -y @acme/mcp-server --port 8080"
	b.servers[1].Stderr = []string{"Error: Cannot find module 'express'"}
	for i := range 40 {
		b.servers[1].Stderr = append(b.servers[1].Stderr, fmt.Sprintf("    at frame %d", i))
	}
	b.servers[1].Stderr = append(b.servers[1].Stderr, "Node.js v20.11.0")
	h := newHarness(t, b, 80, 30)
	h.keys("G")
	scr := h.screen()
	for _, want := range []string{"$ npx -y @acme/mcp-server --port 8080", "THE-END", "Error: Cannot find module 'express'", "Node.js v20.11.0"} {
		if !strings.Contains(scr, want) {
			t.Errorf("the server view lacks %q:\n%s", want, scr)
		}
	}
}

// A sandboxed server shows its own command, not the sandbox's, and what
// the sandbox enforces on its own line, within 80 columns.
func TestSandboxedServerShowsItsCommandAndSandbox(t *testing.T) {
	t.Parallel()
	b := demoBackend(t)
	b.servers[1].Err = ""
	b.servers[1].State = model.StateConnected
	b.servers[1].Command = "npx -y @modelcontextprotocol/server-memory@2026.1.26"
	b.servers[1].Sandbox = "fs read-only except scratch (/tmp, 256 MiB), home hidden, no network, 512 MiB, 64 processes, 600 s CPU"
	b.servers[1].SandboxCommand = "/usr/bin/bwrap --unshare-all --die-with-parent /usr/bin/prlimit --as=536870912 -- node /x/dist/index.js"
	h := newHarness(t, b, 80, 24)
	h.keys("G")
	scr := h.screen()
	// The sandbox's line wraps where the pane's width says; the package
	// name is not broken at a hyphen.
	for _, want := range []string{"$ npx -y", "@modelcontextprotocol/server-memory@2026.1.26", "sandbox: fs read-only except", "64 processes, 600 s"} {
		if !strings.Contains(scr, want) {
			t.Errorf("the server view lacks %q:\n%s", want, scr)
		}
	}
	if strings.Contains(scr, "bwrap") {
		t.Errorf("the server view shows the sandbox's command line:\n%s", scr)
	}
}
