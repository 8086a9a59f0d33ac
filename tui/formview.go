package tui

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/huh/v2"
	"github.com/charmbracelet/x/ansi"
)

// fieldsForm is a huh form over form fields: one input per field, each
// writing its text where texts points, then a closing button that runs
// check before the form may complete. It is what the call form and the
// prompts show.
type fieldsForm struct {
	formSpec
	form  *huh.Form
	texts []*string
	// titles set each field's title: its label, its required mark and the
	// error at it.
	titles []func(string)
	shown  []string // the titles set
	button *huh.Confirm
	// init is what the form asks to run as it opens (its cursor's first
	// blink), until it is handed out.
	init tea.Cmd
	// late is the refusal of a completion that came too late (see update).
	late error
	// size is the room the form was last given, kept for a rebuilt form.
	width, height int
}

// formSpec is what a fieldsForm is built from. The closing button says
// label under title ("Call shop_get_order with these arguments", "Call");
// check is asked when it is pressed and refuses to complete with an error.
// empty is what the form says when there are no fields.
type formSpec struct {
	fields              []formField
	title, label, empty string
	check               func() error
	look                formLook
}

// formRefreshMsg asks the form to draw its fields again (after their
// titles changed).
type formRefreshMsg struct{}

// newFieldsForm builds the form with texts as the fields' first values.
func newFieldsForm(spec formSpec, texts []string) *fieldsForm {
	f := &fieldsForm{formSpec: spec}
	f.build(texts)
	return f
}

// build makes the huh form anew, with texts as the fields' values.
func (f *fieldsForm) build(texts []string) {
	var items []huh.Field
	f.texts, f.titles, f.shown = nil, nil, nil
	for i, fd := range f.fields {
		text := texts[i]
		f.texts = append(f.texts, &text)
		field, setTitle := newInput(fd, f.texts[i])
		items = append(items, field)
		f.titles = append(f.titles, setTitle)
	}
	if len(f.fields) == 0 && f.empty != "" {
		items = append(items, huh.NewNote().Description(f.empty))
	}
	check := f.check
	f.button = huh.NewConfirm().Title(f.title).Affirmative(f.label).Negative("").
		Validate(func(bool) error { return check() })
	items = append(items, f.button)
	theme := &formTheme{build: huh.ThemeCharm, dark: f.look.dark}
	if f.look.noColor {
		theme.build = huh.ThemeBase
	}
	f.form = huh.NewForm(huh.NewGroup(items...)).WithShowHelp(false).WithShowErrors(false).WithTheme(theme)
	f.init = f.form.Init() // focuses the first field
	if f.width > 0 {
		f.size(f.width, f.height)
	}
	f.markErrors(nil)
	f.refresh()
}

// formLook is how the explorer is drawn, for its forms: on a dark
// background or not, with colours or not.
type formLook struct{ dark, noColor bool }

func (m *Model) formLook() formLook { return formLook{dark: m.isDark, noColor: m.noColor} }

// formTheme is a huh theme for the explorer's background, built once: huh
// asks for its theme for every field it draws (with a background of its
// own guessing, ignored), and building one is most of the cost of a key.
type formTheme struct {
	build  func(isDark bool) *huh.Styles
	dark   bool
	styles *huh.Styles
}

func (t *formTheme) Theme(bool) *huh.Styles {
	if t.styles == nil {
		t.styles = t.build(t.dark)
	}
	return t.styles
}

// newInput makes the huh input of one field, and how to set its title.
func newInput(fd formField, text *string) (huh.Field, func(string)) {
	desc := fieldDescription(fd)
	switch fd.kind {
	case kindObject:
		n := huh.NewNote().Description(desc)
		return n, func(t string) { n.Title(t) }
	case kindText:
		in := huh.NewText().Description(desc).Placeholder(fd.hint).Lines(3).CharLimit(0).Value(text)
		return in, func(t string) { in.Title(t) }
	case kindList:
		in := huh.NewText().Description(desc).Placeholder(fd.hint).Lines(3).CharLimit(0).Value(text)
		return in, func(t string) { in.Title(t) }
	case kindBool, kindChoice:
		unset := "(none)"
		if fd.required {
			unset = "(choose)"
		}
		opts := []huh.Option[string]{huh.NewOption(unset, "")}
		if fd.kind == kindBool {
			opts = append(opts, huh.NewOption("true", "true"), huh.NewOption("false", "false"))
		}
		for _, c := range fd.choices {
			opts = append(opts, huh.NewOption(c.label, c.json))
		}
		in := huh.NewSelect[string]().Description(desc).Inline(true).Options(opts...).Value(text)
		return in, func(t string) { in.Title(t) }
	}
	in := huh.NewInput().Description(desc).Placeholder(fd.hint).CharLimit(0).Value(text)
	return in, func(t string) { in.Title(t) }
}

