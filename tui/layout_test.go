package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"mcpeek/model"
)

// longNames is the demo server beside one whose server and tool names are
// long, as real ones are (github-enterprise-cloud.pulls_list_review_…).
func longNames(t testing.TB) (*fakeBackend, string) {
	b := demoBackend(t)
	const server, tool = "github-enterprise-cloud", "pulls_list_review_comments_for_repository"
	raw := `{"name":"` + tool + `","inputSchema":{"type":"object","properties":{"owner_login_of_the_repository":{"type":"string"}}}}`
	b.servers = append(b.servers, model.Server{Name: server, State: model.StateConnected, Tools: []model.Tool{
		{Server: server, Name: tool, Raw: []byte(raw), InputSchema: []byte(`{"type":"object","properties":{"owner_login_of_the_repository":{"type":"string"}}}`)},
	}})
	return b, tool
}

// At 200 columns the tools pane is as wide as its longest row (icon,
// name, marks), within two fifths of the screen; at 80 it keeps to its cap.
func TestToolsPaneFitsItsLongestName(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoBackend(t), 200, 60)
	if l := lineOf(h.screen(), "crm_get_contact_fl"); !strings.Contains(l, "crm_get_contact_flat ") {
		t.Errorf("at 200 columns the demo's longest name is cut: %q", l)
	}
	b, tool := longNames(t)
	h = newHarness(t, b, 200, 60)
	if l := lineOf(h.screen(), "pulls_list"); !strings.Contains(l, tool) {
		t.Errorf("at 200 columns a %d-cell name is cut: %q", len(tool), l)
	}
	h.send(keyPress("j")) // a key, then a narrow screen: the cap holds
	h.send(tea.WindowSizeMsg{Width: 80, Height: 24})
	if h.m.term.layout.leftW > 80*2/5 {
		t.Errorf("at 80 columns the tools pane takes %d", h.m.term.layout.leftW)
	}
}

// The find dialog gives the tool's column the room its box has.
func TestFindDialogShowsWholeToolIDs(t *testing.T) {
	t.Parallel()
	b, tool := longNames(t)
	h := newHarness(t, b, 200, 60)
	h.keys("f")
	h.typeText("owner_login")
	if !strings.Contains(h.screen(), "github-enterprise-cloud."+tool) {
		t.Errorf("the find dialog cuts the tool's id:\n%s", h.screen())
	}
}

// At 80 columns the copy menu shows every choice, and the traffic
// screen's hint wraps rather than being cut.
func TestNarrowMenusAndHints(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoBackend(t), 80, 24)
	h.keys("y")
	if help := lineOf(h.screen(), "esc cancel"); !strings.Contains(help, "i inspect_tool_output") {
		t.Errorf("the copy menu at 80 columns hides i: %q", help)
	}
	h.keys("esc")
	h.send(tea.WindowSizeMsg{Width: 64, Height: 24})
	h.keys("t")
	if !strings.Contains(h.screen(), "status bar.") {
		t.Errorf("the traffic screen's hint is cut at 64 columns:\n%s", h.screen())
	}
}

// A server's command line wrapped over lines is one command: one "$ ".
func TestWrappedCommandLineHasOnePrompt(t *testing.T) {
	t.Parallel()
	b := demoBackend(t)
	b.servers[1].Command = "npx -y @acme/mcp-server --port 8080 --root /home/someone/projects/a-long-directory-name --verbose"
	h := newHarness(t, b, 80, 24)
	h.keys("G")
	if n := strings.Count(h.screen(), "$ "); n != 1 {
		t.Errorf("%d prompts for one command:\n%s", n, h.screen())
	}
}

// BenchmarkToolsWant1223Tools measures the tools pane's wanted width over
// a 1,223-tool server with every row marked: it is measured on each
// resize, snapshot and marking, never per frame.
func BenchmarkToolsWant1223Tools(b *testing.B) {
	h := newHarness(b, manyTools(b, 1223), 160, 48)
	for b.Loop() {
		h.m.toolsWant()
	}
}
