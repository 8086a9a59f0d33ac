package gateway

import (
	"bytes"
	"context"
	"crypto/subtle"
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

	"github.com/mark3labs/mcp-go/server"
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
}

func (o HTTPOptions) withDefaults() HTTPOptions {
	if o.MaxBodyBytes <= 0 {
		o.MaxBodyBytes = DefaultMaxBodyBytes
	}
	if o.Path == "" {
		o.Path = "/mcp"
	}
	return o
}

// newHTTPHandler is mcp-go's streamable HTTP server (both protocol eras:
// the session era and the stateless 2026-07-28 core, decided per request,
// with its Host check against DNS rebinding) behind the gateway's Origin,
// token and body checks.
func (g *Gateway) newHTTPHandler() http.Handler {
	st := server.NewStreamableHTTPServer(g.srv, server.WithEndpointPath(g.opts.HTTP.Path))
	g.stream = st
	mux := http.NewServeMux()
	mux.Handle(g.opts.HTTP.Path, st)
	return g.guard(mux)
}

// ServeHTTP serves the MCP endpoint (Path) with the gateway's checks:
// a foreign Origin gets 403, a missing or wrong token 401, an oversized
// body 413.
func (g *Gateway) ServeHTTP(w http.ResponseWriter, r *http.Request) { g.http.ServeHTTP(w, r) }

func (g *Gateway) guard(next http.Handler) http.Handler {
	o := g.opts.HTTP
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if origin := r.Header.Get("Origin"); origin != "" && !originAllowed(origin, o.AllowedOrigins) {
			http.Error(w, "Forbidden: origin not allowed", http.StatusForbidden)
			return
		}
		if o.Token != "" && !tokenMatches(r.Header.Get("Authorization"), o.Token) {
			w.Header().Set("WWW-Authenticate", `Bearer realm="mcpeek-gateway"`)
			http.Error(w, "Unauthorized: a bearer token is required", http.StatusUnauthorized)
			return
		}
		if r.Body != nil && r.Method == http.MethodPost {
			if r.ContentLength > o.MaxBodyBytes {
				http.Error(w, fmt.Sprintf("Request body too large (limit %d bytes)", o.MaxBodyBytes), http.StatusRequestEntityTooLarge)
				return
			}
			body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, o.MaxBodyBytes))
			var tooBig *http.MaxBytesError
			switch {
			case errors.As(err, &tooBig):
				http.Error(w, fmt.Sprintf("Request body too large (limit %d bytes)", o.MaxBodyBytes), http.StatusRequestEntityTooLarge)
				return
			case err != nil:
				http.Error(w, "Bad request: reading the body: "+err.Error(), http.StatusBadRequest)
				return
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
		}
		next.ServeHTTP(w, r)
	})
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
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, fmt.Errorf("gateway address %q: %w", addr, err)
	}
	if !isLoopbackHost(host) && g.opts.HTTP.Token == "" {
		return nil, fmt.Errorf("refusing to listen on %q without a token: without one only loopback addresses (127.0.0.1, ::1, localhost) are served", addr)
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

// ServeListener serves HTTP on ln until ctx ends or the gateway closes, then
// shuts down gracefully (open streams are ended) and returns nil.
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
	srv := &http.Server{Handler: g, ReadHeaderTimeout: 10 * time.Second}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("gateway: serve: %w", err)
	case <-ctx.Done():
	case <-g.life.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	g.stream.CloseSessions(sctx)
	if err := srv.Shutdown(sctx); err != nil {
		srv.Close()
	}
	<-errc
	return nil
}
