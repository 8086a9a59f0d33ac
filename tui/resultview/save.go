package resultview

import (
	"errors"
	"fmt"
	"io/fs"
	"mime"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"mcpeek/internal/atomicfile"
	"mcpeek/mcpclient"
	"mcpeek/model"
	"mcpeek/tui/uitext"
)

// Saving a result (w in the result view): a dialog asks for the file
// name, <tool>-result-<time>.json in the working directory by default,
// and asks again before it overwrites. The file holds the raw result;
// each image or audio block is written decoded beside it, named after the
// file with the block's number and its mime type's extension.

// SaveDialog asks where to save a result.
type SaveDialog struct {
	// Field is the file name.
	Field   textinput.Model
	res     *mcpclient.CallResult
	confirm string // the path that exists: the overwrite key overwrites it
	// offered: the name shown is the one offered (SaveName), which the
	// first character typed or pasted replaces (it was typed after its
	// ".json"); a key that moves or deletes in it keeps it, to edit.
	offered bool
}

// SaveKeys are the save dialog's keys.
type SaveKeys struct{ Accept, Cancel, Overwrite key.Binding }

// NewSaveDialog is the save dialog for res, a result of the tool named
// tool made at, its file name field drawn with input and focused by cmd.
func NewSaveDialog(tool string, at time.Time, res *mcpclient.CallResult, input textinput.Styles) (d *SaveDialog, cmd tea.Cmd) {
	in := textinput.New()
	in.Prompt = "file: "
	in.SetStyles(input)
	in.SetValue(SaveName(tool, at))
	in.SetWidth(48)
	d = &SaveDialog{Field: in, res: res, offered: true}
	return d, d.Field.Focus()
}

// SaveName is <tool>-result-<time>.json, the tool's name made safe for a
// file name.
func SaveName(tool string, at time.Time) string {
	safe := strings.Map(func(r rune) rune {
		if r == '-' || r == '_' || r == '.' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return r
		}
		return '_'
	}, tool)
	return safe + "-result-" + at.Format("20060102-150405") + ".json"
}

// Key handles a key press: accept saves (or asks first, when the file
// exists), cancel closes; any other key edits the name.
func (d *SaveDialog) Key(msg tea.KeyPressMsg, k SaveKeys) (Action, tea.Cmd) {
	if d.confirm != "" {
		if key.Matches(msg, k.Overwrite) {
			return Save{Path: d.confirm, Result: d.res}, nil
		}
		d.confirm = ""
		return nil, nil
	}
	switch {
	case key.Matches(msg, k.Cancel):
		return Closed{}, nil
	case key.Matches(msg, k.Accept):
		path := strings.TrimSpace(d.Field.Value())
		if path == "" {
			return nil, nil
		}
		if _, err := os.Stat(path); err == nil {
			d.confirm = path
			return nil, nil
		}
		return Save{Path: path, Result: d.res}, nil
	}
	if d.offered {
		d.offered = false
		if msg.Text != "" {
			d.Field.SetValue("")
		}
	}
	var cmd tea.Cmd
	d.Field, cmd = d.Field.Update(msg)
	return nil, cmd
}

// Paste takes a paste as one edit of the file name.
func (d *SaveDialog) Paste(text string) tea.Cmd {
	if d.confirm != "" {
		return nil
	}
	if d.offered {
		d.offered = false
		d.Field.SetValue("")
	}
	var cmd tea.Cmd
	d.Field, cmd = d.Field.Update(tea.PasteMsg{Content: uitext.Paste(text, true)})
	return cmd
}

// View draws the dialog on a screen width cells wide.
func (d *SaveDialog) View(s Styles, width int) string {
	w := max(min(width-4, 72), 30)
	d.Field.SetWidth(w - 12)
	lines := []string{s.Title.Render("save the result"), "", d.Field.View(), ""}
	if d.confirm != "" {
		lines[3] = s.StatusErr.Render(uitext.Fit(model.SanitizeLine(d.confirm)+" exists: overwrite? y/n", w-4))
	} else {
		lines[3] = s.Faint.Render("enter save · esc cancel; images and audio go beside it")
	}
	return s.Frame.Width(w).Render(lipgloss.JoinVertical(lipgloss.Left, lines...))
}

// Saved says where a result went (SaveFiles), or why it did not.
type Saved struct {
	Paths []string
	Err   error
}

// Status is what the status line says of it, and whether that is an
// error.
func (s Saved) Status() (string, bool) {
	saved := "saved " + model.SanitizeLine(strings.Join(s.Paths, ", "))
	if s.Err != nil {
		if len(s.Paths) > 0 {
			return saved + "; " + model.SanitizeLine(s.Err.Error()), true
		}
		return model.SanitizeLine(s.Err.Error()), true
	}
	return saved, false
}

// SaveFiles writes the raw result to path and each image or audio block,
// decoded, beside it; Saved says what it wrote. The result replaces a file
// at path in one step, keeping its mode (atomicfile: a link stays a link);
// a file beside it that exists is not overwritten.
func SaveFiles(path string, res *mcpclient.CallResult) tea.Cmd {
	return func() tea.Msg {
		perm := fs.FileMode(0o644)
		if st, err := os.Stat(path); err == nil {
			perm = st.Mode().Perm()
		}
		if err := atomicfile.Write(path, []byte(PrettyJSON(res.Raw)+"\n"), perm); err != nil {
			return Saved{Err: fmt.Errorf("save the result: %w", err)}
		}
		paths := []string{path}
		base := strings.TrimSuffix(path, filepath.Ext(path))
		for i, b := range ParseBlocks(res.Content) {
			data, err := b.Binary()
			if err != nil || len(data) == 0 {
				continue
			}
			name := base + "-" + strconv.Itoa(i) + extensionOf(b.Mime())
			f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
			if errors.Is(err, fs.ErrExist) {
				return Saved{Paths: paths, Err: fmt.Errorf("save block %d: %s exists", i, name)}
			}
			if err == nil {
				_, err = f.Write(data)
				if cerr := f.Close(); err == nil {
					err = cerr
				}
			}
			if err != nil {
				return Saved{Paths: paths, Err: fmt.Errorf("save block %d: %w", i, err)}
			}
			paths = append(paths, name)
		}
		return Saved{Paths: paths}
	}
}

// extensionOf is the usual extension of a mime type, ".bin" when unknown.
func extensionOf(mimeType string) string {
	if exts, err := mime.ExtensionsByType(mimeType); err == nil && len(exts) > 0 {
		return exts[0]
	}
	return ".bin"
}
