package tui

import (
	"os"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"mcpeek/mcpclient"
)

// What server-everything asks of its client, answered in the explorer:
// its elicitation through the elicitation dialog, its sampling through the
// sampling dialog (approved with a typed reply, then declined), and its
// roots from the Manager's --root.
func TestAppEverythingPrompts(t *testing.T) {
	t.Parallel()
	root, err := os.MkdirTemp("", "root") // short: its URI fits on the screen
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(root) })
	mgr := everythingManager(t, mcpclient.WithRoots(root))
	m := New(Options{StateDir: stateDir(t), Backend: mgr, Started: true, NoColor: true})
	m.clock.after = func(time.Duration, tea.Msg) tea.Cmd { return nil }
	tm := teatest.NewTestModel(t, screenSpy{m}, teatest.WithInitialTermSize(160, 48))
	go m.ForwardEvents(mgr.Events(), tm.Send)
	waitScreen(t, tm, "trigger-elicitation-request", "trigger-sampling-request", "get-roots-list")

	// Elicitation: a name typed into the dialog, the defaults kept.
	filterToolOf(t, tm, "everything", "trigger-elicitation-request")
	typeKeys(tm, "x")
	waitScreen(t, tm, "Call everything.trigger-elicitation-request", "takes no arguments")
	tabToCall(t, tm)
	typeKeys(tm, "enter")
	waitScreen(t, tm, "everything asks you", "Please provide inputs for the following fields", "String *")
	tm.Type("Ada Lovelace")
	moveFocus(t, tm, tea.KeyPressMsg{Code: tea.KeyTab}, "Send these answers") // past the schema's 13 fields
	typeKeys(tm, "enter")
	waitScreen(t, tm, "User provided the requested information", "[1] text: text  4 lines")
	findInResult(tm, "Name:")
	screen := waitScreen(t, tm, "- Name: Ada Lovelace", "- Favorite Integer: 42") // typed, and a default kept
	if strings.Contains(screen, "everything asks you") {
		t.Errorf("the elicitation dialog stayed open:\n%s", screen)
	}
	// Called again: ctrl+d declines, esc cancels, and the tool says so.
	typeKeys(tm, "X")
	waitScreen(t, tm, "everything asks you")
	tm.Send(tea.KeyPressMsg{Code: 'd', Mod: tea.ModCtrl})
	waitScreen(t, tm, "User declined to provide the requested information")
	typeKeys(tm, "X")
	waitScreen(t, tm, "everything asks you")
	typeKeys(tm, "esc")
	waitScreen(t, tm, "User cancelled the elicitation dialog")

	// Sampling: the prompt from the call form, the reply typed into the
	// dialog and approved.
	typeKeys(tm, "tab") // from the result X showed to the tools list
	filterToolOf(t, tm, "everything", "trigger-sampling-request")
	typeKeys(tm, "x")
	waitScreen(t, tm, "Call everything.trigger-sampling-request", "prompt *")
	tm.Type("What is two and two?")
	tabToCall(t, tm)
	typeKeys(tm, "enter")
	waitScreen(t, tm, "everything asks for a model's reply", "system: You are a helpful test server.",
		"What is two and two?", "max tokens 100")
	tm.Type("Four, said the model.")
	typeKeys(tm, "enter", "enter")
	waitScreen(t, tm, "args {\"prompt\":\"What is two and two?\"", "[0] text: text")
	findInResult(tm, "Four")
	waitScreen(t, tm, "LLM sampling result", `"text": "Four, said the model."`, `"model": "mcpeek"`)

	// The same, declined with esc: the tool reports the refusal.
	typeKeys(tm, "X")
	waitScreen(t, tm, "everything asks for a model's reply")
	typeKeys(tm, "esc")
	screen = waitScreen(t, tm, `isError`, `[0] text: "MCP error -1: User rejected sampling request"`)
	if strings.Contains(screen, "asks for a model's reply") {
		t.Errorf("the dialog stayed open:\n%s", screen)
	}

	// Roots: the Manager's --root.
	typeKeys(tm, "tab")
	filterToolOf(t, tm, "everything", "get-roots-list")
	typeKeys(tm, "X")
	waitScreen(t, tm, "[0] text: text")
	findInResult(tm, "URI:")
	waitScreen(t, tm, "Current MCP Roots (1 total)", "URI: file://"+root)

	if err := tm.Quit(); err != nil {
		t.Fatal(err)
	}
	tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
}

// findInResult searches the result view for text, which opens the fold
// it is under (a call leaves the keys on its result), then goes back to
// the tools list.
func findInResult(tm *teatest.TestModel, text string) {
	typeKeys(tm, "/")
	tm.Type(text)
	typeKeys(tm, "enter", "tab")
}
