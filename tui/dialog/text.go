package dialog

import (
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"mcpeek/model"
	"mcpeek/tui/kit"
	"mcpeek/tui/uitext"
)

// Field is a line of text to give. Its first value may be offered (a
// file name, the tool's name as a call's): the first character typed or
// pasted replaces it, while a key that moves or deletes in it keeps it, to
// edit.
type Field struct {
	input   textinput.Model
	offered bool
}

// NewField is a field after prompt, holding value, its cursor at
// the end; offered says the value is one offered, which typing replaces.
func NewField(st textinput.Styles, prompt, value string, offered bool) *Field {
	in := textinput.New()
	in.Prompt = prompt
	in.SetStyles(st)
	in.SetValue(value)
	in.CursorEnd()
	in.SetWidth(40)
	return &Field{input: in, offered: offered}
}

// Prompt is the text before the field.
func (f *Field) Prompt() string { return f.input.Prompt }

// Value is the text given.
func (f *Field) Value() string { return f.input.Value() }

// SetValue replaces the text given.
func (f *Field) SetValue(s string) { f.input.SetValue(s) }

// Key edits the text; typed text replaces an offered value.
func (f *Field) Key(msg tea.KeyPressMsg) tea.Cmd {
	if f.offered {
		f.offered = false
		if msg.Text != "" {
			f.input.SetValue("")
		}
	}
	var cmd tea.Cmd
	f.input, cmd = f.input.Update(msg)
	return cmd
}

// Paste takes a paste as one edit, on one line; it replaces an offered
// value.
func (f *Field) Paste(text string) tea.Cmd {
	if f.offered {
		f.offered = false
		f.input.SetValue("")
	}
	var cmd tea.Cmd
	f.input, cmd = f.input.Update(tea.PasteMsg{Content: uitext.Paste(text, true)})
	return cmd
}

// View draws the field in width cells, its prompt included.
func (f *Field) View(width int) string {
	f.input.SetWidth(max(width-uitext.Width(f.input.Prompt)-2, 1))
	return f.input.View()
}

// AskFirst is what a Text dialog's Accept returns to ask before it goes
// on (a file that exists): the dialog shows the question, the overwrite
// key answers Then, any other key withdraws it.
type AskFirst struct {
	Question string
	Then     kit.Action
}

// TextSpec is what a Text dialog shows and does.
type TextSpec struct {
	Title string
	About string // a line under the title
	// Field is the text to give; nil shows Fixed in its place, nothing
	// to edit.
	Field *Field
	Fixed string
	Keys  string // the foot, while nothing is refused or written
	// Accept is what enter asks for with the text given: an action, an
	// AskFirst, nil for nothing; an error is shown and the dialog stays.
	Accept func(text string) (kit.Action, error)
	// Writes says the action Accept returns writes a file the dialog
	// waits for ("writing…", keys ignored) until it closes or is refused.
	Writes bool
}

// Text is a dialog of one line of text to give: a call's name, an
// assertion's expected value, the file to save a result to.
type Text struct {
	spec    TextSpec
	err     string // why the text was refused
	asked   *AskFirst
	writing bool
}

// NewText is the dialog spec describes.
func NewText(spec TextSpec) *Text { return &Text{spec: spec} }

// Focus gives the field the cursor; the command blinks it.
func (d *Text) Focus() tea.Cmd {
	if d.spec.Field == nil {
		return nil
	}
	return d.spec.Field.input.Focus()
}

// Field is the text to give, nil for none.
func (d *Text) Field() *Field { return d.spec.Field }

// Refused is why the text given was refused, "" for none.
func (d *Text) Refused() string { return d.err }

// Writing says the dialog waits on the write it asked for.
func (d *Text) Writing() bool { return d.writing }

// Refuse ends the write the dialog waited on with err, shown in it.
func (d *Text) Refuse(err error) { d.writing, d.err = false, err.Error() }

// Key accepts on enter, closes on esc, answers a question asked first, or
// edits the text.
func (d *Text) Key(msg tea.KeyPressMsg, k *kit.KeyMap) kit.Action {
	if d.writing {
		return nil
	}
	if a := d.asked; a != nil {
		d.asked = nil
		if key.Matches(msg, k.Overwrite) {
			return d.accepted(a.Then)
		}
		return nil
	}
	switch {
	case key.Matches(msg, k.Cancel):
		return kit.CloseDialog{}
	case key.Matches(msg, k.Accept):
		return d.accept()
	}
	if d.spec.Field == nil {
		return nil
	}
	d.err = ""
	return d.spec.Field.Key(msg)
}

func (d *Text) accept() kit.Action {
	text := ""
	if d.spec.Field != nil {
		text = d.spec.Field.Value()
	}
	a, err := d.spec.Accept(text)
	if err != nil {
		d.err = err.Error()
		return nil
	}
	if ask, ok := a.(AskFirst); ok {
		d.asked = &ask
		return nil
	}
	return d.accepted(a)
}

func (d *Text) accepted(a kit.Action) kit.Action {
	d.err = ""
	d.writing = d.spec.Writes && a != nil
	return a
}

// Paste takes a paste as one edit of the text.
func (d *Text) Paste(text string) kit.Action {
	if d.writing || d.asked != nil || d.spec.Field == nil {
		return nil
	}
	return d.spec.Field.Paste(text)
}

// Render draws the title, what for, the text and the foot.
func (d *Text) Render(s *kit.Styles, width, height int) string {
	w := max(min(width-4, 72), 30)
	inner := w - 4
	about := ""
	if d.spec.About != "" {
		about = s.Dim.Render(uitext.Fit(model.SanitizeLine(d.spec.About), inner))
	}
	field := d.spec.Fixed
	if d.spec.Field != nil {
		field = d.spec.Field.View(inner)
	}
	lines := []string{s.Title.Render(uitext.Fit(model.SanitizeLine(d.spec.Title), inner)), about, field}
	problem := d.err
	if d.asked != nil {
		problem = d.asked.Question
	}
	lines = append(lines, Foot(s, inner, problem, d.writing, d.spec.Keys)...)
	return s.Dialog.Width(w).Render(lipgloss.JoinVertical(lipgloss.Left, lines...))
}

// Foot is the last lines of a dialog that writes a file: what is wrong
// with its input (wrapped), that it is writing, or its keys.
func Foot(s *kit.Styles, width int, problem string, writing bool, keys string) []string {
	switch {
	case problem != "":
		var out []string
		for _, l := range uitext.Wrap(model.SanitizeLine(problem), width) {
			out = append(out, s.StatusErr.Render(l))
		}
		return out
	case writing:
		return []string{s.Faint.Render("writing…")}
	}
	return []string{s.Faint.Render(uitext.Fit(keys, width))}
}

// Help is enter and esc.
func (d *Text) Help(k *kit.KeyMap) []key.Binding { return []key.Binding{k.Accept, k.Cancel} }
