package gateway

import (
	"container/list"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/server"
)

// errNoSession is the session book's answer to an id it does not know;
// mcp-go answers it 404.
var errNoSession = errors.New("no such session")

// sessionBook issues the session era's session ids and knows which are
// live: it is the SessionIdManager of the gateway's mcp-go streamable HTTP
// server. An id it did not issue, or whose session ended (DELETE, idle for
// longer than idle, or pushed out by the cap), is unknown. It holds at
// most max sessions: a new one beyond that ends the least recently used
// session without an open stream. Each call costs O(1) plus the sessions
// it ends.
type sessionBook struct {
	max  int
	idle time.Duration
	now  func() time.Time
	end  func(id string) // drops mcp-go's state of a session the book ended
	// shared, when set, is the store the replicas share sessions through.
	shared *sharedSessions

	mu   sync.Mutex
	live map[string]*list.Element // of *bookEntry
	lru  list.List                // least recently used first
}

type bookEntry struct {
	id      string
	used    time.Time
	streams int // open GET streams
}

func newSessionBook(max int, idle time.Duration, now func() time.Time, end func(string)) *sessionBook {
	return &sessionBook{max: max, idle: idle, now: now, end: end, live: map[string]*list.Element{}}
}

// Generate issues a new session id.
func (b *sessionBook) Generate() string {
	var u [16]byte
	_, _ = rand.Read(u[:])
	u[6] = u[6]&0x0f | 0x40 // a version 4 UUID, as mcp-go's own ids
	u[8] = u[8]&0x3f | 0x80
	id := fmt.Sprintf("mcp-session-%x-%x-%x-%x-%x", u[0:4], u[4:6], u[6:8], u[8:10], u[10:])
	b.mu.Lock()
	ended := b.expire()
	b.live[id] = b.lru.PushBack(&bookEntry{id: id, used: b.now()})
	ended = append(ended, b.evict(id)...)
	b.mu.Unlock()
	b.ended(ended)
	if b.shared != nil {
		b.shared.put(id)
	}
	return id
}

// evict ends the least recently used sessions without a stream, other
// than keep, while the book holds more than max; it returns their ids.
// The caller holds b.mu.
func (b *sessionBook) evict(keep string) []string {
	var ended []string
	for e := b.lru.Front(); e != nil && len(b.live) > b.max; {
		next := e.Next()
		if be := e.Value.(*bookEntry); be.streams == 0 && be.id != keep {
			b.drop(e)
			ended = append(ended, be.id)
		}
		e = next
	}
	return ended
}

// Validate answers errNoSession for an id that is not live, and marks a
// live one used.
func (b *sessionBook) Validate(id string) (isTerminated bool, err error) {
	if !b.known(id) {
		return false, errNoSession
	}
	return false, nil
}

// Terminate ends a session (DELETE, or mcp-go closing every session).
func (b *sessionBook) Terminate(id string) (isNotAllowed bool, err error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if e, ok := b.live[id]; ok {
		b.drop(e)
	}
	return false, nil
}

// known reports whether id is live, and marks it used. With a shared
// store it also asks the store: a session another replica opened is
// adopted, one its client deleted on another replica ends here too, and
// one the store lost (it restarted empty, or was down when the session
// opened) is recorded again. A store that cannot answer leaves the
// decision to this replica's book.
func (b *sessionBook) known(id string) bool {
	b.mu.Lock()
	ended := b.expire()
	e, ok := b.live[id]
	if ok {
		e.Value.(*bookEntry).used = b.now()
		b.lru.MoveToBack(e)
	}
	b.mu.Unlock()
	b.ended(ended)
	if b.shared == nil {
		return ok
	}
	state, err := b.shared.touch(id)
	switch {
	case err != nil:
		return ok
	case state == sessionEnded:
		if ok {
			b.Terminate(id)
			b.end(id)
		}
		return false
	case state == sessionLive && !ok:
		b.adopt(id)
		return true
	case state == sessionUnknown && ok:
		b.shared.put(id)
	}
	return ok
}

// adopt holds a live session another replica opened, under the same cap
// as the ones this replica opens.
func (b *sessionBook) adopt(id string) {
	b.mu.Lock()
	var ended []string
	if _, ok := b.live[id]; !ok {
		b.live[id] = b.lru.PushBack(&bookEntry{id: id, used: b.now()})
		ended = b.evict(id)
	}
	b.mu.Unlock()
	b.ended(ended)
}

// streaming keeps a live session from ending by idleness or by the cap
// while a GET stream of it is open; the returned func closes the stream.
func (b *sessionBook) streaming(id string) (closed func()) {
	b.mu.Lock()
	defer b.mu.Unlock()
	e, ok := b.live[id]
	if !ok {
		return func() {}
	}
	be := e.Value.(*bookEntry)
	be.streams++
	return func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		be.streams--
		be.used = b.now()
		if e, ok := b.live[be.id]; ok {
			b.lru.MoveToBack(e)
		}
	}
}

// expire drops the sessions idle for longer than idle and returns their
// ids; one with an open stream counts as used now.
func (b *sessionBook) expire() []string {
	var ended []string
	now := b.now()
	for e := b.lru.Front(); e != nil; e = b.lru.Front() {
		be := e.Value.(*bookEntry)
		if now.Sub(be.used) <= b.idle {
			break
		}
		if be.streams > 0 {
			be.used = now
			b.lru.MoveToBack(e)
			continue
		}
		b.drop(e)
		ended = append(ended, be.id)
	}
	return ended
}

func (b *sessionBook) drop(e *list.Element) {
	b.lru.Remove(e)
	delete(b.live, e.Value.(*bookEntry).id)
}

// ended tells mcp-go about the sessions the book ended (outside its lock:
// mcp-go calls Terminate back).
func (b *sessionBook) ended(ids []string) {
	for _, id := range ids {
		b.end(id)
	}
}

// endSession drops mcp-go's state of a session the gateway ended, the way
// a client's DELETE does (mcp-go has no other way in).
func (g *Gateway) endSession(id string) {
	g.stream.Handle(&discardWriter{}, &server.HTTPRequest{
		Method:  http.MethodDelete,
		Header:  http.Header{server.HeaderKeySessionID: {id}},
		Context: context.Background(),
	})
}
