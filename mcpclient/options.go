package mcpclient

import (
	"time"

	"mcpeek/mcpclient/oauth"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Option configures a Manager.
type Option func(*options)

type options struct {
	connectTimeout time.Duration
	callTimeout    time.Duration
	backoffMin     time.Duration
	backoffMax     time.Duration
	stderrLines    int
	maxPages       int
	stopGrace      time.Duration
	maxMessage     int64
	clientInfo     mcp.Implementation
	inproc         []inprocServer
	tokenStore     oauth.Store
	loginPrompt    func(server, authURL string)
	warn           func(text string)
	autoLogin      bool
	loginTimeout   time.Duration
	roots          []string // nil: none offered
	elicit         ElicitationHandler
	sample         SamplingHandler
	requestEvents  bool
	logLevel       mcp.LoggingLevel
}

type inprocServer struct {
	name string
	srv  *server.MCPServer
}

func defaultOptions() options {
	return options{
		connectTimeout: 30 * time.Second,
		callTimeout:    60 * time.Second,
		backoffMin:     time.Second,
		backoffMax:     5 * time.Minute,
		stderrLines:    50,
		maxPages:       defaultMaxPages,
		stopGrace:      defaultStopGrace,
		maxMessage:     DefaultMaxMessageBytes,
		clientInfo:     mcp.Implementation{Name: "mcpeek", Version: "dev"},
		loginPrompt:    func(_, u string) { oauth.OpenBrowser(u) },
		loginTimeout:   5 * time.Minute,
		logLevel:       mcp.LoggingLevelInfo,
	}
}

// WithConnectTimeout bounds each connection attempt of each server: starting
// the transport, the handshake and listing the tools (default 30s). It also
// bounds a refresh of the tools after tools/list_changed.
func WithConnectTimeout(d time.Duration) Option {
	return func(o *options) {
		if d > 0 {
			o.connectTimeout = d
		}
	}
}

// WithCallTimeout sets the deadline of CallTool when the caller's context has
// none sooner (default 60s).
func WithCallTimeout(d time.Duration) Option {
	return func(o *options) {
		if d > 0 {
			o.callTimeout = d
		}
	}
}

// WithBackoff sets the wait before reconnecting a failed server: it starts at
// min and doubles after each failure up to max (defaults 1s and 5m).
func WithBackoff(min, max time.Duration) Option {
	return func(o *options) {
		if min > 0 {
			o.backoffMin = min
		}
		if max >= o.backoffMin {
			o.backoffMax = max
		}
	}
}

// WithStderrLines sets how many of a stdio server's last stderr lines are
// kept (default 50).
func WithStderrLines(n int) Option {
	return func(o *options) {
		if n > 0 {
			o.stderrLines = n
		}
	}
}

// WithMaxPages bounds tools/list pagination per listing (default 100).
func WithMaxPages(n int) Option {
	return func(o *options) {
		if n > 0 {
			o.maxPages = n
		}
	}
}

// WithStopGrace sets how long a stdio child gets to exit after its stdin is
// closed, and again after SIGTERM, before it is killed (default 2s).
func WithStopGrace(d time.Duration) Option {
	return func(o *options) {
		if d > 0 {
			o.stopGrace = d
		}
	}
}

// WithMaxMessageBytes bounds one message from a server, in bytes (default
// DefaultMaxMessageBytes, 64 MiB): a line of a stdio server's output, an
// event of an event stream, an HTTP response body. A longer one fails with a
// *MessageTooLargeError: the call over HTTP, the connection otherwise. An
// entry's MaxMessageBytes overrides it.
func WithMaxMessageBytes(n int64) Option {
	return func(o *options) {
		if n > 0 {
			o.maxMessage = n
		}
	}
}

// WithClientInfo sets the name and version mcpeek gives servers.
func WithClientInfo(name, version string) Option {
	return func(o *options) {
		o.clientInfo = mcp.Implementation{Name: name, Version: version}
	}
}

// WithInProcess adds a server that runs inside this process, reached through
// mcp-go's in-process transport (no child, no network). It is listed after
// the configured servers, with Source "embedded".
func WithInProcess(name string, srv *server.MCPServer) Option {
	return func(o *options) {
		o.inproc = append(o.inproc, inprocServer{name: name, srv: srv})
	}
}

// WithTokenStore sets where OAuth tokens are kept (default
// oauth.DefaultStore: the OS keyring, else a 0600 file).
func WithTokenStore(st oauth.Store) Option {
	return func(o *options) { o.tokenStore = st }
}

// WithLoginPrompt sets how a login shows the user the authorization URL of
// server: the function must print it (or display it) and may open a
// browser; it must not block. The default only opens a browser
// (oauth.OpenBrowser). The URL is also published as an EventLoginURL.
func WithLoginPrompt(prompt func(server, authURL string)) Option {
	return func(o *options) {
		if prompt != nil {
			o.loginPrompt = prompt
		}
	}
}

// WithWarnings sets a function that shows the user a warning of a
// server's start (it must not block): what a server in the sandbox of its
// entry is given and cannot see. Each is also published as an
// EventWarning.
func WithWarnings(warn func(text string)) Option {
	return func(o *options) { o.warn = warn }
}

// WithAutoLogin makes a server that asks for OAuth authorization start a
// login (the login prompt, a browser) when mcpeek has no usable token,
// while connecting or when a call needs more scope. Without it (the
// default) such a server shows model.StateNeedsLogin until Login is called
// or a token appears in the store (a login by another mcpeek process).
func WithAutoLogin(on bool) Option {
	return func(o *options) { o.autoLogin = on }
}

// WithLoginTimeout bounds the wait for the user to finish a login in the
// browser (default 5 minutes).
func WithLoginTimeout(d time.Duration) Option {
	return func(o *options) {
		if d > 0 {
			o.loginTimeout = d
		}
	}
}
