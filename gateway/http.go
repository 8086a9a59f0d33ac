package gateway

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"golang.org/x/sync/semaphore"
)

// DefaultMaxBodyBytes caps an HTTP request body (4 MiB).
const DefaultMaxBodyBytes = 4 << 20

// shutdownGrace bounds a graceful HTTP shutdown before connections are cut.
const shutdownGrace = 5 * time.Second

// HTTPOptions configure streamable HTTP serving.
type HTTPOptions struct {
	// Token, when set, is required as "Authorization: Bearer <Token>".
	// It is what allows listening on a non-loopback address.
	Token string
	// AllowedOrigins are origins ("https://app.example") allowed besides
	// loopback ones. A request whose Origin is neither gets 403.
	AllowedOrigins []string
	// MaxBodyBytes caps request bodies (default DefaultMaxBodyBytes); a
	// larger one gets 413.
	MaxBodyBytes int64
	// Path is the MCP endpoint (default "/mcp").
	Path string
	// MaxBodyBytesInFlight bounds the bytes of large bodies (over 64 KiB)
	// held at once (default DefaultMaxBodyBytesInFlight; never less than
	// MaxBodyBytes). A request that finds no room waits up to BodyWait,
	// then gets 503 with Retry-After.
	MaxBodyBytesInFlight int64
	// BodyWait is how long a large body waits for room (default
	// DefaultBodyWait).
	BodyWait time.Duration
	// MaxConns bounds the connections served at once (default
	// DefaultMaxConns); further ones wait to be accepted.
	MaxConns int
	// MaxSessions bounds the live sessions of the session era (default
	// DefaultMaxSessions): a new one beyond it ends the least recently
	// used session that has no open stream.
	MaxSessions int
	// SessionIdle ends a session unused for this long (default
	// DefaultSessionIdle).
	SessionIdle time.Duration
	// Timeouts bound the reading and writing of each connection.
	Timeouts HTTPTimeouts
}

// HTTPTimeouts bound how long a client may take; zero fields take the
// defaults.
type HTTPTimeouts struct {
	// Header bounds reading a request's headers (default 10 s).
	Header time.Duration
	// Body bounds reading a request's body, from the end of its headers
	// (default 30 s).
	Body time.Duration
	// Write bounds each write of an answer (default 30 s): a stream may
	// last as long as it is read, but no write may stall for longer.
	Write time.Duration
	// Idle bounds the wait for the next request on a kept-alive
	// connection (default 60 s).
	Idle time.Duration
}

// The defaults of HTTPOptions.
const (
	DefaultMaxBodyBytesInFlight = 32 << 20
	DefaultBodyWait             = 5 * time.Second
	DefaultMaxConns             = 256
	DefaultMaxSessions          = 1000
	DefaultSessionIdle          = 30 * time.Minute
)

func (o HTTPOptions) withDefaults() HTTPOptions {
	if o.MaxBodyBytes <= 0 {
		o.MaxBodyBytes = DefaultMaxBodyBytes
	}
	if o.Path == "" {
		o.Path = "/mcp"
	}
	if o.MaxBodyBytesInFlight <= 0 {
		o.MaxBodyBytesInFlight = DefaultMaxBodyBytesInFlight
	}
	o.MaxBodyBytesInFlight = max(o.MaxBodyBytesInFlight, o.MaxBodyBytes)
	if o.BodyWait <= 0 {
		o.BodyWait = DefaultBodyWait
	}
	if o.MaxConns <= 0 {
		o.MaxConns = DefaultMaxConns
	}
	if o.MaxSessions <= 0 {
		o.MaxSessions = DefaultMaxSessions
	}
	if o.SessionIdle <= 0 {
		o.SessionIdle = DefaultSessionIdle
	}
	t := &o.Timeouts
	orDefault(&t.Header, 10*time.Second)
	orDefault(&t.Body, 30*time.Second)
	orDefault(&t.Write, 30*time.Second)
	orDefault(&t.Idle, 60*time.Second)
	return o
}

func orDefault(d *time.Duration, dflt time.Duration) {
	if *d <= 0 {
		*d = dflt
	}
}

// smallBody is the size up to which a body does not count against
// MaxBodyBytesInFlight: the connection cap bounds those.
const smallBody = 64 << 10

// maxHeaderBytes caps a request's headers.
const maxHeaderBytes = 64 << 10

