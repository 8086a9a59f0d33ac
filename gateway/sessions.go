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
	for e := b.lru.Front(); e != nil && len(b.live) > b.max; {
		next := e.Next()
		if be := e.Value.(*bookEntry); be.streams == 0 && be.id != id {
			b.drop(e)
			ended = append(ended, be.id)
		}
		e = next
	}
	b.mu.Unlock()
	b.ended(ended)
	return id
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

// known reports whether id is live, and marks it used.
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
	return ok
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
