// Package mcpclient connects mcpeek to the MCP servers a user configured.
//
// It reads the server entries that MCP clients already keep ([Load],
// [Discover]): the mcpServers files of Claude Desktop, Claude Code, Cursor,
// Windsurf and VS Code, Codex CLI's config.toml, Gemini CLI's settings.json,
// Zed's context_servers, opencode.json and Goose's config.yaml (with real
// TOML and YAML parsers). It starts and supervises one connection per server
// ([Manager]) over stdio, SSE, streamable HTTP or in process, and lists each
// server's tools byte for byte into [model.Tool].
//
// Tool definitions are fetched as raw JSON-RPC results rather than through
// mcp-go's typed ListTools, because mcp.Tool does not give back the bytes
// as sent: encoded again, it adds "properties":{} and "required":[] and
// leaves out an output schema without a root "type". Everything a server sends
// is untrusted: [Sanitize] makes names, descriptions and stderr lines safe to
// print; secrets from the config (environment values, header values, URL
// credentials) never appear in String output, error text or stored stderr
// lines; one message may be at most [DefaultMaxMessageBytes] unless set
// otherwise ([WithMaxMessageBytes]); and a stdio server runs in a process
// group of its own, which is stopped whole.
//
// mcpeek is the client a server expects: it declares elicitation and
// sampling, so that servers offer every tool (some list a tool only to a
// client that can answer what it asks), and answers them: elicitations and
// sampling requests go to the front end's handlers
// ([WithElicitationHandler], [WithSamplingHandler]; declined by default),
// or wait for its answer as events ([WithRequestEvents]).
// It declares roots only when some are set ([WithRoots], an entry's Roots):
// by default a server works where its own arguments say.
// The log messages a server sends are kept with its stderr lines
// ([model.Server].Log, [EventLog]); a call can follow the server's progress
// reports and has a timeout that cancels it on the server ([Manager.CallToolWith]).
//
// A remote server that asks for OAuth (a 401, or a 403 insufficient_scope)
// is logged in to with package [mcpeek/mcpclient/oauth]: at once with
// [WithAutoLogin], or when [Manager.Login] is called; until then it shows
// [model.StateNeedsLogin], and its errors match [ErrNeedsLogin]. Its access
// and refresh tokens and client secrets are redacted like the config's
// secrets.
package mcpclient
