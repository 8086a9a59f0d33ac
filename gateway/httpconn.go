package gateway

import (
	"context"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// writeChunk is the most an answerWriter writes under one deadline.
const writeChunk = 64 << 10

// answerWriter writes an answer with a deadline on each write: a client
// that stops reading is cut after the write timeout, while a stream or a
// large answer read at any pace lasts as long as it needs (a server-wide
// WriteTimeout would cut both). It is both an http.ResponseWriter and the
// writer mcp-go's Handle takes.
type answerWriter struct {
	w       http.ResponseWriter
	rc      *http.ResponseController
	timeout time.Duration
	flusher bool
}

func newAnswerWriter(w http.ResponseWriter, timeout time.Duration) *answerWriter {
	_, flusher := w.(http.Flusher)
	return &answerWriter{w: w, rc: http.NewResponseController(w), timeout: timeout, flusher: flusher}
}

// arm gives the next write the write timeout.
func (a *answerWriter) arm() { _ = a.rc.SetWriteDeadline(time.Now().Add(a.timeout)) }

func (a *answerWriter) Header() http.Header { return a.w.Header() }

func (a *answerWriter) WriteHeader(code int) {
	a.arm()
	a.w.WriteHeader(code)
}

// Write writes p in chunks, each under its own deadline.
func (a *answerWriter) Write(p []byte) (int, error) {
	n := 0
	for len(p) > 0 {
		chunk := p[:min(len(p), writeChunk)]
		a.arm()
		m, err := a.w.Write(chunk)
		n += m
		if err != nil {
			return n, err
		}
		p = p[m:]
	}
	return n, nil
}

func (a *answerWriter) Flush() {
	a.arm()
	_ = a.rc.Flush()
}

// CanStream tells mcp-go whether Flush reaches the client.
func (a *answerWriter) CanStream() bool { return a.flusher }

// Unwrap lets http.ResponseController reach the connection.
func (a *answerWriter) Unwrap() http.ResponseWriter { return a.w }

// discardWriter takes an answer nobody reads.
type discardWriter struct{ h http.Header }

func (d *discardWriter) Header() http.Header {
	if d.h == nil {
		d.h = http.Header{}
	}
	return d.h
}
func (d *discardWriter) WriteHeader(int)             {}
func (d *discardWriter) Write(p []byte) (int, error) { return len(p), nil }
func (d *discardWriter) Flush()                      {}
func (d *discardWriter) CanStream() bool             { return false }

// limitListener serves at most n connections at once. A connection
// accepted when all n are taken makes room by closing the oldest one that
// is not serving a request (still sending its headers, or idle between
// requests): a few hundred clients that open a connection and send half a
// request would otherwise keep a real client out until the header timeout
// frees them. When every connection is serving, the new one waits for one
// to close or to finish its request.
type limitListener struct {
	net.Listener
	slots     chan struct{}
	done      chan struct{}
	closeOnce sync.Once

	mu    sync.Mutex
	conns []*limitConn // open, oldest first
	// idled is signalled when a connection finishes a request, so that
	// a connection waiting for room can take its place.
	idled chan struct{}
}

func newLimitListener(ln net.Listener, n int) *limitListener {
	return &limitListener{Listener: ln, slots: make(chan struct{}, n), done: make(chan struct{}), idled: make(chan struct{}, 1)}
}

// Accept takes the next connection, then makes room for it: a free slot,
// else the slot of the oldest connection not serving a request, else the
// first slot freed or connection that finishes a request.
func (l *limitListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	for {
		select {
		case l.slots <- struct{}{}:
			return l.admit(c), nil
		default:
		}
		if l.shedOldest() {
			continue
		}
		select {
		case l.slots <- struct{}{}:
			return l.admit(c), nil
		case <-l.idled:
		case <-l.done:
			c.Close()
			return nil, net.ErrClosed
		}
	}
}

// admit wraps c, which has a slot, and lists it.
func (l *limitListener) admit(c net.Conn) *limitConn {
	lc := &limitConn{Conn: c}
	lc.free = sync.OnceFunc(func() { l.remove(lc) })
	l.mu.Lock()
	l.conns = append(l.conns, lc)
	l.mu.Unlock()
	return lc
}

// shedOldest closes the oldest connection that is not serving a request,
// and reports whether there was one.
func (l *limitListener) shedOldest() bool {
	l.mu.Lock()
	var victim *limitConn
	for _, c := range l.conns {
		if !c.serving.Load() {
			victim = c
			break
		}
	}
	l.mu.Unlock()
	if victim == nil {
		return false
	}
	victim.Close()
	return true
}

// remove forgets c and frees its slot.
func (l *limitListener) remove(c *limitConn) {
	l.mu.Lock()
	for i, o := range l.conns {
		if o == c {
			l.conns = append(l.conns[:i], l.conns[i+1:]...)
			break
		}
	}
	l.mu.Unlock()
	<-l.slots
}

func (l *limitListener) Close() error {
	err := l.Listener.Close()
	l.closeOnce.Do(func() { close(l.done) })
	return err
}

// limitConn frees its slot when closed, and says whether it is serving a
// request: from the handler's start (its headers read) until the answer is
// written and the connection idles.
type limitConn struct {
	net.Conn
	free    func()
	serving atomic.Bool
}

func (c *limitConn) Close() error {
	err := c.Conn.Close()
	c.free()
	return err
}

// connKey keys, in a request's context, the *limitConn carrying it.
type connKey struct{}

// serving wraps h so that a connection counts as serving from the start
// of a request's handler.
func (l *limitListener) serving(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if c, ok := r.Context().Value(connKey{}).(*limitConn); ok {
			c.serving.Store(true)
		}
		h.ServeHTTP(w, r)
	})
}

// connContext is the http.Server's ConnContext: it keeps the connection in
// the context of its requests, for serving.
func (l *limitListener) connContext(ctx context.Context, c net.Conn) context.Context {
	return context.WithValue(ctx, connKey{}, c)
}

// connState is the http.Server's ConnState: a connection whose answer is
// written and which waits for its next request serves no more, and may
// make room for a connection waiting.
func (l *limitListener) connState(c net.Conn, state http.ConnState) {
	lc, ok := c.(*limitConn)
	if !ok || state != http.StateIdle {
		return
	}
	lc.serving.Store(false)
	select {
	case l.idled <- struct{}{}:
	default:
	}
}
