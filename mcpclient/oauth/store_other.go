//go:build !unix

package oauth

import "io/fs"

// ownerOf is unknown here: the directory's ACL is the system's to keep.
func ownerOf(fs.FileInfo) (int, bool) { return 0, false }

// lockFile takes no lock on this system: the file is still replaced
// atomically, but two processes saving at once may lose one update.
func lockFile(string) (unlock func(), err error) { return func() {}, nil }
