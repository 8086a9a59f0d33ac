package tui

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"mcpeek/mcpclient"
	"mcpeek/model"
	"mcpeek/toolargs"
	"mcpeek/tui/callform"
)

// callFormDialog is the call form (x on a tool): one input per argument of
// the tool's input schema, checked as the user types by the validator the
// gateway's tool_exec uses, each error at its field. Its button submits
// the arguments as a callTool, refused while they are invalid. ctrl+e
// edits the whole argument object as JSON in $EDITOR; ctrl+r goes through
// the argument sets the tool was last called with.
type callFormDialog struct {
	call   callTool // the tool to call; args are filled on submit
	id     ticket   // tags the editor's answer
	schema *toolargs.Schema
	fields []callform.Field
	form   *callform.Form
	// extra are the values of a filled object no field takes (an
	// undeclared property): sent as they are.
	extra []callform.PathValue

	// sets are the remembered argument sets, newest first; shown is the
	// one in the form, len(sets) for the schema's defaults, len(sets)+1
	// for edit.
	sets  []argSet
	shown int
	// edit is the user's own edit, kept when ctrl+r went on from it.
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

	look callform.Look
	// empty is what the form says when it has no field; hidden counts the
	// arguments beyond maxFormFields.
	empty  string
	hidden int
	sized  [2]int // the form's last size (formBox)
	// tasks is the tool's execution.taskSupport: an optional one lets
	// ctrl+t choose to run the call as a task.
	tasks mcpclient.TaskSupport
}

// newCallForm builds the call form of a tool, filled with the newest of
// sets, or with the schema's defaults when there is none.
func newCallForm(v *toolView, sets []argSet, id ticket, look callform.Look) *callFormDialog {
	d := &callFormDialog{
		call:   callTool{toolID: v.tool.ID(), server: v.tool.Server, tool: v.tool.Name},
		id:     id,
		schema: toolargs.FromParsed(v.tool.InputSchema, v.parsed.In),
		fields: callform.SchemaFields(v.parsed.In),
		sets:   sets,
		look:   look,
		empty:  "This tool takes no arguments: it is called with {}.",
		tasks:  mcpclient.ToolTaskSupport(v.tool),
	}
	switch in := v.parsed.In; {
	case v.parsed.InErr != nil:
		d.empty = "The input schema cannot be read (" + model.SanitizeLine(v.parsed.InErr.Error()) +
			"): ctrl+e writes the arguments as JSON."
	case in != nil && in.Root().Shape != model.Object:
		d.empty = "The input schema does not describe an object: ctrl+e writes the arguments as JSON."
	}
	if len(d.fields) > maxFormFields {
		d.hidden = len(d.fields) - maxFormFields
		d.fields = d.fields[:maxFormFields]
	}
	d.show(0)
	return d
}

// maxFormFields bounds the fields of a call form: the form draws every
// field on each key. The arguments beyond are edited as JSON (ctrl+e).
const maxFormFields = 80

// show fills the form with set i (len(sets): the defaults; len(sets)+1:
// the user's own edit, kept when ctrl+r went on from it).
func (d *callFormDialog) show(i int) {
	d.shown = i
	d.note, d.noteErr = "", false
	if i > len(d.sets) && d.edit != nil {
		d.build(d.edit.texts, d.edit.extra)
		d.note = "your edit · ctrl+r: the remembered argument sets"
		return
	}
	if i >= len(d.sets) {
		d.fill(nil)
		if len(d.sets) > 0 {
			d.note = fmt.Sprintf("defaults · ctrl+r: the %d remembered argument sets", len(d.sets))
		}
		return
	}
	args, err := model.DecodeJSON(d.sets[i].Args)
	if err != nil {
		d.fill(nil)
		d.note, d.noteErr = "remembered arguments unreadable: "+model.SanitizeLine(err.Error()), true
		return
	}
	d.fill(args)
	d.note = fmt.Sprintf("args %d of %d from %s · ctrl+r: older", i+1, len(d.sets), d.sets[i].At.Local().Format("2006-01-02 15:04"))
}

