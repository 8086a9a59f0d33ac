package gateway

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"
)

// Event is what one call of tool_help, tool_exec or tool_batch (or of a
// direct-mode tool) did. The JSON-lines file carries the documented fields;
// Request and Envelope are for the TUI's traffic view and are not written
// there.
type Event struct {
	Time time.Time `json:"time"`
	// TraceID matches the envelope's meta.trace_id.
	TraceID string `json:"trace_id"`
	// Tool is the MCP tool that was called: tool_help, tool_exec, ...
	Tool string `json:"tool"`
	// Op is the op, the help path, or "batch" for tool_batch.
	Op string `json:"op"`
	// Kind is read or write for an op, help for tool_help, batch for tool_batch.
	Kind string `json:"kind"`
	OK   bool   `json:"ok"`
	// Code is the error code when OK is false.
	Code        Code    `json:"code"`
	LatencyMS   float64 `json:"latency_ms"`
	ArgsBytes   int     `json:"args_bytes"`
	ResultBytes int     `json:"result_bytes"`
	// Message and Changes are set on the lock's events (Tool "lock"),
	// which are not calls: why an op is held back, and what changed.
	Message string `json:"message,omitempty"`
	Changes any    `json:"changes,omitempty"`

	// Request is the call's arguments as the client sent them.
	Request json.RawMessage `json:"-"`
	// Envelope is the answer as returned.
	Envelope json.RawMessage `json:"-"`
}

// events fans events out to subscribers without ever blocking a call, and
// writes them to an optional JSON-lines sink.
type events struct {
	mu      sync.Mutex
	subs    map[*subscriber]struct{}
	sink    *bufio.Writer
	sinkErr error
	closed  bool
	dropped atomic.Uint64
	calls   atomic.Uint64
}

type subscriber struct {
	ch chan Event
}

func newEvents(sink io.Writer) *events {
	e := &events{subs: map[*subscriber]struct{}{}}
	if sink != nil {
		e.sink = bufio.NewWriter(sink)
	}
	return e
}

// emit delivers ev: a subscriber whose buffer is full misses it (counted by
// Dropped); the sink gets every line, flushed at once so that a tail -f
// sees it.
func (e *events) emit(ev Event) {
	e.calls.Add(1)
	e.notice(ev)
}

// notice delivers ev like emit, without counting it as a call.
func (e *events) notice(ev Event) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return
	}
	for s := range e.subs {
		select {
		case s.ch <- ev:
		default:
			e.dropped.Add(1)
		}
	}
	if e.sink != nil && e.sinkErr == nil {
		line, _ := json.Marshal(ev)
		line = append(line, '\n')
		if _, err := e.sink.Write(line); err != nil {
			e.sinkErr = fmt.Errorf("events file: %w", err)
		} else if err := e.sink.Flush(); err != nil {
			e.sinkErr = fmt.Errorf("events file: %w", err)
		}
	}
}

// subscribe adds a subscriber whose channel first holds first (as many
// as fit).
func (e *events) subscribe(buffer int, first ...Event) (<-chan Event, func()) {
	if buffer <= 0 {
		buffer = 256
	}
	s := &subscriber{ch: make(chan Event, buffer)}
	e.mu.Lock()
	if e.closed {
		e.mu.Unlock()
		close(s.ch)
		return s.ch, func() {}
	}
	for _, ev := range first[:min(len(first), buffer)] {
		s.ch <- ev
	}
	e.subs[s] = struct{}{}
	e.mu.Unlock()
	var once sync.Once
	return s.ch, func() {
		once.Do(func() {
			e.mu.Lock()
			defer e.mu.Unlock()
			if _, ok := e.subs[s]; ok {
				delete(e.subs, s)
				close(s.ch)
			}
		})
	}
}

// close ends every subscription and flushes the sink.
func (e *events) close() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return e.sinkErr
	}
	e.closed = true
	for s := range e.subs {
		close(s.ch)
		delete(e.subs, s)
	}
	if e.sink != nil && e.sinkErr == nil {
		if err := e.sink.Flush(); err != nil {
			e.sinkErr = fmt.Errorf("events file: %w", err)
		}
	}
	return e.sinkErr
}
