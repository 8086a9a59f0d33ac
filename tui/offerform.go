package tui

import (
	"context"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"mcpeek/mcpclient"
	"mcpeek/model"
	"mcpeek/tui/callform"
	"mcpeek/tui/kit"
	"mcpeek/tui/uitext"
)

// completeDelay is how long typing pauses before the server is asked for
// completions: a word typed fast asks once.
const completeDelay = 150 * time.Millisecond

// maxSuggestions bounds the completions kept and shown.
const maxSuggestions = 8

// offerForm asks for a resource template's variables or a prompt's
// arguments, one line each, and offers the server's completions
// (completion/complete) for the field being typed in. Only the fields on
// screen are drawn, and only the focused one has an editor: a template
// with 1,000 variables costs the screen, not the variables.
type offerForm struct {
	pane  *offerPane
	title string
	// tpl is the template filled in; prompt the prompt got ("" for a
	// template).
	tpl, prompt string
	ref         mcpclient.CompletionRef
	names       []string
	required    []bool
	values      []string
	focus, top  int
	rows        int // fields shown at the last render
	input       textinput.Model
	err         string

	// Completion: due is the pause awaited before asking, asked the
	// request awaited; an answer to another is dropped.
	completes   bool // the server offers completions
	due, asked  ticket
	suggestions []string
	pick        int // the suggestion chosen with ↑/↓, -1 for none
	more        bool
	tickets     *tickets
	after       func(time.Duration, tea.Msg) tea.Cmd
	complete    func(ctx context.Context, ref mcpclient.CompletionRef, arg, value string, resolved map[string]string) (*mcpclient.Completion, error)
	ctx         context.Context
}

// completeDueMsg says typing paused in the field; completedMsg carries
// the server's completions.
type (
	completeDueMsg struct{ ticket ticket }
	completedMsg   struct {
		ticket ticket
		values []string
		more   bool
		err    error
	}
)

// offerSubmit reads the filled-in template, or gets the prompt, into pane.
type offerSubmit struct {
	pane        *offerPane
	uri, prompt string
	args        map[string]string
	what        string
}

// openOfferForm opens the form of the template or prompt under the
// cursor; a prompt without arguments is got at once.
func (m *Model) openOfferForm(p *offerPane, srv model.Server, so *serverOffers) tea.Cmd {
	o := m.offerer()
	if o == nil {
		return nil
	}
	f := &offerForm{pane: p, pick: -1, tickets: &m.tickets, after: m.clock.after, ctx: m.life.ctx,
		completes: srv.Offers.Completions, input: textinput.New()}
	server := srv.Name
	f.complete = func(ctx context.Context, ref mcpclient.CompletionRef, arg, value string, resolved map[string]string) (*mcpclient.Completion, error) {
		return o.Complete(ctx, server, ref, arg, value, resolved)
	}
	switch p.ref.kind {
	case offerTemplate:
		t := so.templates[p.ref.i]
		f.tpl, f.ref = t.URITemplate, mcpclient.CompletionRef{Template: t.URITemplate}
		f.title = "Read " + model.SanitizeLine(t.Name)
		f.names = templateVars(t.URITemplate)
		f.required = make([]bool, len(f.names))
	case offerPrompt:
		pr := so.prompts[p.ref.i]
		f.prompt, f.ref = pr.Name, mcpclient.CompletionRef{Prompt: pr.Name}
		f.title = "Get " + model.SanitizeLine(pr.Name)
		for _, a := range pr.Arguments {
			f.names = append(f.names, a.Name)
			f.required = append(f.required, a.Required)
		}
		if len(f.names) == 0 {
			return m.readOffer(p, "", pr.Name, nil, pr.Name)
		}
	default:
		return nil
	}
	if len(f.names) == 0 { // a template without variables is a URI
		return m.readOffer(p, f.tpl, "", nil, f.tpl)
	}
	f.values = make([]string, len(f.names))
	f.input.Prompt = ""
	cmd := f.input.Focus()
	m.dialogs.Open(f)
	return tea.Batch(cmd, f.askSoon(0))
}

