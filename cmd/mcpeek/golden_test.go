package main

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// TestScriptableOutputsAreStable holds the outputs meant for docs, CI and
// demos to golden files (run with -update after an intended change).
func TestScriptableOutputsAreStable(t *testing.T) {
	t.Parallel()
	cases := map[string][]string{
		"summary.md":         {"summary", "--schema", orderSchema, "--format", "markdown", "--stats"},
		"summary-stats.txt":  {"summary", "--schema", orderSchema, "--stats", "--max-fields", "12"},
		"summary-stats.json": {"summary", "--schema", orderSchema, "--json", "--stats", "--max-fields", "12"},
		"compare.json":       {"compare", "--schema", orderSchema, "--json", "--max-fields", "10"},
		"inspect.txt":        {"inspect", "--schema", orderSchema, "line_items", "--max-depth", "2"},
	}
	for name, args := range cases {
		t.Run(name, func(t *testing.T) {
			out, stderr, code := mcpeek(t, args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			assertGolden(t, name, out)
		})
	}
}

// assertGolden compares out with testdata/name, rewriting it under -update.
func assertGolden(t *testing.T, name, out string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./cmd/mcpeek -update)", err)
	}
	if out != string(want) {
		t.Errorf("%s differs from its golden file\n got:\n%s\nwant:\n%s", name, out, want)
	}
}
