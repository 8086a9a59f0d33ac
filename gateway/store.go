package gateway

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"sync"
	"time"

	"github.com/gomodule/redigo/redis"
)

// StoreOptions make replicas of the gateway share one store, a server that
// speaks the Redis protocol (Redis or Valkey): the idempotency answers, the
// session era's sessions, and each replica's registry_version. Without a
// store all three live in the process.
type StoreOptions struct {
	// URL is redis://[user@]host:port[/db] or rediss:// for TLS. A
	// password in the URL is refused: it would show in the process list.
	URL string
	// Password, when set, authenticates (from the environment, never the
	// command line).
	Password string
	// Timeout bounds every store call (default DefaultStoreTimeout).
	Timeout time.Duration
	// Prefix starts every key (default "mcpeek:gw:"), so that gateways of
	// different teams can share one server.
	Prefix string
	// Replica names this gateway among the replicas (default a random id).
	Replica string
}

// DefaultStoreTimeout bounds one store call when StoreOptions.Timeout is 0.
const DefaultStoreTimeout = 500 * time.Millisecond

// storeRetryAfter is the wait suggested when the store did not answer.
const storeRetryAfter = time.Second

// ParseStoreURL checks a --store URL and returns it without a password;
// the error never repeats a password.
func ParseStoreURL(raw string) (*url.URL, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, errors.New("not a URL: want redis://host:port[/db] or rediss://host:port[/db]")
	}
	if u.Scheme != "redis" && u.Scheme != "rediss" {
		return nil, fmt.Errorf("the scheme %q is not redis or rediss", u.Scheme)
	}
	if _, set := u.User.Password(); set {
		return nil, errors.New("the URL holds a password, which would show in the process list; give it in MCPEEK_STORE_PASSWORD")
	}
	if u.Host == "" {
		return nil, errors.New("the URL names no host: want redis://host:port[/db]")
	}
	return u, nil
}

// store is the connection to the shared store, and its health.
type store struct {
	pool    *redis.Pool
	timeout time.Duration
	prefix  string
	replica string
	now     func() time.Time

	mu      sync.Mutex
	lastErr string
	since   time.Time // of the current state
	down    bool
	// versions count the replicas serving each registry_version.
	versions map[string]int
}

func openStore(o StoreOptions, now func() time.Time) (*store, error) {
	u, err := ParseStoreURL(o.URL)
	if err != nil {
		return nil, fmt.Errorf("--store: %w", err)
	}
	if o.Timeout <= 0 {
		o.Timeout = DefaultStoreTimeout
	}
	// Every call is bounded by its own context; the connections' own
	// timeouts match it so that a dead connection is noticed as fast. No
	// call is retried: a retry would double the time a caller waits, and
	// the caller retries.
	pool, err := newRedisPool(u, o.Password, o.Timeout)
	if err != nil {
		return nil, fmt.Errorf("--store: %w", err)
	}
	if o.Prefix == "" {
		o.Prefix = "mcpeek:gw:"
	}
	if o.Replica == "" {
		o.Replica = newTraceID()[3:]
	}
	return &store{pool: pool, timeout: o.Timeout, prefix: o.Prefix, replica: o.Replica, now: now, since: now()}, nil
}

