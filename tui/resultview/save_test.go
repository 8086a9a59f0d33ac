package resultview

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mcpeek/mcpclient"
)

// TestSaveReplacesTheFileInOneStep: saving over a file replaces it whole,
// as every writer does (atomicfile): a reader that had the old file open
// reads the old file to its end, not the new one's bytes; a file that is
// a symbolic link stays a link, the file it names replaced; the file
// keeps its mode; nothing is left beside it.
func TestSaveReplacesTheFileInOneStep(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	dots := filepath.Join(dir, "dots")
	if err := os.Mkdir(dots, 0o755); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(dots, "result.json")
	const old = `{"old": "result, kept whole for whoever reads it"}` + "\n"
	if err := os.WriteFile(target, []byte(old), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "result.json")
	if err := os.Symlink("dots/result.json", link); err != nil {
		t.Fatal(err)
	}
	reader, err := os.Open(link)
	if err != nil {
		t.Fatal(err)
	}
	defer reader.Close()

	res := &mcpclient.CallResult{Raw: json.RawMessage(`{"content":[{"type":"text","text":"new"}]}`)}
	saved, _ := SaveFiles(link, res)().(Saved)
	if saved.Err != nil || len(saved.Paths) != 1 {
		t.Fatalf("saved %+v", saved)
	}
	if b, _ := io.ReadAll(reader); string(b) != old {
		t.Errorf("the reader of the old file read %q", b)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("%s is no longer a link (%v)", link, err)
	}
	if b, _ := os.ReadFile(target); !strings.Contains(string(b), `"text": "new"`) {
		t.Errorf("the file the link names holds %q", b)
	}
	if st, err := os.Stat(target); err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, %v: want 0600 kept", st.Mode(), err)
	}
	for _, d := range []string{dir, dots} {
		entries, _ := os.ReadDir(d)
		for _, e := range entries {
			if strings.HasPrefix(e.Name(), ".") {
				t.Errorf("left in %s: %s", d, e.Name())
			}
		}
	}
}
