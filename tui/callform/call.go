package callform

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"mcpeek/mcpclient"
	"mcpeek/model"
	"mcpeek/model/toolargs"
)

// Call is the call form of one tool: one input per argument of the
// tool's input schema, checked as the user types by the validator the
// gateway's tool_exec uses, each error at its field. Its button submits
// the arguments (Submitted), refused while they are invalid. The edit key
// asks for the whole argument object as JSON in $EDITOR (EditJSON); the
// older key goes through the argument sets the tool was last called with.
type Call struct {
	tool   string // the tool's name, for the button
	toolID string // SERVER.TOOL, for the title
	id     uint64 // tags the editor's answer
	schema *toolargs.Schema
	fields []Field
	form   *Form
	// extra are the values of a filled object no field takes (an
	// undeclared property): sent as they are.
	extra []PathValue

	// sets are the remembered argument sets, newest first; shown is the
	// one in the form, len(sets) for the schema's defaults, len(sets)+1
	// for edit.
	sets  []Set
	shown int
	// edit is the user's own edit, kept when the older key went on from it.
	edit *draft
	// discarding: esc asked whether to discard the changes.
	discarding bool

	// What the last check found: errors by field index, and the others.
	errs    map[int]string
	general []string
	// note says where the arguments came from, or why an edit failed.
	note    string
	noteErr bool
	// draft is the text of an edit that did not parse, the start of the
	// next one.
	draft string

	look Look
	// empty is what the form says when it has no field; hidden counts the
	// arguments beyond maxFields.
	empty  string
	hidden int
	sized  [2]int // the form's last size (Box)
	// tasks is the tool's execution.taskSupport: an optional one lets
	// the task key choose to run the call as a task (asTask).
	tasks  mcpclient.TaskSupport
	asTask bool
}

// Set is one set of arguments a tool was called with, as the explorer
// remembers it.
type Set struct {
	At   time.Time       `json:"at"`
	Args json.RawMessage `json:"args"`
}

// Tool is what the call form is built from: the tool, its input schema as
// written and as read (or why it could not be read), its task support,
// its remembered argument sets (newest first), the ticket the editor's
// answer carries (ID) and how the explorer is drawn.
type Tool struct {
	ID       uint64
	ToolID   string // SERVER.TOOL
	Name     string // the tool's name on its server
	Raw      json.RawMessage
	Input    *model.Schema
	InputErr error
	Tasks    mcpclient.TaskSupport
	Sets     []Set
	Look     Look
}

// CallKeys are the call form's own keys, beside the form's.
type CallKeys struct {
	Keys
	Cancel, EditArgs, OlderArgs, AsTask key.Binding
}

// Styles are the explorer's styles the call form is drawn with.
type Styles struct {
	Frame, Title, Dim, StatusErr, Accent, ErrText lipgloss.Style
}

// Outcome is what the call form asks of its host after a key or a
// message: Closed, Submitted or EditJSON (nil: nothing more).
type Outcome interface{ outcome() }

type (
	// Closed: the form is to close.
	Closed struct{}
	// Submitted carries the arguments the form let through, and whether
	// the call is to run as a task.
	Submitted struct {
		Args   json.RawMessage
		AsTask bool
	}
	// EditJSON asks the host to open Text in the editor (RunEditor with
	// the form's ID).
	EditJSON struct{ Text string }
)

func (Closed) outcome()    {}
func (Submitted) outcome() {}
func (EditJSON) outcome()  {}

// NewCall builds the call form of a tool, filled with the newest of its
// sets, or with the schema's defaults when there is none.
func NewCall(t Tool) *Call {
	c := &Call{
		tool:   t.Name,
		toolID: t.ToolID,
		id:     t.ID,
		schema: toolargs.FromParsed(t.Raw, t.Input),
		fields: SchemaFields(t.Input),
		sets:   t.Sets,
		look:   t.Look,
		empty:  "This tool takes no arguments: it is called with {}.",
		tasks:  t.Tasks,
	}
	switch in := t.Input; {
	case t.InputErr != nil:
		c.empty = "The input schema cannot be read (" + model.SanitizeLine(t.InputErr.Error()) +
			"): ctrl+e writes the arguments as JSON."
	case in != nil && in.Root().Shape != model.Object:
		c.empty = "The input schema does not describe an object: ctrl+e writes the arguments as JSON."
	}
	if len(c.fields) > MaxFields {
		c.hidden = len(c.fields) - MaxFields
		c.fields = c.fields[:MaxFields]
	}
	c.show(0)
	return c
}

// MaxFields bounds the fields of a call form: the form draws every
// field on each key. The arguments beyond are edited as JSON (ctrl+e).
const MaxFields = 80

