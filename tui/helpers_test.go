package tui

import (
	"reflect"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"charm.land/bubbles/v2/cursor"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"mcpeek/summarizer/schematree"
	"mcpeek/tui/dialog"
	"mcpeek/tui/kit"
	"mcpeek/tui/toolview"
)

// briefly is how long the harness waits for a command returned while a
// form is shown. The commands that take longer are timers (the cursor's
// blink, due in half a second): they are dropped, so no test waits on
// them, and their goroutines end when their timers fire.
const briefly = 25 * time.Millisecond

// stateDirs holds each running test's state directory.
var stateDirs sync.Map // testing.TB → string

// stateDir is the test's own state directory, made on first use: the
// explorers a test makes keep their remembered argument sets there, never
// in the user's, and tests that do not share a directory run in parallel.
func stateDir(t testing.TB) string {
	if dir, ok := stateDirs.Load(t); ok {
		return dir.(string)
	}
	dir := t.TempDir()
	stateDirs.Store(t, dir)
	t.Cleanup(func() { stateDirs.Delete(t) })
	return dir
}

// argsOf is the argument store of the test's explorers.
func argsOf(t testing.TB) argStore { return argStore{dir: stateDir(t)} }

// queuedCmd is a command the harness is to run; brief when it came back
// while a form was shown, so that it may be a blink timer.
type queuedCmd struct {
	cmd   tea.Cmd
	brief bool
}

// run runs the command as Bubble Tea would, off the loop, and returns its
// message; a brief one is dropped (nil) when it has not returned within
// briefly. The others are waited for: the backend's answers, which the
// tests rely on, come that way.
func (c queuedCmd) run() tea.Msg {
	if !c.brief {
		return c.cmd()
	}
	if isTimer(c.cmd) {
		return nil // it would not return within briefly: no need to wait that out
	}
	done := make(chan tea.Msg, 1) // a dropped command never blocks on it
	go func() { done <- c.cmd() }()
	timer := time.NewTimer(briefly)
	defer timer.Stop()
	select {
	case msg := <-done:
		return msg
	case <-timer.C:
		return nil
	}
}

// timerFuncs are the functions behind the commands known to be timers:
// the cursor's blink (due in half a second) and tea.Tick.
var timerFuncs = map[string]bool{
	"charm.land/bubbles/v2/cursor.(*Model).Blink.func1": true,
	"charm.land/bubbletea/v2.Tick.func1":                true,
}

// isTimer reports whether cmd is one of the known timers, which a brief
// run drops at once rather than after waiting briefly.
func isTimer(cmd tea.Cmd) bool {
	fn := runtime.FuncForPC(reflect.ValueOf(cmd).Pointer())
	return fn != nil && timerFuncs[fn.Name()]
}

// formShown reports whether a dialog that takes messages (a form) is on
// top: the commands then returned may be its timers.
func (h *harness) formShown() bool {
	_, takes := h.m.dialogs.Top().(dialog.MsgTaker)
	return takes
}

// settle runs the commands a dialog returned and feeds their messages
// back to it (as the root model would), until it asks for something else
// than commands to run: that is returned, or nil once its commands are
// done or dropped as timers.
func settle(d dialog.MsgTaker, a kit.Action) kit.Action {
	queue := []tea.Cmd{}
	for {
		if cmd, isCmd := a.(tea.Cmd); isCmd {
			if cmd != nil {
				queue = append(queue, cmd)
			}
		} else if a != nil {
			return a
		}
		if len(queue) == 0 {
			return nil
		}
		c := queuedCmd{cmd: queue[0], brief: true}
		queue, a = queue[1:], nil
		switch msg := c.run().(type) {
		case tea.BatchMsg:
			for _, inner := range msg {
				if inner != nil {
					queue = append(queue, inner)
				}
			}
		case nil:
		default:
			a = d.Update(msg)
		}
	}
}

// sendWaiting is send for a message whose commands may take a while
// though a form is shown (the editor's run): they are waited for.
func (h *harness) sendWaiting(msg tea.Msg) {
	_, cmd := h.m.Update(msg)
	h.runFrom(queuedCmd{cmd: cmd})
}

// messagesOf runs cmd and the commands of the batches it returns, and
// returns their messages, not fed anywhere; timers are dropped.
func messagesOf(cmd tea.Cmd) []tea.Msg {
	var out []tea.Msg
	queue := []tea.Cmd{cmd}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := (queuedCmd{cmd: c, brief: true}).run().(type) {
		case tea.BatchMsg:
			queue = append(queue, msg...)
		case nil:
		default:
			out = append(out, msg)
		}
	}
	return out
}

// plainTree renders a tree without colour and trims trailing spaces.
func plainTree(tr *schematree.Tree, width int, showDesc bool) string {
	st := kit.NewStyles(true, true)
	return trimLines(ansi.Strip(drawTree(&st, tr, width, showDesc)))
}

// drawTree draws a tree as the tree views do, focused, at its height.
func drawTree(st *kit.Styles, tr *schematree.Tree, width int, showDesc bool) string {
	p := toolview.NewTreePane(tr, "")
	p.Resize(width, tr.Height())
	return p.Render(kit.Frame{Styles: st, Focused: true, ShowDesc: showDesc})
}

func trimLines(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}

// findNode finds a materialised line by path.
func findNode(tr *schematree.Tree, path string) *schematree.Node {
	for n := tr.First(); n != nil; n = n.Next() {
		if n.Path.String() == path && n.Kind != schematree.KindMore {
			return n
		}
	}
	return nil
}

// viewNamed is the view the tab line calls name.
func viewNamed(t testing.TB, name string) toolview.Kind {
	t.Helper()
	for i, v := range toolview.Views {
		if v.Name == name {
			return toolview.Kind(i)
		}
	}
	t.Fatalf("no view %q", name)
	return 0
}

// paneFor is v's pane of type P.
func paneFor[P kit.ToolPane](t testing.TB, v *toolview.View) P {
	t.Helper()
	p, ok := toolview.PaneOf[P](v)
	if !ok {
		t.Fatalf("%s has no %T", v.ID, p)
	}
	return p
}

// viewPane is v's pane of the view named name.
func viewPane(t testing.TB, v *toolview.View, name string) kit.ToolPane {
	t.Helper()
	return v.Panes[viewNamed(t, name)]
}

// plainPane draws a pane without colour at width x height, unfocused.
func plainPane(p kit.ToolPane, width, height int) string {
	st := kit.NewStyles(true, true)
	p.Resize(width, height)
	return trimLines(ansi.Strip(p.Render(kit.Frame{Styles: &st})))
}

// TestTheHarnessKnowsTheTimers keeps timerFuncs true to the libraries: a
// renamed timer would otherwise be waited out (briefly) on every key.
func TestTheHarnessKnowsTheTimers(t *testing.T) {
	t.Parallel()
	c := cursor.New()
	c.SetMode(cursor.CursorBlink)
	c.Focus()
	tick := tea.Tick(time.Hour, func(time.Time) tea.Msg { return nil })
	for name, cmd := range map[string]tea.Cmd{"blink": c.Blink(), "tick": tick} {
		if cmd == nil || !isTimer(cmd) {
			t.Errorf("%s: not recognised as a timer", name)
		}
	}
	if isTimer(func() tea.Msg { return nil }) {
		t.Error("a plain command is taken for a timer")
	}
}
