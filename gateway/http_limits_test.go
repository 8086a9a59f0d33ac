package gateway

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"
)

// dialGateway opens a raw connection to the gateway at endpoint.
func dialGateway(t *testing.T, endpoint string) net.Conn {
	t.Helper()
	u, err := url.Parse(endpoint)
	if err != nil {
		t.Fatal(err)
	}
	conn, err := net.Dial("tcp", u.Host)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn
}

// rawRequest is an HTTP/1.1 request to /mcp, body included.
func rawRequest(body string, headers ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: %d\r\n", len(body))
	for _, h := range headers {
		b.WriteString(h + "\r\n")
	}
	b.WriteString("\r\n" + body)
	return b.String()
}

// closedWithin reads conn until the gateway closes it, and fails when that
// takes longer than limit.
func closedWithin(t *testing.T, conn net.Conn, limit time.Duration) {
	t.Helper()
	start := time.Now()
	conn.SetReadDeadline(start.Add(limit))
	_, err := io.Copy(io.Discard, conn)
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		t.Fatalf("the connection was still open after %s", limit)
	}
}

// TestHTTPSlowBodyIsCut: a body sent one byte at a time is cut at the body
// timeout, whether the request would be served or refused (no token).
func TestHTTPSlowBodyIsCut(t *testing.T) {
	t.Parallel()
	for _, token := range []string{"", "t0ken"} {
		t.Run("token="+token, func(t *testing.T) {
			h := newHarness(t, harnessConfig{noDemo: true, opts: Options{HTTP: HTTPOptions{Token: token,
				Timeouts: HTTPTimeouts{Body: 300 * time.Millisecond}}}})
			conn := dialGateway(t, serveHTTP(t, h.g))
			fmt.Fprintf(conn, "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{")
			stop := make(chan struct{})
			defer close(stop)
			go func() {
				tick := time.NewTicker(50 * time.Millisecond)
				defer tick.Stop()
				for {
					select {
					case <-stop:
						return
					case <-tick.C:
						if _, err := conn.Write([]byte(" ")); err != nil {
							return
						}
					}
				}
			}()
			closedWithin(t, conn, 3*time.Second)
		})
	}
}

// TestHTTPIdleConnectionIsClosed: a kept-alive connection is closed after
// the idle timeout, after an answered request and after a refused one.
func TestHTTPIdleConnectionIsClosed(t *testing.T) {
	t.Parallel()
	for _, token := range []string{"", "t0ken"} {
		t.Run("token="+token, func(t *testing.T) {
			h := newHarness(t, harnessConfig{noDemo: true, opts: Options{HTTP: HTTPOptions{Token: token,
				Timeouts: HTTPTimeouts{Idle: 300 * time.Millisecond}}}})
			conn := dialGateway(t, serveHTTP(t, h.g))
			io.WriteString(conn, rawRequest(initializeBody))
			br := bufio.NewReader(conn)
			res, err := http.ReadResponse(br, nil)
			if err != nil {
				t.Fatal(err)
			}
			io.Copy(io.Discard, res.Body)
			want := http.StatusOK
			if token != "" {
				want = http.StatusUnauthorized
			}
			if res.StatusCode != want || res.Close {
				t.Fatalf("%d (close %v), want %d on a kept-alive connection", res.StatusCode, res.Close, want)
			}
			closedWithin(t, conn, 3*time.Second)
		})
	}
}

// closeWatch is a listener that reports the remote address of each
// connection the server closes.
type closeWatch struct {
	net.Listener
	closed chan string
}

func (l closeWatch) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &watchedConn{Conn: c, closed: l.closed}, nil
}

type watchedConn struct {
	net.Conn
	once   sync.Once
	closed chan string
}

func (c *watchedConn) Close() error {
	c.once.Do(func() { c.closed <- c.RemoteAddr().String() })
	return c.Conn.Close()
}

