package registryview

import (
	"context"
	"errors"
	"mcpeek/tui/kit"
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"mcpeek/mcpclient/registry"
	"mcpeek/model"
	"mcpeek/tui/uitext"
)

// Debounce is the pause after the last key before a search.
const Debounce = 250 * time.Millisecond

// Source is the registry the dialog searches and tries servers of.
type Source struct {
	// URL is the registry's base URL, shown in the title.
	URL string
	// Search lists the latest version of each server whose name holds
	// text ("" for all).
	Search func(ctx context.Context, text string) (registry.SearchResult, error)
	// Try installs a server's package, starts it and adds it beside the
	// configured servers; progress says each step (from any goroutine).
	// It returns the name the server is shown by.
	Try func(ctx context.Context, e registry.Entry, values map[string]string, progress func(string)) (string, error)
}

// Action is what the dialog asks of the explorer after a key: one of the
// types below.
type Action interface{ action() }

type (
	// Close asks to close the dialog; its search under way is stopped.
	Close struct{}
	// Try asks to try Entry (enter): the explorer asks for the inputs it
	// needs, if any, then calls Dialog.Try.
	Try struct{ Entry registry.Entry }
	// Add asks to add Entry to a client (a).
	Add struct{ Entry registry.Entry }
	// Wait asks to send Waited after Debounce: the query changed.
	Wait struct{}
)

func (Close) action() {}
func (Try) action()   {}
func (Add) action()   {}
func (Wait) action()  {}

type (
	// SearchMsg: the pause after the last key ended; search if the query
	// is still the one waited for (numbered Req).
	SearchMsg struct{ Req uint64 }
	// FoundMsg: the registry answered the search numbered Req.
	FoundMsg struct {
		Req    uint64
		Result registry.SearchResult
		Err    error
	}
	// TryMsg: a try went a step further (Line), or ended (Done) with the
	// name its server is shown by, or Err.
	TryMsg struct {
		Line   string
		Done   bool
		Entry  registry.Entry // the entry tried
		Server string
		Err    error

		req   uint64
		steps <-chan TryMsg
	}
)

// Dialog is the registry pane over the screen: a query, the servers
// found, and the try under way.
type Dialog struct {
	src   Source
	ctx   context.Context // ends when the explorer closes
	input textinput.Model
	reqs  uint64 // searches and tries numbered so far

	asked    uint64 // the search waited for, 0 for none
	running  uint64 // the search under way, 0 for none
	cancel   context.CancelFunc
	pending  bool // the pause for asked ended while running was ending
	result   registry.SearchResult
	err      error
	answered bool
	cursor   int
	top      int
	rows     int
	listKeys bool // tab moved the keys from the query to the list (a adds)

	trying  uint64 // the try under way, 0 for none
	line    string // the try's progress, or why it failed
	lineErr bool
}

// New is the dialog over src, its work under ctx, and the command that
// lists every server.
func New(ctx context.Context, src Source, s *kit.Styles) (*Dialog, tea.Cmd) {
	in := textinput.New()
	in.Prompt = "search: "
	in.SetStyles(s.Input)
	in.Focus()
	d := &Dialog{src: src, ctx: ctx, input: in}
	d.asked = d.next()
	return d, d.search(d.asked, "")
}

func (d *Dialog) next() uint64 {
	d.reqs++
	return d.reqs
}

// Query is the query typed.
func (d *Dialog) Query() string { return d.input.Value() }

// Trying says a try is under way.
func (d *Dialog) Trying() bool { return d.trying != 0 }

// search starts the search numbered req for text, under a context the
// dialog cancels when the query changes or it closes.
func (d *Dialog) search(req uint64, text string) tea.Cmd {
	ctx, cancel := context.WithCancel(d.ctx)
	d.running, d.cancel = req, cancel
	search := d.src.Search
	return func() tea.Msg {
		defer cancel()
		r, err := search(ctx, strings.TrimSpace(text))
		return FoundMsg{Req: req, Result: r, Err: err}
	}
}

// Stop cancels the search under way, if any; its answer, when it comes,
// only tells the dialog that it ended.
func (d *Dialog) Stop() {
	if d.cancel != nil {
		d.cancel()
	}
}

// Waited is the message to send after Debounce once the query changed
// (Wait): the search under way is cancelled at once, and an older one
// waited for is given up.
func (d *Dialog) Waited() SearchMsg {
	d.Stop()
	d.asked, d.pending = d.next(), false
	return SearchMsg{Req: d.asked}
}

