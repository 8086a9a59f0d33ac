package testkit

import (
	"os"
	"path/filepath"
	"testing"
)

// SharedDir makes a fresh directory, removed after the test, that every
// user may read and write: a sandbox that runs as nobody (mcpeek started
// as root) reads it. It lies in neither the checkout (which may be a
// private home of mode 700) nor the test's temporary directory (private
// too, and /tmp, which a sandbox replaces with a scratch of its own): it
// is made in /var/tmp, else in the system's temporary directory. A
// sandbox hides both, so a test names the directory visible or writable
// in its policy; what the test plants there is found at the same path
// inside.
func SharedDir(t testing.TB, name string) string {
	t.Helper()
	base := "/var/tmp"
	if fi, err := os.Stat(base); err != nil || !fi.IsDir() || fi.Mode().Perm()&0o007 != 0o007 {
		base = os.TempDir()
	}
	dir, err := os.MkdirTemp(base, "mcpeek-"+name+"-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	dir, err = filepath.EvalSymlinks(dir)
	if err != nil {
		t.Fatal(err)
	}
	return dir
}
