package oauth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
)

// maxMetadataBytes bounds one metadata document or registration answer.
const maxMetadataBytes = 1 << 20

// ProtectedResource is a server's protected resource metadata (RFC 9728).
type ProtectedResource struct {
	Resource             string   `json:"resource"`
	AuthorizationServers []string `json:"authorization_servers"`
	ScopesSupported      []string `json:"scopes_supported,omitempty"`
}

// ServerMetadata is an authorization server's metadata (RFC 8414, or OpenID
// Connect discovery), with the client ID metadata document flag of the MCP
// specification.
type ServerMetadata struct {
	transport.AuthServerMetadata
	ClientIDMetadataDocumentSupported bool `json:"client_id_metadata_document_supported,omitempty"`
}

// ErrResourceMismatch is returned when a server's protected resource
// metadata names another resource than the server: a token obtained for it
// would serve someone else, so mcpeek refuses to log in.
var ErrResourceMismatch = errors.New("protected resource metadata names another resource")

// discovery is what the login needs to know about a server's authorization.
type discovery struct {
	// resource is the RFC 8707 resource indicator.
	resource string
	// prm is the protected resource metadata, nil for a 2025-03-26 server
	// that has none.
	prm *ProtectedResource
	// issuer is the authorization server.
	issuer string
	meta   ServerMetadata
	// fetched says that meta was read from the server, rather than
	// guessed (the 2025-03-26 default endpoints).
	fetched bool
}

// discover finds the authorization server of serverURL, starting from the
// challenge of its 401 or 403 answer:
//
//  1. the protected resource metadata at the challenge's resource_metadata,
//     else at the well-known path with the server's path inserted, else at
//     the well-known path of the root;
//  2. with it, the authorization server metadata of its first
//     authorization server, at the RFC 8414 and OpenID locations for that
//     issuer, whose issuer must be the one asked for;
//  3. without it (a 2025-03-26 server), the authorization server metadata
//     at the root of the server's origin, else the default endpoints
//     /authorize, /token and /register there.
func discover(ctx context.Context, hc *http.Client, serverURL string, ch Challenge) (*discovery, error) {
	var prmURLs []string
	if u := ch.ResourceMetadata(); u != "" {
		prmURLs = append(prmURLs, u)
	}
	for _, u := range wellKnownURLs(serverURL, "oauth-protected-resource") {
		if !slices.Contains(prmURLs, u) {
			prmURLs = append(prmURLs, u)
		}
	}
	var prm *ProtectedResource
	for _, u := range prmURLs {
		var doc ProtectedResource
		ok, err := getJSON(ctx, hc, u, &doc)
		if err != nil && ctx.Err() != nil {
			return nil, err
		}
		if ok && len(doc.AuthorizationServers) > 0 {
			prm = &doc
			break
		}
	}
	if prm == nil {
		return legacyDiscovery(ctx, hc, serverURL)
	}
	d := &discovery{prm: prm, resource: prm.Resource}
	if d.resource == "" {
		d.resource = CanonicalURL(serverURL)
	} else if !resourceCovers(d.resource, serverURL) {
		return nil, fmt.Errorf("%w: it names %s, not %s", ErrResourceMismatch, d.resource, CanonicalURL(serverURL))
	}
	d.issuer = prm.AuthorizationServers[0]
	if err := checkHTTPURL("authorization server", d.issuer); err != nil {
		return nil, err
	}
	for _, u := range metadataURLs(d.issuer) {
		var meta ServerMetadata
		ok, err := getJSON(ctx, hc, u, &meta)
		if err != nil && ctx.Err() != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		if strings.TrimSuffix(meta.Issuer, "/") != strings.TrimSuffix(d.issuer, "/") {
			return nil, fmt.Errorf("the authorization server metadata at %s names issuer %q, not %q", u, meta.Issuer, d.issuer)
		}
		d.meta, d.fetched = meta, true
		return d, d.check()
	}
	d.meta = defaultEndpoints(d.issuer)
	return d, d.check()
}

// legacyDiscovery is the 2025-03-26 way: the authorization server is at the
// origin of the MCP server.
func legacyDiscovery(ctx context.Context, hc *http.Client, serverURL string) (*discovery, error) {
	u, err := url.Parse(serverURL)
	if err != nil {
		return nil, fmt.Errorf("server URL: %w", err)
	}
	base := u.Scheme + "://" + u.Host
	d := &discovery{resource: CanonicalURL(serverURL), issuer: base}
	for _, mu := range metadataURLs(base) {
		var meta ServerMetadata
		ok, err := getJSON(ctx, hc, mu, &meta)
		if err != nil && ctx.Err() != nil {
			return nil, err
		}
		if ok && meta.AuthorizationEndpoint != "" {
			d.meta, d.fetched = meta, true
			return d, d.check()
		}
	}
	d.meta = defaultEndpoints(base)
	return d, d.check()
}