// newHTTPHandler is mcp-go's streamable HTTP server (both protocol eras:
// the session era and the stateless 2026-07-28 core, decided per request)
// behind the gateway's checks. The gateway issues and tracks the session
// ids itself (mcp-go's default accepts any well-formed one), reads each
// body once and hands it to mcp-go's Handle, which would otherwise read it
// again.
func (g *Gateway) newHTTPHandler() http.Handler {
	o := g.opts.HTTP
	g.sessions = newSessionBook(o.MaxSessions, o.SessionIdle, g.opts.now, g.endSession)
	g.stream = server.NewStreamableHTTPServer(g.srv, server.WithEndpointPath(o.Path), server.WithSessionIdManager(g.sessions))
	g.bodies = semaphore.NewWeighted(o.MaxBodyBytesInFlight)
	mux := http.NewServeMux()
	mux.HandleFunc(o.Path, g.serveMCP)
	return g.guard(mux)
}

// ServeHTTP serves the MCP endpoint (Path) with the gateway's checks: a
// foreign Origin or Host gets 403, a missing or wrong token 401, a body
// that is too large 413, or too slow 408; no room for a large body 503;
// the session rules 400, 404 and 405 (see serveMCP).
func (g *Gateway) ServeHTTP(w http.ResponseWriter, r *http.Request) { g.http.ServeHTTP(w, r) }

// guard runs the checks every request passes, whatever its path. It first
// bounds the time the body may take to arrive (until the body is read, so
// also for a request that is refused: net/http reads what is left of a
// small body before it answers) and the time each write may stall.
func (g *Gateway) guard(next http.Handler) http.Handler {
	o := g.opts.HTTP
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rc := http.NewResponseController(w)
		_ = rc.SetReadDeadline(time.Now().Add(o.Timeouts.Body))
		w = newAnswerWriter(w, o.Timeouts.Write)
		if origin := r.Header.Get("Origin"); origin != "" && !originAllowed(origin, o.AllowedOrigins) {
			http.Error(w, "Forbidden: origin not allowed", http.StatusForbidden)
			return
		}
		// mcp-go's check against DNS rebinding lives in its ServeHTTP,
		// which the gateway does not use: a loopback listener answers
		// only a loopback Host.
		if local, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr); ok && isLoopbackHost(hostOf(local.String())) && !isLoopbackHost(hostOf(r.Host)) {
			http.Error(w, fmt.Sprintf("Forbidden: invalid Host header %q", r.Host), http.StatusForbidden)
			return
		}
		if o.Token != "" && !tokenMatches(r.Header.Get("Authorization"), o.Token) {
			w.Header().Set("WWW-Authenticate", `Bearer realm="mcpeek-gateway"`)
			http.Error(w, "Unauthorized: a bearer token is required", http.StatusUnauthorized)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// allowedMethods are the MCP endpoint's methods (HEAD answers 200, as
// mcp-go does, for probes).
const allowedMethods = "GET, HEAD, POST, DELETE"

// serveMCP serves the MCP endpoint. Before mcp-go sees a request it reads
// a POST body within the body budget, and applies the session era's rules
// that mcp-go leaves out (a 2026-07-28 request, which has no session, is
// left to mcp-go):
//
//   - a method other than GET, HEAD, POST, DELETE: 405 with Allow;
//   - a POST without Mcp-Session-Id other than initialize: 400;
//   - a GET or DELETE without one: 400; with one the gateway did not
//     issue, or whose session ended: 404 (mcp-go answers a POST's the
//     same, asking the gateway's session book).
//
// A GET stream keeps its session from ending while it is open.
func (g *Gateway) serveMCP(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodDelete:
	default:
		w.Header().Set("Allow", allowedMethods)
		http.Error(w, fmt.Sprintf("Method not allowed: the MCP endpoint answers %s", allowedMethods), http.StatusMethodNotAllowed)
		return
	}
	var body []byte
	if r.Method == http.MethodPost {
		var release func()
		var ok bool
		if body, release, ok = g.readBody(w, r); !ok {
			return
		}
		defer release()
	}
	// The body is in: from now on a request may last as long as its call
	// or its stream.
	_ = http.NewResponseController(w).SetReadDeadline(time.Time{})

	id := r.Header.Get(server.HeaderKeySessionID)
	sessionEra := !mcp.IsModernProtocol(r.Header.Get(mcp.HeaderProtocolVersion))
	switch {
	case !sessionEra || r.Method == http.MethodHead:
	case id == "" && (r.Method != http.MethodPost || needsSession(body)):
		http.Error(w, "Bad request: Mcp-Session-Id is required; initialize first to get one", http.StatusBadRequest)
		return
	case id != "" && r.Method != http.MethodPost && !g.sessions.known(id):
		http.Error(w, "Not found: no such session (it was never issued, or it ended); initialize a new one", http.StatusNotFound)
		return
	case r.Method == http.MethodGet:
		defer g.sessions.streaming(id)()
	case r.Method == http.MethodDelete:
		g.sessions.deleted(id)
	}
	aw, ok := w.(*answerWriter) // from guard
	if !ok {
		aw = newAnswerWriter(w, g.opts.HTTP.Timeouts.Write)
	}
	g.stream.Handle(aw, &server.HTTPRequest{Method: r.Method, URL: r.URL, Header: r.Header, Body: body, Context: r.Context()})
}

