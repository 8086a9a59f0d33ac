package mcpclient

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"mcpeek/model"
)

func TestMessageLimit(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in, want string
		frame          framing
		over           bool
	}{
		{"lines within the limit", "12345\n\n123\n12", "12345\n\n123\n12", framedByLines, false},
		{"a line of exactly the limit", "12345\n", "12345\n", framedByLines, false},
		{"the lines before a long one pass", "1\n22\n123456\n1\n", "1\n22\n", framedByLines, true},
		{"a long last line without newline", "1\n123456", "1\n", framedByLines, true},
		{"events within the limit", "d:1\nd\n\nd:34\r\n\r\n", "d:1\nd\n\nd:34\r\n\r\n", framedByEvents, false},
		{"an event of short lines over the limit", "a\n\nd:1\nd:2\nd:3\n\n", "a\n\nd:1\n", framedByEvents, true},
		{"a body within the limit", "1\n2\n3", "1\n2\n3", framedWhole, false},
		{"a body over the limit", "1\n2\n3\n4", "", framedWhole, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, r := range []io.Reader{strings.NewReader(tt.in), iotest.OneByteReader(strings.NewReader(tt.in))} {
				l := newMessageLimit(r, messageCap{bytes: 5}, tt.frame)
				got, err := io.ReadAll(l)
				var tooLarge *MessageTooLargeError
				if tt.over != errors.As(err, &tooLarge) || (tt.over && tooLarge.Limit != 5) {
					t.Errorf("ReadAll error = %v, over the limit: %v", err, tt.over)
				}
				// One byte at a time, bytes of the long message pass
				// before the limit is seen; mcp-go drops an unfinished one.
				if !strings.HasPrefix(string(got), tt.want) {
					t.Errorf("read %q, want %q first", got, tt.want)
				}
				if tt.over != isClosed(l.Over()) {
					t.Errorf("Over() closed: %v", isClosed(l.Over()))
				}
			}
		})
	}
}

func TestMaxMessageBytesInTheFile(t *testing.T) {
	t.Parallel()
	path := writeFile(t, filepath.Join(t.TempDir(), "mcp.json"), `{"mcpServers": {"big": {"command": "srv", "maxMessageBytes": 268435456}}}`)
	cfg, err := Load(path)
	if err != nil || cfg.Servers[0].MaxMessageBytes != 256<<20 {
		t.Fatalf("Load = %+v, %v", cfg, err)
	}
	bad := writeFile(t, filepath.Join(t.TempDir(), "mcp.json"), `{"mcpServers": {"big": {"command": "srv", "maxMessageBytes": -1}}}`)
	if _, err := Load(bad); err == nil || !strings.Contains(err.Error(), "maxMessageBytes") {
		t.Errorf("Load(negative) = %v", err)
	}
}

func TestOversizedMessageFailsTheConnection(t *testing.T) {
	t.Parallel()
	m := startManager(t, Config{Servers: []ServerConfig{helperConfig("big", "basic")}},
		WithMaxMessageBytes(1<<20), WithBackoff(time.Hour, time.Hour), WithStopGrace(100*time.Millisecond))
	_, err := m.CallTool(context.Background(), "big", "big", nil)
	if !errors.Is(err, ErrUnavailable) || !strings.Contains(err.Error(), "message over the limit of 1 MiB") {
		t.Fatalf("CallTool(big) = %v, want ErrUnavailable naming the limit", err)
	}
	s := waitServer(t, m, "big", "the error state", isState(model.StateError))
	if !strings.Contains(s.Err, "limit of 1 MiB") {
		t.Errorf("err = %q", s.Err)
	}
	// The next call reconnects, and a normal reply is fine.
	if res, err := m.CallTool(context.Background(), "big", "echo", nil); err != nil || res.Text != "hello" {
		t.Fatalf("CallTool(echo) after reconnect = %v", err)
	}
}

