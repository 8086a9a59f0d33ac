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

	tea "charm.land/bubbletea/v2"

	"mcpeek/internal/atomicfile"
	"mcpeek/mcpclient"
	"mcpeek/model"
)

// Saving a result (w in the result view): the explorer asks for the file
// name, <tool>-result-<time>.json in the working directory by default,
// and asks again before it overwrites. The file holds the raw result;
// each image or audio block is written decoded beside it, named after the
// file with the block's number and its mime type's extension.

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