// needsSession reports whether a POST body sent without a session id is
// refused: in the session era, everything but initialize needs one. A
// body that is not JSON is left to mcp-go, which answers a parse error.
func needsSession(body []byte) bool {
	var m struct {
		Method string `json:"method"`
		Params struct {
			Meta *mcp.Meta `json:"_meta"`
		} `json:"params"`
	}
	if json.Unmarshal(body, &m) != nil {
		return false
	}
	return m.Method != string(mcp.MethodInitialize) && !mcp.IsModernProtocol(m.Params.Meta.ProtocolVersion())
}

// readBody reads a POST body whole, into one buffer of its size. A body of
// more than smallBody bytes first takes its size from the budget of bodies
// in flight (a body of unannounced length takes the most it may be, and
// gives back the rest once read), waiting up to BodyWait for room; release
// gives it back. On failure readBody answers the request itself.
func (g *Gateway) readBody(w http.ResponseWriter, r *http.Request) (body []byte, release func(), ok bool) {
	o := g.opts.HTTP
	tooLarge := func() {
		http.Error(w, fmt.Sprintf("Request body too large (limit %d bytes)", o.MaxBodyBytes), http.StatusRequestEntityTooLarge)
	}
	if r.ContentLength > o.MaxBodyBytes {
		tooLarge()
		return nil, nil, false
	}
	var held int64
	release = func() { g.bodies.Release(held) }
	take := func(n int64) bool {
		ctx, cancel := context.WithTimeout(r.Context(), o.BodyWait)
		defer cancel()
		if err := g.bodies.Acquire(ctx, n); err != nil {
			w.Header().Set("Retry-After", "1")
			http.Error(w, "Service unavailable: too many large requests at once; retry shortly", http.StatusServiceUnavailable)
			return false
		}
		held = n
		return true
	}
	in := http.MaxBytesReader(w, r.Body, o.MaxBodyBytes)
	var err error
	if n := r.ContentLength; n >= 0 {
		if n > smallBody && !take(n) {
			return nil, nil, false
		}
		body = make([]byte, n)
		_, err = io.ReadFull(in, body)
	} else {
		body, err = io.ReadAll(io.LimitReader(in, smallBody+1))
		if err == nil && len(body) > smallBody {
			if !take(o.MaxBodyBytes) {
				return nil, nil, false
			}
			var rest []byte
			rest, err = io.ReadAll(in)
			body = append(body, rest...)
			g.bodies.Release(held - int64(len(body)))
			held = int64(len(body))
		}
	}
	var tooBig *http.MaxBytesError
	var ne net.Error
	switch {
	case err == nil:
		return body, release, true
	case errors.As(err, &tooBig):
		tooLarge()
	case errors.As(err, &ne) && ne.Timeout():
		http.Error(w, fmt.Sprintf("Request timeout: the body did not arrive within %s", o.Timeouts.Body), http.StatusRequestTimeout)
	default:
		http.Error(w, "Bad request: reading the body: "+err.Error(), http.StatusBadRequest)
	}
	release()
	return nil, nil, false
}

// tokenMatches reports whether an Authorization header carries token: the
// scheme "Bearer" in any case (auth schemes are case-insensitive, RFC
// 7235), spaces, then the token, compared in constant time.
func tokenMatches(header, token string) bool {
	scheme, got, ok := strings.Cut(header, " ")
	return ok && strings.EqualFold(scheme, "Bearer") &&
		subtle.ConstantTimeCompare([]byte(strings.TrimSpace(got)), []byte(token)) == 1
}

