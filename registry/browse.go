package registry

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// DefaultMaxAge is how long a cached answer is used without asking the
// registry again: the registry asks aggregators to poll about hourly.
const DefaultMaxAge = time.Hour

// refreshOverlap is how far before the last fetch an updated_since
// refresh starts, so that an entry updated while the last listing was
// read, or a clock a little off, is not missed. Entries read twice are
// merged.
const refreshOverlap = 5 * time.Minute

// Browser answers searches and look-ups from a registry through the
// cache: a cached answer younger than MaxAge is used as it is; an older
// listing is refreshed with updated_since; when the registry cannot be
// reached, the cached answer is used and Freshness says so.
type Browser struct {
	Client   *Client
	Cache    *Cache        // nil: nothing is kept on disk
	MaxAge   time.Duration // 0: always ask the registry
	Offline  bool          // never ask the registry: the cache or nothing
	MaxPages int           // pages one listing follows; 0 for DefaultMaxPages
	Now      func() time.Time
}

// Freshness says where an answer came from and how old it is.
type Freshness struct {
	FetchedAt time.Time // when the registry gave the answer (or its last refresh)
	FromCache bool      // read from the cache, not (wholly) from the registry
	Refreshed bool      // a cached listing brought up to date with updated_since
	// Unreachable is why the registry was not used for an answer read
	// from the cache; nil when it was not needed or not asked (Offline).
	Unreachable error
}

// Age is how old the answer is at now.
func (f Freshness) Age(now time.Time) time.Duration { return now.Sub(f.FetchedAt) }

// SearchResult is the latest version of each server a search found,
// sorted by name.
type SearchResult struct {
	Entries   []Entry
	Problems  []Problem // entries left out because they could not be read
	Truncated bool      // the listing stopped at the page cap
	Freshness
}

func (b *Browser) now() time.Time {
	if b.Now != nil {
		return b.Now()
	}
	return time.Now()
}

// errOffline is why an offline question has no answer.
var errOffline = errors.New("not in the cache (run without --offline to ask the registry)")

// Search lists the latest version of every server whose name holds text
// ("" for all of them), as the registry's search does.
func (b *Browser) Search(ctx context.Context, text string) (SearchResult, error) {
	reg := b.Client.URL()
	key := "search\x00" + text + "\x00latest"
	q := Query{Search: text, Version: "latest"}
	var old cached
	var have bool
	if b.Cache != nil {
		var err error
		if old, have, err = b.Cache.load(reg, key); err != nil {
			return SearchResult{}, err
		}
	}
	switch {
	case b.Offline && !have:
		return SearchResult{}, fmt.Errorf("search %q of %s: %w", text, reg, errOffline)
	case have && (b.Offline || b.now().Sub(old.FetchedAt) < b.MaxAge):
		return searchResult(old, nil, Freshness{FetchedAt: old.FetchedAt, FromCache: true})
	}
	start := b.now()
	if have {
		q.UpdatedSince = old.FetchedAt.Add(-refreshOverlap)
	}
	l, err := b.Client.List(ctx, q, b.MaxPages)
	switch {
	case err != nil && ctx.Err() != nil:
		return SearchResult{}, ctx.Err()
	case err != nil && have:
		return searchResult(old, nil, Freshness{FetchedAt: old.FetchedAt, FromCache: true, Unreachable: err})
	case err != nil:
		return SearchResult{}, fmt.Errorf("search %q of %s: %w", text, reg, err)
	}
	fresh := cached{Registry: reg, Key: key, FetchedAt: start, Truncated: l.Truncated}
	f := Freshness{FetchedAt: start}
	if have {
		fresh.Entries = merge(old.Entries, l.Entries)
		fresh.Truncated = old.Truncated || l.Truncated
		f.FromCache, f.Refreshed = true, true
	} else {
		fresh.Entries = merge(nil, l.Entries)
	}
	if b.Cache != nil {
		if err := b.Cache.store(fresh); err != nil {
			return SearchResult{}, err
		}
	}
	return searchResult(fresh, l.Problems, f)
}

// merge brings a listing of latest versions up to date with the entries
// updated since: a server's newer entry replaces its older one, and a
// deleted version leaves when it is the one listed (an older version the
// registry now calls latest may come before or after it). The result is
// sorted by name.
func merge(old []jsonEntry, updated []Entry) []jsonEntry {
	type listed struct {
		raw     jsonEntry
		version string
	}
	byName := map[string]listed{}
	for _, raw := range old {
		if e, err := ParseEntry(raw); err == nil {
			byName[e.Server.Name] = listed{raw, e.Server.Version}
		}
	}
	for _, e := range updated {
		switch cur, ok := byName[e.Server.Name]; {
		case !e.Deleted():
			byName[e.Server.Name] = listed{e.Raw, e.Server.Version}
		case ok && cur.version == e.Server.Version:
			delete(byName, e.Server.Name)
		}
	}
	names := make([]string, 0, len(byName))
	for n := range byName {
		names = append(names, n)
	}
	slices.Sort(names)
	out := make([]jsonEntry, len(names))
	for i, n := range names {
		out[i] = byName[n].raw
	}
	return out
}

