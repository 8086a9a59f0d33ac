package tui

import (
	"context"
	"strings"
	"testing"

	"mcpeek/internal/testkit"
	"mcpeek/mcpclient"
)

// specHarness is the explorer over testkit.SpecServer, run in process by
// a real Manager.
func specHarness(t *testing.T) *harness {
	t.Helper()
	mgr, err := mcpclient.NewManager(mcpclient.Config{}, mcpclient.WithInProcess("spec", testkit.SpecServer()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { mgr.Close() })
	if err := mgr.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	return newHarness(t, mgr, 120, 32)
}

// TestSpecMarksAndAboutView: the tools pane marks a tool clients drop and
// an MCP App's tool; the about view shows a tool's title and icon kinds,
// why a tool is dropped, and an app's ui:// resource read when the view is
// first shown: its type, size and first lines, escape sequences removed.
// x refuses the dropped tool.
func TestSpecMarksAndAboutView(t *testing.T) {
	h := specHarness(t)
	screen := h.screen()
	for _, want := range []string{"bad_header", "app_view ▣", "legacy_app ▣"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the tools pane lacks %q:\n%s", want, screen)
		}
	}
	for _, l := range strings.Split(screen, "\n") {
		if (strings.Contains(l, "bad_header") || strings.Contains(l, "number_header")) && !strings.Contains(l, "⊘") {
			t.Errorf("a dropped tool's row has no ⊘: %q", l)
		}
	}

	h.selectTool("region")
	h.m.view.kind = viewNamed(t, "about")
	h.send(nil)
	screen = h.screen()
	if !strings.Contains(screen, "title         Region Lookup") || !strings.Contains(screen, "icons         2 icons: image/png 48x48, image/svg+xml dark (never fetched)") {
		t.Errorf("about region:\n%s", screen)
	}

	h.m.term.focus = focusTools
	h.selectTool("bad_header")
	screen = h.screen()
	if !strings.Contains(screen, "Clients drop this tool and mcpeek never calls it:") || !strings.Contains(screen, "/inputSchema/properties/ids/items") {
		t.Errorf("about bad_header:\n%s", screen)
	}
	h.keys("x")
	if h.m.dialogs.Top() != nil || !strings.Contains(h.screen(), "not calling spec.bad_header: clients drop it") {
		t.Errorf("x on a dropped tool:\n%s", h.screen())
	}

	h.m.term.focus = focusTools
	h.selectTool("app_view")
	screen = h.screen()
	for _, want := range []string{"MCP App       ui://spec/view.html", "callable by   model, app",
		"resource      text/html;profile=mcp-app · ", "│ <h1>Red view</h1>", "│ … 7 more lines"} {
		if !strings.Contains(screen, want) {
			t.Errorf("about app_view lacks %q:\n%s", want, screen)
		}
	}
	if strings.Contains(h.m.View().Content, "owned") && strings.Contains(h.m.View().Content, "\x1b]0;") {
		t.Error("the resource's escape sequence reached the screen")
	}
}

// TestServerPaneShowsEra: the server pane names the protocol version with
// its era as a badge, and the server's title and icons.
func TestServerPaneShowsEra(t *testing.T) {
	h := specHarness(t)
	h.keys("k")
	screen := h.screen()
	if !strings.Contains(screen, "protocol 2026-07-28   sessionless  2026-07-28: every request carries its version") ||
		!strings.Contains(screen, "title Spec Server · 1 icon: image/png 64x64 (never fetched)") {
		t.Errorf("the server pane:\n%s", screen)
	}
}
