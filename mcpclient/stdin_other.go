//go:build !unix

package mcpclient

import "os"

// nowWriter would write without waiting; where descriptors are not known to
// be non-blocking there is none, and the feeder writes everything.
type nowWriter struct{}

func newNowWriter(*os.File) *nowWriter { return nil }

func (*nowWriter) write([]byte) (int, error) { return 0, nil }
