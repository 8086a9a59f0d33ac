// Package atomicfile replaces files in one step: the lock file, the OAuth
// token file and the explorer's remembered call arguments are written
// through a temporary file in the same directory, then renamed, so that
// a reader sees the old file or the new one and a failed write leaves
// the old one in place.
package atomicfile

import (
	"os"
	"path/filepath"
)

// Write replaces path with b, with mode perm. The directory must exist.
func Write(path string, b []byte, perm os.FileMode) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // once renamed, there is nothing to remove
	if err := tmp.Chmod(perm); err != nil {
		tmp.Close()
		return err
	}
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
