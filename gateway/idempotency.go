package gateway

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"sync"
	"time"
)

// idempotencyTTL is how long an idempotency key's answer is replayed.
const idempotencyTTL = 10 * time.Minute

// idemStore remembers the answers of calls made with an idempotency key.
// A second call with the same key waits for the first one, then replays its
// answer; a call whose outcome is not kept (the upstream could not be
// reached) frees the key for a retry.
type idemStore struct {
	ttl time.Duration
	now func() time.Time

	mu        sync.Mutex
	entries   map[string]*idemEntry
	lastPurge time.Time
}

type idemEntry struct {
	op      string
	args    [32]byte
	done    chan struct{} // closed when the first call finished
	env     *Envelope     // the kept answer, nil while running or when not kept
	expires time.Time
}

func newIdemStore(now func() time.Time) *idemStore {
	return &idemStore{ttl: idempotencyTTL, now: now, entries: map[string]*idemEntry{}}
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
		if ok && now.After(e.expires) && e.env != nil {
			delete(s.entries, key)
			ok = false
		}
		if !ok {
			e = &idemEntry{op: op, args: sum, done: make(chan struct{}), expires: now.Add(s.ttl)}
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
			return nil, nil, fail(CodeUnavailable, op, map[string]any{"retry_after_ms": 1000},
				"gave up waiting for the first call with idempotency_key %q: %v", key, ctx.Err())
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

// finish keeps env when the call reached the upstream's tool (a success or
// UPSTREAM_ERROR); otherwise the key is freed.
func (s *idemStore) finish(key string, e *idemEntry, env *Envelope) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if env != nil && (env.OK || env.Error.Code == CodeUpstreamError) {
		e.env = env
		e.expires = s.now().Add(s.ttl)
	} else if s.entries[key] == e {
		delete(s.entries, key)
	}
	close(e.done)
}

// purge drops expired answers, at most once a minute.
func (s *idemStore) purge(now time.Time) {
	if now.Sub(s.lastPurge) < time.Minute {
		return
	}
	s.lastPurge = now
	for k, e := range s.entries {
		if e.env != nil && now.After(e.expires) {
			delete(s.entries, k)
		}
	}
}