// TestHTTPStalledReaderIsCut: a client that stops reading a large answer
// is cut at the write timeout.
func TestHTTPStalledReaderIsCut(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{noDemo: true, opts: Options{HTTP: HTTPOptions{Timeouts: HTTPTimeouts{Write: 300 * time.Millisecond}}}})
	ln, err := h.g.Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := make(chan string, 16)
	ctx, stop := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- h.g.ServeListener(ctx, closeWatch{ln, closed}) }()
	defer func() { stop(); <-served }()
	endpoint := h.g.URL(ln)
	s := openRawSession(t, endpoint)
	conn := dialGateway(t, endpoint)
	io.WriteString(conn, rawRequest(s.callBody(toolExec, map[string]any{"op": "test.big", "args": map[string]any{"bytes": 8 << 20}}),
		"Mcp-Session-Id: "+s.id, "Mcp-Protocol-Version: 2025-06-18"))
	// Nobody reads the answer: it is written until the buffers are full,
	// then the write stalls.
	// Other connections may close first: the session's own, opened by
	// openRawSession, is idle and may be timed out while the answer is
	// still being made.
	// A guard against a hang, not a timing: under -race on a busy
	// machine the 8 MiB answer alone takes over 20 s to make.
	guard := time.After(90 * time.Second)
	for stalled := false; !stalled; {
		select {
		case addr := <-closed:
			stalled = addr == conn.LocalAddr().String()
		case <-guard:
			t.Fatal("a client that read nothing for 90 s still holds its connection")
		}
	}
	conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err == nil {
		_, err = io.Copy(io.Discard, res.Body)
	}
	if err == nil {
		t.Fatal("the stalled client still got the whole answer")
	}
}

// TestHTTPStreamOutlivesTimeouts: a GET stream lasts longer than the
// body, write and idle timeouts, and still delivers notifications.
func TestHTTPStreamOutlivesTimeouts(t *testing.T) {
	t.Parallel()
	const short = 100 * time.Millisecond
	h := newHarness(t, harnessConfig{noDemo: true, opts: Options{HTTP: HTTPOptions{Timeouts: HTTPTimeouts{Body: short, Write: short, Idle: short}}}})
	endpoint := serveHTTP(t, h.g)
	s := openRawSession(t, endpoint)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, endpoint, nil)
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("Mcp-Session-Id", s.id)
	req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET stream: %d", res.StatusCode)
	}
	time.Sleep(3 * short) // past each timeout, with room to spare
	h.g.MCPServer().SendNotificationToAllClients("notifications/message", map[string]any{"level": "info", "data": "still here"})
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(res.Body)
		for sc.Scan() {
			if strings.Contains(sc.Text(), "still here") {
				lines <- sc.Text()
				return
			}
		}
		close(lines)
	}()
	select {
	case _, ok := <-lines:
		if !ok {
			t.Fatal("the stream ended before the notification")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no notification on the stream")
	}
}

// TestHTTPConnectionCap: beyond MaxConns, a connection waits until another
// one closes.
func TestHTTPConnectionCap(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{noDemo: true, opts: Options{HTTP: HTTPOptions{MaxConns: 2}}})
	endpoint := serveHTTP(t, h.g)
	// Two requests whose bodies never come, each read up to the "100
	// Continue" its handler sends when it starts reading the body: both
	// connections are serving, so neither makes room.
	var held []net.Conn
	for range 2 {
		c := dialGateway(t, endpoint)
		io.WriteString(c, strings.TrimSuffix(rawRequest(initializeBody, "Expect: 100-continue"), initializeBody))
		c.SetReadDeadline(time.Now().Add(5 * time.Second))
		if line, err := bufio.NewReader(c).ReadString('\n'); err != nil || !strings.Contains(line, "100 Continue") {
			t.Fatalf("held request: %q, %v; want 100 Continue", line, err)
		}
		held = append(held, c)
	}
	try := func(timeout time.Duration) error {
		c := &http.Client{Timeout: timeout, Transport: &http.Transport{DisableKeepAlives: true}}
		res, err := c.Post(endpoint, "application/json", strings.NewReader(initializeBody))
		if err == nil {
			res.Body.Close()
		}
		return err
	}
	if err := try(500 * time.Millisecond); err == nil {
		t.Fatal("a third connection was served while two requests were in progress")
	}
	held[0].Close()
	if err := try(5 * time.Second); err != nil {
		t.Fatalf("after one closed: %v", err)
	}
}

