package tui

import (
	"bytes"
	"encoding/json"
	"errors"

	"mcpeek/model"
	"mcpeek/tui/callform"
)

// ctrl+e in the call form hands the whole argument object to the user's
// editor as a JSON file (callform.RunEditor), and fills the form from
// what comes back.

// editArgs writes the arguments (or the text of the last edit that did
// not parse) to a temporary file and opens it in the editor.
func (d *callFormDialog) editArgs() action {
	text := d.draft
	if text == "" {
		args, _ := d.args()
		var b bytes.Buffer
		if json.Indent(&b, args, "", "  ") == nil {
			args = b.Bytes()
		}
		text = string(args) + "\n"
	}
	return editCmd{form: d.id, text: text}
}

// editCmd asks the root model to open text in the editor for the call form
// form: the root model holds how programs are run.
type editCmd struct {
	form ticket
	text string
}

// edited fills the form from the editor's text; text that is not a JSON
// object is kept for the next ctrl+e (and esc asks before it discards
// it), and the form is left as it was.
func (d *callFormDialog) edited(msg callform.EditedMsg) {
	if msg.Err != nil {
		d.note, d.noteErr = "editor: "+model.SanitizeLine(msg.Err.Error()), true
		return
	}
	args, err := model.DecodeJSON([]byte(msg.Text))
	if err == nil && args.Kind != model.JSONObject {
		err = errors.New("the arguments must be a JSON object")
	}
	if err != nil {
		d.draft = msg.Text
		d.note, d.noteErr = "not used: "+model.SanitizeLine(err.Error())+" · ctrl+e edits it again", true
		return
	}
	d.draft = ""
	d.fill(args)
	// The editor's arguments are the user's edit: ctrl+r comes back to
	// them, and esc asks before it discards them.
	d.edit = &draft{texts: d.form.Values(), extra: d.extra}
	d.shown = len(d.sets) + 1
	d.note = "arguments from the editor"
}
