package gateway

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gomodule/redigo/redis"

	"mcpeek/internal/storetest"
)

// peer is another gateway over the same upstreams as h, built with opts,
// with a client of its own: a replica.
func (h *harness) peer(opts Options) *harness {
	h.t.Helper()
	p := *h
	p.pinned(opts)
	return &p
}

func storeOpts(r *storetest.Redis) Options {
	return Options{Store: &StoreOptions{URL: r.URL(), Prefix: fmt.Sprintf("t%d:", time.Now().UnixNano())}}
}

func TestStoreIdempotencyAcrossReplicas(t *testing.T) {
	t.Parallel()
	r := storetest.StartRedis(t)
	h := newHarness(t, harnessConfig{noDemo: true})
	opts := storeOpts(r)
	a, b := h.peer(opts), h.peer(opts)

	first := a.exec("test.delete_item", map[string]any{"id": "x1"}, map[string]any{"idempotency_key": "k1"})
	mustOK(t, first)
	again := b.exec("test.delete_item", map[string]any{"id": "x1"}, map[string]any{"idempotency_key": "k1"})
	mustOK(t, again)
	if !again.Meta.Replayed || string(again.Result) != string(first.Result) || h.ts.deletes.Load() != 1 {
		t.Fatalf("the other replica replays the answer: replayed %v, %s vs %s, %d deletes", again.Meta.Replayed, again.Result, first.Result, h.ts.deletes.Load())
	}
	mustCode(t, b.exec("test.delete_item", map[string]any{"id": "x2"}, map[string]any{"idempotency_key": "k1"}), CodeConflict)

	// The same key at once on both replicas: one call upstream.
	var wg sync.WaitGroup
	results := make([]string, 10)
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := a
			if i%2 == 1 {
				p = b
			}
			env, _ := p.call("tool_exec", map[string]any{"op": "test.delete_item", "args": map[string]any{"id": "y"}, "idempotency_key": "k2"})
			results[i] = string(env.Result)
		}()
	}
	wg.Wait()
	if h.ts.deletes.Load() != 2 {
		t.Fatalf("ten calls with one key on two replicas reach the upstream once: %d calls", h.ts.deletes.Load()-1)
	}
	for _, res := range results {
		if res != results[0] {
			t.Fatalf("every call answers the one result: %q", results)
		}
	}
	// A failure that did not reach the tool is not kept: the key is free.
	mustCode(t, a.exec("test.delete_item", map[string]any{}, map[string]any{"idempotency_key": "k3"}), CodeValidation)
	mustOK(t, b.exec("test.delete_item", map[string]any{"id": "z"}, map[string]any{"idempotency_key": "k3"}))
}

func TestStoreKeepsTheCaps(t *testing.T) {
	t.Parallel()
	r := storetest.StartRedis(t)
	s, err := openStore(StoreOptions{URL: r.URL(), Prefix: "caps:"}, time.Now)
	if err != nil {
		t.Fatal(err)
	}
	defer s.close()
	si := &sharedIdem{s: s, ttl: time.Minute, maxEntries: 3, maxBytes: 1 << 20, lease: time.Minute}
	ctx := context.Background()
	for i := range 5 {
		_, finish, e := si.begin(ctx, fmt.Sprint("key", i), "test.ok", []byte(`{}`))
		if e != nil {
			t.Fatal(e)
		}
		finish(&Envelope{Op: "test.ok", OK: true, Result: []byte(`{"n":1}`), Meta: &Meta{}})
	}
	if n, _ := redis.Int(r.Client().Do("ZCARD", "caps:idem:by-time")); n != 3 {
		t.Fatalf("at most 3 answers are kept, %d are", n)
	}
	replay, finish, _ := si.begin(ctx, "key0", "test.ok", []byte(`{}`))
	if replay != nil || finish == nil {
		t.Fatal("the oldest answer is forgotten first: its key runs again")
	}
	finish(nil)
	if replay, _, _ := si.begin(ctx, "key4", "test.ok", []byte(`{}`)); replay == nil || !replay.Meta.Replayed {
		t.Fatal("the newest answer is kept")
	}
	// An answer too large to keep frees its key.
	si.maxBytes = 10
	_, finish, _ = si.begin(ctx, "big", "test.ok", []byte(`{}`))
	finish(&Envelope{Op: "test.ok", OK: true, Result: []byte(`{"n":1}`), Meta: &Meta{}})
	replay, finish, _ = si.begin(ctx, "big", "test.ok", []byte(`{}`))
	if replay != nil || finish == nil {
		t.Fatal("an answer over the cap is not kept")
	}
	finish(nil) // a claim is renewed until finished
}