// do runs one store call under the timeout, and keeps the health. The
// caller's deadline bounds it too, so that no call waits on the store past
// its own deadline; the caller's cancellation does not (a claim half made
// would hold its key until its lease ends). A call that ends at the
// caller's deadline returns the caller's error and says nothing of the
// store's health.
func (s *store) do(ctx context.Context, f func(ctx context.Context) error) error {
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), s.timeout)
	defer cancel()
	storeDeadline, _ := sctx.Deadline()
	callerFirst := false
	if dl, ok := ctx.Deadline(); ok && dl.Before(storeDeadline) {
		var stop context.CancelFunc
		sctx, stop = context.WithDeadline(sctx, dl)
		defer stop()
		callerFirst = true
	}
	err := f(sctx)
	if errors.Is(err, redis.ErrNil) {
		err = nil
	}
	// Ended by the caller's deadline: sctx's own timer can fire a moment
	// before ctx's does, so ctx.Err() alone would miss it on a busy machine.
	if err != nil && (errors.Is(ctx.Err(), context.DeadlineExceeded) ||
		callerFirst && errors.Is(sctx.Err(), context.DeadlineExceeded)) {
		return context.DeadlineExceeded
	}
	s.mu.Lock()
	switch {
	case err != nil && !s.down:
		s.down, s.since = true, s.now()
	case err == nil && s.down:
		s.down, s.since = false, s.now()
	}
	if err != nil {
		s.lastErr = err.Error()
	}
	s.mu.Unlock()
	return err
}

// StoreHealth is the shared store's health in tool_help("").
type StoreHealth struct {
	// Kind is "redis".
	Kind string `json:"kind"`
	// Health is ok, or down when the last call failed: idempotency keys
	// then answer UNAVAILABLE, other calls go on.
	Health Health `json:"health"`
	// Error is the last call's error when down.
	Error string `json:"error,omitempty"`
	// Since is when the store became what Health says.
	Since time.Time `json:"since"`
	// Replica is this gateway's name among the replicas.
	Replica string `json:"replica"`
	// RegistryVersions counts the replicas serving each registry_version,
	// as last published (every 10 s); more than one means they disagree.
	RegistryVersions map[string]int `json:"registry_versions,omitempty"`
}

func (s *store) health() *StoreHealth {
	s.mu.Lock()
	defer s.mu.Unlock()
	h := &StoreHealth{Kind: "redis", Health: HealthOK, Since: s.since, Replica: s.replica}
	if s.down {
		h.Health, h.Error = HealthDown, s.lastErr
	}
	if len(s.versions) > 0 {
		h.RegistryVersions = s.versions
	}
	return h
}

func (s *store) key(kind, id string) string { return s.prefix + kind + ":" + id }

func (s *store) close() error { return s.pool.Close() }

// unavailable is the answer to an idempotent call the store could not
// serve: the call is not made, for the key's promise (once) cannot be kept.
func storeUnavailable(op string, err error) *Error {
	return fail(CodeUnavailable, op, map[string]any{"retry_after_ms": storeRetryAfter.Milliseconds(), "store": "down"},
		"the shared store did not answer (%s), so a call with an idempotency_key is not made: retry later, or call without a key", clip(err.Error()))
}

// openStore connects the gateway to the shared store of its options, if
// any: idempotency answers and sessions go there. The store need not be up
// yet: its health says when it is not. Called by New.
func (g *Gateway) openStore() error {
	o := g.opts.Store
	if o == nil || o.URL == "" {
		return nil
	}
	s, err := openStore(*o, g.opts.now)
	if err != nil {
		return err
	}
	g.store = s
	g.idem = &sharedIdem{s: s, ttl: idempotencyTTL, maxEntries: maxIdemEntries, maxBytes: maxIdemBytes, lease: claimLease}
	g.sessions.shared = &sharedSessions{s: s, idle: g.opts.HTTP.SessionIdle}
	return nil
}

// claimLease is how long a claim on an idempotency key lasts unless its
// replica renews it, which it does every third of it while the call runs:
// so a replica that dies mid-call frees its keys within claimLease.
const claimLease = 10 * time.Second

// StoreHealth returns the shared store's health, nil without a store.
func (g *Gateway) StoreHealth() *StoreHealth {
	if g.store == nil {
		return nil
	}
	return g.store.health()
}

// CheckStore asks the shared store for a PING, under the store timeout:
// nil without a store or when it answers.
func (g *Gateway) CheckStore(ctx context.Context) error {
	if g.store == nil {
		return nil
	}
	return g.store.do(ctx, func(ctx context.Context) error {
		_, err := g.store.cmd(ctx, "PING")
		return err
	})
}
