package callform

import (
	"slices"
	"strings"

	"mcpeek/model"
	"mcpeek/tui/uitext"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/huh/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// Form is a huh form over form fields: one input per field, each
// writing its text where texts points, then a closing button. The form owns
// its moves and its submit: huh moves between fields by a message that
// comes back after the key, so a key typed right after tab would land in
// the field being left. Here tab, enter and shift+tab move the focus at
// once, inside the key's own update, and the submit key (or enter on the
// button) asks check before the form completes. It is what the call form
// and the prompts show.
type Form struct {
	Spec
	form *huh.Form
	// items are the huh fields, one per field then the button (and the
	// note of an empty form before it).
	items []huh.Field
	texts []*string
	// built are the texts the form was built with: a form that differs
	// holds the user's answers.
	built []string
	// picks hold the choices of a multiple choice (nil for other fields),
	// copied into its text after each key.
	picks []*[]string
	// titles set each field's title: its label, its required mark and the
	// error at it.
	titles []func(string)
	shown  []string // the titles set
	button *huh.Confirm
	// init is what the form asks to run as it opens (its cursor's first
	// blink), until it is handed out.
	init tea.Cmd
	// left marks the fields the focus has left: an empty field's error
	// (a required answer missing) shows once it was left, or once a
	// submit was tried.
	left  map[int]bool
	tried bool
	// refusal is why the last submit was refused, until the next key.
	refusal error
	// submitted: check let the submit through.
	submitted bool
	// size is the room the form was last given, kept for a rebuilt form.
	width, height int
}

// Spec is what a Form is built from. The closing button says
// Label under Title ("Call shop_get_order with these arguments", "Call");
// Check is asked on submit and refuses to complete with an error (a
// Refusal moves the focus to its field). Empty is what the form says
// when there are no fields.
type Spec struct {
	Fields              []Field
	Title, Label, Empty string
	Check               func() error
	Look                Look
}

// Refusal is a refusal of a submit that names the field to fix.
type Refusal struct {
	Field int
	Text  string
}

func (e Refusal) Error() string { return e.Text }

// formRefreshMsg asks the form to draw its fields again (after their
// titles changed).
type formRefreshMsg struct{}

// New builds the form with texts as the fields' first values.
func New(spec Spec, texts []string) *Form {
	f := &Form{Spec: spec}
	f.build(texts)
	return f
}

// build makes the huh form anew, with texts as the fields' values.
func (f *Form) build(texts []string) {
	f.items, f.texts, f.picks, f.titles, f.shown = nil, nil, nil, nil, nil
	f.left, f.tried, f.refusal, f.submitted = map[int]bool{}, false, nil, false
	f.built = slices.Clone(texts)
	for i, fd := range f.Fields {
		text := texts[i]
		f.texts = append(f.texts, &text)
		var picks *[]string
		if fd.Kind == KindMulti {
			picks = &[]string{}
			for line := range strings.SplitSeq(text, "\n") {
				if line = strings.TrimSpace(line); line != "" {
					*picks = append(*picks, line)
				}
			}
		}
		f.picks = append(f.picks, picks)
		field, setTitle := newInput(fd, f.texts[i], picks)
		f.items = append(f.items, field)
		f.titles = append(f.titles, setTitle)
	}
	if len(f.Fields) == 0 && f.Empty != "" {
		f.items = append(f.items, huh.NewNote().Description(f.Empty))
	}
	f.button = huh.NewConfirm().Title(f.Title).Affirmative(f.Label).Negative("")
	f.items = append(f.items, f.button)
	theme := &formTheme{build: huh.ThemeCharm, dark: f.Look.Dark}
	if f.Look.NoColor {
		theme.build = huh.ThemeBase
	}
	f.form = huh.NewForm(huh.NewGroup(f.items...)).WithShowHelp(false).WithShowErrors(false).
		WithTheme(theme).WithKeyMap(formKeyMap())
	f.init = f.form.Init() // focuses the first field
	if f.width > 0 {
		f.size(f.width, f.height)
	}
	f.MarkErrors(nil)
	f.Refresh()
}

// formKeyMap is huh's key map without the keys that move between fields
// or complete the form: the Form does those itself. Nor may a text
// area open huh's own editor (ctrl+e edits the arguments), a choice be
// filtered, or the button be toggled.
func formKeyMap() *huh.KeyMap {
	km := huh.NewDefaultKeyMap()
	none := key.NewBinding() // no keys: never matches, even enabled
	km.Input.Next, km.Input.Prev, km.Input.Submit, km.Input.AcceptSuggestion = none, none, none, none
	km.Text.Next, km.Text.Prev, km.Text.Submit, km.Text.Editor = none, none, none, none
	km.Select.Next, km.Select.Prev, km.Select.Submit, km.Select.Filter = none, none, none, none
	km.MultiSelect.Next, km.MultiSelect.Prev, km.MultiSelect.Submit, km.MultiSelect.Filter = none, none, none, none
	km.Note.Next, km.Note.Prev, km.Note.Submit = none, none, none
	km.Confirm.Next, km.Confirm.Prev, km.Confirm.Submit = none, none, none
	km.Confirm.Toggle, km.Confirm.Accept, km.Confirm.Reject = none, none, none
	return km
}

// Look is how the explorer is drawn, for its forms: on a dark
// background or not, with colours or not.
type Look struct{ Dark, NoColor bool }

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
// A multiple choice writes its picks to picks.
func newInput(fd Field, text *string, picks *[]string) (huh.Field, func(string)) {
	desc := fieldDescription(fd)
	switch fd.Kind {
	case KindObject:
		n := huh.NewNote().Description(desc)
		return n, func(t string) { n.Title(t) }
	case KindText, KindList:
		in := huh.NewText().Description(desc).Placeholder(fd.Hint).Lines(3).CharLimit(0).
			ExternalEditor(false).Value(text)
		return in, func(t string) { in.Title(t) }
	case KindBool:
		unset := "(none)"
		if fd.Required {
			unset = "(choose)"
		}
		opts := []huh.Option[string]{huh.NewOption(unset, ""), huh.NewOption("true", "true"), huh.NewOption("false", "false")}
		in := huh.NewSelect[string]().Description(desc).Inline(true).Options(opts...).Value(text)
		return in, func(t string) { in.Title(t) }
	case KindChoice:
		unset := "(none)"
		if fd.Required {
			unset = "(choose one)"
		}
		opts := []huh.Option[string]{huh.NewOption(unset, "")}
		for _, c := range fd.Choices {
			opts = append(opts, huh.NewOption(c.Label, c.JSON))
		}
		in := huh.NewSelect[string]().Description(desc).Options(opts...).Value(text)
		return in, func(t string) { in.Title(t) }
	case KindMulti:
		opts := make([]huh.Option[string], len(fd.Choices))
		for i, c := range fd.Choices {
			opts[i] = huh.NewOption(c.Label, c.JSON).Selected(slices.Contains(*picks, c.JSON))
		}
		in := huh.NewMultiSelect[string]().Description(desc).Options(opts...).Value(picks)
		return in, func(t string) { in.Title(t) }
	}
	in := huh.NewInput().Description(desc).Placeholder(fd.Hint).CharLimit(0).Value(text)
	return in, func(t string) { in.Title(t) }
}

// maxPickerRows bounds the choices a picker shows at once; it scrolls.
const maxPickerRows = 8

// fitPickers gives each picker its height: its choices (at most
// maxPickerRows) under its title and description as wrapped at the form's
// width. huh counts the title and the description in a picker's height,
// and without one it cuts a multiple choice's rows by as many lines.
func (f *Form) fitPickers() {
	if f.width <= 0 || f.shown == nil {
		return
	}
	const bar = 2 // the focus bar and its space
	for i, fd := range f.Fields {
		rows := len(fd.Choices)
		switch fd.Kind {
		case KindChoice:
			rows++ // none
			if rows <= maxPickerRows {
				continue // huh sizes a short one right
			}
		case KindMulti:
		default:
			continue
		}
		h := min(rows, maxPickerRows) + len(uitext.Wrap(f.shown[i], f.width-bar)) + len(uitext.Wrap(fieldDescription(fd), f.width-bar))
		switch in := f.items[i].(type) {
		case *huh.Select[string]:
			in.Height(h)
		case *huh.MultiSelect[string]:
			in.Height(h)
		}
	}
}

// fieldDescription is what the form says beside a field: the schema's
// description and how to type the value.
func fieldDescription(fd Field) string {
	var how string
	switch fd.Kind {
	case KindNumber:
		how = "A number."
	case KindInteger:
		how = "A whole number."
	case KindList:
		how = "A list: one item per line (alt+enter for a new line)."
	case KindChoice:
		how = "↑/↓ chooses."
	case KindMulti:
		how = "Several choices: space picks or drops one, ↑/↓ moves."
	case KindJSON:
		how = "Typed as JSON (" + fd.Why + "): ctrl+e edits all arguments in $EDITOR."
	case KindObject:
		how = "An object: its fields follow."
	}
	desc := strings.TrimSpace(fd.Desc)
	if desc != "" && how != "" && !strings.ContainsAny(desc[len(desc)-1:], ".!?:;)") {
		desc += "." // "Maximum number of tokens to generate A number."
	}
	return strings.TrimSpace(desc + " " + how)
}

// fieldTitle is a field's title: its name, a star when it is required, a
// note when it is JSON, and the error at it.
func fieldTitle(fd Field, err string) string {
	t := model.SanitizeLine(fd.Path.String())
	if fd.Title != "" && fd.Path.Len() == 1 {
		t = fd.Title
	}
	if fd.Required {
		t += " *"
	}
	if fd.Kind == KindJSON {
		t += " (JSON)"
	}
	if err != "" {
		t += "  ✗ " + err
	}
	return t
}

// MarkErrors puts each error on its field's title (by field index), and
// reports whether a title changed: the form is then to be refreshed. The
// error of an empty field waits until the field was left or a submit was
// tried: a form does not open on "required".
func (f *Form) MarkErrors(at map[int]string) (changed bool) {
	if f.shown == nil {
		f.shown = make([]string, len(f.Fields))
		changed = true
	}
	defer func() {
		if changed {
			f.fitPickers()
		}
	}()
	for i, fd := range f.Fields {
		err := at[i]
		if !f.tried && !f.left[i] && strings.TrimSpace(*f.texts[i]) == "" {
			err = ""
		}
		if t := fieldTitle(fd, err); t != f.shown[i] || changed {
			f.shown[i] = t
			f.titles[i](t)
			changed = true
		}
	}
	return changed
}

// Refresh draws the fields again (after their titles changed).
func (f *Form) Refresh() { f.form.Update(formRefreshMsg{}) }

// Values are the fields' texts as they stand.
func (f *Form) Values() []string {
	out := make([]string, len(f.texts))
	for i, t := range f.texts {
		out[i] = *t
	}
	return out
}

// Started hands out the commands the form asked for as it opened (once).
// The dialog returns them to Bubble Tea when it shows the form.
func (f *Form) Started() tea.Cmd {
	cmd := f.init
	f.init = nil
	return cmd
}

// size fits the form in width x height cells.
func (f *Form) size(width, height int) {
	f.width, f.height = width, height
	f.form.Update(tea.WindowSizeMsg{Width: width, Height: height})
	f.fitPickers()
	f.Refresh()
}

func (f *Form) view() string { return f.form.View() }

// Box draws a form in a dialog frame (the explorer's dialog style)
// under the lines of head, in at most width x height cells. The form is
// sized as it is drawn, since only here is the room known; sized keeps
// the size it was given last.
func Box(frame lipgloss.Style, width, height int, head []string, f *Form, sized *[2]int) string {
	height -= 2 // the title bar and the help line stay in sight
	w, inner := Width(frame, width)
	formHeight := max(height-frame.GetVerticalFrameSize()-len(head)-1, 3)
	if size := [2]int{inner, formHeight}; size != *sized {
		*sized = size
		f.size(inner, formHeight)
	}
	body := strings.Join(head, "\n") + "\n\n" + f.view()
	return frame.Width(w).MaxHeight(height).Render(clipLines(body, inner))
}

// Width is the width of a form's frame on a screen width cells wide,
// and of the text inside it.
func Width(frame lipgloss.Style, width int) (outer, inner int) {
	outer = max(min(width-2, 100), 20)
	return outer, outer - frame.GetHorizontalFrameSize()
}

// Titles are the fields' titles as drawn, with their error marks.
func (f *Form) Titles() []string { return f.shown }

// FocusedField is huh's field with the focus, and whether it is the
// closing button.
func (f *Form) FocusedField() (field huh.Field, onButton bool) {
	at := f.form.GetFocusedField()
	return at, at == huh.Field(f.button)
}

// clipLines cuts every line of s to width cells.
func clipLines(s string, width int) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = ansi.Truncate(l, width, "…")
	}
	return strings.Join(lines, "\n")
}
