// Package registrytest serves, for tests, a local MCP Registry: the
// read-only API v0.1 over a set of server.json documents, paged with
// opaque cursors, filtered by search, version and updated_since as the
// official registry does, in an httptest server.
package registrytest

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// Registry is a local registry. Its methods may be called while it serves.
type Registry struct {
	URL string

	mu       sync.Mutex
	entries  []*entry // in publication order
	requests []*url.URL
	down     bool
	override func(w http.ResponseWriter, r *http.Request) bool
}

type entry struct {
	name, version string
	server        json.RawMessage
	published     time.Time
	updated       time.Time
	latest        bool
	status        string
}

// New starts a registry for the length of the test.
func New(t testing.TB) *Registry {
	r := &Registry{}
	srv := httptest.NewServer(http.HandlerFunc(r.serve))
	t.Cleanup(srv.Close)
	r.URL = srv.URL
	return r
}

// Add publishes a server.json document at time at; it becomes its
// server's latest version.
func (r *Registry) Add(t testing.TB, serverJSON []byte, at time.Time) {
	t.Helper()
	var s struct{ Name, Version string }
	if err := json.Unmarshal(serverJSON, &s); err != nil {
		t.Fatalf("registrytest: %v", err)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, e := range r.entries {
		if e.name == s.Name && e.latest {
			e.latest, e.updated = false, at
		}
	}
	r.entries = append(r.entries, &entry{name: s.Name, version: s.Version, server: serverJSON,
		published: at, updated: at, latest: true, status: "active"})
}

// Delete marks every version of name deleted at time at.
func (r *Registry) Delete(name string, at time.Time) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, e := range r.entries {
		if e.name == name {
			e.status, e.updated = "deleted", at
		}
	}
}

// SetDown makes the registry answer 503 to everything (or stop doing so).
func (r *Registry) SetDown(down bool) {
	r.mu.Lock()
	r.down = down
	r.mu.Unlock()
}

// Override answers requests with f first; f returns false to let the
// registry answer.
func (r *Registry) Override(f func(w http.ResponseWriter, req *http.Request) bool) {
	r.mu.Lock()
	r.override = f
	r.mu.Unlock()
}

// Requests is every request URL received, in order.
func (r *Registry) Requests() []*url.URL {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.requests)
}

func (r *Registry) serve(w http.ResponseWriter, req *http.Request) {
	r.mu.Lock()
	r.requests = append(r.requests, req.URL)
	down, override := r.down, r.override
	r.mu.Unlock()
	if override != nil && override(w, req) {
		return
	}
	if down {
		http.Error(w, `{"error":"down for the test"}`, http.StatusServiceUnavailable)
		return
	}
	rest, ok := strings.CutPrefix(req.URL.EscapedPath(), "/v0.1/servers")
	switch {
	case !ok || req.Method != http.MethodGet:
		notFound(w, "no such route")
	case rest == "":
		r.list(w, req.URL.Query())
	default:
		r.versions(w, strings.Split(strings.TrimPrefix(rest, "/"), "/"))
	}
}

// list answers GET /v0.1/servers.
func (r *Registry) list(w http.ResponseWriter, q url.Values) {
	r.mu.Lock()
	defer r.mu.Unlock()
	var since time.Time
	if s := q.Get("updated_since"); s != "" {
		var err error
		if since, err = time.Parse(time.RFC3339, s); err != nil {
			http.Error(w, `{"error":"bad updated_since"}`, http.StatusBadRequest)
			return
		}
	}
	var match []*entry
	for _, e := range r.entries {
		switch {
		case q.Get("search") != "" && !strings.Contains(e.name, q.Get("search")):
		case q.Get("version") == "latest" && !e.latest:
		case q.Get("version") != "" && q.Get("version") != "latest" && q.Get("version") != e.version:
		case !since.IsZero() && e.updated.Before(since):
		case since.IsZero() && e.status == "deleted": // deleted ones only with updated_since
		default:
			match = append(match, e)
		}
	}
	start := 0
	if c := q.Get("cursor"); c != "" {
		b, err := base64.RawURLEncoding.DecodeString(c)
		n, err2 := strconv.Atoi(string(b))
		if err != nil || err2 != nil || n < 0 || n > len(match) {
			http.Error(w, `{"error":"bad cursor"}`, http.StatusBadRequest)
			return
		}
		start = n
	}
	limit := 30
	if l, err := strconv.Atoi(q.Get("limit")); err == nil && l > 0 {
		limit = min(l, 100)
	}
	end := min(start+limit, len(match))
	page := map[string]any{"servers": responses(match[start:end])}
	meta := map[string]any{"count": end - start}
	if end < len(match) {
		meta["nextCursor"] = base64.RawURLEncoding.EncodeToString([]byte(strconv.Itoa(end)))
	}
	page["metadata"] = meta
	writeJSON(w, page)
}

// versions answers GET /v0.1/servers/{name}/versions[/{version}].
func (r *Registry) versions(w http.ResponseWriter, parts []string) {
	if len(parts) < 2 || len(parts) > 3 || parts[1] != "versions" {
		notFound(w, "no such route")
		return
	}
	name, err := url.PathUnescape(parts[0])
	if err != nil {
		notFound(w, "bad name")
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	var all []*entry
	for _, e := range slices.Backward(r.entries) {
		if e.name == name && e.status != "deleted" {
			all = append(all, e)
		}
	}
	if len(all) == 0 {
		notFound(w, "Server not found")
		return
	}
	if len(parts) == 2 {
		writeJSON(w, map[string]any{"servers": responses(all), "metadata": map[string]any{"count": len(all)}})
		return
	}
	version, err := url.PathUnescape(parts[2])
	if err != nil {
		notFound(w, "bad version")
		return
	}
	for _, e := range all {
		if e.version == version || version == "latest" && e.latest {
			writeJSON(w, responses([]*entry{e})[0])
			return
		}
	}
	notFound(w, "Server version not found")
}

func responses(es []*entry) []map[string]any {
	out := make([]map[string]any, len(es))
	for i, e := range es {
		out[i] = map[string]any{
			"server": e.server,
			"_meta": map[string]any{"io.modelcontextprotocol.registry/official": map[string]any{
				"status": e.status, "publishedAt": e.published.Format(time.RFC3339Nano),
				"updatedAt": e.updated.Format(time.RFC3339Nano), "isLatest": e.latest,
			}},
		}
	}
	return out
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

func notFound(w http.ResponseWriter, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusNotFound)
	_ = json.NewEncoder(w).Encode(map[string]string{"error": msg})
}

// DeleteVersion marks one version of name deleted at time at; when it was
// the latest, the newest version left becomes the latest too, updated at
// at, so that a listing of latest versions updated since holds both, the
// deleted one last.
func (r *Registry) DeleteVersion(name, version string, at time.Time) {
	r.mu.Lock()
	defer r.mu.Unlock()
	var wasLatest bool
	for _, e := range r.entries {
		if e.name == name && e.version == version {
			wasLatest = e.latest
			e.status, e.updated = "deleted", at
		}
	}
	if !wasLatest {
		return
	}
	for _, e := range slices.Backward(r.entries) {
		if e.name == name && e.status != "deleted" {
			e.latest, e.updated = true, at
			break
		}
	}
}
