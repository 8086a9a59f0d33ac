package model

import (
	"slices"
	"testing"
)

func TestStderrTailKeepsTheFirstError(t *testing.T) {
	t.Parallel()
	crash := []string{
		"starting server",
		"Error: Cannot find module 'express'",
		"    at Module._resolveFilename (node:internal/modules/cjs/loader:1145:15)",
		"    at Module._load (node:internal/modules/cjs/loader:986:27)",
		"    at Function.executeUserEntryPoint (node:internal/modules/run_main:142:12)",
		"",
		"Node.js v20.11.0",
	}
	got := StderrTail(crash, 4)
	want := []string{"Error: Cannot find module 'express'", "…", "", "Node.js v20.11.0"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q", got)
	}
	if got := StderrTail(crash, 10); len(got) != len(crash) {
		t.Errorf("all fit: %q", got)
	}
	if got := StderrTail([]string{"a", "b", "c"}, 2); !slices.Equal(got, []string{"b", "c"}) {
		t.Errorf("no error line: %q", got)
	}
}
