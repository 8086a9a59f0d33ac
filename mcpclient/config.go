package mcpclient

import (
	"cmp"
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strings"

	"mcpeek/mcpclient/registry/sandbox"
	"mcpeek/mcpclient/secretmask"
	"mcpeek/model"
)

// Config is the set of MCP servers to connect to, in declaration order.
type Config struct {
	// Servers are the configured servers; names are unique.
	Servers []ServerConfig
	// Warnings are problems that did not stop loading, such as a ${VAR}
	// that is not set. They never contain secret values.
	Warnings []string
}

// ServerConfig is one server entry of an mcpServers (or VS Code servers) file.
//
// A stdio server has Command (and Args, Env, Cwd); a remote server has URL,
// Headers and a Type of "sse" or "http". ${VAR} references have already been
// expanded from the environment.
type ServerConfig struct {
	// Name is the key the user gave the server.
	Name string
	// Source is the file the entry came from.
	Source string
	// Command is the program to run for a stdio server.
	Command string
	// Args are the program's arguments.
	Args []string
	// Env holds variables added to the inherited environment. Values may be
	// secrets: they are never printed.
	Env map[string]string
	// Cwd is the working directory of the child process ("" inherits ours).
	Cwd string
	// URL is the endpoint of an SSE or streamable HTTP server.
	URL string
	// Type is the transport as written in the file ("stdio", "sse", "http",
	// "streamable-http", ...), or "" when it was left to be inferred.
	Type string
	// Headers are sent with every HTTP request. Values may be secrets: they
	// are never printed.
	Headers map[string]string
	// Disabled entries are listed but never started.
	Disabled bool
	// ProtocolVersion, when set, pins the MCP protocol version offered in
	// the handshake (e.g. "2025-11-25") instead of letting mcp-go negotiate
	// the newest era. For servers that misreport what they support.
	ProtocolVersion string
	// MaxMessageBytes, when above zero, bounds one message from the server
	// instead of the Manager's limit (see WithMaxMessageBytes). It is
	// "maxMessageBytes" in the file.
	MaxMessageBytes int64
	// Roots, when not nil, are the directories this server is given as its
	// roots instead of the Manager's (see WithRoots). It is "roots" in the
	// file; relative paths are taken from mcpeek's working directory.
	Roots []string
	// Sandbox, when not nil, runs a stdio server in the sandbox of a tried
	// registry server (see SandboxConfig). It is "sandbox" in the file.
	Sandbox *SandboxConfig
	// Wrapped, when not nil, says that the server runs wrapped: in the
	// sandbox of its Policy (a tried registry server), or in what Command
	// and Args already start (a container). It holds the server's own
	// command line and what the sandbox enforces, which are shown instead
	// of the whole wrapper. Never read from a file.
	Wrapped *Wrapped
	// OAuth is how to log in to a remote server that asks for OAuth: it is
	// "oauth" in the file, and may be left out.
	OAuth OAuthConfig
}

// Transport returns how the server is reached: stdio when it has a command
// and no type says otherwise, SSE for type "sse", streamable HTTP for a URL
// with type "http", "streamable-http" or no type at all.
func (c ServerConfig) Transport() model.Transport {
	if t, ok := transportOf(c.Type); ok && t != "" {
		return t
	}
	if c.Command == "" && c.URL != "" {
		return model.TransportStreamableHTTP
	}
	return model.TransportStdio
}

// transportOf maps a config "type" to a transport; "" maps to "" (infer).
func transportOf(typ string) (model.Transport, bool) {
	switch strings.ToLower(typ) {
	case "":
		return "", true
	case "stdio":
		return model.TransportStdio, true
	case "sse":
		return model.TransportSSE, true
	case "http", "streamable-http", "streamable_http", "streamablehttp":
		return model.TransportStreamableHTTP, true
	}
	return "", false
}

