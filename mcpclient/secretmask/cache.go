package secretmask

import (
	"slices"
	"sync"
)

// Cache keeps the mask of the secrets it was last given, so that text
// hidden often (every stderr line, log message and error of a server) does
// not compile a mask each time, and makes a new one when the secrets
// change (an OAuth token refreshed). It is safe for concurrent use; a nil
// Cache makes the mask each time.
type Cache struct {
	mu      sync.Mutex
	made    bool
	secrets []string
	mask    *Mask
}

// Hide returns s with every form of every secret replaced by "***", as
// New(secrets).Hide(s) does.
func (c *Cache) Hide(secrets []string, s string) string {
	return c.Mask(secrets).Hide(s)
}

// Mask returns the mask of secrets, the one made last time when they are
// the same.
func (c *Cache) Mask(secrets []string) *Mask {
	if c == nil {
		return New(secrets)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.made || !slices.Equal(c.secrets, secrets) {
		c.made, c.secrets, c.mask = true, slices.Clone(secrets), New(secrets)
	}
	return c.mask
}
