package mcpclient

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"mcpeek/model"
)

// CheckedTemp writes data beside path (same folder, with the extension
// ext of the client's file, so that the reader takes it for the same
// client's file), reads it back with mcpeek's own reader, and returns its path
// when the server is there; else it is removed.
func CheckedTemp(path, ext string, data []byte, server string) (string, error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	mode := fs.FileMode(0o600)
	if st, err := os.Stat(path); err == nil {
		mode = st.Mode().Perm()
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".mcpeek-*"+ext)
	if err != nil {
		return "", err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, mode)
	}
	if err != nil {
		os.Remove(tmp)
		return "", err
	}
	cfg, err := Load(tmp)
	if err == nil && !slices.ContainsFunc(cfg.Servers, func(s ServerConfig) bool { return s.Name == server }) {
		err = errors.New("the server is not in it")
	}
	if err != nil {
		os.Remove(tmp)
		return "", fmt.Errorf("the new %s would not read back (%v): nothing written", path, err)
	}
	return tmp, nil
}

// LineDiff shows the change from old to new as a unified diff of the one
// region that differs, with three lines of context: add only inserts.
func LineDiff(old, new string) string {
	a, b := strings.SplitAfter(old, "\n"), strings.SplitAfter(new, "\n")
	if old == "" {
		a = nil
	}
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	from, ctxEnd := max(0, pre-3), min(len(a), len(a)-suf+3)
	var out strings.Builder
	fmt.Fprintf(&out, "@@ -%d,%d +%d,%d @@\n", from+1, ctxEnd-from, from+1, ctxEnd-from+len(b)-len(a))
	line := func(prefix, s string) {
		out.WriteString(prefix + model.SanitizeLine(strings.TrimRight(s, "\n")) + "\n")
	}
	for _, s := range a[from:pre] {
		line(" ", s)
	}
	for _, s := range a[pre : len(a)-suf] {
		line("-", s)
	}
	for _, s := range b[pre : len(b)-suf] {
		line("+", s)
	}
	for _, s := range a[len(a)-suf : ctxEnd] {
		line(" ", s)
	}
	return out.String()
}