// askSoon asks for completions of the focused field after a pause.
func (f *offerForm) askSoon(d time.Duration) tea.Cmd {
	if !f.completes {
		return nil
	}
	f.due = f.tickets.next()
	if d == 0 {
		return f.ask()
	}
	return f.after(d, completeDueMsg{ticket: f.due})
}

// ask asks the server for the focused field's completions.
func (f *offerForm) ask() tea.Cmd {
	f.asked = f.tickets.next()
	t, ctx, ref := f.asked, f.ctx, f.ref
	arg, value := f.names[f.focus], f.values[f.focus]
	resolved := map[string]string{}
	for i, v := range f.values {
		if i != f.focus && v != "" {
			resolved[f.names[i]] = v
		}
	}
	complete := f.complete
	return func() tea.Msg {
		c, err := complete(ctx, ref, arg, value, resolved)
		msg := completedMsg{ticket: t, err: err}
		if c != nil {
			msg.values, msg.more = c.Values, c.HasMore || len(c.Values) > maxSuggestions
		}
		return msg
	}
}

func (f *offerForm) Update(msg tea.Msg) kit.Action {
	switch msg := msg.(type) {
	case completeDueMsg:
		if stale(msg.ticket, f.due) {
			return nil
		}
		return f.ask()
	case completedMsg:
		if stale(msg.ticket, f.asked) {
			return nil // the field changed since
		}
		f.asked, f.suggestions, f.pick = 0, nil, -1
		if msg.err != nil {
			f.err = "completion: " + model.SanitizeLine(msg.err.Error())
			return nil
		}
		for _, v := range msg.values {
			if len(f.suggestions) == maxSuggestions {
				break
			}
			f.suggestions = append(f.suggestions, v)
		}
		f.more = msg.more
		return nil
	}
	var cmd tea.Cmd
	f.input, cmd = f.input.Update(msg)
	return cmd
}

func (f *offerForm) Key(msg tea.KeyPressMsg, k *kit.KeyMap) kit.Action {
	f.err = ""
	switch {
	case key.Matches(msg, k.Cancel):
		return kit.CloseDialog{}
	case key.Matches(msg, k.FormSubmit):
		return f.submit()
	case key.Matches(msg, k.ResultDown) && len(f.suggestions) > 0:
		f.pick = min(f.pick+1, len(f.suggestions)-1)
		return nil
	case key.Matches(msg, k.ResultUp) && len(f.suggestions) > 0:
		f.pick = max(f.pick-1, -1)
		return nil
	case key.Matches(msg, k.Complete) && len(f.suggestions) > 0:
		f.accept(max(f.pick, 0))
		return f.askSoon(0)
	case key.Matches(msg, k.FormPrev):
		return f.move(-1)
	case key.Matches(msg, k.FormNext):
		if f.pick >= 0 {
			f.accept(f.pick)
			return f.askSoon(0)
		}
		if msg.String() == "enter" && f.focus == len(f.names)-1 {
			return f.submit()
		}
		return f.move(1)
	}
	before := f.input.Value()
	var cmd tea.Cmd
	f.input, cmd = f.input.Update(msg)
	return f.edited(before, cmd)
}

// Paste takes a paste into the focused field as typed text is taken: one
// edit, made safe for a line, kept as the argument's value, its
// completions asked for.
func (f *offerForm) Paste(text string) kit.Action {
	f.err = ""
	before := f.input.Value()
	var cmd tea.Cmd
	f.input, cmd = f.input.Update(tea.PasteMsg{Content: uitext.Paste(text, true)})
	return f.edited(before, cmd)
}

// edited keeps the field's value once an edit changed it, and asks for
// its completions after a pause.
func (f *offerForm) edited(before string, cmd tea.Cmd) kit.Action {
	if v := f.input.Value(); v != before {
		f.values[f.focus] = v
		return tea.Batch(cmd, f.askSoon(completeDelay))
	}
	return cmd
}

// accept puts suggestion i in the focused field.
func (f *offerForm) accept(i int) {
	f.values[f.focus] = f.suggestions[i]
	f.input.SetValue(f.suggestions[i])
	f.input.CursorEnd()
	f.suggestions, f.pick = nil, -1
}

