package gateway

import (
	"context"
	"time"

	"github.com/gomodule/redigo/redis"
)

// sharedSessions keeps the session era's session ids in the shared store,
// so that a session opened on one replica is served by any other. Each
// id is a key that lives for the idle time, renewed on every use. The
// session book of each replica still holds the sessions it served; the
// store only tells a replica that an id it does not hold is live, and that
// one it holds was ended elsewhere (DELETE).
type sharedSessions struct {
	s    *store
	idle time.Duration
}

// put records a new session. A store that fails leaves the session known
// to this replica only.
func (ss *sharedSessions) put(id string) {
	_ = ss.s.do(context.Background(), func(ctx context.Context) error {
		_, err := ss.s.cmd(ctx, "SET", ss.s.key("session", id), "1", "PX", ss.idle.Milliseconds())
		return err
	})
}

// sessionState is what the store says of a session id.
type sessionState int

const (
	sessionUnknown sessionState = iota // never recorded, expired, or the store lost it
	sessionLive
	sessionEnded // deleted by its client on some replica
)

// touch renews a session and says what the store knows of it; err is set
// when the store could not tell.
func (ss *sharedSessions) touch(id string) (sessionState, error) {
	var v string
	err := ss.s.do(context.Background(), func(ctx context.Context) (err error) {
		v, err = redis.String(ss.s.cmd(ctx, "GETEX", ss.s.key("session", id), "PX", ss.idle.Milliseconds()))
		return err
	})
	switch {
	case err != nil:
		return sessionUnknown, err
	case v == "1":
		return sessionLive, nil
	case v == "ended":
		return sessionEnded, nil
	}
	return sessionUnknown, nil
}

// remove ends a session for every replica (a client's DELETE): it leaves
// a mark for the idle time, so that a replica that holds the session ends
// it too rather than recording it again.
func (ss *sharedSessions) remove(id string) {
	_ = ss.s.do(context.Background(), func(ctx context.Context) error {
		_, err := ss.s.cmd(ctx, "SET", ss.s.key("session", id), "ended", "PX", ss.idle.Milliseconds())
		return err
	})
}

// deleted ends a session for every replica when its client deletes it.
func (b *sessionBook) deleted(id string) {
	if b.shared != nil && id != "" {
		b.shared.remove(id)
	}
}
