package calls

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"regexp"

	"mcpeek/internal/atomicfile"
)

// Encode writes the file as two-space indented JSON ending in a newline:
// $schema, mcpeek_calls, then the calls in their order, each call's
// arguments and equals values as they were written (re-indented).
func (f *File) Encode() ([]byte, error) {
	doc := struct {
		Schema  string `json:"$schema,omitempty"`
		Version int    `json:"mcpeek_calls"`
		Calls   []Call `json:"calls"`
	}{f.Schema, FormatVersion, f.Calls}
	if doc.Calls == nil {
		doc.Calls = []Call{}
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// Add appends c to the file, refusing a name the file holds already.
func (f *File) Add(c Call) error {
	if err := c.check(map[string]*regexp.Regexp{}); err != nil {
		return fmt.Errorf("call %q: %w", c.Name, err)
	}
	for _, old := range f.Calls {
		if old.Name == c.Name {
			where := ""
			if old.Line > 0 {
				where = fmt.Sprintf(" (line %d)", old.Line)
			}
			return fmt.Errorf("a call named %q is in the file already%s: choose another name, or remove that one first", c.Name, where)
		}
	}
	if len(f.Calls) >= MaxCalls {
		return fmt.Errorf("the file holds %d calls, the most a calls file may hold", len(f.Calls))
	}
	f.Calls = append(f.Calls, c)
	return nil
}

// AppendToFile adds c to the calls file at path, creating the file when
// there is none (see Update).
func AppendToFile(path string, c Call) error {
	return Update(path, func(f *File) error { return f.Add(c) })
}

// Update reads the calls file at path (an empty one when there is none),
// changes it with change, and replaces the file in one step: a reader sees
// the old file or the new one, and a failed change or write leaves the old
// one. The file keeps its permissions.
func Update(path string, change func(*File) error) error {
	file, err := ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		file = &File{}
	case err != nil:
		return err
	}
	if err := change(file); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	b, err := file.Encode()
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	perm := os.FileMode(0o644)
	if st, err := os.Stat(path); err == nil {
		perm = st.Mode().Perm()
	}
	if err := atomicfile.Write(path, b, perm); err != nil {
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	return nil
}
