package sandbox

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mcpeek/internal/testkit"
)

// TestBindsAndDataDirectory shows a folder read-only, another writable,
// and gives a data directory: the program reads the first and cannot
// write it, writes the second, and starts in its data directory, its
// HOME, where a write stays after the run. Inside names them all, and
// Unseen no longer warns of them.
func TestBindsAndDataDirectory(t *testing.T) {
	s := detect(t)
	ro, rw, data := testkit.SharedDir(t, "ro"), testkit.SharedDir(t, "rw"), testkit.SharedDir(t, "data")
	if err := os.WriteFile(filepath.Join(ro, "given.txt"), []byte("given"), 0o644); err != nil {
		t.Fatal(err)
	}
	p := Policy{Limits: DefaultLimits, Binds: []Bind{{Dir: ro}, {Dir: rw, Write: true}}, Data: data}
	for _, d := range []string{ro, rw, data} {
		if why := s.Unseen(Policy{Limits: DefaultLimits}, d); why == "" {
			t.Fatalf("%s is seen without a bind: the test proves nothing", d)
		}
		if why := s.Unseen(p, d); why != "" {
			t.Errorf("Unseen(%s) with its bind: %s", d, why)
		}
	}
	out, err := run(t, s, p, `cat `+ro+`/given.txt; echo; touch `+ro+`/x 2>/dev/null && echo wrote-ro; echo kept > `+rw+`/out.txt && echo wrote-rw; pwd; echo $HOME; echo note > note.txt`)
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if want := "given\nwrote-rw\n" + data + "\n" + data + "\n"; out != want {
		t.Errorf("inside:\n%s\nwant:\n%s", out, want)
	}
	for _, f := range []string{filepath.Join(rw, "out.txt"), filepath.Join(data, "note.txt")} {
		if _, err := os.Stat(f); err != nil {
			t.Errorf("a write inside did not stay: %v", err)
		}
	}
	says := s.Inside(p)
	for _, want := range []string{"an empty scratch /tmp", "read-only", ro + " (read-only)", rw + " (writable)", "data directory " + data} {
		if !strings.Contains(says, want) {
			t.Errorf("Inside lacks %q: %s", want, says)
		}
	}
	if got := p.String(); !strings.Contains(got, ", data "+data+" (writable)") || !strings.Contains(got, "shown "+ro+" (read-only)") {
		t.Errorf("String: %s", got)
	}
}
