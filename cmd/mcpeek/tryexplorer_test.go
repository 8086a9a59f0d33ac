package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
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

// The explorer knows what a server needs before trying it (the pane asks
// for it in a form); tried without it, the server is refused before
// anything is installed, naming what it needs.
func TestExplorerTryNeedsInputs(t *testing.T) {
	reg := localRegistry(t)
	r, m, _ := explorerOn(t, reg.URL)
	res, err := r.Search(context.Background(), "filesystem")
	if err != nil || len(res.Entries) != 1 {
		t.Fatalf("search: %v %v", res.Entries, err)
	}
	if needs := r.Needs(res.Entries[0]); len(needs) != 1 || needs[0].Key != "allowed_directory" {
		t.Errorf("needs %+v", needs)
	}
	_, err = r.Try(context.Background(), res.Entries[0], nil, func(line string) { t.Errorf("progress %q before refusing", line) })
	if err == nil || !strings.Contains(err.Error(), "needs argument <allowed_directory>") {
		t.Errorf("err = %v", err)
	}
	if n := len(m.Servers()); n != 0 {
		t.Errorf("%d servers added", n)
	}
}

// TestExplorerAddsToAClient: a in the registry pane plans the change to
// the client's config as mcpeek add does (the same entry, the diff, the
// file checked), writes it on confirmation, and a cancelled plan leaves
// nothing behind. A secret input is written as a reference, never asked.
func TestExplorerAddsToAClient(t *testing.T) {
	reg := localRegistry(t)
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	r, _, _ := explorerOn(t, reg.URL)
	if len(r.Clients) != 10 {
		t.Errorf("clients %v", r.Clients)
	}
	res, err := r.Search(context.Background(), "filesystem")
	if err != nil || len(res.Entries) != 1 {
		t.Fatalf("search: %v %v", res.Entries, err)
	}
	fs := res.Entries[0]
	if needs := r.AddNeeds(fs); len(needs) != 1 || needs[0].Key != "allowed_directory" {
		t.Errorf("add needs %+v", needs)
	}
	p, err := r.PlanAdd(context.Background(), fs, "cursor", map[string]string{"allowed_directory": "/srv/data"})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(home, ".cursor", "mcp.json")
	if p.Path != path || !strings.Contains(p.Diff, `+      "command": "npx"`) || !strings.Contains(p.Diff, "/srv/data") {
		t.Errorf("plan %+v", p)
	}
	if _, err := os.Stat(path); err == nil {
		t.Error("written before the confirmation")
	}
	if err := p.Write(); err != nil {
		t.Fatal(err)
	}
	cfg, err := mcpclient.Load(path)
	if err != nil || len(cfg.Servers) != 1 || cfg.Servers[0].Name != "server-filesystem" {
		t.Errorf("read back: %+v %v", cfg.Servers, err)
	}
	// The remote needs a secret: it becomes the client's reference.
	res, _ = r.Search(context.Background(), "weather")
	if needs := r.AddNeeds(res.Entries[0]); len(needs) != 0 {
		t.Errorf("a secret was asked for: %+v", needs)
	}
	p, err = r.PlanAdd(context.Background(), res.Entries[0], "cursor", nil)
	if err != nil || !strings.Contains(p.Diff, "${env:TOKEN}") {
		t.Fatalf("remote: %v\n%s", err, p.Diff)
	}
	p.Cancel()
	entries, _ := os.ReadDir(filepath.Dir(path))
	for _, e := range entries {
		if strings.Contains(e.Name(), ".mcpeek-") {
			t.Errorf("a cancelled plan left %s", e.Name())
		}
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
	name, err := r.Try(context.Background(), res.Entries[0], nil, func(line string) { progress = append(progress, line) })
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
			if !strings.HasSuffix(s.Command, "dist/index.js") || strings.Contains(s.Command, "bwrap") || !strings.Contains(s.SandboxCommand, "bwrap") || !strings.Contains(s.SandboxCommand, strings.TrimPrefix(s.Command, "MEMORY_FILE_PATH=*** ")) {
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
	if _, err := r.Try(context.Background(), res.Entries[0], nil, func(string) {}); err == nil || !strings.Contains(err.Error(), "already shown") {
		t.Errorf("trying it again: err = %v", err)
	}
	if stderr.Len() > 0 {
		t.Errorf("the try wrote to stderr, under the explorer's screen: %s", stderr)
	}
}
