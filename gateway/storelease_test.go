package gateway

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/gomodule/redigo/redis"

	"mcpeek/internal/storetest"
	"mcpeek/mcpclient"
)

// idemKey is the store key of an idempotency key under opts' prefix.
func idemKey(opts Options, key string) string {
	hk := sha256.Sum256([]byte(key))
	return opts.Store.Prefix + "idem:" + hex.EncodeToString(hk[:16])
}

// TestStorePoisonedClaimEndsByTheDeadline: a claim planted by hand with no
// TTL (a replica that died mid-call under a gateway that set none, or a
// store restored from a dump) holds a call with its key only until the
// call's own deadline: it answers UNAVAILABLE and never reaches the tool;
// and the claim is given a lease, so that it frees itself.
func TestStorePoisonedClaimEndsByTheDeadline(t *testing.T) {
	t.Parallel()
	r := storetest.StartRedis(t)
	h := newHarness(t, harnessConfig{noDemo: true})
	opts := storeOpts(r)
	// Far shorter than the harness's own 30 s wait for an answer.
	opts.Deadline = 300 * time.Millisecond
	a := h.peer(opts)

	sum := canonicalArgs(json.RawMessage(`{"id":"x"}`))
	claim, _ := json.Marshal(idemRecord{State: "running", Op: "test.delete_item", Args: hex.EncodeToString(sum[:]), Token: "planted"})
	k := idemKey(opts, "k1")
	rdb := r.Client()
	if _, err := rdb.Do("SET", k, claim); err != nil {
		t.Fatal(err)
	}
	env := a.exec("test.delete_item", map[string]any{"id": "x"}, map[string]any{"idempotency_key": "k1"})
	mustCode(t, env, CodeUnavailable)
	if !strings.Contains(env.Error.Message, "deadline") || env.Error.Details["retry_after_ms"] == nil {
		t.Errorf("the answer says the first call was still running at the deadline, and when to retry: %+v", env.Error)
	}
	if n := h.ts.deletes.Load(); n != 0 {
		t.Errorf("a call whose key is claimed must not reach the tool: %d calls", n)
	}
	if ttl := pttl(t, rdb, k); ttl <= 0 {
		t.Errorf("the claim without a TTL was given a lease: PTTL %v", ttl)
	}
	if store := a.help("")["store"].(map[string]any); store["health"] != "ok" {
		t.Errorf("a call that waited out its deadline is no failure of the store: %v", store)
	}
}

// TestStoreClaimCarriesARenewedLease: the gateway's claim on a key has a
// TTL (a lease), which it renews while the call runs, so that a call longer
// than the lease keeps its key and a replica that dies frees it.
func TestStoreClaimCarriesARenewedLease(t *testing.T) {
	t.Parallel()
	r := storetest.StartRedis(t)
	h := newHarness(t, harnessConfig{noDemo: true})
	opts := storeOpts(r)
	a := h.peer(opts)
	a.g.idem.(*sharedIdem).lease = 2 * time.Second

	type answer struct {
		res *mcpclient.CallResult
		err error
	}
	done := make(chan answer, 1)
	go func() {
		res, err := a.client.CallTool(context.Background(), "gw", "tool_exec", json.RawMessage(`{"op":"test.gate","args":{},"idempotency_key":"k1"}`))
		done <- answer{res, err}
	}()
	eventually(t, "the call to reach the tool", func() bool { return h.ts.inFlight.Load() == 1 })
	k := idemKey(opts, "k1")
	rdb := r.Client()
	first := pttl(t, rdb, k)
	if first <= 0 || first > 2*time.Second {
		t.Fatalf("a claim carries the lease as its TTL: PTTL %v", first)
	}
	// A TTL only grows when it is set again.
	eventually(t, "the lease to be renewed", func() bool { return pttl(t, rdb, k) > first })
	close(h.ts.release)
	if ans := <-done; ans.err != nil || ans.res.IsError {
		t.Fatalf("the call ends well: %v %+v", ans.err, ans.res)
	}
	if v, _ := redis.String(rdb.Do("GET", k)); !strings.HasPrefix(v, donePrefix) {
		t.Errorf("the answer is kept: %.80s", v)
	}
}

// pttl is the time to live of key k, as the store tells it.
func pttl(t *testing.T, c redis.Conn, k string) time.Duration {
	t.Helper()
	ms, err := redis.Int64(c.Do("PTTL", k))
	if err != nil {
		t.Fatal(err)
	}
	return time.Duration(ms) * time.Millisecond
}
