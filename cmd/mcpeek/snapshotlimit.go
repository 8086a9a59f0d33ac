package main

import (
	"os"
	"runtime/debug"

	"mcpeek/internal/bytesize"
	"mcpeek/summarizer/schemadiff"
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

// readSnapshot reads the lock file at path under snapshotLimit, for a
// command that ends after it (diff, lint --snapshot, lock update), and
// keeps the process's memory near twice what the lock files it read hold.
func (a *app) readSnapshot(path string) (schemadiff.Snapshot, error) {
	limit, err := snapshotLimit()
	if err != nil {
		return schemadiff.Snapshot{}, err
	}
	s, err := schemadiff.ReadFile(path, limit)
	if err == nil {
		if st, statErr := os.Stat(path); statErr == nil {
			a.keepMemoryNear(st.Size())
		}
	}
	return s, err
}

// bigLockBytes is how many bytes of lock files a command reads before it
// collects garbage sooner (keepMemoryNear).
const bigLockBytes = 32 << 20

// bigLockGC is the collector's GOGC once the lock files read are big.
const bigLockGC = 25

// keepMemoryNear counts n more bytes of lock files read and, once they
// are many, has the collector run when the heap has grown by a quarter
// since the last collection rather than doubled (GOGC 25, unless GOGC or
// GOMEMLIMIT says otherwise). The files' text is most of what such a
// command keeps (about its size once read), and holds no pointers, so a
// collection costs little beside it; letting garbage grow to as much
// again is what cost the memory: a diff of two 251 MiB lock files whose
// every description changed peaked at 1.39 GB, 0.85 GB with GOGC 25, for
// no more CPU. (A soft memory limit of twice the files instead keeps that
// diff at 1.05 GB, but a diff whose result itself is larger, millions of
// changes, then collects without pause and takes twice as long.)
func (a *app) keepMemoryNear(n int64) {
	a.lockBytes += n
	if a.collectSooner() {
		debug.SetGCPercent(bigLockGC)
	}
}

// collectSooner reports whether the lock files read are big enough for
// keepMemoryNear to set GOGC, and neither GOGC nor GOMEMLIMIT is set.
func (a *app) collectSooner() bool {
	_, gogc := a.env.lookupVar("GOGC")
	_, limit := a.env.lookupVar("GOMEMLIMIT")
	return !gogc && !limit && a.lockBytes >= bigLockBytes
}
