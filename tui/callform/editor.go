package callform

import (
	"os"
	"os/exec"
	"strings"

	tea "charm.land/bubbletea/v2"
)

// ctrl+e in the call form hands the whole argument object to the user's
// editor as a JSON file, and fills the form from what comes back.

// EditedMsg is the text the editor left, for the form that asked (ID,
// the asker's ticket).
type EditedMsg struct {
	ID   uint64
	Text string
	Err  error // the editor could not run or the file could not be read
}

// ExecFunc runs a program in the terminal, the UI suspended
// (tea.ExecProcess; tests run it directly).
type ExecFunc func(c *exec.Cmd, done tea.ExecCallback) tea.Cmd

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

// RunEditor is the command that writes text to a temporary file, runs the
// editor on it with run and reads it back, as an EditedMsg for id.
func RunEditor(run ExecFunc, id uint64, text string) tea.Cmd {
	words := editorCommand()
	return func() tea.Msg {
		f, err := os.CreateTemp("", "mcpeek-args-*.json")
		if err != nil {
			return EditedMsg{ID: id, Text: text, Err: err}
		}
		path := f.Name()
		_, err = f.WriteString(text)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			os.Remove(path)
			return EditedMsg{ID: id, Text: text, Err: err}
		}
		c := exec.Command(words[0], append(words[1:], path)...)
		return run(c, func(err error) tea.Msg {
			defer os.Remove(path)
			b, rerr := os.ReadFile(path)
			if err == nil {
				err = rerr
			}
			if err != nil {
				return EditedMsg{ID: id, Text: text, Err: err}
			}
			return EditedMsg{ID: id, Text: string(b)}
		})()
	}
}