// CheckToken refuses a bearer token that no request could carry as it is:
// a blank one, one that starts or ends with white space (a header value is
// trimmed), or one holding a control character. "" means no token. The
// error never repeats the token.
func CheckToken(token string) error {
	switch {
	case token == "":
		return nil
	case strings.TrimSpace(token) == "":
		return errors.New("the token is blank")
	case strings.TrimSpace(token) != token:
		return errors.New("the token starts or ends with white space")
	case strings.ContainsFunc(token, unicode.IsControl):
		return errors.New("the token holds a control character")
	}
	return nil
}

// originAllowed accepts loopback origins (http or https, any port) and the
// allow-listed ones.
func originAllowed(origin string, allowed []string) bool {
	if slices.Contains(allowed, strings.TrimSuffix(origin, "/")) {
		return true
	}
	u, err := url.Parse(origin)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		return false
	}
	return isLoopbackHost(u.Hostname())
}

// hostOf is the host of "host:port", or hostport itself when it has no port.
func hostOf(hostport string) string {
	if host, _, err := net.SplitHostPort(hostport); err == nil {
		return host
	}
	return hostport
}

func isLoopbackHost(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip, err := netip.ParseAddr(strings.Trim(host, "[]"))
	return err == nil && ip.IsLoopback()
}

// Listen opens addr for ServeListener. Without a token only loopback
// addresses are allowed ("127.0.0.1:0", "localhost:8080", "[::1]:9000").
func (g *Gateway) Listen(addr string) (net.Listener, error) {
	if err := CheckAddr(addr, g.opts.HTTP.Token); err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("gateway: listen: %w", err)
	}
	return ln, nil
}

// URL is the MCP endpoint's URL on ln.
func (g *Gateway) URL(ln net.Listener) string {
	return "http://" + ln.Addr().String() + g.opts.HTTP.Path
}

// ServeListener serves HTTP on ln until ctx ends or the gateway closes. It
// serves at most MaxConns connections at once, with the Timeouts; a new
// connection beyond them closes the oldest that is not serving a request.
// When it
// stops it serves no new request, answers the calls in flight UNAVAILABLE
// ("the gateway is shutting down") and writes those answers, ends the
// streams, then closes the connections (cutting any still busy after 5 s),
// and returns nil.
func (g *Gateway) ServeListener(ctx context.Context, ln net.Listener) error {
	// A Close racing this call either comes first (ErrClosed) or waits for
	// this server: never a wg.Add during Close's Wait.
	g.lifeMu.Lock()
	if g.life.Err() != nil {
		g.lifeMu.Unlock()
		ln.Close()
		return ErrClosed
	}
	g.wg.Add(1)
	g.lifeMu.Unlock()
	defer g.wg.Done()
	o := g.opts.HTTP
	drain, stopCalls := context.WithCancel(context.Background())
	defer stopCalls()
	limited := newLimitListener(ln, o.MaxConns)
	srv := &http.Server{
		Handler:           limited.serving(g),
		ReadHeaderTimeout: o.Timeouts.Header,
		IdleTimeout:       o.Timeouts.Idle,
		MaxHeaderBytes:    maxHeaderBytes,
		BaseContext:       func(net.Listener) context.Context { return context.WithValue(context.Background(), drainKey{}, drain) },
		ConnContext:       limited.connContext,
		ConnState:         limited.connState,
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(limited) }()
	select {
	case err := <-errc:
		return fmt.Errorf("gateway: serve: %w", err)
	case <-ctx.Done():
	case <-g.life.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	shut := make(chan error, 1)
	go func() { shut <- srv.Shutdown(sctx) }()
	stopCalls()
	g.stream.CloseSessions(sctx)
	if err := <-shut; err != nil {
		srv.Close()
	}
	<-errc
	return nil
}

// drainKey keys, in a request's context, a context that ends when the
// server carrying the request stops: its calls in flight then end and
// answer.
type drainKey struct{}

// stopping reports whether a call on ctx must end because the gateway, or
// the server carrying the call, is shutting down.
func (g *Gateway) stopping(ctx context.Context) bool {
	if g.life.Err() != nil {
		return true
	}
	drain, _ := ctx.Value(drainKey{}).(context.Context)
	return drain != nil && drain.Err() != nil
}
