package registry

import "time"

// UnpackLimited is Unpack with smaller limits, for tests.
var UnpackLimited = unpack

// SetListingTimer replaces the timer of a listing's deadline, for tests
// that fire it themselves.
func SetListingTimer(c *Client, f func(d time.Duration, fire func()) (stop func() bool)) {
	c.afterFunc = f
}