func TestMaxMessageBytesPerServer(t *testing.T) {
	t.Parallel()
	// The entry's own limit wins over the Manager's.
	cfg := helperConfig("big", "basic")
	cfg.MaxMessageBytes = 4 << 20
	m := startManager(t, Config{Servers: []ServerConfig{cfg}}, WithMaxMessageBytes(1<<20))
	if _, err := m.CallTool(context.Background(), "big", "big", nil); err != nil {
		t.Fatalf("CallTool(big) under a 4 MiB limit = %v", err)
	}
	// An error names the setting to raise: here the entry's.
	small := helperConfig("small", "basic")
	small.MaxMessageBytes = 1 << 20
	m = startManager(t, Config{Servers: []ServerConfig{small}}, WithMaxMessageBytes(4<<20), WithStopGrace(100*time.Millisecond))
	if _, err := m.CallTool(context.Background(), "small", "big", nil); err == nil || !strings.Contains(err.Error(), `over the limit of 1 MiB (the entry's "maxMessageBytes")`) {
		t.Errorf("CallTool(big) over the entry's limit = %v", err)
	}
}

func TestOversizedHTTPReply(t *testing.T) {
	t.Parallel()
	srv := liveServer("web")
	srv.AddTool(mcp.NewTool("big"), textResult(strings.Repeat("a", 2<<20)))
	sse := server.NewSSEServer(srv)
	sseTS := httptest.NewServer(sse)
	server.WithBaseURL(sseTS.URL)(sse)
	t.Cleanup(sseTS.Close)
	httpTS := httptest.NewServer(server.NewStreamableHTTPServer(srv))
	t.Cleanup(httpTS.Close)

	m := startManager(t, Config{Servers: []ServerConfig{
		{Name: "http", Type: "http", URL: httpTS.URL + "/mcp"},
		{Name: "sse", Type: "sse", URL: sseTS.URL + "/sse"},
	}}, WithMaxMessageBytes(1<<20), WithBackoff(time.Hour, time.Hour))
	for _, name := range []string{"http", "sse"} {
		_, err := m.CallTool(context.Background(), name, "big", nil)
		if !errors.Is(err, ErrUnavailable) || !strings.Contains(err.Error(), "message over the limit of 1 MiB") {
			t.Errorf("%s: CallTool(big) = %v, want ErrUnavailable naming the limit", name, err)
		}
		if res, err := m.CallTool(context.Background(), name, "first", nil); err != nil || res.Text != "first" {
			t.Errorf("%s: CallTool(first) after = %v", name, err)
		}
	}
}

// TestHTTPRepliesUpToTheLimit: a reply over mcp-go's own default bound
// (32 MiB) but within mcpeek's (64 MiB) arrives whole, over streamable HTTP
// and SSE alike: mcpeek's limit is the one that holds.
func TestHTTPRepliesUpToTheLimit(t *testing.T) {
	t.Parallel()
	big := strings.Repeat("a", 33<<20)
	srv := liveServer("web")
	srv.AddTool(mcp.NewTool("big"), textResult(big))
	sse := server.NewSSEServer(srv)
	sseTS := httptest.NewServer(sse)
	server.WithBaseURL(sseTS.URL)(sse)
	t.Cleanup(sseTS.Close)
	httpTS := httptest.NewServer(server.NewStreamableHTTPServer(srv))
	t.Cleanup(httpTS.Close)

	m := startManager(t, Config{Servers: []ServerConfig{
		{Name: "http", Type: "http", URL: httpTS.URL + "/mcp"},
		{Name: "sse", Type: "sse", URL: sseTS.URL + "/sse"},
	}}, WithBackoff(time.Hour, time.Hour))
	for _, name := range []string{"http", "sse"} {
		res, err := m.CallTool(context.Background(), name, "big", nil)
		if err != nil {
			t.Errorf("%s: CallTool(big) = %v, want the 33 MiB reply", name, err)
		} else if len(res.Text) != len(big) {
			t.Errorf("%s: CallTool(big) = %d bytes of text, want %d", name, len(res.Text), len(big))
		}
	}
}