// fieldDescription is what the form says beside a field: the schema's
// description and how to type the value.
func fieldDescription(fd formField) string {
	var how string
	switch fd.kind {
	case kindNumber:
		how = "A number."
	case kindInteger:
		how = "A whole number."
	case kindList:
		how = "A list: one item per line (alt+enter for a new line)."
	case kindJSON:
		how = "Typed as JSON (" + fd.why + "): ctrl+e edits all arguments in $EDITOR."
	case kindObject:
		how = "An object: its fields follow."
	}
	return strings.TrimSpace(strings.TrimSpace(fd.desc) + " " + how)
}

// fieldTitle is a field's title: its name, a star when it is required, a
// note when it is JSON, and the error at it.
func fieldTitle(fd formField, err string) string {
	t := strings.Join(fd.path, ".")
	if fd.title != "" && len(fd.path) == 1 {
		t = fd.title
	}
	if fd.required {
		t += " *"
	}
	if fd.kind == kindJSON {
		t += " (JSON)"
	}
	if err != "" {
		t += "  ✗ " + err
	}
	return t
}

// markErrors puts each error on its field's title (by field index), and
// reports whether a title changed: the form is then to be refreshed.
func (f *fieldsForm) markErrors(at map[int]string) (changed bool) {
	if f.shown == nil {
		f.shown = make([]string, len(f.fields))
		changed = true
	}
	for i, fd := range f.fields {
		if t := fieldTitle(fd, at[i]); t != f.shown[i] || changed {
			f.shown[i] = t
			f.titles[i](t)
			changed = true
		}
	}
	return changed
}

// refresh draws the fields again (after their titles changed).
func (f *fieldsForm) refresh() { f.form.Update(formRefreshMsg{}) }

// values are the fields' texts as they stand.
func (f *fieldsForm) values() []string {
	out := make([]string, len(f.texts))
	for i, t := range f.texts {
		out[i] = *t
	}
	return out
}

// started hands out the commands the form asked for as it opened (once).
// The dialog returns them to Bubble Tea when it shows the form.
func (f *fieldsForm) started() tea.Cmd {
	cmd := f.init
	f.init = nil
	return cmd
}

// update passes a message to the form: a key, a paste, or what one of its
// commands sent back (a move between fields, a cursor blink). It returns
// the form's commands, for Bubble Tea to run off the UI loop; their
// messages come back through the root model to the form.
func (f *fieldsForm) update(msg tea.Msg) tea.Cmd {
	f.late = nil
	_, cmd := f.form.Update(msg)
	if f.button.Error() != nil {
		// A refused submit leaves the button blurred: focus it again.
		f.button.Focus()
		f.refresh()
	}
	if f.done() {
		if err := f.check(); err != nil {
			// huh checks the button as it leaves it and completes a
			// message later: a key that reached the button in between
			// (typed fast, repeated) cleared the refusal. Nothing is sent:
			// the form is built again, on its button.
			f.late = err
			cmd = f.rebuildOnButton()
		}
	}
	return tea.Batch(f.started(), cmd)
}

// rebuildOnButton builds the form again with its texts as they stand, and
// focuses its button.
func (f *fieldsForm) rebuildOnButton() tea.Cmd {
	f.build(f.values())
	f.init = nil // the moves below focus what they reach
	var cmd tea.Cmd
	for range len(f.fields) + 1 {
		if f.form.GetFocusedField() == f.button {
			break
		}
		cmd = f.form.NextField()
	}
	return cmd
}

// refused is why the button last refused to submit, or nil.
func (f *fieldsForm) refused() error {
	if f.late != nil {
		return f.late
	}
	return f.button.Error()
}

// aborted reports whether the user left the form with huh's own quit key.
func (f *fieldsForm) aborted() bool { return f.form.State == huh.StateAborted }

// done reports whether the button was pressed and check let it through.
func (f *fieldsForm) done() bool { return f.form.State == huh.StateCompleted }

// size fits the form in width x height cells.
func (f *fieldsForm) size(width, height int) {
	f.width, f.height = width, height
	f.form.Update(tea.WindowSizeMsg{Width: width, Height: height})
	f.refresh()
}

func (f *fieldsForm) view() string { return f.form.View() }

// formBox draws a form in a dialog frame under the lines of head, in at
// most width x height cells. The form is sized as it is drawn, since only
// here is the room known; sized keeps the size it was given last.
func formBox(s *Styles, width, height int, head []string, f *fieldsForm, sized *[2]int) string {
	height -= 2 // the title bar and the help line stay in sight
	w, inner := formWidth(s, width)
	formHeight := max(height-s.Dialog.GetVerticalFrameSize()-len(head)-1, 3)
	if size := [2]int{inner, formHeight}; size != *sized {
		*sized = size
		f.size(inner, formHeight)
	}
	body := strings.Join(head, "\n") + "\n\n" + f.view()
	return s.Dialog.Width(w).MaxHeight(height).Render(clipLines(body, inner))
}

// formWidth is the width of a form's frame on a screen width cells wide,
// and of the text inside it.
func formWidth(s *Styles, width int) (frame, inner int) {
	frame = max(min(width-2, 100), 20)
	return frame, frame - s.Dialog.GetHorizontalFrameSize()
}

// clipLines cuts every line of s to width cells.
func clipLines(s string, width int) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = ansi.Truncate(l, width, "…")
	}
	return strings.Join(lines, "\n")
}
