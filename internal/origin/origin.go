// Package origin keeps credentials on the origin they were given for.
//
// mcpeek adds a server's credentials (its config's headers, its OAuth
// token) to every request its HTTP client sends, inside the round tripper,
// so a redirect followed by net/http would carry them to wherever the
// server points. A Policy stops that: an http.Client's CheckRedirect that
// follows a redirect only within one origin (scheme, host and port), never
// from https to http, and ends a loop with an error that says so; and Pin,
// a round tripper that refuses to send anything to another origin at all.
package origin

import (
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
)

// maxRedirects bounds a chain of redirects within one origin.
const maxRedirects = 10

// Of returns the origin of u: lower-case scheme and host, and the port,
// the scheme's default when u names none ("https://h:443").
func Of(u *url.URL) string {
	scheme := strings.ToLower(u.Scheme)
	port := u.Port()
	if port == "" {
		switch scheme {
		case "https":
			port = "443"
		case "http":
			port = "80"
		}
	}
	return scheme + "://" + net.JoinHostPort(strings.ToLower(u.Hostname()), port)
}

// Same reports whether a and b have one origin.
func Same(a, b *url.URL) bool { return Of(a) == Of(b) }

// Kind says why a redirect was not followed.
type Kind int

const (
	// CrossOrigin: the redirect leads to another origin.
	CrossOrigin Kind = iota
	// Downgrade: the redirect leads from https to http.
	Downgrade
	// Loop: the redirect leads back to a URL of the chain, or the chain
	// is longer than any real server needs.
	Loop
)

// RedirectError is a redirect that was not followed. Its URLs are shown
// without userinfo, which may hold a password.
type RedirectError struct {
	Kind Kind
	// Status is the HTTP status of the redirect (307, 301, ...).
	Status int
	// From is the URL that answered with the redirect; To is where it
	// points.
	From, To *url.URL
	// Hops is the number of redirects followed before this one.
	Hops int
	// Hint says what to do, for the kinds that have a remedy.
	Hint string
}

// Error says where the redirect leads, why it was not followed and, with
// a Hint, what to do.
func (e *RedirectError) Error() string {
	var s string
	switch e.Kind {
	case Downgrade:
		s = fmt.Sprintf("redirected from https to http (%d to %s): mcpeek does not downgrade a connection that carries credentials",
			e.Status, Display(e.To))
	case Loop:
		if e.Hops >= maxRedirects {
			s = fmt.Sprintf("redirect loop: %d redirects without an answer (the last, %d, to %s)", e.Hops, e.Status, Display(e.To))
		} else {
			s = fmt.Sprintf("redirect loop: %s redirects (%d) back to %s", Display(e.From), e.Status, Display(e.To))
		}
	default:
		s = fmt.Sprintf("moved to %s (%d from %s): mcpeek does not follow a redirect to another origin, where the credentials would go",
			Display(e.To), e.Status, Of(e.From))
	}
	if e.Hint != "" && e.Kind != Loop {
		s += "; " + e.Hint
	}
	return s
}

// Display writes u for a message: without userinfo, so that the URL a
// server moved to can be put in a config as it is.
func Display(u *url.URL) string {
	if u == nil {
		return ""
	}
	c := *u
	c.User = nil
	return c.String()
}

// Policy is a redirect policy for an http.Client.
type Policy struct {
	// Home pins every chain to one origin; nil pins each chain to the
	// origin of its first request.
	Home *url.URL
	// Public, when set, reports whether a chain's first request carries
	// nothing secret (a GET of a public document, with no credential), so
	// that its redirects may leave the origin; still never to plain http
	// from https.
	Public func(first *http.Request) bool
	// Hint goes at the end of an error for a redirect to another origin
	// or to http: what the user can do.
	Hint string
}

// CheckRedirect is the http.Client hook: nil follows the redirect, an
// error (a *RedirectError) ends the request with it.
func (p Policy) CheckRedirect(req *http.Request, via []*http.Request) error {
	first, prev := via[0], via[len(via)-1]
	e := &RedirectError{From: prev.URL, To: req.URL, Hops: len(via) - 1, Hint: p.Hint}
	if req.Response != nil {
		e.Status = req.Response.StatusCode
	}
	home := p.Home
	if home == nil {
		home = first.URL
	}
	switch {
	case strings.EqualFold(prev.URL.Scheme, "https") && !strings.EqualFold(req.URL.Scheme, "https"):
		e.Kind = Downgrade
		return e
	case !Same(home, req.URL) && (p.Public == nil || !p.Public(first)):
		e.Kind = CrossOrigin
		return e
	}
	for _, r := range via {
		if r.URL.String() == req.URL.String() {
			e.Kind = Loop
			return e
		}
	}
	if len(via) >= maxRedirects {
		e.Kind, e.Hops = Loop, len(via)
		return e
	}
	return nil
}

// Pin returns a round tripper that sends over base only the requests to
// home's origin, and refuses any other with an error, before base (and
// whatever credentials it adds) sees it.
func Pin(home *url.URL, base http.RoundTripper) http.RoundTripper {
	return pinned{home: home, origin: Of(home), base: base}
}

type pinned struct {
	home   *url.URL
	origin string
	base   http.RoundTripper
}

func (p pinned) RoundTrip(r *http.Request) (*http.Response, error) {
	if Of(r.URL) != p.origin {
		if r.Body != nil {
			r.Body.Close()
		}
		return nil, fmt.Errorf("refusing a request to %s: the server's credentials are for %s only", Display(r.URL), p.origin)
	}
	return p.base.RoundTrip(r)
}
