package gateway

import (
	"container/list"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"sync"
	"time"
)

// idempotencyTTL is how long an idempotency key's answer is replayed.
const idempotencyTTL = 10 * time.Minute

// The idempotency store's caps. Past either, the oldest answers are
// forgotten first (a retry with a forgotten key runs the call again), and
// an answer larger than maxIdemBytes is never kept.
const (
	maxIdemEntries = 1000
	maxIdemBytes   = 64 << 20
)

// idemStore remembers the answers of calls made with an idempotency key.
// A second call with the same key waits for the first one, then replays its
// answer; a call whose outcome is not kept (the upstream could not be
// reached, or the answer is too large to keep) frees the key for a retry.
type idemStore struct {
	ttl        time.Duration
	now        func() time.Time
	maxEntries int
	maxBytes   int

	mu      sync.Mutex
	entries map[string]*idemEntry
	kept    list.List // of *idemEntry with an answer, oldest first (so soonest to expire)
	bytes   int       // held by the kept answers
}

type idemEntry struct {
	key     string
	op      string
	args    [32]byte
	done    chan struct{} // closed when the first call finished
	env     *Envelope     // the kept answer, nil while running or when not kept
	size    int           // env's heldBytes
	elem    *list.Element // in kept, nil while running
	expires time.Time
}

func newIdemStore(now func() time.Time) *idemStore {
	return &idemStore{ttl: idempotencyTTL, now: now, maxEntries: maxIdemEntries, maxBytes: maxIdemBytes, entries: map[string]*idemEntry{}}
}

// canonicalArgs hashes args so that key order and spacing do not matter.
func canonicalArgs(args json.RawMessage) [32]byte {
	var v any
	if err := json.Unmarshal(args, &v); err == nil {
		if b, err := json.Marshal(v); err == nil {
			args = b
		}
	}
	return sha256.Sum256(args)
}

// begin claims key for (op, args). It returns the kept answer to replay, or
// finish to call once the caller's own call has its answer; or a CONFLICT
// when the key was used for another call.
func (s *idemStore) begin(ctx context.Context, key, op string, args json.RawMessage) (replay *Envelope, finish func(*Envelope), conflict *Error) {
	sum := canonicalArgs(args)
	for {
		s.mu.Lock()
		now := s.now()
		s.purge(now)
		e, ok := s.entries[key]
		if !ok {
			e = &idemEntry{key: key, op: op, args: sum, done: make(chan struct{}), expires: now.Add(s.ttl)}
			s.entries[key] = e
			s.mu.Unlock()
			return nil, func(env *Envelope) { s.finish(key, e, env) }, nil
		}
		s.mu.Unlock()
		if e.op != op || e.args != sum {
			return nil, nil, fail(CodeConflict, op, map[string]any{"idempotency_key": key, "first_op": e.op},
				"idempotency_key %q was already used within %s for a different call (op %s with other args); use a new key for a new call", key, s.ttl, e.op)
		}
		select {
		case <-e.done:
		case <-ctx.Done():
			return nil, nil, waitedOut(ctx, op, key)
		}
		if e.env != nil {
			cp := *e.env
			if cp.Meta != nil {
				m := *cp.Meta
				m.Replayed = true
				cp.Meta = &m
			}
			return &cp, nil, nil
		}
		// The first call's outcome was not kept: try to claim the key again.
	}
}

// waitedOut is the answer to a call that stopped waiting for the first
// call with its key: at its own deadline, or when its caller went.
func waitedOut(ctx context.Context, op, key string) *Error {
	retry := map[string]any{"retry_after_ms": 1000}
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return fail(CodeUnavailable, op, retry,
			"the first call with idempotency_key %q was still running at this call's deadline: retry later with the key for its answer", key)
	}
	return fail(CodeUnavailable, op, retry, "gave up waiting for the first call with idempotency_key %q: %v", key, ctx.Err())
}

// finish keeps env when the call reached the upstream's tool (a success or
// UPSTREAM_ERROR) and it fits in the store, forgetting the oldest answers
// to make room; otherwise the key is freed.
func (s *idemStore) finish(key string, e *idemEntry, env *Envelope) {
	s.mu.Lock()
	defer s.mu.Unlock()
	defer close(e.done)
	size := 0
	if env != nil {
		size = env.heldBytes()
	}
	if env == nil || (!env.OK && env.Error.Code != CodeUpstreamError) || size > s.maxBytes {
		if s.entries[key] == e {
			delete(s.entries, key)
		}
		return
	}
	e.env, e.size = env, size
	e.expires = s.now().Add(s.ttl)
	e.elem = s.kept.PushBack(e)
	s.bytes += size
	for s.kept.Len() > s.maxEntries || s.bytes > s.maxBytes {
		s.forget(s.kept.Front().Value.(*idemEntry))
	}
}

// forget drops a kept answer.
func (s *idemStore) forget(e *idemEntry) {
	s.kept.Remove(e.elem)
	e.elem = nil
	s.bytes -= e.size
	if s.entries[e.key] == e {
		delete(s.entries, e.key)
	}
}

// purge drops the expired answers: the oldest, since every answer is kept
// for the same time. Its cost is the number it drops.
func (s *idemStore) purge(now time.Time) {
	for s.kept.Len() > 0 {
		e := s.kept.Front().Value.(*idemEntry)
		if !now.After(e.expires) {
			return
		}
		s.forget(e)
	}
}
