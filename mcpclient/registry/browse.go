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
	Client  *Client
	Cache   *Cache        // nil: nothing is kept on disk
	MaxAge  time.Duration // 0: always ask the registry
	Offline bool          // never ask the registry: the cache or nothing
	Limits  Limits        // of one listing; zero fields take the defaults
	Now     func() time.Time
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
	Entries  []Entry
	Problems []Problem // entries left out because they could not be read
	Stopped  Stop      // which limit cut the listing short; zero when none did
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
	l, err := b.Client.List(ctx, q, b.Limits)
	switch {
	case err != nil && ctx.Err() != nil:
		return SearchResult{}, ctx.Err()
	case err != nil && have:
		return searchResult(old, nil, Freshness{FetchedAt: old.FetchedAt, FromCache: true, Unreachable: err})
	case err != nil:
		return SearchResult{}, fmt.Errorf("search %q of %s: %w", text, reg, err)
	}
	r := SearchResult{Problems: l.Problems, Stopped: l.Stopped, Freshness: Freshness{FetchedAt: start}}
	var before []Entry
	if have {
		// What the cache held is read back, then dropped: the merged
		// entries share nothing with it.
		kept, _ := searchResult(old, nil, Freshness{})
		before, old.Entries = kept.Entries, nil
		if !r.Stopped.Cut() {
			r.Stopped = old.Stopped
		}
		r.FromCache, r.Refreshed = true, true
	}
	r.Entries = merge(before, l.Entries)
	if n := cacheable(r.Entries); n < len(r.Entries) {
		// A refresh merged past what the cache reads back is cut there,
		// as a listing is at its bytes: shown as it is kept.
		clear(r.Entries[n:])
		r.Entries = r.Entries[:n]
		r.Stopped = b.Limits.withDefaults().stop(LimitBytes, max(r.Stopped.Pages, l.Pages))
	}
	if b.Cache != nil {
		head := cached{Registry: reg, Key: key, FetchedAt: start, Stopped: r.Stopped}
		if err := b.Cache.store(head, r.Entries); err != nil {
			return SearchResult{}, err
		}
	}
	return r, nil
}

// merge brings a listing of latest versions up to date with the entries
// updated since: a server's newer entry replaces its older one, and a
// deleted version leaves when it is the one listed (an older version the
// registry now calls latest may come before or after it). The result is
// sorted by name.
func merge(old, updated []Entry) []Entry {
	byName := make(map[string]Entry, len(old)+len(updated))
	for _, e := range old {
		byName[e.Server.Name] = e
	}
	for _, e := range updated {
		switch cur, ok := byName[e.Server.Name]; {
		case !e.Deleted():
			byName[e.Server.Name] = e
		case ok && cur.Server.Version == e.Server.Version:
			delete(byName, e.Server.Name)
		}
	}
	out := make([]Entry, 0, len(byName))
	for _, e := range byName {
		out = append(out, e)
	}
	slices.SortFunc(out, func(a, b Entry) int { return strings.Compare(a.Server.Name, b.Server.Name) })
	return out
}

// searchResult reads a cached listing back into entries.
func searchResult(c cached, problems []Problem, f Freshness) (SearchResult, error) {
	r := SearchResult{Problems: problems, Stopped: c.Stopped, Freshness: f}
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
		if err := b.Cache.store(cached{Registry: reg, Key: key, FetchedAt: start}, es); err != nil {
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
