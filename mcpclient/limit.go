package mcpclient

import (
	"bytes"
	"fmt"
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
}

func (e *MessageTooLargeError) Error() string {
	return fmt.Sprintf("server sent a message over the limit of %s (maxMessageBytes)", bytesize.Limit(e.Limit))
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
	r     io.Reader
	max   int64
	frame framing

	n    int64 // bytes of the current message so far (see count)
	line int64 // bytes of the current line so far
	mu   sync.Mutex
	err  *MessageTooLargeError // set once the limit is passed
	over chan struct{}         // closed when err is set
}

// newMessageLimit reads r with messages of at most max bytes
// (DefaultMaxMessageBytes for 0).
func newMessageLimit(r io.Reader, max int64, frame framing) *messageLimit {
	if max <= 0 {
		max = DefaultMaxMessageBytes
	}
	return &messageLimit{r: r, max: max, frame: frame, over: make(chan struct{})}
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
		l.err = &MessageTooLargeError{Limit: l.max}
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
	max  int64
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
	resp.Body = limitBody{newMessageLimit(resp.Body, t.max, frame), resp.Body}
	return resp, nil
}
