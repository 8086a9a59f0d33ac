package mcpclient

import (
	"encoding/json"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
)

// CallOptions tunes one call of CallToolWith.
type CallOptions struct {
	// Progress, when set, asks the server to report progress (a
	// progressToken in the request's _meta) and receives each report. It
	// runs on a goroutine of the call's own, so a slow Progress never holds
	// up the connection: it skips to the newest report instead. It is never
	// called after CallToolWith has returned.
	Progress func(Progress)
	// Timeout bounds the call when above zero, instead of the Manager's
	// call timeout (WithCallTimeout). For a call that becomes a task it
	// bounds the wait for the task's end; the task is cancelled when it
	// passes.
	Timeout time.Duration
	// AsTask calls a tool whose execution.taskSupport is "optional" as a
	// task (one whose support is "required" always is).
	AsTask bool
	// OnTask, when set, sees a call that became a task: once when it is
	// created and at each change of its status or status message. It runs
	// on the calling goroutine, between polls.
	OnTask func(Task)
	// Detach returns as soon as the call has become a task, with
	// CallResult.Task set, instead of waiting for its end.
	Detach bool
}

// Progress is one progress report of a call (notifications/progress).
type Progress struct {
	// Progress is how far the work has gone; it only grows.
	Progress float64
	// Total is where Progress ends, or 0 when the server does not know.
	Total float64
	// Message says what is happening, sanitised; it may be empty.
	Message string
}

// String returns the report as "3/5 message", "3 message" without a total.
func (p Progress) String() string {
	s := strconv.FormatFloat(p.Progress, 'f', -1, 64)
	if p.Total > 0 {
		s += "/" + strconv.FormatFloat(p.Total, 'f', -1, 64)
	}
	if p.Message != "" {
		s += " " + p.Message
	}
	return s
}

// progressSink hands one call's progress reports to its callback on a
// goroutine of its own, keeping only the newest report while the callback
// is busy: offer never blocks the transport that reads the reports.
type progressSink struct {
	deliver func(Progress)

	mu      sync.Mutex
	pending *Progress
	offered bool    // a report was offered
	last    float64 // the progress of the last report offered

	wake chan struct{}
	stop chan struct{}
	done chan struct{}
}

func newProgressSink(deliver func(Progress)) *progressSink {
	p := &progressSink{
		deliver: deliver,
		wake:    make(chan struct{}, 1),
		stop:    make(chan struct{}),
		done:    make(chan struct{}),
	}
	go p.run()
	return p
}

// offer queues a report, replacing one still waiting. A report that does
// not go past the last one offered is dropped: progress only increases, and
// a server that sends its notifications on more than one stream (an HTTP
// server with the request's stream and the standalone one open) can have
// them arrive out of order.
func (p *progressSink) offer(v Progress) {
	p.mu.Lock()
	if p.offered && v.Progress <= p.last {
		p.mu.Unlock()
		return
	}
	p.offered, p.last = true, v.Progress
	p.pending = &v
	p.mu.Unlock()
	select {
	case p.wake <- struct{}{}:
	default:
	}
}

func (p *progressSink) run() {
	defer close(p.done)
	for {
		select {
		case <-p.stop:
			return
		case <-p.wake:
		}
		p.mu.Lock()
		v := p.pending
		p.pending = nil
		p.mu.Unlock()
		if v != nil {
			p.deliver(*v)
		}
	}
}

// close stops delivering, once a callback under way and the report still
// waiting, if any, have been delivered: the last report before the result
// is not lost.
func (p *progressSink) close() {
	close(p.stop)
	<-p.done
	p.mu.Lock()
	v := p.pending
	p.pending = nil
	p.mu.Unlock()
	if v != nil {
		p.deliver(*v)
	}
}

// watchProgress registers sink under a new progress token and returns it.
func (c *conn) watchProgress(sink *progressSink) string {
	token := "mcpeek-progress-" + strconv.FormatInt(c.ids.Add(1), 10)
	c.progressMu.Lock()
	if c.progress == nil {
		c.progress = map[string]*progressSink{}
	}
	c.progress[token] = sink
	c.progressMu.Unlock()
	return token
}

func (c *conn) unwatchProgress(token string) {
	c.progressMu.Lock()
	delete(c.progress, token)
	c.progressMu.Unlock()
}

// handleProgress routes a notifications/progress to the call it belongs to.
// It runs on the transport's reading goroutine and never blocks.
func (c *conn) handleProgress(n mcp.JSONRPCNotification) {
	var params struct {
		Token    any     `json:"progressToken"`
		Progress float64 `json:"progress"`
		Total    float64 `json:"total"`
		Message  string  `json:"message"`
	}
	if !notificationParams(n, &params) {
		return
	}
	c.progressMu.Lock()
	sink := c.progress[fmt.Sprint(params.Token)]
	c.progressMu.Unlock()
	if sink != nil {
		sink.offer(Progress{Progress: params.Progress, Total: params.Total, Message: c.clean(params.Message)})
	}
}

// notificationParams decodes a notification's params into v. They arrive
// decoded as JSON (over a wire) or as the server's own Go values (in
// process): encoding them again reads both the same way.
func notificationParams(n mcp.JSONRPCNotification, v any) bool {
	b, err := json.Marshal(n.Params.AdditionalFields)
	return err == nil && json.Unmarshal(b, v) == nil
}
