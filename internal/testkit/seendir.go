package testkit

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// seenBase is where SeenDir makes its directories when the sandbox does
// not see the test's package where it lies (a checkout under /tmp, in a
// home, or one that other users may not enter): a place root may make,
// outside /tmp and the homes, like the cache that mcpeek itself falls
// back to when it runs as root.
const seenBase = "/var/cache/mcpeek-test"

// SeenDir makes a directory, removed after the test, that a sandboxed
// program sees where it lies, for what only the sandbox's own rules may
// hide or keep from being written: a home holding a key, a directory a
// write must not reach, a program it runs without its policy naming it.
// (SharedDir is for what the policy names.) Such a directory lies outside
// /tmp (the sandbox's scratch is a new, empty /tmp), outside the homes and
// the run directories (hidden inside), under directories that every user
// may enter (a sandbox started by root runs as nobody). It is readable and
// writable by all, so that no file mode stops a program there.
//
// unseen says why a sandboxed program does not see a path ("" when it
// does): the sandbox's Unseen under a policy that names nothing. The
// directory is made in the test's package directory when the sandbox sees
// it there, else under /var/cache/mcpeek-test; when neither will do, the
// test cannot run (SkipSandbox), saying why.
func SeenDir(t testing.TB, name string, unseen func(path string) string) string {
	t.Helper()
	var why []string
	for _, base := range []string{".", seenBase} {
		dir, err := seenIn(t, base, name, unseen)
		if err == nil {
			return dir
		}
		why = append(why, err.Error())
	}
	SkipSandbox(t, "no directory here that a sandboxed program sees where it lies (outside /tmp and the homes, open to every user; run as root, or from a checkout elsewhere): "+
		strings.Join(why, "; "))
	return ""
}

// seenIn makes SeenDir's directory under base, or says why it cannot.
// base itself stays, empty, for the tests that run beside this one.
func seenIn(t testing.TB, base, name string, unseen func(path string) string) (string, error) {
	if base != "." && os.MkdirAll(base, 0o755) == nil {
		os.Chmod(base, 0o755) // whatever the umask
	}
	dir, err := os.MkdirTemp(base, name+"-")
	if err != nil {
		return "", err
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if dir, err = filepath.Abs(dir); err != nil {
		return "", err
	}
	if err := os.Chmod(dir, 0o777); err != nil {
		return "", err
	}
	if why := unseen(dir); why != "" {
		os.RemoveAll(dir)
		return "", fmt.Errorf("%s: %s", base, why)
	}
	return dir, nil
}

// LinkTree makes to a copy of the tree from (a folder or a file) of hard
// links to its files (a copy of each file where no link can be made, as
// across file systems), with directories of its own, open to every user,
// and its symbolic links as they are; a file that other users may not
// read is copied, readable by all. It is how a test gives a sandbox a
// folder that it cannot see where it lies, such as the npm peers of a
// checkout in a private home (their 16,000 files in about a second).
func LinkTree(from, to string) error {
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return err
	}
	if err := os.Chmod(filepath.Dir(to), 0o755); err != nil {
		return err
	}
	return filepath.WalkDir(from, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(from, path)
		if err != nil {
			return err
		}
		dst := filepath.Join(to, rel)
		switch {
		case d.IsDir():
			if err := os.MkdirAll(dst, 0o755); err != nil {
				return err
			}
			return os.Chmod(dst, 0o755)
		case d.Type()&fs.ModeSymlink != 0:
			target, err := os.Readlink(path)
			if err != nil {
				return err
			}
			return os.Symlink(target, dst)
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		if info.Mode().Perm()&0o004 != 0 && os.Link(path, dst) == nil {
			return nil
		}
		return copyFile(path, dst, info.Mode().Perm()|0o444)
	})
}

// copyFile copies the file from to to, a new file of mode perm.
func copyFile(from, to string, perm fs.FileMode) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return err
	}
	if err := out.Chmod(perm); err != nil { // whatever the umask
		out.Close()
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