// fill builds the form anew with args' values (nil: the defaults).
func (d *callFormDialog) fill(args *model.Value) {
	texts := make([]string, len(d.fields))
	var extra []callform.PathValue
	if args == nil {
		for i, f := range d.fields {
			texts[i] = f.Value
		}
	} else {
		texts, extra = callform.FillTexts(d.fields, args)
	}
	d.build(texts, extra)
}

// build builds the form anew with these texts and extra values.
func (d *callFormDialog) build(texts []string, extra []callform.PathValue) {
	d.extra = extra
	d.form = callform.New(callform.Spec{Fields: d.fields, Title: "Call " + model.SanitizeLine(d.call.tool) + " with these arguments",
		Label: "Call", Empty: d.empty, Check: d.submitError, Look: d.look}, texts)
	d.sized = [2]int{}
	d.check()
}

// draft is what a form holds: its fields' texts and the values no field
// takes.
type draft struct {
	texts []string
	extra []callform.PathValue
}

// older shows the next remembered set (ctrl+r), keeping a changed form as
// the user's edit, which the round comes back to.
func (d *callFormDialog) older() {
	if len(d.sets) == 0 {
		d.note, d.noteErr = "no remembered arguments: this tool was not called from the form yet", false
		return
	}
	if d.form.Changed() {
		d.edit = &draft{texts: d.form.Values(), extra: d.extra}
		d.shown = len(d.sets) + 1
	}
	n := len(d.sets) + 1
	if d.edit != nil {
		n++
	}
	d.show((d.shown + 1) % n)
}

// cancel closes the form, unless it holds changes or an edit of the
// user's: then the first esc asks, and a second one discards them.
func (d *callFormDialog) cancel() action {
	if d.discarding || !d.form.Changed() && d.edit == nil && d.draft == "" {
		return closeDialog{}
	}
	d.discarding = true
	d.note, d.noteErr = "esc again discards your changes; any other key goes on", true
	return nil
}

// args is the argument object the form holds, and the fields whose text
// is not even JSON.
func (d *callFormDialog) args() (json.RawMessage, map[int]string) {
	return callform.BuildArgs(d.fields, d.form.Values(), d.extra)
}

// check validates the arguments as they stand and marks the errors.
func (d *callFormDialog) check() {
	d.validate()
	if d.form.MarkErrors(d.errs) {
		d.form.Refresh()
	}
}

// validate validates the arguments as they stand.
func (d *callFormDialog) validate() {
	args, bad := d.args()
	res := d.schema.Verify(args)
	d.errs, d.general = callform.FieldErrors(d.fields, res.Errors)
	for i, e := range bad {
		d.errs[i] = e
	}
	if res.Unchecked != nil {
		d.general = append(d.general, "not checked: "+model.SanitizeLine(res.Unchecked.Error()))
	}
}

