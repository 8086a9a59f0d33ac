package main

import (
	"os"
	"testing"
)

// The explorer compares with --snapshot, else with mcpeek.lock.json when
// the working directory has one, else with nothing.
func TestBaselinePath(t *testing.T) {
	t.Chdir(t.TempDir())
	if got := (&app{}).baselinePath(); got != "" {
		t.Errorf("no lock file: %q", got)
	}
	if err := os.WriteFile(defaultLockFile, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := (&app{}).baselinePath(); got != defaultLockFile {
		t.Errorf("with %s: %q", defaultLockFile, got)
	}
	if got := (&app{baseline: "other.json"}).baselinePath(); got != "other.json" {
		t.Errorf("--snapshot other.json: %q", got)
	}
}