func TestStoreDownFailsIdempotentCallsClosed(t *testing.T) {
	t.Parallel()
	r := storetest.StartRedis(t)
	h := newHarness(t, harnessConfig{noDemo: true})
	opts := storeOpts(r)
	opts.Store.Timeout = 200 * time.Millisecond
	a := h.peer(opts)
	mustOK(t, a.exec("test.delete_item", map[string]any{"id": "x"}, map[string]any{"idempotency_key": "k1"}))

	r.Stop()
	env := a.exec("test.delete_item", map[string]any{"id": "x"}, map[string]any{"idempotency_key": "k2"})
	mustCode(t, env, CodeUnavailable)
	if env.Error.Details["retry_after_ms"] == nil || env.Error.Details["store"] != "down" {
		t.Fatalf("the store's failure says when to retry: %v", env.Error.Details)
	}
	deletes := h.ts.deletes.Load()
	mustOK(t, a.exec("test.delete_item", map[string]any{"id": "x"})) // a plain call goes on
	if h.ts.deletes.Load() != deletes+1 {
		t.Fatal("the plain call reached the upstream")
	}
	store := a.help("")["store"].(map[string]any)
	if store["health"] != "down" || store["error"] == "" {
		t.Fatalf("tool_help(\"\") says the store is down: %v", store)
	}

	r.Start()
	eventually(t, "idempotent calls again", func() bool {
		env, _ := a.call("tool_exec", map[string]any{"op": "test.delete_item", "args": map[string]any{"id": "x"}, "idempotency_key": "k2"})
		return env.OK
	})
	if store := a.help("")["store"].(map[string]any); store["health"] != "ok" {
		t.Fatalf("the store is ok again: %v", store)
	}
}

func TestStoreSessionsAcrossReplicas(t *testing.T) {
	t.Parallel()
	r := storetest.StartRedis(t)
	h := newHarness(t, harnessConfig{noDemo: true})
	opts := storeOpts(r)
	urlA, urlB := serveHTTP(t, h.peer(opts).g), serveHTTP(t, h.peer(opts).g)

	s := openRawSession(t, urlA)
	s.url = urlB
	if code, env := s.exec(map[string]any{"op": "test.get_item", "args": map[string]any{"id": "a1"}}); code != http.StatusOK || !env.OK {
		t.Fatalf("a session opened on one replica is served by the other: %d %+v", code, env)
	}
	// Deleted on B, it is gone on A too.
	if res, body := s.do(http.MethodDelete, "", nil); res.StatusCode != http.StatusOK {
		t.Fatalf("DELETE: %d %s", res.StatusCode, body)
	}
	s.url = urlA
	if code, _ := s.exec(map[string]any{"op": "test.get_item", "args": map[string]any{"id": "a1"}}); code != http.StatusNotFound {
		t.Fatalf("a session deleted on one replica is ended on the other: %d", code)
	}

	// The store restarted empty: the replicas holding a session keep it.
	s2 := openRawSession(t, urlA)
	s2.url = urlB
	if code, _ := s2.exec(map[string]any{"op": "test.get_item", "args": map[string]any{"id": "a1"}}); code != http.StatusOK {
		t.Fatal("adopted")
	}
	r.Stop()
	r.Start()
	for _, u := range []string{urlA, urlB, urlA} {
		s2.url = u
		if code, _ := s2.exec(map[string]any{"op": "test.get_item", "args": map[string]any{"id": "a1"}}); code != http.StatusOK {
			t.Fatalf("a session lives on after the store restarted empty (%s): %d", u, code)
		}
	}
	if v, _ := redis.String(r.Client().Do("GET", opts.Store.Prefix+"session:"+s2.id)); v != "1" {
		t.Fatalf("the session was recorded again: %q", v)
	}
	if !strings.HasPrefix(s2.id, "mcp-session-") {
		t.Fatal(s2.id)
	}
}