// searchResult reads a cached listing back into entries.
func searchResult(c cached, problems []Problem, f Freshness) (SearchResult, error) {
	r := SearchResult{Problems: problems, Truncated: c.Truncated, Freshness: f}
	for _, raw := range c.Entries {
		e, err := ParseEntry(raw)
		if err != nil {
			r.Problems = append(r.Problems, Problem{Name: nameOf(raw), Err: err})
			continue
		}
		r.Entries = append(r.Entries, e)
	}
	return r, nil
}

// Show reads one version of a server ("latest" for the latest), from the
// registry or, when that is not needed or not possible, the cache. A
// registry that answers "not found" is believed over the cache.
func (b *Browser) Show(ctx context.Context, name, version string) (Entry, Freshness, error) {
	if version == "" {
		version = "latest"
	}
	es, f, err := b.lookup(ctx, "show\x00"+name+"\x00"+version, name+"@"+version, func() ([]Entry, error) {
		e, err := b.Client.Version(ctx, name, version)
		return []Entry{e}, err
	})
	if err != nil {
		return Entry{}, Freshness{}, err
	}
	if len(es) != 1 {
		return Entry{}, Freshness{}, fmt.Errorf("%s@%s: the cached answer is damaged: run again without --offline", name, version)
	}
	return es[0], f, nil
}

// Versions reads every version of a server, newest first, as Show reads
// one.
func (b *Browser) Versions(ctx context.Context, name string) ([]Entry, Freshness, error) {
	return b.lookup(ctx, "versions\x00"+name, name, func() ([]Entry, error) {
		return b.Client.Versions(ctx, name)
	})
}

// lookup answers a question whose answer is read whole each time (no
// updated_since): from the cache when it is younger than MaxAge or
// Offline is set, else from fetch, else (the registry unreachable or
// failing, but not answering "not found") from the cache.
func (b *Browser) lookup(ctx context.Context, key, what string, fetch func() ([]Entry, error)) ([]Entry, Freshness, error) {
	reg := b.Client.URL()
	var old cached
	var have bool
	if b.Cache != nil {
		var err error
		if old, have, err = b.Cache.load(reg, key); err != nil {
			return nil, Freshness{}, err
		}
	}
	fromCache := func(unreachable error) ([]Entry, Freshness, error) {
		r, err := searchResult(old, nil, Freshness{FetchedAt: old.FetchedAt, FromCache: true, Unreachable: unreachable})
		if err == nil && len(r.Problems) > 0 {
			err = fmt.Errorf("%s: the cached answer is damaged (%s): run again without --offline", what, r.Problems[0])
		}
		return r.Entries, r.Freshness, err
	}
	switch {
	case b.Offline && !have:
		return nil, Freshness{}, fmt.Errorf("%s of %s: %w", what, reg, errOffline)
	case have && (b.Offline || b.now().Sub(old.FetchedAt) < b.MaxAge):
		return fromCache(nil)
	}
	start := b.now()
	es, err := fetch()
	switch {
	case err != nil && ctx.Err() != nil:
		return nil, Freshness{}, ctx.Err()
	case err != nil && have && !errors.Is(err, ErrNotFound):
		return fromCache(err)
	case err != nil:
		return nil, Freshness{}, fmt.Errorf("%s: %w", what, err)
	}
	if b.Cache != nil {
		fresh := cached{Registry: reg, Key: key, FetchedAt: start}
		for _, e := range es {
			fresh.Entries = append(fresh.Entries, e.Raw)
		}
		if err := b.Cache.store(fresh); err != nil {
			return nil, Freshness{}, err
		}
	}
	return es, Freshness{FetchedAt: start}, nil
}

// CheckName refuses what cannot be a registry name before it is sent:
// names are reverse-DNS namespace/name, e.g. io.github.owner/server, as
// the server.json schema's pattern says; parts made of dots alone are
// refused too.
func CheckName(name string) error {
	ns, n, ok := strings.Cut(name, "/")
	dots := func(s string) bool { return strings.Trim(s, ".") == "" }
	if !ok || dots(ns) || dots(n) || strings.Contains(n, "/") || !nameChars(ns, ".-") || !nameChars(n, "._-") {
		return fmt.Errorf("%q is not a registry name such as io.github.owner/server (letters, digits, dots and dashes, one slash)", name)
	}
	return nil
}

func nameChars(s, extra string) bool {
	for _, r := range s {
		if !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || strings.ContainsRune(extra, r)) {
			return false
		}
	}
	return true
}
