package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"mcpeek/mcpclient"
	"mcpeek/model"
	"mcpeek/tui"
)

// explorerOn is the registry pane's registry of an app run with
// --registry url, over a started Manager with no servers.
func explorerOn(t *testing.T, url string) (*tui.Registry, *mcpclient.Manager, *bytes.Buffer) {
	t.Helper()
	var stderr bytes.Buffer
	a := &app{stderr: &stderr}
	root := a.rootCommand()
	if err := root.PersistentFlags().Parse([]string{"--registry", url}); err != nil {
		t.Fatal(err)
	}
	m, err := mcpclient.NewManager(mcpclient.Config{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := m.Start(ctx); err != nil {
		t.Fatal(err)
	}
	r := a.explorerRegistry(m)
	if r == nil {
		t.Fatal("no registry for the explorer")
	}
	return r, m, &stderr
}

// A server that needs inputs is refused before anything is installed,
// pointing to mcpeek try, which asks for them.
func TestExplorerTryRefusesWhatNeedsInputs(t *testing.T) {
	reg := localRegistry(t)
	r, m, _ := explorerOn(t, reg.URL)
	res, err := r.Search(context.Background(), "filesystem")
	if err != nil || len(res.Entries) != 1 {
		t.Fatalf("search: %v %v", res.Entries, err)
	}
	_, err = r.Try(context.Background(), res.Entries[0], func(line string) { t.Errorf("progress %q before refusing", line) })
	if err == nil || !strings.Contains(err.Error(), "needs argument <allowed_directory>") ||
		!strings.Contains(err.Error(), "run mcpeek try io.github.modelcontextprotocol/server-filesystem") {
		t.Errorf("err = %v", err)
	}
	if n := len(m.Servers()); n != 0 {
		t.Errorf("%d servers added", n)
	}
}

// TestExplorerTriesServerMemoryInTheSandbox: enter in the registry pane
// on server-memory, served by the local registry, starts the real
// package in the sandbox (preinstalled: no network) and adds it to the
// running Manager, which connects it and lists its tools; its source
// says it was tried and what the sandbox enforces.
func TestExplorerTriesServerMemoryInTheSandbox(t *testing.T) {
	_, modules := sandboxReady(t)
	reg := localRegistry(t)
	preinstall(t, modules, "@modelcontextprotocol/server-memory")
	r, m, stderr := explorerOn(t, reg.URL)
	res, err := r.Search(context.Background(), "memory")
	if err != nil || len(res.Entries) != 1 {
		t.Fatalf("search: %v %v", res.Entries, err)
	}
	var progress []string
	name, err := r.Try(context.Background(), res.Entries[0], func(line string) { progress = append(progress, line) })
	if err != nil {
		t.Fatalf("try: %v (progress %q)", err, progress)
	}
	if name != "server-memory" || len(progress) == 0 || !strings.Contains(progress[len(progress)-1], "sandbox: fs read-only except scratch") {
		t.Errorf("name %q, progress %q", name, progress)
	}
	deadline := time.After(time.Minute)
	for {
		s, ok := m.Server(name)
		if ok && s.State == model.StateConnected && len(s.Tools) > 0 {
			// The pane shows the server's own command and the sandbox
			// apart; the whole wrapper is kept for debugging.
			if !strings.HasPrefix(s.Source, "tried, registry http://") || !strings.HasPrefix(s.Sandbox, "fs read-only except scratch") || !strings.Contains(s.Sandbox, "no network") {
				t.Errorf("source = %q, sandbox = %q", s.Source, s.Sandbox)
			}
			if !strings.HasSuffix(s.Command, "dist/index.js") || strings.Contains(s.Command, "bwrap") || !strings.Contains(s.SandboxCommand, "bwrap") || !strings.Contains(s.SandboxCommand, s.Command) {
				t.Errorf("command = %q, sandbox command = %q", s.Command, s.SandboxCommand)
			}
			break
		}
		select {
		case <-m.Events():
		case <-deadline:
			t.Fatalf("server-memory: state %s, err %q, stderr %q", s.State, s.Err, s.Stderr)
		}
	}
	if _, err := r.Try(context.Background(), res.Entries[0], func(string) {}); err == nil || !strings.Contains(err.Error(), "already shown") {
		t.Errorf("trying it again: err = %v", err)
	}
	if stderr.Len() > 0 {
		t.Errorf("the try wrote to stderr, under the explorer's screen: %s", stderr)
	}
}
