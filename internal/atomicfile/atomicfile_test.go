package atomicfile

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

func TestWriteReplacesWithItsMode(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f.json")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Write(path, []byte("new"), 0o600); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(path)
	st, _ := os.Stat(path)
	if string(b) != "new" || st.Mode().Perm() != 0o600 {
		t.Errorf("%q, mode %v", b, st.Mode().Perm())
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("a temporary file was left: %v", entries)
	}
	if err := Write(filepath.Join(dir, "missing", "f"), nil, 0o600); err == nil {
		t.Error("no error for a directory that does not exist")
	}
}

// TestWriteGoesThroughASymlink: a config kept in a dotfiles folder and
// linked from home (~/.claude.json -> dotfiles/claude.json), through a
// relative link and a link to a link, is replaced where it lives: the
// links stay links, the target gets the new content, and the temporary
// file is made beside the target. A link to a file not there yet creates
// it.
func TestWriteGoesThroughASymlink(t *testing.T) {
	home, dots := t.TempDir(), t.TempDir()
	target := filepath.Join(dots, "claude.json")
	if err := os.WriteFile(target, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(home, ".claude.json")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	rel := filepath.Join(dots, "again.json")
	if err := os.Symlink("claude.json", rel); err != nil {
		t.Fatal(err)
	}
	chain := filepath.Join(home, ".chain.json")
	if err := os.Symlink(rel, chain); err != nil {
		t.Fatal(err)
	}
	for i, path := range []string{link, chain} {
		want := fmt.Sprint("new ", i)
		if err := Write(path, []byte(want), 0o600); err != nil {
			t.Fatal(err)
		}
		if st, err := os.Lstat(path); err != nil || st.Mode()&os.ModeSymlink == 0 {
			t.Fatalf("%s is no longer a link: %v %v", path, st.Mode(), err)
		}
		if b, _ := os.ReadFile(target); string(b) != want {
			t.Errorf("the target holds %q, want %q", b, want)
		}
	}
	if entries, _ := os.ReadDir(home); len(entries) != 2 {
		t.Errorf("home holds %v", entries)
	}
	dangling := filepath.Join(home, ".new.json")
	if err := os.Symlink(filepath.Join(dots, "new.json"), dangling); err != nil {
		t.Fatal(err)
	}
	if err := Write(dangling, []byte("made"), 0o600); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(dots, "new.json")); string(b) != "made" {
		t.Errorf("the dangling link's target holds %q", b)
	}
	loop := filepath.Join(home, ".loop")
	os.Symlink(loop, loop)
	if err := Write(loop, nil, 0o600); err == nil {
		t.Error("a link to itself was written")
	}
}