// show fills the form with set i (len(sets): the defaults; len(sets)+1:
// the user's own edit, kept when ctrl+r went on from it).
func (c *Call) show(i int) {
	c.shown = i
	c.note, c.noteErr = "", false
	if i > len(c.sets) && c.edit != nil {
		c.build(c.edit.texts, c.edit.extra)
		c.note = "your edit · ctrl+r: the remembered argument sets"
		return
	}
	if i >= len(c.sets) {
		c.fill(nil)
		if len(c.sets) > 0 {
			c.note = fmt.Sprintf("defaults · ctrl+r: the %d remembered argument sets", len(c.sets))
		}
		return
	}
	args, err := model.DecodeJSON(c.sets[i].Args)
	if err != nil {
		c.fill(nil)
		c.note, c.noteErr = "remembered arguments unreadable: "+model.SanitizeLine(err.Error()), true
		return
	}
	c.fill(args)
	c.note = fmt.Sprintf("args %d of %d from %s · ctrl+r: older", i+1, len(c.sets), c.sets[i].At.Local().Format("2006-01-02 15:04"))
}

// fill builds the form anew with args' values (nil: the defaults).
func (c *Call) fill(args *model.Value) {
	texts := make([]string, len(c.fields))
	var extra []PathValue
	if args == nil {
		for i, f := range c.fields {
			texts[i] = f.Value
		}
	} else {
		texts, extra = FillTexts(c.fields, args)
	}
	c.build(texts, extra)
}

// build builds the form anew with these texts and extra values.
func (c *Call) build(texts []string, extra []PathValue) {
	c.extra = extra
	c.form = New(Spec{Fields: c.fields, Title: "Call " + model.SanitizeLine(c.tool) + " with these arguments",
		Label: "Call", Empty: c.empty, Check: c.SubmitError, Look: c.look}, texts)
	c.sized = [2]int{}
	c.check()
}

// draft is what a form holds: its fields' texts and the values no field
// takes.
type draft struct {
	texts []string
	extra []PathValue
}

// older shows the next remembered set (ctrl+r), keeping a changed form as
// the user's edit, which the round comes back to.
func (c *Call) older() {
	if len(c.sets) == 0 {
		c.note, c.noteErr = "no remembered arguments: this tool was not called from the form yet", false
		return
	}
	if c.form.Changed() {
		c.edit = &draft{texts: c.form.Values(), extra: c.extra}
		c.shown = len(c.sets) + 1
	}
	n := len(c.sets) + 1
	if c.edit != nil {
		n++
	}
	c.show((c.shown + 1) % n)
}

// cancel closes the form, unless it holds changes or an edit of the
// user's: then the first esc asks, and a second one discards them.
func (c *Call) cancel() Outcome {
	if c.discarding || !c.form.Changed() && c.edit == nil && c.draft == "" {
		return Closed{}
	}
	c.discarding = true
	c.note, c.noteErr = "esc again discards your changes; any other key goes on", true
	return nil
}

// Args is the argument object the form holds, and the fields whose text
// is not even JSON.
func (c *Call) Args() (json.RawMessage, map[int]string) {
	return BuildArgs(c.fields, c.form.Values(), c.extra)
}

// check validates the arguments as they stand and marks the errors.
func (c *Call) check() {
	c.validate()
	if c.form.MarkErrors(c.errs) {
		c.form.Refresh()
	}
}

// validate validates the arguments as they stand.
func (c *Call) validate() {
	args, bad := c.Args()
	res := c.schema.Verify(args)
	c.errs, c.general = FieldErrors(c.fields, res.Errors)
	for i, e := range bad {
		c.errs[i] = e
	}
	if res.Unchecked != nil {
		c.general = append(c.general, "not checked: "+model.SanitizeLine(res.Unchecked.Error()))
	}
}

