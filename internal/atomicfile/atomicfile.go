// Package atomicfile replaces files in one step: the lock file, the OAuth
// token file, the registry's cache and the explorer's remembered call
// arguments are written through a temporary file in the same directory,
// then renamed, so that a reader sees the old file or the new one and a
// failed write leaves the old one in place.
//
// A path that is a symbolic link is written through: the file it names
// is replaced, in its own directory, and the link stays a link. A config
// kept in a dotfiles repository and linked from home stays where it is.
package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// Write replaces path (or the file it links to) with b, with mode perm.
// The directory must exist.
func Write(path string, b []byte, perm os.FileMode) error {
	return WriteWith(path, perm, func(w io.Writer) error {
		_, err := w.Write(b)
		return err
	})
}

// WriteWith replaces path (or the file it links to) with what write
// writes, with mode perm, so that a large file need not be held whole. An
// error from write leaves the old file in place.
func WriteWith(path string, perm os.FileMode, write func(io.Writer) error) error {
	target, err := Target(path)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // once renamed, there is nothing to remove
	if err := tmp.Chmod(perm); err != nil {
		tmp.Close()
		return err
	}
	if err := write(tmp); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), target)
}

// maxLinks is how many symbolic links Target follows, as Linux does.
const maxLinks = 40

// Target is the file that writing path replaces: path itself, or, when
// path is a symbolic link, the file at the end of its links, which need
// not exist yet.
func Target(path string) (string, error) {
	at := path
	for range maxLinks {
		st, err := os.Lstat(at)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return at, nil
		case err != nil:
			return "", err
		case st.Mode()&fs.ModeSymlink == 0:
			return at, nil
		}
		dest, err := os.Readlink(at)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(dest) {
			// Relative to the link's real folder, as the system reads it.
			dir, err := filepath.EvalSymlinks(filepath.Dir(at))
			if err != nil {
				return "", err
			}
			dest = filepath.Join(dir, dest)
		}
		at = dest
	}
	return "", fmt.Errorf("%s: more than %d symbolic links in a row", path, maxLinks)
}