// move focuses the field n away, and asks for its completions.
func (f *offerForm) move(n int) kit.Action {
	f.focus = min(max(f.focus+n, 0), len(f.names)-1)
	f.input.SetValue(f.values[f.focus])
	f.input.CursorEnd()
	f.suggestions, f.pick, f.asked = nil, -1, 0
	return f.askSoon(0)
}

// submit checks the required arguments and asks for the read or get.
func (f *offerForm) submit() kit.Action {
	args := map[string]string{}
	for i, n := range f.names {
		if f.values[i] == "" {
			if f.required[i] {
				f.err = model.SanitizeLine(n) + " is required"
				f.focus = i
				f.input.SetValue("")
				return nil
			}
			continue
		}
		args[n] = f.values[i]
	}
	if f.prompt != "" {
		return offerSubmit{pane: f.pane, prompt: f.prompt, args: args, what: f.prompt + " " + argsText(f.names, args)}
	}
	uri := expandTemplate(f.tpl, args)
	return offerSubmit{pane: f.pane, uri: uri, what: uri}
}

// argsText writes args in the order of names, name=value.
func argsText(names []string, args map[string]string) string {
	var parts []string
	for _, n := range names {
		if v, ok := args[n]; ok {
			parts = append(parts, n+"="+v)
		}
	}
	return strings.Join(parts, " ")
}

func (f *offerForm) Render(s *kit.Styles, width, height int) string {
	frameW, inner := callform.Width(s.Dialog, width)
	_ = frameW
	rows := max(height-10, 1)
	f.rows = rows
	if f.focus < f.top {
		f.top = f.focus
	}
	if f.focus >= f.top+rows {
		f.top = f.focus - rows + 1
	}
	nameW := 0
	for i := f.top; i < len(f.names) && i < f.top+rows; i++ {
		nameW = max(nameW, len(model.SanitizeLine(f.names[i]))+1)
	}
	nameW = min(nameW, inner/3)
	lines := []string{s.Title.Render(f.title)}
	if f.top > 0 {
		lines = append(lines, s.Faint.Render("↑ "+plural(f.top, "more field")))
	}
	for i := f.top; i < len(f.names) && i < f.top+rows; i++ {
		name := model.SanitizeLine(f.names[i])
		if f.required[i] {
			name += "*"
		}
		label := padRight(fit(name, nameW), nameW) + " "
		if i == f.focus {
			f.input.SetWidth(max(inner-nameW-2, 4))
			lines = append(lines, s.Accent.Render(label)+f.input.View())
			lines = append(lines, f.suggestionLines(s, inner)...)
			continue
		}
		lines = append(lines, s.Dim.Render(label)+fit(model.SanitizeLine(f.values[i]), inner-nameW-1))
	}
	if rest := len(f.names) - f.top - rows; rest > 0 {
		lines = append(lines, s.Faint.Render("↓ "+plural(rest, "more field")))
	}
	if f.err != "" {
		lines = append(lines, s.ErrText.Render(fit(f.err, inner)))
	}
	verb := "read"
	if f.prompt != "" {
		verb = "get"
	}
	lines = append(lines, s.Faint.Render(fit("tab: complete · ↑/↓: choose · enter: next · ctrl+s: "+verb+" · esc: cancel", inner)))
	for i, l := range lines {
		lines[i] = fit(l, inner)
	}
	return s.Dialog.Width(frameW).Render(strings.Join(lines, "\n"))
}

// suggestionLines are the completions under the focused field.
func (f *offerForm) suggestionLines(s *kit.Styles, width int) []string {
	switch {
	case !f.completes:
		return nil
	case f.asked != 0 && len(f.suggestions) == 0:
		return []string{s.Faint.Render("  completing…")}
	case len(f.suggestions) == 0:
		return nil
	}
	var out []string
	for i, v := range f.suggestions {
		st := s.Dim
		if i == f.pick {
			st = s.Cursor
		}
		out = append(out, "  "+st.Render(fit(model.SanitizeLine(v), width-2)))
	}
	if f.more {
		out = append(out, s.Faint.Render("  … more: type to narrow"))
	}
	return out
}

func (f *offerForm) Help(k *kit.KeyMap) []key.Binding {
	return []key.Binding{k.Complete, k.FormNext, k.FormPrev, k.FormSubmit, k.Cancel}
}