// submitError is why the arguments cannot be sent yet, or nil.
// It runs inside the form's own update, so it only reads.
func (d *callFormDialog) submitError() error {
	d.validate()
	n := len(d.errs)
	for _, g := range d.general {
		if !strings.HasPrefix(g, "not checked: ") {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	// Name the first error, and move the focus to its field.
	first, at := "", -1
	for i := range d.fields {
		if e, ok := d.errs[i]; ok {
			first, at = model.SanitizeLine(d.fields[i].Path.String())+": "+e, i
			break
		}
	}
	if first == "" && len(d.general) > 0 {
		first = d.general[0]
	}
	text := "fix " + first
	if n > 1 {
		text = fmt.Sprintf("fix %s, and %d more marked", first, n-1)
	}
	return callform.Refusal{Field: at, Text: text}
}

func (d *callFormDialog) key(msg tea.KeyPressMsg, k *keyMap) action {
	if key.Matches(msg, k.Cancel) {
		return d.cancel()
	}
	if d.discarding {
		d.discarding = false
		d.note, d.noteErr = "", false
	}
	switch {
	case key.Matches(msg, k.EditArgs):
		return d.editArgs()
	case key.Matches(msg, k.OlderArgs):
		d.older()
		return d.form.Started()
	case key.Matches(msg, k.AsTask) && d.tasks == mcpclient.TaskOptional:
		d.call.asTask = !d.call.asTask
		return nil
	}
	return d.input(msg, k)
}

// input passes a key to the form, and submits the arguments once the
// form lets them through. Otherwise it returns the form's commands.
func (d *callFormDialog) input(msg tea.KeyPressMsg, k *keyMap) action {
	return d.after(d.form.Key(msg, k.form()))
}

// after is what the dialog asks for after the form took a message: the
// call once the form completed, else the form's commands.
func (d *callFormDialog) after(cmd tea.Cmd) action {
	switch {
	case d.form.Done():
		args, _ := d.args()
		c := d.call
		c.args = args
		return submitCall{call: c}
	case d.form.Aborted():
		return closeDialog{}
	}
	if err := d.form.Refused(); err != nil {
		d.note, d.noteErr = err.Error(), true
	}
	d.check()
	return cmd
}

// refuse shows the form refusing its arguments, as a submit refused:
// every error marked, the refusal in the note, the focus on its field.
func (d *callFormDialog) refuse(err error) tea.Cmd {
	d.form.Try()
	d.note, d.noteErr = err.Error(), true
	d.check()
	return d.form.FocusRefused(err)
}

// update takes a message other than a key: the editor's answer, or one
// for the form (a paste, what the form's commands sent back).
func (d *callFormDialog) update(msg tea.Msg) action {
	if msg, ok := msg.(callform.EditedMsg); ok {
		if ticket(msg.ID) != d.id {
			return nil
		}
		d.edited(msg)
		return d.form.Started()
	}
	return d.after(d.form.Update(msg))
}

func (d *callFormDialog) render(s *Styles, width, height int) string {
	head := []string{s.Title.Render("Call " + model.SanitizeLine(d.call.toolID))}
	if d.note != "" {
		style := s.Dim
		if d.noteErr {
			style = s.StatusErr
		}
		head = append(head, style.Render(d.note))
	}
	if d.hidden > 0 {
		head = append(head, s.Dim.Render(fmt.Sprintf("%d more arguments are not shown: ctrl+e edits them as JSON", d.hidden)))
	}
	switch {
	case d.tasks == mcpclient.TaskRequired:
		head = append(head, s.Dim.Render("runs as a task (the tool requires it)"))
	case d.tasks == mcpclient.TaskOptional && d.call.asTask:
		head = append(head, s.Accent.Render("runs as a task")+s.Dim.Render(" · ctrl+t: a plain call"))
	case d.tasks == mcpclient.TaskOptional:
		head = append(head, s.Dim.Render("a plain call · ctrl+t: run it as a task"))
	}
	for i, g := range d.general {
		if i == 3 {
			head = append(head, s.ErrText.Render(fmt.Sprintf("… and %d more", len(d.general)-i)))
			break
		}
		head = append(head, s.ErrText.Render("✗ "+g))
	}
	return callform.Box(s.Dialog, width, height, head, d.form, &d.sized)
}

func (d *callFormDialog) help(k *keyMap) []key.Binding {
	if d.tasks == mcpclient.TaskOptional {
		return []key.Binding{k.FormSubmit, k.FormNext, k.Cancel, k.AsTask, k.EditArgs, k.OlderArgs, k.FormPrev}
	}
	return []key.Binding{k.FormSubmit, k.FormNext, k.Cancel, k.EditArgs, k.OlderArgs, k.FormPrev}
}

// submitCall is the call form's submitted arguments: the form closes, the
// set is remembered, and the call starts.
type submitCall struct{ call callTool }

func (m *Model) submitCall(a submitCall) tea.Cmd {
	m.dialogs.close()
	c, store := a.call, m.args
	save := func() tea.Msg {
		if err := store.save(c.toolID, c.args, time.Now()); err != nil {
			return argsNotSavedMsg{err: err}
		}
		return nil
	}
	return tea.Batch(save, m.act(c))
}

// argsNotSavedMsg says the argument set could not be remembered.
type argsNotSavedMsg struct{ err error }
