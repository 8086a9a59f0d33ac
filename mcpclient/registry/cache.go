package registry

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"mcpeek/internal/atomicfile"
)

// Cache keeps registry answers on disk: one file per registry and
// question (a search, a server version), written atomically, readable only
// by the user. It holds what the registry published, nothing the user
// typed in but the search text.
type Cache struct {
	dir string
}

// maxCachedEntries caps the entries of one cache file, as sent: a
// listing read to its cap of DefaultMaxListingBytes, the page that
// crossed it included. A refresh merged past it is cut there (see
// cacheable), so that what is written is read back.
const maxCachedEntries = DefaultMaxListingBytes + DefaultMaxPageBytes

// maxCacheFile caps a cache file read back: its entries, and room for
// the rest. A larger file was not written by mcpeek: it is not read (the
// listing is read again), so that loading the cache holds no more than a
// listing does.
const maxCacheFile = maxCachedEntries + 1<<20

// cacheable is how many of entries, from the first, one cache file holds
// (maxCachedEntries, a comma between each two).
func cacheable(entries []Entry) int {
	total := 0
	for i, e := range entries {
		if total += len(e.Raw) + 1; total > maxCachedEntries {
			return i
		}
	}
	return len(entries)
}

// DefaultCacheDir is $XDG_CACHE_HOME/mcpeek/registry (~/.cache/... when
// XDG_CACHE_HOME is unset, the platform's cache folder elsewhere).
func DefaultCacheDir() (string, error) {
	d, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no cache folder for the registry: %w", err)
	}
	return filepath.Join(d, "mcpeek", "registry"), nil
}

// OpenCache returns the cache in dir; the folder is made on the first
// write.
func OpenCache(dir string) *Cache { return &Cache{dir: dir} }

// cached is one cache file.
type cached struct {
	Registry  string      `json:"registry"`
	Key       string      `json:"key"`
	FetchedAt time.Time   `json:"fetchedAt"`
	Stopped   Stop        `json:"stopped"`
	Entries   []jsonEntry `json:"entries"`
}

// path is the file of a question to a registry.
func (c *Cache) path(registry, key string) string {
	return filepath.Join(c.dir, digest(registry, 16), digest(key, 24)+".json")
}

func digest(s string, n int) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])[:n]
}

// load reads the cached answer to a question; ok is false when there is
// none, or when the file is not one mcpeek wrote (damaged, or too large):
// the next answer replaces it. A file that cannot be read is an error.
func (c *Cache) load(registry, key string) (v cached, ok bool, err error) {
	p := c.path(registry, key)
	st, err := os.Stat(p)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return cached{}, false, nil
	case err != nil:
		return cached{}, false, err
	case st.Size() > maxCacheFile:
		return cached{}, false, nil
	}
	b, err := os.ReadFile(p)
	if err != nil {
		return cached{}, false, err
	}
	if err := json.Unmarshal(b, &v); err != nil || v.Registry != registry || v.Key != key {
		return cached{}, false, nil
	}
	return v, true, nil
}

// forgetAfter is how long a cached answer no one wrote again is kept:
// each search text has a file of its own, and the cache must not grow
// with every search ever typed.
const forgetAfter = 30 * 24 * time.Hour

// store writes an answer, head with entries, replacing the one before in
// one step, and removes the registry's answers not written for
// forgetAfter. The entries are written one by one as the registry sent
// them, never gathered into a second copy of the whole answer.
func (c *Cache) store(head cached, entries []Entry) error {
	p := c.path(head.Registry, head.Key)
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		return fmt.Errorf("registry cache: %w", err)
	}
	head.Entries = nil
	b, err := json.Marshal(head)
	if err != nil {
		return err
	}
	// {"registry":...,"entries":null} is written with the entries in place
	// of null.
	open, ok := bytes.CutSuffix(b, []byte("null}"))
	if !ok {
		return fmt.Errorf("registry cache: the answer's head ends in %q", b[max(len(b)-8, 0):])
	}
	err = atomicfile.WriteWith(p, 0o600, func(w io.Writer) error {
		bw := bufio.NewWriter(w)
		bw.Write(open)
		bw.WriteByte('[')
		for i, e := range entries {
			if i > 0 {
				bw.WriteByte(',')
			}
			bw.Write(e.Raw)
		}
		bw.WriteString("]}")
		return bw.Flush()
	})
	if err != nil {
		return fmt.Errorf("registry cache: %w", err)
	}
	c.prune(filepath.Dir(p), time.Now().Add(-forgetAfter))
	return nil
}

// prune removes the answers in dir last written before cutoff. Failing to
// remove one is not an error: it is tried again on the next write.
func (c *Cache) prune(dir string, cutoff time.Time) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if e.IsDir() || filepath.Ext(e.Name()) != ".json" {
			continue
		}
		if info, err := e.Info(); err == nil && info.ModTime().Before(cutoff) {
			_ = os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}

// jsonEntry is an entry as the registry sent it.
type jsonEntry = json.RawMessage