// Update handles the dialog's messages: the end of a pause, a search's
// answer. A try's steps are the explorer's to route (Stepped).
func (d *Dialog) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case SearchMsg:
		switch {
		case msg.Req == 0 || msg.Req != d.asked:
		case d.running != 0: // cancelled, not ended yet: start when it ends
			d.pending = true
		default:
			return d.search(msg.Req, d.input.Value())
		}
	case FoundMsg:
		if msg.Req == d.running {
			d.running, d.cancel = 0, nil
		}
		if msg.Req == 0 || msg.Req != d.asked {
			if d.pending && d.running == 0 {
				d.pending = false
				return d.search(d.asked, d.input.Value())
			}
			return nil
		}
		d.asked, d.answered = 0, true
		d.result, d.err, d.cursor, d.top = msg.Result, msg.Err, 0, 0
	}
	return nil
}

// Try tries e with the inputs given: one command runs the try and puts
// its steps, then its end, on a channel; the other reads them one at a
// time (Next), so that they come in order.
func (d *Dialog) Try(e registry.Entry, values map[string]string) tea.Cmd {
	req := d.next()
	d.trying, d.lineErr = req, false
	d.line = "trying " + model.SanitizeLine(e.Server.Name) + "…"
	steps := make(chan TryMsg, 8)
	try, ctx := d.src.Try, d.ctx
	run := func() tea.Msg {
		defer close(steps)
		send := func(u TryMsg) {
			u.req, u.steps = req, steps
			select {
			case steps <- u:
			case <-ctx.Done():
			}
		}
		name, err := try(ctx, e, values, func(line string) { send(TryMsg{Line: line}) })
		send(TryMsg{Done: true, Entry: e, Server: name, Err: err})
		return nil
	}
	return tea.Batch(run, nextStep(steps))
}

// Next reads the step after msg.
func (msg TryMsg) Next() tea.Cmd { return nextStep(msg.steps) }

func nextStep(steps <-chan TryMsg) tea.Cmd {
	return func() tea.Msg {
		u, ok := <-steps
		if !ok {
			return nil
		}
		return u
	}
}

// Stepped shows a try's step or end, if it is the dialog's own try (not
// one of before it was closed and opened again).
func (d *Dialog) Stepped(msg TryMsg) {
	if d.trying != msg.req {
		return
	}
	switch {
	case !msg.Done:
		d.line = model.SanitizeLine(msg.Line)
	case msg.Err != nil:
		d.trying = 0
		d.line, d.lineErr = model.SanitizeLine(msg.Err.Error()), true
	default:
		d.trying = 0
	}
}

// Mine says msg is a step of the dialog's own try.
func (d *Dialog) Mine(msg TryMsg) bool { return d.trying == msg.req }

func (d *Dialog) entries() []registry.Entry { return d.result.Entries }

// Key handles a key press; a command it returns runs in Bubble Tea (the
// query's cursor blinking).
func (d *Dialog) Key(msg tea.KeyPressMsg, k *kit.KeyMap) (Action, tea.Cmd) {
	switch {
	case key.Matches(msg, k.Cancel):
		d.Stop()
		return Close{}, nil
	case key.Matches(msg, k.Accept):
		if d.cursor < len(d.entries()) {
			return Try{Entry: d.entries()[d.cursor]}, nil
		}
		return nil, nil
	case k.ListStep(msg, d.rows) != 0:
		d.move(k.ListStep(msg, d.rows))
		return nil, nil
	case key.Matches(msg, k.Pane):
		d.listKeys = !d.listKeys
		if d.listKeys {
			d.input.Blur()
			return nil, nil
		}
		return nil, d.input.Focus()
	case d.listKeys && key.Matches(msg, k.AddToClient):
		if d.cursor < len(d.entries()) {
			return Add{Entry: d.entries()[d.cursor]}, nil
		}
		return nil, nil
	case d.listKeys:
		return nil, nil // the query is not being typed
	}
	return d.edit(msg)
}

// Paste takes a paste as one edit of the query.
func (d *Dialog) Paste(text string) (Action, tea.Cmd) {
	return d.edit(tea.PasteMsg{Content: uitext.Paste(text, true)})
}

// edit changes the query; a change waits for a pause before searching.
func (d *Dialog) edit(msg tea.Msg) (Action, tea.Cmd) {
	before := d.input.Value()
	var cmd tea.Cmd
	d.input, cmd = d.input.Update(msg)
	if d.input.Value() == before {
		return nil, cmd
	}
	return Wait{}, cmd
}

func (d *Dialog) move(n int) {
	d.cursor = min(max(d.cursor+n, 0), max(len(d.entries())-1, 0))
}

