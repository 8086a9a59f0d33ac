package tui

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"mcpeek/internal/registrytest"
	"mcpeek/mcpclient/registry"
	"mcpeek/model"
	"mcpeek/tui/dialog"
	"mcpeek/tui/registryview"
)

// localRegistry serves the registry package's server.json documents (the
// npm peers and a remote that needs a secret) from a local registry, and
// a Registry for the explorer over it, with no cache. try, when set,
// answers the tries.
func localRegistry(t *testing.T, try func(context.Context, registry.Entry, map[string]string, func(string)) (string, error)) (*registrytest.Registry, *Registry) {
	t.Helper()
	reg := registrytest.New(t)
	at := time.Now().Add(-time.Hour)
	for _, name := range []string{"server-everything", "server-filesystem", "server-memory", "remote-weather"} {
		b, err := os.ReadFile(filepath.Join("..", "mcpclient", "registry", "testdata", name+".json"))
		if err != nil {
			t.Fatal(err)
		}
		reg.Add(t, b, at)
	}
	c, err := registry.NewClient(reg.URL, nil)
	if err != nil {
		t.Fatal(err)
	}
	b := &registry.Browser{Client: c}
	return reg, &Registry{URL: reg.URL, Search: b.Search, Try: try}
}

// registryHarness is the explorer over the demo servers with the local
// registry's pane open, every server listed.
func registryHarness(t *testing.T, r *Registry, b *fakeBackend) (*harness, *registryDialog) {
	t.Helper()
	h := newHarness(t, b, 100, 30)
	h.m.registry = r
	h.keys("R")
	d := h.m.registryDialogOpen()
	if d == nil {
		t.Fatalf("R opened no registry pane:\n%s", h.screen())
	}
	return h, d
}

// searches counts the listing requests the registry got.
func searches(reg *registrytest.Registry) int {
	n := 0
	for _, u := range reg.Requests() {
		if u.Path == "/v0.1/servers" {
			n++
		}
	}
	return n
}

func TestRegistryPaneSearchesAsYouType(t *testing.T) {
	t.Parallel()
	reg, r := localRegistry(t, nil)
	h, d := registryHarness(t, r, demoBackend(t))
	scr := h.screen()
	for _, want := range []string{"MCP Registry", "/server-everything", "server-memory", "com.example/weather", "remote", "secret", "npm"} {
		if !strings.Contains(scr, want) {
			t.Errorf("the pane lacks %q:\n%s", want, scr)
		}
	}
	if n := searches(reg); n != 1 {
		t.Fatalf("opening searched %d times, want 1", n)
	}
	// Each key waits for a pause: none searches on its own; the pause
	// after the last one searches once, for the whole query.
	h.typeText("memory")
	if n := searches(reg); n != 1 {
		t.Errorf("typing searched %d times before the pause, want none", n-1)
	}
	h.send(d.Asked())
	if n := searches(reg); n != 2 {
		t.Errorf("the pause searched %d times, want once", n-1)
	}
	if last := reg.Requests()[len(reg.Requests())-1]; last.Query().Get("search") != "memory" {
		t.Errorf("searched %q, want memory", last.Query().Get("search"))
	}
	scr = h.screen()
	if !strings.Contains(scr, "server-memory") || strings.Contains(scr, "server-everything") {
		t.Errorf("after memory:\n%s", scr)
	}
	h.typeText("zzz")
	h.send(d.Asked())
	if scr := h.screen(); !strings.Contains(scr, "no server's name holds that") || !strings.Contains(scr, "enter try it") {
		t.Errorf("no match:\n%s", h.screen())
	}
}

func TestRegistryPaneDropsStaleAnswers(t *testing.T) {
	t.Parallel()
	reg, r := localRegistry(t, nil)
	h, d := registryHarness(t, r, demoBackend(t))
	h.typeText("every")
	old := d.Asked()
	h.typeText("thing")
	// The pause after "every" ended after "thing" was typed: no search.
	h.send(old)
	if n := searches(reg); n != 1 {
		t.Errorf("a stale pause searched (%d searches)", n)
	}
	// An answer to the older query, come late, is not shown.
	stale := registry.SearchResult{Entries: []registry.Entry{{Server: registry.Server{Name: "io.stale/answer", Version: "1"}}}}
	h.send(registryview.FoundMsg{Req: old.Req, Result: stale})
	if strings.Contains(h.screen(), "io.stale/answer") {
		t.Errorf("a stale answer is shown:\n%s", h.screen())
	}
	h.send(d.Asked())
	scr := h.screen()
	if !strings.Contains(scr, "server-everything") || strings.Contains(scr, "server-memory") {
		t.Errorf("after everything:\n%s", scr)
	}
}

// A registry that cannot be reached says why at 80x24: the cause comes
// after the URL and used to be cut off with it ("page 1: Get "htt…").
func TestRegistryPaneUnreachableSaysWhy80x24(t *testing.T) {
	t.Parallel()
	gone := httptest.NewServer(http.NotFoundHandler())
	gone.Close()
	c, err := registry.NewClient(gone.URL, nil)
	if err != nil {
		t.Fatal(err)
	}
	b := &registry.Browser{Client: c}
	h := newHarness(t, demoBackend(t), 80, 24)
	h.m.registry = &Registry{URL: gone.URL, Search: b.Search}
	h.keys("R")
	scr := h.screen()
	if !strings.Contains(scr, "refused") {
		t.Errorf("the pane does not say the connection was refused:\n%s", scr)
	}
	for _, l := range strings.Split(scr, "\n") {
		if w := ansi.StringWidth(l); w > 80 {
			t.Errorf("a line is %d cells wide: %q", w, l)
		}
	}
}