// String describes the entry for logs and error messages, with environment
// values, header values and URL credentials replaced by "***".
func (c ServerConfig) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s", c.Name, c.Transport())
	if c.Transport() == model.TransportStdio {
		b.WriteString(": ")
		b.WriteString(c.Command)
		for _, a := range c.Args {
			b.WriteByte(' ')
			b.WriteString(a)
		}
	} else {
		b.WriteString(": ")
		b.WriteString(RedactURL(c.URL))
	}
	b.WriteByte(')')
	if len(c.Env) > 0 {
		b.WriteString(" env[")
		for i, k := range slices.Sorted(maps.Keys(c.Env)) {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(k + "=***")
		}
		b.WriteByte(']')
	}
	if len(c.Headers) > 0 {
		b.WriteString(" headers[")
		for i, k := range slices.Sorted(maps.Keys(c.Headers)) {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(k + ": ***")
		}
		b.WriteByte(']')
	}
	if c.Disabled {
		b.WriteString(" disabled")
	}
	return b.String()
}

// Redact replaces every secret of the entry that occurs in msg (environment
// values, header values, URL password and query values, the OAuth client
// secret) with "***", in every form msg may carry it (JSON-escaped,
// URL-encoded, base64, any letter case: see secretmask). Errors from the
// network stack quote URLs, and children echo their environment, so every
// error text and stderr line from a connection is masked so.
func (c ServerConfig) Redact(msg string) string { return secretmask.New(c.secrets()).Hide(msg) }

// Wrapped is a server run inside a sandbox.
type Wrapped struct {
	// Command is the server's own command line, as it runs inside.
	Command string
	// Sandbox says what the sandbox enforces (sandbox.Policy.String).
	Sandbox string
	// Policy, when not nil, is the sandbox Command and Args run in, given
	// Env; else Command and Args start the sandbox themselves.
	Policy *sandbox.Policy
}

// shownCommand is how the server is reached, for a person to read: its
// own command line, inside any sandbox, or the URL. Not redacted.
func (c ServerConfig) shownCommand() string {
	if c.Wrapped != nil {
		return c.Wrapped.Command
	}
	return c.commandLine()
}

// commandLine is how the server is reached, for a person to read: the
// command and its arguments (quoted where they hold spaces or quotes), or
// the URL. Not redacted.
func (c ServerConfig) commandLine() string {
	if c.Command == "" {
		return c.URL
	}
	parts := []string{quoteArg(c.Command)}
	for _, a := range c.Args {
		parts = append(parts, quoteArg(a))
	}
	return strings.Join(parts, " ")
}

// quoteArg quotes an argument for a shell when it needs it.
func quoteArg(a string) string {
	if a != "" && !strings.ContainsAny(a, " \t\n'\"\\$`|&;<>()*?[]#~") {
		return a
	}
	return "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
}

// secrets returns the values Redact hides, longest first, so that a secret
// containing another is replaced whole. Values under four bytes ("1",
// "true") are left out: they would shred every message and are unlikely to
// be secrets.
func (c ServerConfig) secrets() []string {
	var out []string
	add := func(s string) {
		if len(s) >= 4 {
			out = append(out, s)
		}
	}
	for _, v := range c.Env {
		add(v)
	}
	for _, v := range c.Headers {
		add(v)
		// "Bearer xyz": the token alone may be quoted too.
		if _, tok, ok := strings.Cut(v, " "); ok {
			add(tok)
		}
	}
	add(c.OAuth.ClientSecret)
	if u, err := url.Parse(c.URL); err == nil {
		if p, ok := u.User.Password(); ok {
			add(p)
		}
		for _, vs := range u.Query() {
			for _, v := range vs {
				add(v)
			}
		}
	}
	slices.SortFunc(out, func(a, b string) int { return cmp.Or(len(b)-len(a), strings.Compare(a, b)) })
	return slices.Compact(out)
}

// RedactURL returns u with its password and query values replaced by "***".
func RedactURL(u string) string {
	parsed, err := url.Parse(u)
	if err != nil {
		return u
	}
	if _, ok := parsed.User.Password(); ok {
		parsed.User = url.UserPassword(parsed.User.Username(), "***")
	}
	if parsed.RawQuery != "" {
		q := parsed.Query()
		for k := range q {
			q[k] = []string{"***"}
		}
		parsed.RawQuery = q.Encode()
	}
	// url.URL.String escapes "*" in userinfo; keep it readable.
	return strings.ReplaceAll(parsed.String(), "%2A%2A%2A", "***")
}
