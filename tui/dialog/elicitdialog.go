package dialog

import (
	"errors"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"mcpeek/mcpclient"
	"mcpeek/mcpclient/oauth"
	"mcpeek/model"
	"mcpeek/tui/callform"
	"mcpeek/tui/kit"
	"mcpeek/tui/uitext"
)

// Elicit shows a server's elicitation: its message and the requested
// schema as a form (the call form's builder). The form's button accepts
// with the values given; ctrl+d declines; esc cancels. A url-mode
// elicitation shows its URL, which only ctrl+o opens (in the browser).
type Elicit struct {
	req    *mcpclient.PendingElicitation
	ask    mcpclient.Elicitation // req.Ask
	asked  []mcpclient.ElicitField
	fields []callform.Field
	form   *callform.Form
	errs   map[int]string
	// broken says why the requested schema cannot be shown: the user can
	// only decline or cancel.
	broken  string
	refused string
	leaving escGuard // esc asked before it drops the answers typed
	sized   [2]int
	// open opens a URL in the browser; opened says how that went.
	open   func(string) error
	opened string
}

// urlOpenedMsg is the end of opening an elicitation's URL.
type urlOpenedMsg struct{ err error }

// NewElicit is the dialog answering req, its form drawn with look.
func NewElicit(req *mcpclient.PendingElicitation, look callform.Look) *Elicit {
	ask := req.Ask
	d := &Elicit{req: req, ask: ask, open: oauth.OpenBrowser}
	asked, err := ask.Fields()
	if err != nil {
		d.broken = model.SanitizeLine(err.Error())
	}
	d.asked, d.fields = asked, callform.ElicitFields(asked)
	texts := make([]string, len(d.fields))
	for i, f := range d.fields {
		texts[i] = f.Value
	}
	title := "Send these answers"
	if ask.Mode == "url" {
		title = "I opened the page"
	}
	d.form = callform.New(callform.Spec{Fields: d.fields, Title: title, Label: "Accept", Check: d.acceptError, Look: look}, texts)
	d.check()
	return d
}

// Answers reports whether the dialog answers the request ev ends.
func (d *Elicit) Answers(ev mcpclient.Event) bool { return ev.Elicitation == d.req }

// Started is the command that starts the form (its cursor's blink).
func (d *Elicit) Started() tea.Cmd { return d.form.Started() }

// OpenWith makes ctrl+o open the URL with open instead of the browser.
func (d *Elicit) OpenWith(open func(url string) error) { d.open = open }

// Opened says what became of opening the URL (ctrl+o), "" before.
func (d *Elicit) Opened() string { return d.opened }

// Focused is the item of the form that has the cursor.
func (d *Elicit) Focused() int { return d.form.Focused() }

// content reads the answers; errs are the fields it could not read.
func (d *Elicit) content() (map[string]any, map[int]string) {
	content, errs := map[string]any{}, map[int]string{}
	for i, text := range d.form.Values() {
		f := d.asked[i]
		text = strings.TrimSpace(text)
		if text == "" {
			if f.Required {
				errs[i] = "required"
			}
			continue
		}
		var v any
		var err error
		switch d.fields[i].Kind {
		case callform.KindMulti:
			var picked []string
			for line := range strings.SplitSeq(text, "\n") {
				picked = append(picked, unquoteJSON(line))
			}
			v, err = f.Pick(picked)
		case callform.KindChoice:
			v, err = f.Parse(unquoteJSON(text))
		case callform.KindList:
			v, err = f.Parse(strings.ReplaceAll(text, "\n", ","))
		default:
			v, err = f.Parse(text)
		}
		if err != nil {
			errs[i] = model.SanitizeLine(err.Error())
			continue
		}
		content[f.Name] = v
	}
	return content, errs
}

func (d *Elicit) check() {
	_, d.errs = d.content()
	if d.form.MarkErrors(d.errs) {
		d.form.Refresh()
	}
}

// acceptError is why the answers cannot be sent yet; it runs inside the
// form's update, so it only reads.
func (d *Elicit) acceptError() error {
	if d.broken != "" {
		return errors.New("the request cannot be read: decline or cancel it")
	}
	_, errs := d.content()
	if len(errs) == 0 {
		return nil
	}
	for i, f := range d.fields {
		if e, ok := errs[i]; ok {
			text := "fix " + f.Title + ": " + e
			if len(errs) > 1 {
				text += fmt.Sprintf(", and %d more marked", len(errs)-1)
			}
			return callform.Refusal{Field: i, Text: text}
		}
	}
	return fmt.Errorf("fix the %d marked answers first", len(errs))
}

