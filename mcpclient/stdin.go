package mcpclient

import (
	"errors"
	"fmt"
	"mcpeek/internal/bytesize"
	"os"
	"sync"
)

// maxStdinBacklog bounds what waits to be written to a child that is not
// reading its stdin.
const maxStdinBacklog = 64 << 20

// errNotReading is what a request gets when the backlog is full.
var errNotReading = errors.New("server is not reading its input")

// stdinQueue is a child's stdin as mcp-go writes to it. mcp-go writes each
// message under a lock and without a deadline, so a child that stops reading
// would block that request past its deadline, and every other request behind
// it. Write never waits: what the pipe takes at once is written there and
// then (the usual case: a request and nothing before it), the rest is queued
// for a goroutine of its own that feeds the pipe; past max bytes waiting,
// Write fails.
type stdinQueue struct {
	f   *os.File
	now *nowWriter // writes that never wait; nil when f cannot take them
	max int

	mu      sync.Mutex
	wake    chan struct{} // cap 1: the queue or closed changed
	queue   [][]byte
	pending int   // bytes in queue
	feeding bool  // the feeder is writing what it took from the queue
	closed  bool  // Close was called
	err     error // the pipe's write error, once there is one

	fed chan struct{} // closed when the feeding goroutine returns
}

// newStdinQueue feeds f, the writing end of an os.Pipe (whose descriptor is
// non-blocking: a write that does not fit returns at once).
func newStdinQueue(f *os.File, max int) *stdinQueue {
	q := &stdinQueue{f: f, max: max, wake: make(chan struct{}, 1), fed: make(chan struct{})}
	q.now = newNowWriter(f)
	go q.feed()
	return q
}

// Write writes what the pipe takes at once of p when nothing waits before
// it, and queues a copy of the rest. It fails once writing to the child has
// failed, and when more than max bytes would be waiting (one message of any
// size is always taken).
func (q *stdinQueue) Write(p []byte) (int, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	switch {
	case q.err != nil:
		return 0, q.err
	case q.closed:
		return 0, os.ErrClosed
	case q.pending > 0 && q.pending+len(p) > q.max:
		return 0, fmt.Errorf("%w (%s waiting)", errNotReading, bytesize.Limit(int64(q.pending)))
	}
	rest := p
	if len(q.queue) == 0 && !q.feeding && q.now != nil {
		// Handing p to the feeder costs a goroutine switch per message,
		// which is most of a pipe write's time.
		n, err := q.now.write(rest)
		if err != nil {
			q.err = fmt.Errorf("write to server: %w", err)
			return 0, q.err
		}
		rest = rest[n:]
	}
	if len(rest) > 0 {
		q.queue = append(q.queue, append([]byte(nil), rest...))
		q.pending += len(rest)
		q.signal()
	}
	return len(p), nil
}

// Close closes the pipe at once, dropping whatever waits: it is how a child
// is told to stop, and a write it does not read must not delay that.
func (q *stdinQueue) Close() error {
	q.mu.Lock()
	if q.closed {
		q.mu.Unlock()
		return nil
	}
	q.closed = true
	q.signal()
	q.mu.Unlock()
	return q.f.Close() // ends a write under way
}

// Fed is closed once the feeding goroutine has returned.
func (q *stdinQueue) Fed() <-chan struct{} { return q.fed }

func (q *stdinQueue) signal() {
	select {
	case q.wake <- struct{}{}:
	default:
	}
}

// feed writes the queue to the pipe in order until Close or a write error.
func (q *stdinQueue) feed() {
	defer close(q.fed)
	for {
		q.mu.Lock()
		if q.closed {
			q.mu.Unlock()
			return
		}
		if len(q.queue) == 0 {
			q.mu.Unlock()
			<-q.wake
			continue
		}
		b := q.queue[0]
		q.queue[0] = nil
		q.queue = q.queue[1:]
		q.feeding = true
		q.mu.Unlock()

		_, err := q.f.Write(b)

		q.mu.Lock()
		q.feeding = false
		q.pending -= len(b)
		if err != nil {
			q.err = fmt.Errorf("write to server: %w", err)
			q.queue, q.pending = nil, 0
			q.mu.Unlock()
			return
		}
		q.mu.Unlock()
	}
}