func TestStoreURLs(t *testing.T) {
	t.Parallel()
	for _, bad := range []string{"http://h:1", "redis://user:hunter2@h:1", "redis://", "::"} {
		_, err := ParseStoreURL(bad)
		if err == nil || strings.Contains(err.Error(), "hunter2") {
			t.Errorf("%q: %v", bad, err)
		}
	}
	for _, good := range []string{"redis://127.0.0.1:6379", "rediss://cache.internal:6380/2", "redis://default@h:1/0"} {
		if _, err := ParseStoreURL(good); err != nil {
			t.Errorf("%q: %v", good, err)
		}
	}
}

func TestStorePasswordFromOptions(t *testing.T) {
	t.Parallel()
	r := storetest.StartRedis(t, "--requirepass", "s3cret")
	h := newHarness(t, harnessConfig{noDemo: true})
	opts := storeOpts(r)
	opts.Store.Password = "s3cret"
	mustOK(t, h.peer(opts).exec("test.delete_item", map[string]any{"id": "x"}, map[string]any{"idempotency_key": "k"}))
	if n, _ := redis.Int(r.Client("s3cret").Do("EXISTS", opts.Store.Prefix+"idem:by-time")); n != 1 {
		t.Fatal("the answer was kept in the store")
	}
	opts.Store.Password = "wrong"
	p := h.peer(opts)
	env := p.exec("test.delete_item", map[string]any{"id": "x"}, map[string]any{"idempotency_key": "k2"})
	mustCode(t, env, CodeUnavailable)
	if store := p.help("")["store"].(map[string]any); store["health"] != "down" || strings.Contains(fmt.Sprint(store), "wrong") {
		t.Fatalf("a refused password shows as a store down, without the password: %v", store)
	}
}

func TestStoreReplicasPublishTheirRegistryVersion(t *testing.T) {
	t.Parallel()
	r := storetest.StartRedis(t)
	h := newHarness(t, harnessConfig{noDemo: true})
	opts := storeOpts(r)
	a, b := h.peer(opts), h.peer(opts)
	b.g.publishOnce()
	a.g.publishOnce()
	versions := a.help("")["store"].(map[string]any)["registry_versions"].(map[string]any)
	if len(versions) != 1 || versions[a.g.Registry().Version] != 2.0 {
		t.Fatalf("two replicas over the same tools serve one registry_version: %v", versions)
	}
}

// A store that restarted while the gateway's connections to it sat idle is
// no failure of the next call: a connection the server closed is dropped
// before it is reused.
func TestStoreRestartIsNoFailureOfTheNextCall(t *testing.T) {
	t.Parallel()
	r := storetest.StartRedis(t)
	h := newHarness(t, harnessConfig{noDemo: true})
	a := h.peer(storeOpts(r))
	mustOK(t, a.exec("test.delete_item", map[string]any{"id": "x"}, map[string]any{"idempotency_key": "k1"}))
	r.Stop()
	r.Start()
	if err := a.g.CheckStore(context.Background()); err != nil {
		t.Fatalf("the first call after a restart: %v", err)
	}
	if store := a.help("")["store"].(map[string]any); store["health"] != "ok" {
		t.Fatalf("the store is ok: %v", store)
	}
}