// Render draws a box most of the screen wide: the query, the servers as
// name, version, kinds, a secret mark and the description, the try's
// progress at the bottom.
func (d *Dialog) Render(s *kit.Styles, width, height int) string {
	w := max(min(width-4, 120), 20)
	inner := w - 4
	d.rows = max(height-11, 1)
	if d.cursor < d.top {
		d.top = d.cursor
	}
	if d.cursor >= d.top+d.rows {
		d.top = d.cursor - d.rows + 1
	}
	d.input.SetWidth(max(inner-len(d.input.Prompt)-1, 1))
	head := s.PaneTitleFocus.Render("MCP Registry") + s.Dim.Render("  "+ansi.Truncate(model.SanitizeLine(d.src.URL), max(inner-14, 1), "…"))
	lines := []string{head, d.input.View(), ""}
	es := d.entries()
	switch {
	case !d.answered:
		lines = append(lines, s.Dim.Render("searching…"))
	case d.err != nil && !errors.Is(d.err, context.Canceled):
		// Wrapped, not cut: the cause ("no such host", "connection
		// refused") comes last, after the URL.
		wrapped := uitext.Wrap(model.SanitizeLine(d.err.Error()), inner)
		if len(wrapped) > d.rows {
			wrapped = wrapped[:d.rows]
			wrapped[d.rows-1] = ansi.Truncate(wrapped[d.rows-1]+" …", inner, "…")
		}
		for _, l := range wrapped {
			lines = append(lines, s.ErrText.Render(l))
		}
	case len(es) == 0:
		lines = append(lines, s.Dim.Render("no server's name holds that"))
	default:
		lines = append(lines, d.rowsOf(s, es, inner)...)
	}
	if d.line != "" {
		st := s.Dim
		if d.lineErr {
			st = s.ErrText
		}
		for _, l := range uitext.Wrap(d.line, inner) {
			lines = append(lines, st.Render(l))
		}
	}
	return s.Dialog.Width(w).Render(strings.Join(lines, "\n"))
}

// rowsOf draws the servers on screen and the line under them.
func (d *Dialog) rowsOf(s *kit.Styles, es []registry.Entry, inner int) []string {
	// The name keeps its last part when cut (the name the server is
	// shown by); the description takes what is left, at least a bit.
	var lines []string
	nameW, verW, kindW, secretW := 0, 0, 0, 0
	shown := es[d.top:min(d.top+d.rows, len(es))]
	for _, e := range shown {
		nameW = max(nameW, ansi.StringWidth(model.SanitizeLine(e.Server.Name)))
		verW = max(verW, ansi.StringWidth(model.SanitizeLine(e.Server.Version)))
		kindW = max(kindW, ansi.StringWidth(model.SanitizeLine(strings.Join(e.Server.Kinds(), ","))))
		if e.Server.NeedsSecret() {
			secretW = len("secret ")
		}
	}
	verW, kindW = min(verW, 12), min(kindW, 14)
	nameW = min(nameW, max(inner-verW-kindW-secretW-5-12, 12))
	for i, e := range shown {
		secret := ""
		if e.Server.NeedsSecret() {
			secret = "secret "
		}
		segs := []uitext.Seg{
			{Text: uitext.PadRight(uitext.CutLeft(model.SanitizeLine(e.Server.Name), nameW), nameW) + "  ", Style: s.Tool},
			{Text: uitext.Fit(model.SanitizeLine(e.Server.Version), verW) + "  ", Style: s.Dim},
			{Text: uitext.Fit(model.SanitizeLine(strings.Join(e.Server.Kinds(), ",")), kindW) + " ", Style: s.TypeString},
			{Text: uitext.PadRight(secret, secretW), Style: s.StateStarting},
			{Text: model.SanitizeLine(uitext.FirstLine(e.Server.Description)), Style: s.Desc},
		}
		var b strings.Builder
		if d.top+i == d.cursor {
			uitext.DrawCursorLine(&b, segs, inner, s.Cursor)
		} else {
			uitext.DrawLine(&b, segs, inner)
		}
		lines = append(lines, b.String())
	}
	foot := strconv.Itoa(d.cursor+1) + "/" + strconv.Itoa(len(es))
	if d.result.Stopped.Cut() {
		foot += "+"
	}
	if f := d.result.Freshness; f.FromCache && f.Unreachable != nil {
		foot += " · cached, the registry could not be reached"
	}
	if d.listKeys {
		foot += " · enter tries it · a adds it to a client · tab back to the search"
	} else {
		foot += " · enter tries it · tab, then a: add it to a client"
	}
	return append(lines, "", s.Dim.Render(ansi.Truncate(foot, inner, "…")))
}

// Help is the short help of the dialog.
func (d *Dialog) Help(k *kit.KeyMap) []key.Binding {
	try := k.Accept
	try.SetHelp("enter", "try it")
	if d.listKeys {
		return []key.Binding{k.ResultDown, try, k.AddToClient, k.Pane, k.Cancel}
	}
	return []key.Binding{k.ResultDown, try, k.Pane, k.Cancel}
}

// Asked is the message of the search waited for (Req 0 when none is).
func (d *Dialog) Asked() SearchMsg { return SearchMsg{Req: d.asked} }
