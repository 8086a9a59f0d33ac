package tui

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"mcpeek/model"
)

// A wide terminal gives the tools pane room for long names; J and K jump
// between servers; the demo server is named in the title for as long as
// it is shown.
func TestWideListServerJumpsAndDemoBadge(t *testing.T) {
	t.Parallel()
	b := rankBackend(t)
	long := "repos_list_workflow_run_artifacts_for_a_repository_with_pagination"
	b.servers[2].Tools = append(b.servers[2].Tools, model.Tool{Server: "github", Name: long, Raw: []byte(`{}`)})
	m := New(Options{StateDir: stateDir(t), Backend: b, Started: true, NoColor: true, Demo: true})
	h := &harness{t: t, m: m}
	m.clock.after = func(time.Duration, tea.Msg) tea.Cmd { return nil }
	h.run(m.Init())
	h.send(resizeMsg(200, 60))
	if !strings.Contains(h.screen(), long) {
		t.Errorf("a %d-cell name is cut at 200 columns:\n%s", len(long), h.screen())
	}
	if !strings.Contains(strings.Split(h.screen(), "\n")[0], "demo server") {
		t.Errorf("no demo badge in the title: %q", strings.Split(h.screen(), "\n")[0])
	}
	h.keys("g")
	var servers []string
	for range 4 {
		h.keys("J")
		servers = append(servers, h.selectedName())
	}
	if strings.Join(servers, ",") != "server broken,server github,server gdocs,server gdocs" {
		t.Errorf("J went to %v", servers)
	}
	h.keys("K")
	if h.selectedName() != "server github" {
		t.Errorf("K went to %s", h.selectedName())
	}
	h.send(resizeMsg(80, 24))
	if !strings.Contains(strings.Split(h.screen(), "\n")[0], "demo server") {
		t.Errorf("no demo badge at 80 columns: %q", strings.Split(h.screen(), "\n")[0])
	}
}

func resizeMsg(w, h int) tea.WindowSizeMsg { return tea.WindowSizeMsg{Width: w, Height: h} }
