package tui

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"mcpeek/internal/npmpeers"
	"mcpeek/mcpclient"
)

// everythingManager is a started Manager on the npm server-everything.
func everythingManager(t *testing.T, opts ...mcpclient.Option) *mcpclient.Manager {
	t.Helper()
	node, modules := npmpeers.Find(t)
	b, _ := json.Marshal(map[string]any{"mcpServers": map[string]any{"everything": map[string]any{
		"command": node,
		"args":    []string{filepath.Join(modules, "@modelcontextprotocol/server-everything/dist/index.js"), "stdio"},
	}}})
	path := filepath.Join(t.TempDir(), "mcp.json")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, err := mcpclient.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	m, err := mcpclient.NewManager(cfg, append([]mcpclient.Option{mcpclient.WithRequestEvents()}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := m.Start(ctx); err != nil {
		t.Fatal(err)
	}
	return m
}

// formStandIn hands the model a call as the call form would on submit: a
// message the test sends, acted on in the program's own loop.
type formStandIn struct{ *Model }

type submitForm callTool

func (f formStandIn) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if c, ok := msg.(submitForm); ok {
		cmd := f.act(callTool(c))
		return f, tea.Batch(cmd, f.sync())
	}
	_, cmd := screenSpy{f.Model}.Update(msg) // waitScreen can read the screen
	return f, cmd
}

// Against server-everything: its long-running operation reports progress
// in the result view and esc cancels it; get-structured-content's result
// shows as a value tree checked against its output schema.
func TestAppEverythingCallProgressCancelAndStructured(t *testing.T) {
	// Not parallel: it waits for text in the output stream, where the
	// renderer writes only the cells that changed; frames that coalesce
	// under load can leave the text in pieces.
	mgr := everythingManager(t)
	m := New(Options{StateDir: stateDir(t), Backend: mgr, Started: true, NoColor: true})
	m.clock.after = func(time.Duration, tea.Msg) tea.Cmd { return nil }
	tm := teatest.NewTestModel(t, formStandIn{m}, teatest.WithInitialTermSize(120, 30))
	go m.ForwardEvents(mgr.Events(), tm.Send)
	waitFor(t, tm.Output(), "get-structured-content")

	filterToolOf(t, tm, "everything", "trigger-long-running-operation")
	typeKeys(tm, "tab", "X") // duration 10 s, 5 steps: a report every 2 s
	waitFor(t, tm.Output(), "1/5")
	typeKeys(tm, "esc")
	waitFor(t, tm.Output(), "notifications/cancelled")

	typeKeys(tm, "tab")
	filterToolOf(t, tm, "everything", "get-structured-content")
	tm.Send(submitForm{toolID: "everything.get-structured-content", server: "everything", tool: "get-structured-content",
		args: json.RawMessage(`{"location": "Chicago"}`)})
	waitFor(t, tm.Output(), "humidity:")
	if err := tm.Quit(); err != nil {
		t.Fatal(err)
	}
	final := tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(formStandIn)
	screen := trimLines(ansi.Strip(final.View().Content))
	for _, want := range []string{"matches its output schema", "structuredContent: object", "temperature: ", `conditions: "`, `args {"location": "Chicago"}`} {
		if !strings.Contains(screen, want) {
			t.Errorf("no %q:\n%s", want, screen)
		}
	}
	if v := m.built.views["everything.trigger-long-running-operation"]; v == nil || v.Last != nil {
		t.Errorf("the cancelled call left an outcome: %+v", v)
	}
}
