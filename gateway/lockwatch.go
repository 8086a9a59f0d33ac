package gateway

import (
	"bytes"
	"cmp"
	"maps"
	"mcpeek/model"
	"slices"
	"strings"
	"time"
)

// lockTool is the Tool of the events that say what the lock did: a tool
// held back, or gone since the lock. They are not calls.
const lockTool = "lock"

// The Kinds of the lock's events.
const (
	lockHeld    = "held"
	lockRemoved = "removed"
)

// defaultLockPoll is how often the lock file is checked for changes.
const defaultLockPoll = time.Second

// readLock reads the lock file of the options, if any. Called by New.
func (g *Gateway) readLock() error {
	lo := g.opts.Lock
	if lo == nil || lo.Path == "" {
		return nil
	}
	allow, err := ParseLockAllow(string(lo.Allow))
	if err != nil {
		return err
	}
	lo.Allow = allow
	p, err := readPinning(lo.Path, allow)
	if err != nil {
		return err
	}
	p.approveFlags = approveFlags(lo)
	g.pin = p
	return nil
}

// ReloadLock reads the lock file again and rebuilds the registry with it:
// an approved tool is served at once. A gateway without a lock does
// nothing. On error the lock in force stays.
func (g *Gateway) ReloadLock() error {
	g.regMu.Lock()
	if g.pin == nil {
		g.regMu.Unlock()
		return nil
	}
	p, err := readPinning(g.pin.path, g.pin.allow)
	if err == nil {
		p.approveFlags = g.pin.approveFlags
		g.pin = p
	}
	g.regMu.Unlock()
	if err != nil {
		return err
	}
	g.rebuild(g.up.Servers(), true)
	return nil
}

// watchLock reloads the lock file whenever its size or time changes (an
// `mcpeek lock update`, the explorer's approval), until the gateway
// closes. A file that cannot be read keeps the lock in force.
func (g *Gateway) watchLock() {
	if g.pin == nil {
		return
	}
	every := g.opts.Lock.Poll
	if every <= 0 {
		every = defaultLockPoll
	}
	g.wg.Add(1)
	go func() {
		defer g.wg.Done()
		tick := time.NewTicker(every)
		defer tick.Stop()
		for {
			select {
			case <-g.life.Done():
				return
			case <-tick.C:
			}
			g.regMu.Lock()
			path, was := g.pin.path, g.pin.stamp
			g.regMu.Unlock()
			if now, err := stampOf(path); err == nil && now != was {
				_ = g.ReloadLock()
			}
		}
	}()
}

// announceHeld emits an event for each op the lock holds back, or finds
// removed, that prev did not (or held back for another definition).
// Called by rebuild.
func (g *Gateway) announceHeld(prev, r *Registry) {
	if r.lockPath == "" {
		return
	}
	now := g.opts.now()
	for _, id := range sortedKeys(r.held) {
		h := r.held[id]
		if prev != nil {
			if was, ok := prev.held[id]; ok && sameHold(was, h) {
				continue
			}
		}
		g.notice(now, lockHeld, id.String(), r.pinnedErrorOf(id))
	}
	for _, id := range sortedKeys(r.removed) {
		if prev != nil {
			if _, was := prev.removed[id]; was {
				continue
			}
		}
		g.notice(now, lockRemoved, id.String(), r.pinnedErrorOf(id))
	}
}

// sameHold reports whether two hold-backs are about the same definition.
func sameHold(a, b *heldOp) bool {
	if a == b {
		return true
	}
	if a.isNew != b.isNew || len(a.changes) != len(b.changes) {
		return false
	}
	return bytes.Equal(marshal(a.changes), marshal(b.changes))
}

// notice emits an event that is not a call: what the lock did to op.
func (g *Gateway) notice(now time.Time, kind, op string, e *Error) {
	g.events.notice(lockEvent(now, kind, op, e))
}

func lockEvent(now time.Time, kind, op string, e *Error) Event {
	env := marshal(errorEnvelope(op, e))
	return Event{Time: now, Tool: lockTool, Op: op, Kind: kind, Code: e.Code,
		Message: e.Message, Changes: e.Details["changes"], Envelope: env, ResultBytes: len(env)}
}

// lockState is an event for each op the lock holds back or finds removed
// now, for a new subscriber.
func (g *Gateway) lockState() []Event {
	r := g.Registry()
	if r.lockPath == "" {
		return nil
	}
	now := g.opts.now()
	var out []Event
	for _, id := range sortedKeys(r.held) {
		out = append(out, lockEvent(now, lockHeld, id.String(), r.pinnedErrorOf(id)))
	}
	for _, id := range sortedKeys(r.removed) {
		out = append(out, lockEvent(now, lockRemoved, id.String(), r.pinnedErrorOf(id)))
	}
	return out
}

// sortedKeys are m's tool ids in the order of their wire ids.
func sortedKeys[V any](m map[model.ToolID]V) []model.ToolID {
	return slices.SortedFunc(maps.Keys(m), func(a, b model.ToolID) int {
		return cmp.Or(strings.Compare(a.String(), b.String()), strings.Compare(a.Server, b.Server))
	})
}
