package gateway

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"time"

	"github.com/gomodule/redigo/redis"
)

// idempotency remembers the answers of calls made with an idempotency key:
// in the process (idemStore) or in the shared store (sharedIdem).
type idempotency interface {
	// begin claims key for (op, args). It returns the kept answer to
	// replay, or finish to call once the caller's own call has its answer;
	// or an error: CONFLICT when the key was used for another call,
	// UNAVAILABLE when the answer could not be looked up.
	begin(ctx context.Context, key, op string, args json.RawMessage) (replay *Envelope, finish func(*Envelope), e *Error)
}

// sharedIdem keeps idempotency answers in the shared store, with the same
// window and caps as idemStore. A key is claimed with SET NX as "running"
// for a lease, which the claimant renews while its call runs (so that the
// key of a replica that died mid-call frees itself); the claimant replaces
// it with the answer, or deletes it when the answer is not kept. Another
// call with the key waits for the answer by polling, until its own
// deadline (begin's context); a claim it finds without a TTL, which no
// gateway writes, it gives a lease. Keys are SHA-256 of the idempotency
// key: a caller's key never becomes a store key as it is.
type sharedIdem struct {
	s          *store
	ttl        time.Duration
	maxEntries int
	maxBytes   int
	lease      time.Duration
}

// idemRecord is a key's value in the store. State comes first in the JSON,
// for the scripts to tell a kept answer from a claim.
type idemRecord struct {
	State string    `json:"state"` // "done" or "running"
	Op    string    `json:"op"`
	Args  string    `json:"args"` // hex SHA-256 of the canonical args
	Token string    `json:"token,omitempty"`
	Env   *Envelope `json:"env,omitempty"`
}

const donePrefix = `{"state":"done"`

// keepScript replaces a claim (ARGV[1], if it is still the value) with the
// answer (ARGV[2]) for ARGV[3] ms, records its size and time (ARGV[4], in
// microseconds, which orders the answers of one replica), then forgets the
// expired answers and, oldest first, those beyond the caps. KEYS: the
// answer, the set of answers by time, their sizes, the total size.
var keepScript = redis.NewScript(4, `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
local ttl, now, size = tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
redis.call('SET', KEYS[1], ARGV[2], 'PX', ttl)
redis.call('ZADD', KEYS[2], now, KEYS[1])
redis.call('HSET', KEYS[3], KEYS[1], size)
redis.call('INCRBY', KEYS[4], size)
local function drop(k)
  redis.call('ZREM', KEYS[2], k)
  local n = tonumber(redis.call('HGET', KEYS[3], k) or '0')
  redis.call('HDEL', KEYS[3], k)
  redis.call('DECRBY', KEYS[4], n)
  local v = redis.call('GET', k)
  if v and string.sub(v, 1, string.len(ARGV[8])) == ARGV[8] then redis.call('DEL', k) end
end
for _, k in ipairs(redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now - 1000 * ttl)) do drop(k) end
while redis.call('ZCARD', KEYS[2]) > tonumber(ARGV[6]) or tonumber(redis.call('GET', KEYS[4]) or '0') > tonumber(ARGV[7]) do
  local k = redis.call('ZRANGE', KEYS[2], 0, 0)[1]
  if not k then break end
  drop(k)
end
return 1`)

// releaseScript deletes a claim (ARGV[1]) if it is still the value.
var releaseScript = redis.NewScript(1, `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`)

// renewScript sets a claim's (ARGV[1]) lease again to ARGV[2] ms if it is
// still the value; 0 when it is not.
var renewScript = redis.NewScript(1, `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`)

// leaseScript gives a key that has no TTL one of ARGV[1] ms.
var leaseScript = redis.NewScript(1, `
if redis.call('PTTL', KEYS[1]) == -1 then return redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return 0`)

// Polling for another replica's answer starts at pollFirst and doubles up
// to pollMax.
const (
	pollFirst = 5 * time.Millisecond
	pollMax   = 200 * time.Millisecond
)

