package testkit

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
)

// preloadSource is a shared library whose constructor, run by every
// program that loads it (LD_PRELOAD), appends "uid=U comm=NAME" to
// HOST_MARKER, a file of the machine, and to /tmp/preload-marker, which
// inside a sandbox is its scratch.
const preloadSource = `
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static void mark(const char *path, const char *comm) {
	FILE *f = fopen(path, "a");
	if (f) {
		fprintf(f, "uid=%d comm=%s\n", (int)getuid(), comm);
		fclose(f);
	}
}

__attribute__((constructor)) static void preloaded(void) {
	char comm[64] = "?";
	FILE *c = fopen("/proc/self/comm", "r");
	if (c) {
		if (fgets(comm, sizeof comm, c)) comm[strcspn(comm, "\n")] = 0;
		fclose(c);
	}
	mark(HOST_MARKER, comm);
	mark("/tmp/preload-marker", comm);
}
`

// PreloadLibrary builds, with gcc, a shared library into dir (as
// preload.so, readable by all) whose constructor writes marker, a file
// of this machine, when any program loads it: that a program ran it, as
// which user and under which name (its comm), is then read from marker.
// It writes the same into /tmp/preload-marker, which inside a sandbox is
// the sandbox's own scratch. Without gcc the test is skipped (SkipSandbox).
func PreloadLibrary(t testing.TB, dir, marker string) string {
	t.Helper()
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		SkipSandbox(t, "gcc is not installed: the test builds a shared library whose constructor marks where it ran")
	}
	src := filepath.Join(dir, "preload.c")
	if err := os.WriteFile(src, []byte(preloadSource), 0o644); err != nil {
		t.Fatal(err)
	}
	lib := filepath.Join(dir, "preload.so")
	out, err := exec.Command(gcc, "-shared", "-fPIC", "-o", lib, "-DHOST_MARKER="+strconv.Quote(marker), src).CombinedOutput()
	if err != nil {
		t.Fatalf("gcc: %v: %s", err, out)
	}
	if err := os.Chmod(lib, 0o755); err != nil {
		t.Fatal(err)
	}
	return lib
}
