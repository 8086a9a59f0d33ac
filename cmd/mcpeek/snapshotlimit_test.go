package main

import (
	"strings"
	"testing"
)

// TestSnapshotLimitFromTheEnvironment: MCPEEK_MAX_SNAPSHOT_BYTES sets the
// size limit of the lock files diff and lint --snapshot read.
func TestSnapshotLimitFromTheEnvironment(t *testing.T) {
	demo := useDemo(t)
	lock := diffCases + "output/old.json"
	cases := []struct {
		limit  string
		args   []string
		status int
		stderr string
	}{
		{"1KiB", []string{"diff", lock, lock}, 3, lock + ": the file is over the 1 KiB limit for a snapshot (raise it with MCPEEK_MAX_SNAPSHOT_BYTES=SIZE)"},
		{"1KiB", []string{"lint", "--snapshot", lock}, 3, "over the 1 KiB limit"},
		{"1MiB", []string{"diff", lock, lock}, 0, ""},
		{"lots", []string{"diff", lock, lock}, 3, `MCPEEK_MAX_SNAPSHOT_BYTES: "lots" is not a size`},
	}
	for _, c := range cases {
		t.Setenv("MCPEEK_MAX_SNAPSHOT_BYTES", c.limit)
		_, stderr, status := demo.mcpeek(t, c.args...)
		if status != c.status || !strings.Contains(stderr, c.stderr) {
			t.Errorf("%s %q: exit %d, want %d; stderr %q, want %q", c.limit, c.args, status, c.status, stderr, c.stderr)
		}
	}
}

// TestBigLockFilesCollectSooner: once the lock files read are big, the
// collector runs sooner (GOGC 25), unless GOGC or GOMEMLIMIT is set; small
// files leave it alone. (What it saves: scripts/bench-biglock.)
func TestBigLockFilesCollectSooner(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		read []int64
		env  map[string]string
		want bool
	}{
		{[]int64{1 << 20}, nil, false},
		{[]int64{20 << 20, 20 << 20}, nil, true},
		{[]int64{bigLockBytes}, nil, true},
		{[]int64{bigLockBytes}, map[string]string{"GOGC": "100"}, false},
		{[]int64{bigLockBytes}, map[string]string{"GOMEMLIMIT": "1GiB"}, false},
	} {
		a := &app{env: env{lookup: func(k string) (string, bool) { v, ok := c.env[k]; return v, ok }}}
		for _, n := range c.read {
			a.lockBytes += n
		}
		if got := a.collectSooner(); got != c.want {
			t.Errorf("read %v with %v: collect sooner %v, want %v", c.read, c.env, got, c.want)
		}
	}
}
