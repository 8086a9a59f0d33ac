package tui

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"strings"

	tea "charm.land/bubbletea/v2"

	"mcpeek/model"
)

// ctrl+e in the call form hands the whole argument object to the user's
// editor as a JSON file, and fills the form from what comes back.

// argsEditedMsg is the text the editor left, for the call form that
// asked (form).
type argsEditedMsg struct {
	form ticket
	text string
	err  error // the editor could not run or the file could not be read
}

// execFunc runs a program in the terminal, the UI suspended
// (tea.ExecProcess; tests run it directly).
type execFunc func(c *exec.Cmd, done tea.ExecCallback) tea.Cmd

// editorCommand is the editor to run: $VISUAL, else $EDITOR, else vi,
// split into words ("code -w").
func editorCommand() []string {
	for _, name := range []string{"VISUAL", "EDITOR"} {
		if words := strings.Fields(os.Getenv(name)); len(words) > 0 {
			return words
		}
	}
	return []string{"vi"}
}

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

// runEditor is the command that writes the file, runs the editor on it and
// reads it back.
func runEditor(run execFunc, e editCmd) tea.Cmd {
	words := editorCommand()
	return func() tea.Msg {
		f, err := os.CreateTemp("", "mcpeek-args-*.json")
		if err != nil {
			return argsEditedMsg{form: e.form, text: e.text, err: err}
		}
		path := f.Name()
		_, err = f.WriteString(e.text)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			os.Remove(path)
			return argsEditedMsg{form: e.form, text: e.text, err: err}
		}
		c := exec.Command(words[0], append(words[1:], path)...)
		return run(c, func(err error) tea.Msg {
			defer os.Remove(path)
			b, rerr := os.ReadFile(path)
			if err == nil {
				err = rerr
			}
			if err != nil {
				return argsEditedMsg{form: e.form, text: e.text, err: err}
			}
			return argsEditedMsg{form: e.form, text: string(b)}
		})()
	}
}

// edited fills the form from the editor's text; text that is not a JSON
// object is kept for the next ctrl+e (and esc asks before it discards
// it), and the form is left as it was.
func (d *callFormDialog) edited(msg argsEditedMsg) {
	if msg.err != nil {
		d.note, d.noteErr = "editor: "+model.SanitizeLine(msg.err.Error()), true
		return
	}
	args, err := model.DecodeJSON([]byte(msg.text))
	if err == nil && args.Kind != model.JSONObject {
		err = errors.New("the arguments must be a JSON object")
	}
	if err != nil {
		d.draft = msg.text
		d.note, d.noteErr = "not used: "+model.SanitizeLine(err.Error())+" · ctrl+e edits it again", true
		return
	}
	d.draft = ""
	d.fill(args)
	// The editor's arguments are the user's edit: ctrl+r comes back to
	// them, and esc asks before it discards them.
	d.edit = &draft{texts: d.form.values(), extra: d.extra}
	d.shown = len(d.sets) + 1
	d.note = "arguments from the editor"
}