// TestHTTPHalfOpenConnectionsMakeRoom: connections that never finish their
// headers, more than the cap, do not keep a real client out until the
// header timeout (a minute here): the oldest of them are closed to make
// room, while they are still open.
func TestHTTPHalfOpenConnectionsMakeRoom(t *testing.T) {
	t.Parallel()
	const maxConns = 8
	h := newHarness(t, harnessConfig{noDemo: true, opts: Options{HTTP: HTTPOptions{MaxConns: maxConns, Timeouts: HTTPTimeouts{Header: time.Minute}}}})
	endpoint := serveHTTP(t, h.g)
	var halfOpen []net.Conn
	for range maxConns + 4 {
		c := dialGateway(t, endpoint)
		io.WriteString(c, "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n")
		halfOpen = append(halfOpen, c)
	}
	c := &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
	res, err := c.Post(endpoint, "application/json", strings.NewReader(initializeBody))
	if err != nil {
		t.Fatalf("a client behind %d half-open connections: %v", len(halfOpen), err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("status %d", res.StatusCode)
	}
	// The newest half-open connection is still open: the header timeout
	// has not passed, room was made.
	last := halfOpen[len(halfOpen)-1]
	last.SetReadDeadline(time.Now().Add(100 * time.Millisecond))
	var ne net.Error
	if _, err := last.Read(make([]byte, 1)); !errors.As(err, &ne) || !ne.Timeout() {
		t.Errorf("the newest half-open connection: %v, want it still open", err)
	}
}

// TestHTTPLargeBodiesAreBounded: with room for two large bodies in
// flight, a third waits BodyWait and is refused with 503 and Retry-After;
// a small request still passes.
func TestHTTPLargeBodiesAreBounded(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{noDemo: true, opts: Options{HTTP: HTTPOptions{
		MaxBodyBytes: 256 << 10, MaxBodyBytesInFlight: 512 << 10, BodyWait: 300 * time.Millisecond}}})
	s := openRawSession(t, serveHTTP(t, h.g))
	// Large (over 64 KiB), and two fit in flight, not three; no larger, so
	// that a busy machine reads them quickly. Each has its own request id.
	args := map[string]any{"op": "test.gate", "args": map[string]any{"pad": strings.Repeat("x", 200_000)}}
	type answer struct {
		code  int
		retry string
		err   error
	}
	answers := make(chan answer, 3)
	var wg sync.WaitGroup
	for range 3 {
		wg.Go(func() {
			res, _, err := s.send(http.MethodPost, s.callBody(toolExec, args), nil)
			if err != nil {
				answers <- answer{err: err}
				return
			}
			answers <- answer{code: res.StatusCode, retry: res.Header.Get("Retry-After")}
		})
	}
	var refused answer
	select {
	case refused = <-answers:
	case <-time.After(waitLimit):
		t.Fatalf("no call was refused; %d ran at once", h.ts.inFlight.Load())
	}
	if refused.err != nil || refused.code != http.StatusServiceUnavailable || refused.retry == "" {
		t.Fatalf("the third: %+v", refused)
	}
	eventually(t, "two calls in flight", func() bool { return h.ts.inFlight.Load() == 2 })
	if res, b := s.do(http.MethodPost, toolsListBody, nil); res.StatusCode != http.StatusOK {
		t.Errorf("a small request while the budget is full: %d %s", res.StatusCode, b)
	}
	close(h.ts.release)
	wg.Wait()
	close(answers)
	for a := range answers {
		if a.err != nil || a.code != http.StatusOK {
			t.Errorf("%+v", a)
		}
	}
}
