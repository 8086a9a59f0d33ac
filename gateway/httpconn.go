package gateway

import (
	"net"
	"net/http"
	"sync"
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

// limitListener accepts at most n connections at once: Accept waits for
// one to close (golang.org/x/net/netutil's LimitListener, in a few lines).
type limitListener struct {
	net.Listener
	slots     chan struct{}
	done      chan struct{}
	closeOnce sync.Once
}

func newLimitListener(ln net.Listener, n int) *limitListener {
	return &limitListener{Listener: ln, slots: make(chan struct{}, n), done: make(chan struct{})}
}

func (l *limitListener) Accept() (net.Conn, error) {
	select {
	case l.slots <- struct{}{}:
	case <-l.done:
		return nil, net.ErrClosed
	}
	c, err := l.Listener.Accept()
	if err != nil {
		<-l.slots
		return nil, err
	}
	return &limitConn{Conn: c, free: sync.OnceFunc(func() { <-l.slots })}, nil
}

func (l *limitListener) Close() error {
	err := l.Listener.Close()
	l.closeOnce.Do(func() { close(l.done) })
	return err
}

// limitConn frees its slot when closed.
type limitConn struct {
	net.Conn
	free func()
}

func (c *limitConn) Close() error {
	err := c.Conn.Close()
	c.free()
	return err
}
