package mcpclient

import (
	"bytes"
	"context"
	"io"
	"mcpeek/internal/bytesize"
	"mime"
	"net/http"
	"sync"
)

// DefaultMaxMessageBytes bounds one message from a server (a line of a
// stdio server's output, an HTTP response, an event) unless the
// Manager (WithMaxMessageBytes) or the server's entry (MaxMessageBytes) sets
// another limit: generous for the largest tool listings, yet far below what
// would exhaust memory.
const DefaultMaxMessageBytes = 64 << 20

// MessageTooLargeError is why a call or a connection was given up: the
// server sent a message longer than the limit.
type MessageTooLargeError struct {
	// Limit is the limit in bytes.
	Limit int64
	// Setting names what set the limit, for the reader who wants to raise
	// it: mcpeek's --max-message-bytes, or the server entry's
	// "maxMessageBytes".
	Setting string
}

// Error names the limit and the setting that raises it.
func (e *MessageTooLargeError) Error() string {
	msg := "server sent a message over the limit of " + bytesize.Limit(e.Limit)
	if e.Setting != "" {
		msg += " (" + e.Setting + ")"
	}
	return msg
}

// messageCap is the largest message accepted from one server, and the
// setting that chose it (see MessageTooLargeError.Setting).
type messageCap struct {
	bytes   int64
	setting string
}

// messageCap is the cap on cfg's messages: its entry's own, else the
// Manager's.
func (o *options) messageCap(cfg ServerConfig) messageCap {
	if cfg.MaxMessageBytes > 0 {
		return messageCap{cfg.MaxMessageBytes, `the entry's "maxMessageBytes"`}
	}
	return messageCap{o.maxMessage, "--max-message-bytes"}
}

// framing says where one message ends in a stream, for messageLimit.
type framing int

const (
	// framedByLines: stdio, one JSON-RPC message per line.
	framedByLines framing = iota
	// framedByEvents: an event stream, one message per event, which may
	// span lines and ends at a blank line.
	framedByEvents
	// framedWhole: an HTTP body that is one message.
	framedWhole
)

// messageLimit is a stream from a server as mcp-go's readers see it, with
// each message at most max bytes. mcp-go reads a message whole, however
// long, before looking at it; a message over the limit makes Read fail
// instead, so memory stays bounded and the reader gives up.
type messageLimit struct {
	r       io.Reader
	max     int64
	setting string
	frame   framing

	n    int64 // bytes of the current message so far (see count)
	line int64 // bytes of the current line so far
	mu   sync.Mutex
	err  *MessageTooLargeError // set once the limit is passed
	over chan struct{}         // closed when err is set
}

// newMessageLimit reads r with messages of at most c.bytes
// (DefaultMaxMessageBytes for 0).
func newMessageLimit(r io.Reader, c messageCap, frame framing) *messageLimit {
	max := c.bytes
	if max <= 0 {
		max = DefaultMaxMessageBytes
	}
	return &messageLimit{r: r, max: max, setting: c.setting, frame: frame, over: make(chan struct{})}
}

// Read passes on whole messages within the limit. Once a message passes
// it, Read returns what came before that message's line, then the error
// from then on.
func (l *messageLimit) Read(p []byte) (int, error) {
	if err := l.Err(); err != nil {
		return 0, err
	}
	n, err := l.r.Read(p)
	good := 0 // bytes of p up to the last line end within the limit
	for b := p[:n]; len(b) > 0; {
		i := bytes.IndexByte(b, '\n')
		if i < 0 || l.frame == framedWhole {
			l.count(b)
			break
		}
		line := b[:i]
		blank := l.line == 0 && len(bytes.Trim(line, "\r")) == 0
		if l.count(line); l.n > l.max {
			break
		}
		// The line ends a message: any line on stdio, a blank one in an
		// event stream.
		if l.frame == framedByLines || blank {
			l.n = 0
		}
		l.line = 0
		b = b[i+1:]
		good = n - len(b)
	}
	if l.n > l.max {
		l.mu.Lock()
		l.err = &MessageTooLargeError{Limit: l.max, Setting: l.setting}
		l.mu.Unlock()
		close(l.over)
		if good > 0 {
			return good, nil
		}
		return 0, l.err
	}
	return n, err
}

// count adds b, which holds no newline, to the current line and message.
// Carriage returns are not counted, so that the one before a line's
// newline never passes the limit on its own.
func (l *messageLimit) count(b []byte) {
	n := int64(len(b) - bytes.Count(b, []byte{'\r'}))
	l.n += n
	l.line += n
}

// Err returns the limit error once the limit has been passed, else nil.
func (l *messageLimit) Err() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.err == nil {
		return nil
	}
	return l.err
}

// Over is closed when a message passes the limit.
func (l *messageLimit) Over() <-chan struct{} { return l.over }

// limitBody is an HTTP response body under a messageLimit.
type limitBody struct {
	*messageLimit
	io.Closer
}

// limitTransport bounds every message of every response, by its framing: a
// message per event of an event stream, else the whole body.
type limitTransport struct {
	base http.RoundTripper
	max  messageCap
}

func (t limitTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := t.base.RoundTrip(r)
	if err != nil || resp.Body == nil {
		return resp, err
	}
	frame := framedWhole
	if mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type")); mt == "text/event-stream" {
		frame = framedByEvents
	}
	l := newMessageLimit(resp.Body, t.max, frame)
	if w, ok := r.Context().Value(limitWatchKey{}).(*limitWatch); ok {
		w.add(l)
	}
	resp.Body = limitBody{l, resp.Body}
	return resp, nil
}

// limitWatch gathers the limits on the responses to one request, so that a
// request whose answer passed the limit says so: mcp-go's streamable HTTP
// client reads an event stream that breaks off as an answer that never
// came ("unexpected nil response"), dropping the reader's error.
type limitWatch struct {
	mu     sync.Mutex
	limits []*messageLimit
}

type limitWatchKey struct{}

// watchLimits returns ctx carrying a new limitWatch, which limitTransport
// fills with the limits of the responses to requests made with it.
func watchLimits(ctx context.Context) (context.Context, *limitWatch) {
	w := &limitWatch{}
	return context.WithValue(ctx, limitWatchKey{}, w), w
}

func (w *limitWatch) add(l *messageLimit) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.limits = append(w.limits, l)
}

// Err returns the first limit error among the watched responses, else nil.
func (w *limitWatch) Err() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, l := range w.limits {
		if err := l.Err(); err != nil {
			return err
		}
	}
	return nil
}