func (si *sharedIdem) begin(ctx context.Context, key, op string, args json.RawMessage) (*Envelope, func(*Envelope), *Error) {
	sum := canonicalArgs(args)
	argsHex := hex.EncodeToString(sum[:])
	hk := sha256.Sum256([]byte(key))
	k := si.s.key("idem", hex.EncodeToString(hk[:16]))
	wait := pollFirst
	leased := false
	for {
		var tok [8]byte
		_, _ = rand.Read(tok[:])
		claim, _ := json.Marshal(idemRecord{State: "running", Op: op, Args: argsHex, Token: hex.EncodeToString(tok[:])})
		var won bool
		err := si.s.do(ctx, func(ctx context.Context) (err error) {
			var reply any
			reply, err = si.s.cmd(ctx, "SET", k, claim, "PX", si.lease.Milliseconds(), "NX")
			won = reply != nil
			return err
		})
		if err != nil {
			return nil, nil, si.failed(ctx, op, key, err)
		}
		if won {
			release := si.hold(k, claim)
			return nil, func(env *Envelope) {
				release()
				si.finish(k, claim, op, argsHex, env)
			}, nil
		}
		var cur string
		err = si.s.do(ctx, func(ctx context.Context) (err error) {
			cur, err = redis.String(si.s.cmd(ctx, "GET", k))
			return err
		})
		if err != nil {
			return nil, nil, si.failed(ctx, op, key, err)
		}
		if cur == "" {
			continue // the claim or answer just expired: claim again
		}
		var rec idemRecord
		if json.Unmarshal([]byte(cur), &rec) != nil {
			return nil, nil, fail(CodeInternal, op, nil, "the store holds something else than an answer under idempotency_key %q", key)
		}
		if rec.Op != op || rec.Args != argsHex {
			return nil, nil, fail(CodeConflict, op, map[string]any{"idempotency_key": key, "first_op": rec.Op},
				"idempotency_key %q was already used within %s for a different call (op %s with other args); use a new key for a new call", key, si.ttl, rec.Op)
		}
		if rec.State == "done" && rec.Env != nil {
			env := rec.Env
			if env.Meta != nil {
				env.Meta.Replayed = true
			}
			return env, nil, nil
		}
		if !leased {
			leased = true
			err = si.s.do(ctx, func(ctx context.Context) error {
				_, err := si.s.script(ctx, leaseScript, k, si.lease.Milliseconds())
				return err
			})
			if err != nil {
				return nil, nil, si.failed(ctx, op, key, err)
			}
		}
		timer := time.NewTimer(wait)
		select {
		case <-timer.C:
			wait = min(2*wait, pollMax)
		case <-ctx.Done():
			timer.Stop()
			return nil, nil, waitedOut(ctx, op, key)
		}
	}
}

// failed is the answer to a call with key whose store call failed: the
// store's failure, unless the call's own deadline passed meanwhile.
func (si *sharedIdem) failed(ctx context.Context, op, key string, err error) *Error {
	if ctx.Err() != nil {
		return waitedOut(ctx, op, key)
	}
	return storeUnavailable(op, err)
}

// hold renews the claim on k every third of the lease until the returned
// release is called, which returns once the renewing has stopped. It stops
// of itself when the claim is gone (it lapsed while the store was out of
// reach: another replica may run the call by now).
func (si *sharedIdem) hold(k string, claim []byte) (release func()) {
	quit, ended := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(ended)
		tick := time.NewTicker(si.lease / 3)
		defer tick.Stop()
		for {
			select {
			case <-quit:
				return
			case <-tick.C:
			}
			var held int64
			err := si.s.do(context.Background(), func(ctx context.Context) (err error) {
				held, err = redis.Int64(si.s.script(ctx, renewScript, k, claim, si.lease.Milliseconds()))
				return err
			})
			if err == nil && held == 0 {
				return
			}
		}
	}()
	return func() {
		close(quit)
		<-ended
	}
}

// finish keeps env when the call reached the upstream's tool (a success or
// UPSTREAM_ERROR) and it fits, else frees the key. A store that fails here
// loses the answer (a retry runs the call again once the lease ends); the
// caller still gets it.
func (si *sharedIdem) finish(k string, claim []byte, op, argsHex string, env *Envelope) {
	ctx := context.Background()
	size := 0
	if env != nil {
		size = env.heldBytes()
	}
	if env == nil || (!env.OK && env.Error.Code != CodeUpstreamError) || size > si.maxBytes {
		_ = si.s.do(ctx, func(ctx context.Context) error {
			_, err := si.s.script(ctx, releaseScript, k, claim)
			return err
		})
		return
	}
	done, err := json.Marshal(idemRecord{State: "done", Op: op, Args: argsHex, Env: env})
	if err != nil {
		return
	}
	now := si.s.now().UnixMicro()
	_ = si.s.do(ctx, func(ctx context.Context) error {
		_, err := si.s.script(ctx, keepScript,
			k, si.s.key("idem", "by-time"), si.s.key("idem", "sizes"), si.s.key("idem", "bytes"),
			claim, done, si.ttl.Milliseconds(), now, size, si.maxEntries, si.maxBytes, donePrefix)
		return err
	})
}
