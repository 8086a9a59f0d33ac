package main

import (
	"mcpeek/internal/bytesize"
	"os"

	"mcpeek/schemadiff"
)

// snapshotLimit is the size limit of a lock file read by diff, lint
// --snapshot and the explorer: schemadiff's default, or the size in
// MCPEEK_MAX_SNAPSHOT_BYTES.
func snapshotLimit() (int64, error) {
	v := os.Getenv(schemadiff.MaxFileBytesVar)
	if v == "" {
		return schemadiff.DefaultMaxFileBytes, nil
	}
	n, err := bytesize.Parse(v)
	if err != nil {
		return 0, usageError("%s: %v", schemadiff.MaxFileBytesVar, err)
	}
	return n, nil
}