func TestServerThatStopsReadingKeepsCallsToTheirDeadline(t *testing.T) {
	t.Parallel()
	m := startManager(t, Config{Servers: []ServerConfig{helperConfig("h", "basic")}},
		WithCallTimeout(time.Second), WithStopGrace(100*time.Millisecond), WithBackoff(time.Hour, time.Hour))
	// "deaf" never answers and the server reads nothing more: requests
	// larger than the pipe's buffer cannot be written.
	deaf := make(chan error, 1)
	go func() {
		_, err := m.CallTool(context.Background(), "h", "deaf", nil)
		deaf <- err
	}()
	// The big requests go after "deaf" has reached the server: one read
	// before it would end the server (its reader takes lines of 1 MiB).
	for deadline := time.Now().Add(waitLimit); ; time.Sleep(5 * time.Millisecond) {
		if s, _ := m.Server("h"); slices.Contains(s.Stderr, "deaf from now on") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the server never went deaf")
		}
	}
	big := json.RawMessage(`{"text":"` + strings.Repeat("a", 1<<20) + `"}`)
	for range 2 {
		done := make(chan error, 1)
		go func() {
			_, err := m.CallTool(context.Background(), "h", "echo", big)
			done <- err
		}()
		select {
		case err := <-done:
			if !errors.Is(err, context.DeadlineExceeded) {
				t.Fatalf("CallTool = %v, want its deadline exceeded", err)
			}
		case <-time.After(waitLimit):
			t.Fatalf("CallTool blocked for %s past its deadline of 1s", waitLimit)
		}
	}
	if err := <-deaf; !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("CallTool(deaf) = %v", err)
	}
}

func TestStdinQueue(t *testing.T) {
	t.Parallel()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	q := newStdinQueue(w, 10)
	// One message larger than the backlog is taken when nothing waits,
	// and nothing more until it has been written.
	big := strings.Repeat("x", 1<<20)
	if _, err := q.Write([]byte(big)); err != nil {
		t.Fatalf("Write(big): %v", err)
	}
	if _, err := q.Write([]byte("more\n")); !errors.Is(err, errNotReading) {
		t.Errorf("Write over the backlog = %v, want errNotReading", err)
	}
	if _, err := io.ReadFull(r, make([]byte, len(big))); err != nil {
		t.Fatal(err)
	}
	// Once it has been read (and the feeder has seen so), writes are taken
	// again, in order.
	writeSoon := func(b string) {
		t.Helper()
		deadline := time.Now().Add(waitLimit)
		for _, err := q.Write([]byte(b)); err != nil; _, err = q.Write([]byte(b)) {
			if time.Now().After(deadline) {
				t.Fatalf("Write after the backlog was read: %v", err)
			}
			time.Sleep(time.Millisecond)
		}
	}
	writeSoon("one\n")
	if _, err := q.Write([]byte("two\n")); err != nil {
		t.Fatal(err)
	}
	got := make([]byte, 8)
	if _, err := io.ReadFull(r, got); err != nil || string(got) != "one\ntwo\n" {
		t.Errorf("read %q, %v", got, err)
	}
	// Close ends a write under way at once.
	writeSoon(big)
	q.Close()
	select {
	case <-q.Fed():
	case <-time.After(waitLimit):
		t.Fatal("the feeding goroutine outlived Close")
	}
	if _, err := q.Write([]byte("late\n")); err == nil {
		t.Error("Write after Close succeeded")
	}
}

// TestStdinQueueWritesAtOnce: a message that finds nothing waiting before
// it is in the pipe when Write returns, written by the caller (no copy for
// the feeding goroutine, no switch to it); what the pipe cannot take at
// once waits for the feeder, in order. Not parallel: it counts
// allocations, which testing.AllocsPerRun does process-wide.
func TestStdinQueueWritesAtOnce(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	q := newStdinQueue(w, 1<<20)
	defer q.Close()
	msg := []byte(`{"jsonrpc":"2.0","id":1,"method":"ping"}` + "\n")
	if allocs := testing.AllocsPerRun(20, func() {
		if _, err := q.Write(msg); err != nil {
			t.Fatal(err)
		}
	}); allocs != 0 {
		t.Errorf("Write with nothing waiting allocates %.0f times: it queued a copy for the feeder", allocs)
	}
	got := make([]byte, 21*len(msg))
	if _, err := io.ReadFull(r, got); err != nil || !bytes.Equal(got, bytes.Repeat(msg, 21)) {
		t.Fatalf("read %q, %v", got, err)
	}
	// More than the pipe holds: the head goes at once, the rest after it.
	big := bytes.Repeat([]byte("y"), 1<<19)
	if _, err := q.Write(big); err != nil {
		t.Fatal(err)
	}
	if _, err := q.Write(msg); err != nil {
		t.Fatal(err)
	}
	got = make([]byte, len(big)+len(msg))
	if _, err := io.ReadFull(r, got); err != nil || !bytes.Equal(got, append(big, msg...)) {
		t.Fatalf("read %d bytes out of order, %v", len(got), err)
	}
}
