package mcpclient

import (
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/server"

	"mcpeek/internal/origin"
	"mcpeek/mcpclient/oauth"
	"mcpeek/mcpclient/secretmask"
	"mcpeek/model"
)

// endpoint is what a connection is made to: a config entry, or an in-process
// server.
type endpoint struct {
	cfg    ServerConfig
	inproc *server.MCPServer
	// auth is the OAuth session of a remote server, or nil.
	auth *oauth.Session
	// sandbox is cfg.SandboxSummary(), worked out once: snapshots are
	// taken per gateway call.
	sandbox string
	// masks keeps the mask of the secrets redact hides until they change.
	masks *secretmask.Cache
}

// redact hides the endpoint's secrets in msg, in every form msg may carry
// them (secretmask): its config's, and its OAuth tokens and client
// secrets.
func (e endpoint) redact(msg string) string {
	secrets := e.cfg.secrets()
	if e.auth != nil {
		secrets = append(secrets, e.auth.Secrets()...)
	}
	return e.masks.Hide(secrets, msg)
}

func (e endpoint) transport() model.Transport {
	if e.inproc != nil {
		return model.TransportInProcess
	}
	return e.cfg.Transport()
}

// transportSetup says how to build one mcp-go transport.
type transportSetup struct {
	// stderr receives a stdio child's stderr.
	stderr *lineRing
	// stdoutNoise receives the lines of a stdio child's stdout that are
	// not JSON-RPC messages (banners, logs written to the wrong stream).
	stdoutNoise *lineRing
	// stopGrace is how long a child gets to exit at each step of stopping.
	stopGrace time.Duration
	// maxMessage bounds one message from the server.
	maxMessage messageCap
	// listen asks a streamable HTTP transport for the standalone GET stream,
	// which is how a legacy (pre 2026-07-28) server delivers list_changed.
	listen bool
	// listening, when set, is called when the server has answered the GET
	// that opens that stream (whatever the answer).
	listening func()
}

// discardLogger keeps mcp-go's transport logging off our terminal.
func discardLogger() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// newTransport builds the mcp-go transport for a configured server (an
// in-process one gets client.NewInProcessClient instead). For stdio it also
// starts the child, which the caller must stop.
func newTransport(e endpoint, setup transportSetup) (transport.Interface, *process, error) {
	cfg := e.cfg
	switch cfg.Transport() {
	case model.TransportStdio:
		p, err := startProcess(cfg, setup.stderr, setup.stopGrace, setup.maxMessage)
		if err != nil {
			return nil, nil, err
		}
		t := newStdioTransport(p.out, p.stdin)
		t.noise = setup.stdoutNoise
		return t, p, nil
	case model.TransportSSE:
		client, err := httpClient(cfg.URL, cfg.Headers, setup.maxMessage, e.auth, nil)
		if err != nil {
			return nil, nil, err
		}
		t, err := newSSETransport(cfg.URL, client)
		if err != nil {
			return nil, nil, fmt.Errorf("sse transport: %w", err)
		}
		return t, nil, nil
	case model.TransportStreamableHTTP:
		client, err := httpClient(cfg.URL, cfg.Headers, setup.maxMessage, e.auth, nil)
		if err != nil {
			return nil, nil, err
		}
		if setup.listening != nil {
			client.Transport = getSignal{base: client.Transport, answered: setup.listening}
		}
		opts := []transport.StreamableHTTPCOption{
			transport.WithHTTPLogger(discardLogger()),
			transport.WithHTTPBasicClient(client),
			transport.WithHTTPMaxMessageBytes(unboundedByMCPGo),
		}
		if setup.listen {
			opts = append(opts, transport.WithContinuousListening())
		}
		t, err := transport.NewStreamableHTTP(cfg.URL, opts...)
		if err != nil {
			return nil, nil, fmt.Errorf("http transport: %w", err)
		}
		return t, nil, nil
	}
	return nil, nil, fmt.Errorf("unsupported transport %q", cfg.Transport())
}

// unboundedByMCPGo turns off mcp-go's own bound on a message from the
// server (32 MiB by default since v1.5): the client's round tripper
// (limitTransport) bounds every message of every response by mcpeek's limit
// and names the setting that raises it.
const unboundedByMCPGo = 0

// isHTTP reports whether t carries the protocol version in HTTP headers.
func isHTTP(t transport.Interface) bool {
	_, ok := t.(transport.HTTPConnection)
	return ok
}

// httpClient returns the client of the server at serverURL: it sends
// headers on every request and bounds every message of every response to
// maxMessage. With an OAuth session it also sends the server's token,
// and fails a request the server refuses for want of authorization with an
// *oauth.RequiredError. base sends the requests (nil: http.DefaultTransport).
//
// The headers are added by the round tripper rather than with mcp-go's
// WithHeaders/WithHTTPHeaders, which miss some requests: the streamable HTTP
// transport's session DELETE on Close goes without them (mcp-go v1.6.0 still), so
// a server behind auth would refuse it and keep the session.
//
// Because they are added there, every request a redirect makes would carry
// them too: so the client follows a redirect only within the server's origin
// (scheme, host and port), never from https to http, and the round tripper
// refuses outright a request to any other origin. A server that moved
// elsewhere is an error that names the new place.
func httpClient(serverURL string, headers map[string]string, maxMessage messageCap, auth *oauth.Session, base http.RoundTripper) (*http.Client, error) {
	home, err := url.Parse(serverURL)
	if err != nil || home.Host == "" {
		return nil, fmt.Errorf("server URL %q is not an http(s) URL", RedactURL(serverURL))
	}
	if base == nil {
		base = http.DefaultTransport
	}
	base = limitTransport{base: base, max: maxMessage}
	if len(headers) > 0 {
		base = headerTransport{base: base, headers: maps.Clone(headers)}
	}
	if auth != nil {
		base = auth.Transport(base)
	}
	policy := origin.Policy{Home: home, Hint: `if the server has moved, put its new URL in the config (the entry's "url", or --url)`}
	return &http.Client{Transport: origin.Pin(home, base), CheckRedirect: policy.CheckRedirect}, nil
}

type headerTransport struct {
	base    http.RoundTripper
	headers map[string]string
}

func (t headerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	for k, v := range t.headers {
		if strings.EqualFold(k, "host") {
			r.Host = v
			continue
		}
		r.Header.Set(k, v)
	}
	return t.base.RoundTrip(r)
}

// getSignal calls answered when a GET has its answer (the headers of the
// standalone stream, or a refusal) or failed.
type getSignal struct {
	base     http.RoundTripper
	answered func()
}

func (t getSignal) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := t.base.RoundTrip(r)
	if r.Method == http.MethodGet {
		t.answered()
	}
	return resp, err
}
