package schemadiff

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// TestDiffGolden diffs each pair of snapshots in testdata/diff (the README
// of each says what changed) against its golden list of changes.
func TestDiffGolden(t *testing.T) {
	t.Parallel()
	dirs, err := filepath.Glob("testdata/diff/*")
	if err != nil || len(dirs) == 0 {
		t.Fatal("no cases", err)
	}
	for _, dir := range dirs {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			old, new := readSnapshot(t, filepath.Join(dir, "old.json")), readSnapshot(t, filepath.Join(dir, "new.json"))
			changes := Diff(old, new)
			if changes == nil {
				changes = []Change{}
			}
			got, err := json.MarshalIndent(map[string][]Change{"changes": changes}, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, '\n')
			golden := filepath.Join(dir, "want.json")
			if *update {
				os.WriteFile(golden, got, 0o644)
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test ./schemadiff -update)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("changes differ from %s\n got:\n%s\nwant:\n%s", golden, got, want)
			}
			if back := Diff(new, new); len(back) != 0 {
				t.Errorf("a snapshot differs from itself: %v", back)
			}
		})
	}
}

func readSnapshot(t *testing.T, path string) Snapshot {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s, err := Decode(b)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return s
}
