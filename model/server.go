package model

import "time"

// Transport names how mcpeek reaches a server.
type Transport string

// The transports mcpeek speaks.
const (
	TransportStdio          Transport = "stdio"
	TransportSSE            Transport = "sse"
	TransportStreamableHTTP Transport = "http"
	TransportInProcess      Transport = "in-process"
)

// EndsWithClient reports whether a server reached this way lives only as
// long as the client that started it: a stdio server is its child process,
// an in-process one a part of it. Whatever it keeps, such as a task, ends
// with the client.
func (t Transport) EndsWithClient() bool {
	return t == TransportStdio || t == TransportInProcess
}

// ConnState is the connection state of one server.
type ConnState int

// The states a server moves through.
const (
	StateStarting ConnState = iota
	StateConnected
	StateError
	StateDisabled
	// StateNeedsLogin: a remote server asks for OAuth authorization and
	// there is no usable token (`mcpeek auth login SERVER` gets one).
	StateNeedsLogin
)

// String returns the state's lower-case name, as shown in `servers --json`.
func (s ConnState) String() string {
	switch s {
	case StateStarting:
		return "starting"
	case StateConnected:
		return "connected"
	case StateError:
		return "error"
	case StateDisabled:
		return "disabled"
	case StateNeedsLogin:
		return "needs login"
	}
	return "unknown"
}

// Server is a snapshot of one configured MCP server and what is known of it.
type Server struct {
	// Name is the key the user gave the server in its config.
	Name string
	// Source is where the config entry came from (a file path, or "embedded").
	Source string
	// Transport is how the server is reached.
	Transport Transport
	// State is the current connection state.
	State ConnState
	// Err is the last error message when State is StateError or
	// StateNeedsLogin.
	Err string
	// Stderr holds the last lines the server wrote to stderr (stdio only);
	// when the first line that looks like an error (LooksLikeError) was
	// pushed out, it comes first, followed by "…".
	Stderr []string
	// Command is how the server is reached, for a person to read: a stdio
	// server's command line, or an HTTP server's URL; secrets replaced by
	// "***". "" for a server run in process.
	Command string
	// Log holds the last log messages the server sent (MCP logging,
	// notifications/message), oldest first, over any transport.
	Log []LogMessage
	// Instructions is the server's initialize instructions, if any.
	Instructions string
	// Implementation is the name and version the server gave for itself at
	// initialize (serverInfo).
	Implementation Implementation
	// ProtocolVersion is the MCP protocol version the connection agreed on.
	ProtocolVersion string
	// Offers is what the server's capabilities say it offers besides tools.
	Offers Offers
	// Tools are the tools last listed, in the server's order.
	Tools []Tool
	// Retry is when a server that failed is tried again; zero for one that
	// has not failed since it last connected.
	Retry Retry
	// Roots are the directories offered to the server as its roots (as
	// file:// URIs); nil when none are offered, and the server then serves
	// what its own arguments say.
	Roots []string
	// Sandbox says what the sandbox a stdio server runs in enforces ("fs
	// read-only except scratch, no network, 512 MiB, ..."); "" for a
	// server that runs without one.
	Sandbox string
	// SandboxCommand is the whole command line that starts a sandboxed
	// server, the sandbox's own programs and options included, for
	// debugging; Command is then the server's command inside. "" for a
	// server without a sandbox, or one configured with a sandbox and not
	// started yet.
	SandboxCommand string
}

// Retry is the next attempt to connect a server that failed. The server
// stays in StateError (or StateNeedsLogin) until an attempt succeeds.
type Retry struct {
	// Attempt numbers the next attempt, or the one under way, counting
	// from the last time the server was connected: 2 after one failure.
	Attempt int
	// At is when that attempt starts; zero while it is under way.
	At time.Time
}

// Pending reports whether an attempt is planned or under way.
func (r Retry) Pending() bool { return r.Attempt > 0 }

// LogMessage is one log message a server sent through MCP logging
// (notifications/message). Its text fields are sanitised for the terminal
// and have the server's secrets redacted.
type LogMessage struct {
	// Time is when the message arrived.
	Time time.Time
	// Level is the syslog severity the server gave ("debug" ... "emergency").
	Level string
	// Logger names the part of the server that logged, if it said.
	Logger string
	// Text is the message: its data when that is a string, else the data as
	// compact JSON.
	Text string
}

// String returns the message as one line: "[level] logger: text".
func (l LogMessage) String() string {
	s := "[" + l.Level + "] "
	if l.Logger != "" {
		s += l.Logger + ": "
	}
	return s + l.Text
}

// Implementation names a piece of MCP software and its version, as the
// initialize handshake exchanges them.
type Implementation struct {
	Name    string
	Version string
	// Title is the name for people to read, when the server gives one.
	Title string
	// Icons are the icons it gives for itself (never fetched).
	Icons []Icon
}

// Offers is what a server's capabilities (at initialize) say it offers
// besides tools.
type Offers struct {
	Resources   bool
	Subscribe   bool // resources/subscribe
	Prompts     bool
	Completions bool
	Logging     bool
	// Tasks: the server runs tools/call as tasks, in either form (the
	// 2025-11-25 capabilities.tasks or the 2026-07-28 tasks extension).
	Tasks bool
	// TaskList: it answers tasks/list (2025-11-25 form only).
	TaskList bool
}