// check refuses metadata that cannot be used safely: endpoints that are not
// http(s) URLs, or an authorization server that says it does not do PKCE
// with S256 (the MCP specification requires refusing then; metadata that
// says nothing is accepted only from a 2025-03-26 server).
func (d *discovery) check() error {
	for _, e := range []struct{ name, u string }{
		{"authorization endpoint", d.meta.AuthorizationEndpoint},
		{"token endpoint", d.meta.TokenEndpoint},
	} {
		if err := checkHTTPURL(e.name, e.u); err != nil {
			return err
		}
	}
	for _, e := range []struct{ name, u string }{
		{"registration endpoint", d.meta.RegistrationEndpoint},
		{"revocation endpoint", d.meta.RevocationEndpoint},
	} {
		if e.u != "" {
			if err := checkHTTPURL(e.name, e.u); err != nil {
				return err
			}
		}
	}
	methods := d.meta.CodeChallengeMethodsSupported
	switch {
	case !d.fetched:
	case len(methods) == 0 && d.prm == nil:
	case !slices.Contains(methods, "S256"):
		return fmt.Errorf("the authorization server %s does not support PKCE with S256 (code_challenge_methods_supported: %v)", d.issuer, methods)
	}
	return nil
}

// defaultEndpoints are the 2025-03-26 fallbacks at base.
func defaultEndpoints(base string) ServerMetadata {
	base = strings.TrimSuffix(base, "/")
	var m ServerMetadata
	m.Issuer = base
	m.AuthorizationEndpoint = base + "/authorize"
	m.TokenEndpoint = base + "/token"
	m.RegistrationEndpoint = base + "/register"
	return m
}

// wellKnownURLs returns where a well-known document of the resource at
// rawURL may be: with the URL's path inserted after the suffix (RFC 9728
// §3.1), then at the root.
func wellKnownURLs(rawURL, suffix string) []string {
	u, err := url.Parse(rawURL)
	if err != nil || u.Host == "" {
		return nil
	}
	root := u.Scheme + "://" + u.Host + "/.well-known/" + suffix
	path := strings.TrimSuffix(u.EscapedPath(), "/")
	if path == "" {
		return []string{root}
	}
	return []string{root + path, root}
}

// metadataURLs returns where the metadata of the authorization server
// issuer may be, in the order the MCP specification gives: RFC 8414 with the
// issuer's path inserted, OpenID Connect discovery with it inserted, then
// appended (the last only for an issuer with a path).
func metadataURLs(issuer string) []string {
	u, err := url.Parse(issuer)
	if err != nil || u.Host == "" {
		return nil
	}
	root := u.Scheme + "://" + u.Host
	path := strings.Trim(u.EscapedPath(), "/")
	if path == "" {
		return []string{root + "/.well-known/oauth-authorization-server", root + "/.well-known/openid-configuration"}
	}
	return []string{
		root + "/.well-known/oauth-authorization-server/" + path,
		root + "/.well-known/openid-configuration/" + path,
		root + "/" + path + "/.well-known/openid-configuration",
	}
}

// getJSON GETs u and decodes a 200 answer into v. It reports false for any
// other status, and an error when the request could not be made or the
// document does not decode.
func getJSON(ctx context.Context, hc *http.Client, u string, v any) (bool, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return false, err
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("MCP-Protocol-Version", mcp.LATEST_PROTOCOL_VERSION)
	resp, err := hc.Do(req)
	if err != nil {
		return false, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		io.Copy(io.Discard, io.LimitReader(resp.Body, maxMetadataBytes))
		return false, nil
	}
	if err := json.NewDecoder(io.LimitReader(resp.Body, maxMetadataBytes)).Decode(v); err != nil {
		return false, fmt.Errorf("%s: %w", u, err)
	}
	return true, nil
}

// checkHTTPURL refuses a URL from metadata that a browser must not be
// given (see CheckBrowserURL): it may be shown to one.
func checkHTTPURL(what, raw string) error {
	if err := CheckBrowserURL(raw); err != nil {
		return fmt.Errorf("the %s %q is not an http(s) URL to open: %w", what, raw, err)
	}
	return nil
}

// CanonicalURL is the form of a server URL that identifies it as a resource
// and keys its tokens: scheme and host in lower case, no fragment, no
// trailing slash.
func CanonicalURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	u.Scheme = strings.ToLower(u.Scheme)
	u.Host = strings.ToLower(u.Host)
	u.Fragment, u.RawFragment = "", ""
	s := u.String()
	if u.RawQuery == "" {
		s = strings.TrimSuffix(s, "/")
	}
	return s
}

// resourceCovers reports whether the resource a protected resource metadata
// document names is the server at serverURL or a parent of it: same scheme,
// host and port, and a path equal to the server's or a prefix of it that
// ends at a segment boundary.
func resourceCovers(resource, serverURL string) bool {
	r, err1 := url.Parse(resource)
	s, err2 := url.Parse(serverURL)
	if err1 != nil || err2 != nil {
		return resource == serverURL
	}
	if !strings.EqualFold(r.Scheme, s.Scheme) || !strings.EqualFold(r.Host, s.Host) || r.RawQuery != "" && r.RawQuery != s.RawQuery {
		return false
	}
	rp := strings.TrimSuffix(r.EscapedPath(), "/")
	sp := strings.TrimSuffix(s.EscapedPath(), "/")
	return rp == sp || strings.HasPrefix(sp, rp+"/")
}