func TestRegistryPanePasteAndEsc(t *testing.T) {
	t.Parallel()
	reg, r := localRegistry(t, nil)
	h, d := registryHarness(t, r, demoBackend(t))
	h.send(tea.PasteMsg{Content: "file\x1b[31msystem\r\n"})
	if got := d.Query(); got != "filesystem" {
		t.Errorf("query after the paste = %q", got)
	}
	h.send(d.Asked())
	if scr := h.screen(); !strings.Contains(scr, "server-filesystem") || strings.Contains(scr, "server-memory") {
		t.Errorf("after the paste:\n%s", scr)
	}
	asked := searches(reg)
	h.typeText("x")
	pending := d.Asked()
	h.keys("esc")
	if h.m.registryDialogOpen() != nil {
		t.Fatal("esc left the pane open")
	}
	// The pause and an answer that come after esc do nothing.
	h.send(pending)
	h.send(registryview.FoundMsg{Req: pending.Req})
	if searches(reg) != asked || h.m.registryDialogOpen() != nil {
		t.Error("a closed pane searched")
	}
	if !strings.Contains(h.screen(), "demo") {
		t.Errorf("the explorer is not back:\n%s", h.screen())
	}
}

// enter tries the server under the cursor: its progress shows while it
// installs, and the tried server is then listed, marked, and selected.
func TestRegistryPaneTriesAServer(t *testing.T) {
	t.Parallel()
	b := demoBackend(t)
	var tried []string
	var progressShown bool
	var h *harness
	_, r := localRegistry(t, func(_ context.Context, e registry.Entry, _ map[string]string, progress func(string)) (string, error) {
		tried = append(tried, e.Server.Name)
		progress("installing @modelcontextprotocol/server-memory@2026.8.31…")
		b.servers = append(b.servers, model.Server{Name: "server-memory", Source: "tried, registry " + e.Server.Name, Sandbox: "fs read-only except scratch, no network",
			Transport: model.TransportStdio, State: model.StateStarting})
		return "server-memory", nil
	})
	h, d := registryHarness(t, r, b)
	h.typeText("memory")
	h.send(d.Asked())
	h.keys("enter")
	for _, msg := range h.msgs {
		if m, ok := msg.(registryview.TryMsg); ok && !m.Done && strings.Contains(m.Line, "installing") {
			progressShown = true
		}
	}
	if !progressShown {
		t.Error("no progress line came while installing")
	}
	if len(tried) != 1 || tried[0] != "io.github.modelcontextprotocol/server-memory" {
		t.Fatalf("tried %v", tried)
	}
	if h.m.registryDialogOpen() != nil {
		t.Error("the pane stayed open after the try")
	}
	scr := h.screen()
	if !strings.Contains(scr, "server-memory tried") {
		t.Errorf("the tried server is not listed as tried:\n%s", scr)
	}
	if srv, ok := h.m.selectedServer(); !ok || srv.Name != "server-memory" {
		t.Errorf("selected %q, want the tried server", srv.Name)
	}
	// a on the tried server adds it to a client.
	r.Clients = []string{"cursor"}
	r.PlanAdd = func(context.Context, registry.Entry, string, map[string]string) (AddPlan, error) {
		return AddPlan{}, nil
	}
	h.keys("a")
	if d, ok := h.m.dialogs.Top().(*dialog.ClientPick); !ok || d.Entry().Server.Name != "io.github.modelcontextprotocol/server-memory" {
		t.Errorf("a on the tried server: no client picker:\n%s", h.screen())
	}
}

// A try that fails says why in the pane, which stays open.
func TestRegistryPaneSaysWhyATryFailed(t *testing.T) {
	t.Parallel()
	_, r := localRegistry(t, func(_ context.Context, e registry.Entry, _ map[string]string, _ func(string)) (string, error) {
		return "", errorf("%s needs argument <allowed_directory>: run mcpeek try %s, which asks for them", e.Server.Name, e.Server.Name)
	})
	h, d := registryHarness(t, r, demoBackend(t))
	h.typeText("filesystem")
	h.send(d.Asked())
	h.keys("enter")
	if h.m.registryDialogOpen() == nil {
		t.Fatal("the pane closed on a failed try")
	}
	if scr := h.screen(); !strings.Contains(scr, "needs argument <allowed_directory>") || !strings.Contains(scr, "mcpeek try") {
		t.Errorf("the failure is not said:\n%s", scr)
	}
}

// Without a registry (none given to the explorer) R says so.
func TestRegistryPaneWithoutARegistry(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoBackend(t), 100, 30)
	h.keys("R")
	if h.m.registryDialogOpen() != nil || !strings.Contains(h.screen(), "no registry to browse here") {
		t.Errorf("R without a registry:\n%s", h.screen())
	}
}
