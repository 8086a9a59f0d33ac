// Package oauth logs mcpeek in to remote MCP servers that are protected by
// OAuth 2.1, as the MCP authorization specification (2025-11-25, with the
// 2025-03-26 fallbacks) describes.
//
// A [Session] belongs to one server URL. Its [Session.Transport] puts the
// server's access token on every request, refreshes it when it expires, and
// turns a 401 or a 403 insufficient_scope answer into a [*RequiredError]
// carrying the server's challenge. [Session.Authorize] answers that error:
// it discovers the protected resource metadata (RFC 9728) and the
// authorization server metadata (RFC 8414, OpenID discovery), gets a client
// ID (from the config, a client ID metadata document, or dynamic
// registration, RFC 7591), and gets a token with the authorization code
// grant and PKCE through a loopback redirect, or with the client credentials
// grant. The RFC 8707 resource parameter goes with every authorization and
// token request.
//
// Tokens and registered clients are kept in a [Store]: the OS keyring, or a
// 0600 file under the user's config directory when there is no keyring.
// Nothing in this package writes a token or a client secret into an error
// or a log; [Session.Secrets] lists them so callers can redact text that
// came from elsewhere.
//
// PKCE, the authorization URL, the code exchange, token parsing and refresh
// are golang.org/x/oauth2's; the metadata types and the state generator are
// mcp-go's. mcp-go's own OAuthHandler is not used for the flow: it does not
// try the root protected resource metadata, requires an advertised
// metadata document to name exactly the server URL, has no scope selection
// or step-up, and no client ID metadata documents.
package oauth