// SubmitError is why the arguments cannot be sent yet, or nil.
// It runs inside the form's own update, so it only reads.
func (c *Call) SubmitError() error {
	c.validate()
	n := len(c.errs)
	for _, g := range c.general {
		if !strings.HasPrefix(g, "not checked: ") {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	// Name the first error, and move the focus to its field.
	first, at := "", -1
	for i := range c.fields {
		if e, ok := c.errs[i]; ok {
			first, at = model.SanitizeLine(c.fields[i].Path.String())+": "+e, i
			break
		}
	}
	if first == "" && len(c.general) > 0 {
		first = c.general[0]
	}
	text := "fix " + first
	if n > 1 {
		text = fmt.Sprintf("fix %s, and %d more marked", first, n-1)
	}
	return Refusal{Field: at, Text: text}
}

// Key handles a key press: what the form asks of its host, and the
// form's commands.
func (c *Call) Key(msg tea.KeyPressMsg, k CallKeys) (Outcome, tea.Cmd) {
	if key.Matches(msg, k.Cancel) {
		return c.cancel(), nil
	}
	if c.discarding {
		c.discarding = false
		c.note, c.noteErr = "", false
	}
	switch {
	case key.Matches(msg, k.EditArgs):
		return c.editArgs(), nil
	case key.Matches(msg, k.OlderArgs):
		c.older()
		return nil, c.form.Started()
	case key.Matches(msg, k.AsTask) && c.tasks == mcpclient.TaskOptional:
		c.asTask = !c.asTask
		return nil, nil
	}
	return c.after(c.form.Key(msg, k.Keys))
}

// after is what the form asks for after it took a message: the call once
// the form completed, else the form's commands.
func (c *Call) after(cmd tea.Cmd) (Outcome, tea.Cmd) {
	switch {
	case c.form.Done():
		args, _ := c.Args()
		return Submitted{Args: args, AsTask: c.asTask}, nil
	case c.form.Aborted():
		return Closed{}, nil
	}
	if err := c.form.Refused(); err != nil {
		c.note, c.noteErr = err.Error(), true
	}
	c.check()
	return nil, cmd
}

// Refuse shows the form refusing its arguments, as a submit refused:
// every error marked, the refusal in the note, the focus on its field.
func (c *Call) Refuse(err error) tea.Cmd {
	c.form.Try()
	c.note, c.noteErr = err.Error(), true
	c.check()
	return c.form.FocusRefused(err)
}

// Update takes a message other than a key: the editor's answer, or one
// for the form (a paste, what the form's commands sent back).
func (c *Call) Update(msg tea.Msg) (Outcome, tea.Cmd) {
	if msg, ok := msg.(EditedMsg); ok {
		if msg.ID != c.id {
			return nil, nil
		}
		c.edited(msg)
		return nil, c.form.Started()
	}
	return c.after(c.form.Update(msg))
}

// editArgs asks for the arguments (or the text of the last edit that did
// not parse) in the editor.
func (c *Call) editArgs() Outcome {
	text := c.draft
	if text == "" {
		args, _ := c.Args()
		var b bytes.Buffer
		if json.Indent(&b, args, "", "  ") == nil {
			args = b.Bytes()
		}
		text = string(args) + "\n"
	}
	return EditJSON{Text: text}
}

// edited fills the form from the editor's text; text that is not a JSON
// object is kept for the next ctrl+e (and esc asks before it discards
// it), and the form is left as it was.
func (c *Call) edited(msg EditedMsg) {
	if msg.Err != nil {
		c.note, c.noteErr = "editor: "+model.SanitizeLine(msg.Err.Error()), true
		return
	}
	args, err := model.DecodeJSON([]byte(msg.Text))
	if err == nil && args.Kind != model.JSONObject {
		err = errors.New("the arguments must be a JSON object")
	}
	if err != nil {
		c.draft = msg.Text
		c.note, c.noteErr = "not used: "+model.SanitizeLine(err.Error())+" · ctrl+e edits it again", true
		return
	}
	c.draft = ""
	c.fill(args)
	// The editor's arguments are the user's edit: ctrl+r comes back to
	// them, and esc asks before it discards them.
	c.edit = &draft{texts: c.form.Values(), extra: c.extra}
	c.shown = len(c.sets) + 1
	c.note = "arguments from the editor"
}

// View draws the call form in at most width x height cells.
func (c *Call) View(s Styles, width, height int) string {
	head := []string{s.Title.Render("Call " + model.SanitizeLine(c.toolID))}
	if c.note != "" {
		style := s.Dim
		if c.noteErr {
			style = s.StatusErr
		}
		head = append(head, style.Render(c.note))
	}
	if c.hidden > 0 {
		head = append(head, s.Dim.Render(fmt.Sprintf("%d more arguments are not shown: ctrl+e edits them as JSON", c.hidden)))
	}
	switch {
	case c.tasks == mcpclient.TaskRequired:
		head = append(head, s.Dim.Render("runs as a task (the tool requires it)"))
	case c.tasks == mcpclient.TaskOptional && c.asTask:
		head = append(head, s.Accent.Render("runs as a task")+s.Dim.Render(" · ctrl+t: a plain call"))
	case c.tasks == mcpclient.TaskOptional:
		head = append(head, s.Dim.Render("a plain call · ctrl+t: run it as a task"))
	}
	for i, g := range c.general {
		if i == 3 {
			head = append(head, s.ErrText.Render(fmt.Sprintf("… and %d more", len(c.general)-i)))
			break
		}
		head = append(head, s.ErrText.Render("✗ "+g))
	}
	return Box(s.Frame, width, height, head, c.form, &c.sized)
}

// Form is the form inside the call form.
func (c *Call) Form() *Form { return c.form }

// Fields are the call form's fields (at most MaxFields).
func (c *Call) Fields() []Field { return c.fields }

// Errors are the errors of the last check, by field index.
func (c *Call) Errors() map[int]string { return c.errs }

// Note is what the form says of where its arguments came from, or why an
// edit or a submit failed.
func (c *Call) Note() string { return c.note }

// SetNote replaces the note (isErr draws it as an error).
func (c *Call) SetNote(text string, isErr bool) { c.note, c.noteErr = text, isErr }

// Draft is the text of an edit that did not parse, kept for the next one.
func (c *Call) Draft() string { return c.draft }

// Sets are the remembered argument sets the form goes through.
func (c *Call) Sets() []Set { return c.sets }

// TaskOptional reports whether the tool may run as a task or not, as the
// user chooses.
func (c *Call) TaskOptional() bool { return c.tasks == mcpclient.TaskOptional }