// answer sends the answer and closes the dialog.
func (d *Elicit) answer(a mcpclient.ElicitAnswer) kit.Action {
	d.req.Answer(a)
	return kit.CloseDialog{}
}

// Key answers on the dialog's keys; any other goes to the form.
func (d *Elicit) Key(msg tea.KeyPressMsg, k *kit.KeyMap) kit.Action {
	if key.Matches(msg, k.Cancel) && d.leaving.esc(d.form.Changed()) {
		return nil
	}
	d.leaving.pending = false
	switch {
	case key.Matches(msg, k.Cancel):
		return d.answer(mcpclient.ElicitAnswer{Action: mcpclient.ElicitCancel})
	case key.Matches(msg, k.Decline):
		return d.answer(mcpclient.ElicitAnswer{Action: mcpclient.ElicitDecline})
	case key.Matches(msg, k.OpenURL) && d.ask.Mode == "url":
		open, url := d.open, d.ask.URL
		if err := d.ask.CheckURL(); err != nil {
			d.opened = "not opened: " + model.SanitizeLine(err.Error())
			return nil
		}
		d.opened = "opening…"
		return tea.Cmd(func() tea.Msg { return urlOpenedMsg{err: open(url)} })
	}
	return d.after(d.form.Key(msg, FormKeys(k)))
}

// after is what the dialog asks for after the form took a message: the
// answer once the form completed, else the form's commands.
func (d *Elicit) after(cmd tea.Cmd) kit.Action {
	switch {
	case d.form.Done():
		content, _ := d.content()
		return d.answer(mcpclient.ElicitAnswer{Action: mcpclient.ElicitAccept, Content: content})
	case d.form.Aborted():
		return d.answer(mcpclient.ElicitAnswer{Action: mcpclient.ElicitCancel})
	}
	d.refused = ""
	if err := d.form.Refused(); err != nil {
		d.refused = err.Error()
	}
	d.check()
	return cmd
}

// Update takes a message other than a key for the form: a paste, what
// the form's commands sent back.
func (d *Elicit) Update(msg tea.Msg) kit.Action {
	if o, ok := msg.(urlOpenedMsg); ok {
		d.opened = "opened in the browser: accept once done there"
		if o.err != nil {
			d.opened = "could not open a browser (" + model.SanitizeLine(o.err.Error()) + "): open the URL yourself"
		}
		return nil
	}
	return d.after(d.form.Update(msg))
}

// Render draws the request over the form.
func (d *Elicit) Render(s *kit.Styles, width, height int) string {
	head := []string{s.Title.Render(model.SanitizeLine(d.ask.Server) + " asks you")}
	_, inner := callform.Width(s.Dialog, width)
	for _, l := range strings.Split(strings.TrimSpace(d.ask.Message), "\n") {
		head = append(head, uitext.Wrap(l, inner)...)
	}
	if d.ask.URL != "" {
		head = append(head, s.Accent.Render("url: "+model.SanitizeLine(d.ask.URL)))
		if d.opened != "" {
			head = append(head, s.Dim.Render(d.opened))
		} else {
			head = append(head, s.Dim.Render("not opened: ctrl+o opens it in the browser"))
		}
	}
	if d.broken != "" {
		head = append(head, s.ErrText.Render("✗ the requested schema cannot be read: "+d.broken))
	}
	if d.refused != "" {
		head = append(head, s.StatusErr.Render(d.refused))
	}
	if d.leaving.pending {
		head = append(head, s.StatusErr.Render("esc again cancels and drops your answers; any other key goes on"))
	}
	return callform.Box(s.Dialog, width, height, head, d.form, &d.sized)
}

// Help is the form's keys and the answers.
func (d *Elicit) Help(k *kit.KeyMap) []key.Binding {
	submit := k.FormSubmit
	submit.SetHelp("ctrl+s", "accept")
	if d.ask.Mode == "url" {
		return []key.Binding{k.OpenURL, submit, k.Decline, k.Cancel}
	}
	return []key.Binding{submit, k.FormNext, k.FormPrev, k.Decline, k.Cancel}
}

func unquoteJSON(s string) string {
	v, err := model.DecodeJSON([]byte(s))
	if err != nil || v.Kind != model.JSONString {
		return s
	}
	return v.Str
}

// escGuard is the question an esc asks before it drops what the user
// typed into a form: the first esc returns true (ask), a second one, or an
// esc on an untouched form, false; any other key withdraws the question.
type escGuard struct{ pending bool }

// esc reports whether this esc is to ask first.
func (a *escGuard) esc(changed bool) bool {
	if a.pending || !changed {
		return false
	}
	a.pending = true
	return true
}
