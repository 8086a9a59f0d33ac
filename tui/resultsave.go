package tui

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

	"mcpeek/mcpclient"
	"mcpeek/model"
	"mcpeek/tui/resultview"
	"mcpeek/tui/uitext"
)

// Saving a result (w in the result view): a dialog asks for the file
// name, <tool>-result-<time>.json in the working directory by default,
// and asks again before it overwrites. The file holds the raw result;
// each image or audio block is written decoded beside it, named after the
// file with the block's number and its mime type's extension.

// saveDialog asks where to save a result.
type saveDialog struct {
	field   textinput.Model
	res     *mcpclient.CallResult
	confirm string // the path that exists: y overwrites it
}

// openSave opens the save dialog for the current tool's last result (w,
// from either pane).
func (m *Model) openSave() tea.Cmd {
	v := m.current
	if v == nil || v.last == nil || v.last.result == nil {
		return m.noResult("to save")
	}
	in := textinput.New()
	in.Prompt = "file: "
	in.SetStyles(m.styles.Input)
	in.SetValue(defaultSaveName(v.tool.Name, v.last.at))
	in.SetWidth(48)
	d := &saveDialog{field: in, res: v.last.result}
	m.dialogs.open(d)
	return d.field.Focus()
}

// defaultSaveName is <tool>-result-<time>.json, the tool's name made safe
// for a file name.
func defaultSaveName(tool string, at time.Time) string {
	safe := strings.Map(func(r rune) rune {
		if r == '-' || r == '_' || r == '.' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return r
		}
		return '_'
	}, tool)
	return safe + "-result-" + at.Format("20060102-150405") + ".json"
}

func (d *saveDialog) key(msg tea.KeyPressMsg, k *keyMap) action {
	if d.confirm != "" {
		if key.Matches(msg, k.Overwrite) {
			return saveTo{path: d.confirm, res: d.res}
		}
		d.confirm = ""
		return nil
	}
	switch {
	case key.Matches(msg, k.Cancel):
		return closeDialog{}
	case key.Matches(msg, k.Accept):
		path := strings.TrimSpace(d.field.Value())
		if path == "" {
			return nil
		}
		if _, err := os.Stat(path); err == nil {
			d.confirm = path
			return nil
		}
		return saveTo{path: path, res: d.res}
	}
	var cmd tea.Cmd
	d.field, cmd = d.field.Update(msg)
	return cmd
}

// paste takes a paste as one edit of the file name.
func (d *saveDialog) paste(text string) action {
	if d.confirm != "" {
		return nil
	}
	var cmd tea.Cmd
	d.field, cmd = d.field.Update(tea.PasteMsg{Content: uitext.Paste(text, true)})
	return cmd
}

func (d *saveDialog) render(s *Styles, width, height int) string {
	w := max(min(width-4, 72), 30)
	d.field.SetWidth(w - 12)
	lines := []string{s.Title.Render("save the result"), "", d.field.View(), ""}
	if d.confirm != "" {
		lines[3] = s.StatusErr.Render(fit(model.SanitizeLine(d.confirm)+" exists: overwrite? y/n", w-4))
	} else {
		lines[3] = s.Faint.Render("enter save · esc cancel; images and audio go beside it")
	}
	return s.Dialog.Width(w).Render(lipgloss.JoinVertical(lipgloss.Left, lines...))
}

func (d *saveDialog) help(k *keyMap) []key.Binding { return []key.Binding{k.Accept, k.Cancel} }

// saveTo closes the save dialog and saves the result to path.
type saveTo struct {
	path string
	res  *mcpclient.CallResult
}

// resultSavedMsg says where a result went, or why it did not.
type resultSavedMsg struct {
	paths []string
	err   error
}

// saveFiles writes the raw result to path and each image or audio block,
// decoded, beside it. A file beside it that exists is not overwritten.
func saveFiles(path string, res *mcpclient.CallResult) tea.Cmd {
	return func() tea.Msg {
		if err := os.WriteFile(path, []byte(resultview.PrettyJSON(res.Raw)+"\n"), 0o644); err != nil {
			return resultSavedMsg{err: fmt.Errorf("save the result: %w", err)}
		}
		paths := []string{path}
		base := strings.TrimSuffix(path, filepath.Ext(path))
		for i, b := range resultview.ParseBlocks(res.Content) {
			data, err := b.Binary()
			if err != nil || len(data) == 0 {
				continue
			}
			name := base + "-" + strconv.Itoa(i) + extensionOf(b.Mime())
			f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
			if errors.Is(err, fs.ErrExist) {
				return resultSavedMsg{paths: paths, err: fmt.Errorf("save block %d: %s exists", i, name)}
			}
			if err == nil {
				_, err = f.Write(data)
				if cerr := f.Close(); err == nil {
					err = cerr
				}
			}
			if err != nil {
				return resultSavedMsg{paths: paths, err: fmt.Errorf("save block %d: %w", i, err)}
			}
			paths = append(paths, name)
		}
		return resultSavedMsg{paths: paths}
	}
}

// extensionOf is the usual extension of a mime type, ".bin" when unknown.
func extensionOf(mimeType string) string {
	if exts, err := mime.ExtensionsByType(mimeType); err == nil && len(exts) > 0 {
		return exts[0]
	}
	return ".bin"
}

// resultSaved says where the result went.
func (m *Model) resultSaved(msg resultSavedMsg) tea.Cmd {
	saved := "saved " + model.SanitizeLine(strings.Join(msg.paths, ", "))
	if msg.err != nil {
		if len(msg.paths) > 0 {
			return m.setStatus(saved+"; "+model.SanitizeLine(msg.err.Error()), true)
		}
		return m.setStatus(model.SanitizeLine(msg.err.Error()), true)
	}
	return m.setStatus(saved, false)
}
