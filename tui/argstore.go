package tui

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"mcpeek/internal/atomicfile"
	"mcpeek/internal/jsonfmt"
	"mcpeek/model"
	"mcpeek/tui/callform"
	"os"
	"path/filepath"
	"time"
)

// The call form remembers the last argument sets given to each tool, in
// one small JSON file under the XDG state directory, and offers them again.

// maxArgSets is how many distinct argument sets are kept per tool.
const maxArgSets = 10

// argFile is the file's content: the sets of each tool id, newest first.
type argFile struct {
	Tools map[string][]callform.Set `json:"tools"`
}

// argStore is the file of remembered sets, call-args.json in the
// explorer's state directory (Options.StateDir). It holds only that
// directory's name: every read and write goes to the file, off the UI loop.
type argStore struct {
	dir string // "": the XDG one, resolved at each use
}

// path is the file's: in dir, else $XDG_STATE_HOME/mcpeek, with
// ~/.local/state for an unset or relative XDG_STATE_HOME (as the XDG base
// directory specification says).
func (s argStore) path() (string, error) {
	if s.dir != "" {
		return filepath.Join(s.dir, "call-args.json"), nil
	}
	dir := os.Getenv("XDG_STATE_HOME")
	if !filepath.IsAbs(dir) {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", fmt.Errorf("no state directory: %w", err)
		}
		dir = filepath.Join(home, ".local", "state")
	}
	return filepath.Join(dir, "mcpeek", "call-args.json"), nil
}

// readArgFile reads the file; a missing one is empty.
func readArgFile(path string) (argFile, error) {
	f := argFile{Tools: map[string][]callform.Set{}}
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return f, nil
	}
	if err != nil {
		return f, err
	}
	if err := json.Unmarshal(b, &f); err != nil {
		return argFile{Tools: map[string][]callform.Set{}}, fmt.Errorf("%s: %w", path, err)
	}
	if f.Tools == nil {
		f.Tools = map[string][]callform.Set{}
	}
	return f, nil
}

// load is the sets remembered for a tool, newest first.
func (s argStore) load(toolID string) ([]callform.Set, error) {
	path, err := s.path()
	if err != nil {
		return nil, err
	}
	f, err := readArgFile(path)
	return f.Tools[toolID], err
}

// remember puts args first in sets: an equal set moves to the front
// instead of being repeated, and the oldest beyond maxArgSets go.
func remember(sets []callform.Set, args json.RawMessage, at time.Time) []callform.Set {
	out := []callform.Set{{At: at, Args: args}}
	for _, s := range sets {
		if len(out) == maxArgSets {
			break
		}
		if !model.EqualJSON(s.Args, args) {
			out = append(out, s)
		}
	}
	return out
}

// save remembers args for a tool: it reads the file, puts the set first
// and writes the file again atomically (a temporary file renamed over
// it), readable by the user only. An unreadable file is replaced.
func (s argStore) save(toolID string, args json.RawMessage, at time.Time) error {
	path, err := s.path()
	if err != nil {
		return err
	}
	f, _ := readArgFile(path) // an unreadable file starts again empty
	f.Tools[toolID] = remember(f.Tools[toolID], args, at)
	b, err := jsonfmt.MarshalIndent(f) // the arguments as given: no \u003c for "<"
	if err != nil {
		return err
	}
	return writeFileAtomic(path, b)
}

// writeFileAtomic writes b to path, mode 0600, creating its directory,
// so a reader sees the old file or the new one.
func writeFileAtomic(path string, b []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	return atomicfile.Write(path, b, 0o600)
}
