package gateway

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/yosida95/uritemplate/v3"

	"mcpeek/mcpclient"
)

// offerScheme is the scheme of the gateway's resource URIs:
// mcpeek://<server>/<the upstream's URI>.
const offerScheme = "mcpeek://"

// offerURI is the gateway's URI (or URI template) for an upstream's: the
// server's name, percent-encoded outside letters, digits and "-._~", as
// the authority, and the upstream's URI whole as the path. Reading it
// back needs no table: the part after the server is what the upstream is
// asked for, which is what lets a template's expansions be routed.
func offerURI(server, uri string) string {
	return offerScheme + escapeServer(server) + "/" + uri
}

// splitOfferURI reads a gateway URI back: the server and its URI.
func splitOfferURI(uri string) (server, upstream string, ok bool) {
	rest, ok := strings.CutPrefix(uri, offerScheme)
	if !ok {
		return "", "", false
	}
	enc, upstream, ok := strings.Cut(rest, "/")
	if !ok || enc == "" {
		return "", "", false
	}
	server, ok = unescapeServer(enc)
	return server, upstream, ok
}

func escapeServer(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '-', c == '.', c == '_', c == '~':
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

func unescapeServer(s string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			b.WriteByte(s[i])
			continue
		}
		if i+2 >= len(s) {
			return "", false
		}
		var c byte
		if _, err := fmt.Sscanf(s[i+1:i+3], "%02X", &c); err != nil {
			return "", false
		}
		b.WriteByte(c)
		i += 2
	}
	return b.String(), true
}

// offerID is the name an upstream's resource, template or prompt has at
// the gateway, as an op id: "<server>.<name>". The policy's globs match it.
func offerID(server, name string) string { return server + "." + name }

// allows reports whether the policy's globs let id through (read-only
// does not apply: reading a resource or getting a prompt changes nothing).
func (p Policy) allows(id string) bool {
	for _, g := range p.Deny {
		if globMatch(g, id) {
			return false
		}
	}
	if len(p.Allow) == 0 {
		return true
	}
	for _, g := range p.Allow {
		if globMatch(g, id) {
			return true
		}
	}
	return false
}

// offerResource is r as the gateway lists it: its URI and name prefixed,
// the rest as the server gave it.
func offerResource(server string, r mcpclient.Resource, p Policy) (mcp.Resource, bool) {
	var res mcp.Resource
	if err := json.Unmarshal(r.Raw, &res); err != nil || r.URI == "" {
		return res, false
	}
	res.Name = offerID(server, r.Name)
	if !p.allows(res.Name) {
		return res, false
	}
	res.URI = offerURI(server, r.URI)
	return res, true
}

// offerTemplate is t as the gateway lists it; a template that is not an
// RFC 6570 template is left out (no client could expand it).
func offerTemplate(server string, t mcpclient.ResourceTemplate, p Policy) (mcp.ResourceTemplate, bool) {
	var tmpl mcp.ResourceTemplate
	if err := json.Unmarshal(t.Raw, &tmpl); err != nil || t.URITemplate == "" {
		return tmpl, false
	}
	tmpl.Name = offerID(server, t.Name)
	if !p.allows(tmpl.Name) {
		return tmpl, false
	}
	parsed, err := uritemplate.New(offerURI(server, t.URITemplate))
	if err != nil {
		return tmpl, false
	}
	tmpl.URITemplate = &mcp.URITemplate{Template: parsed}
	return tmpl, true
}

// offerPrompt is p as the gateway lists it, named "<server>.<prompt>".
func offerPrompt(server string, p mcpclient.Prompt, pol Policy) (mcp.Prompt, bool) {
	var prompt mcp.Prompt
	if err := json.Unmarshal(p.Raw, &prompt); err != nil || p.Name == "" {
		return prompt, false
	}
	prompt.Name = offerID(server, p.Name)
	return prompt, pol.allows(prompt.Name)
}

// nameCollisions gives every prompt whose name another shares (server
// names with dots: "a.b" + "c" and "a" + "b.c") "_" and 8 hex digits of
// a hash of its server and name, as direct mode does for tools.
func nameCollisions(prompts []mcp.Prompt, routes []promptRoute) {
	count := map[string]int{}
	for _, p := range prompts {
		count[p.Name]++
	}
	for i := range prompts {
		if count[prompts[i].Name] > 1 {
			prompts[i].Name = hashedName(prompts[i].Name, routes[i].server+"\x00"+routes[i].name)
		}
	}
}
