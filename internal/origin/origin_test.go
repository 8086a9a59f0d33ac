package origin

import (
	"errors"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

func TestOf(t *testing.T) {
	for raw, want := range map[string]string{
		"https://H.example/mcp":          "https://h.example:443",
		"https://h.example:443/x":        "https://h.example:443",
		"http://h.example/":              "http://h.example:80",
		"http://127.0.0.1:8080/mcp?a=b":  "http://127.0.0.1:8080",
		"http://user:pw@[::1]:9/mcp":     "http://[::1]:9",
		"HTTPS://h.example:8443/mcp#top": "https://h.example:8443",
	} {
		u, _ := url.Parse(raw)
		if got := Of(u); got != want {
			t.Errorf("Of(%s) = %s, want %s", raw, got, want)
		}
	}
}

// chain makes the request a redirect leads to, and the requests before it.
func chain(method string, urls ...string) (*http.Request, []*http.Request) {
	var via []*http.Request
	for _, u := range urls[:len(urls)-1] {
		r, _ := http.NewRequest(method, u, nil)
		via = append(via, r)
	}
	next, _ := http.NewRequest(method, urls[len(urls)-1], nil)
	next.Response = &http.Response{StatusCode: http.StatusTemporaryRedirect}
	return next, via
}

func TestPolicy(t *testing.T) {
	home, _ := url.Parse("https://mcp.example/mcp")
	pinned := Policy{Home: home, Hint: "update the config"}
	public := Policy{Public: func(r *http.Request) bool { return r.Method == http.MethodGet }}
	for _, c := range []struct {
		name   string
		p      Policy
		method string
		urls   []string
		want   string // "" follows
	}{
		{"same origin", pinned, "POST", []string{"https://mcp.example/mcp", "https://mcp.example:443/v2/mcp"}, ""},
		{"another host", pinned, "POST", []string{"https://mcp.example/mcp", "https://evil.example/mcp"},
			"moved to https://evil.example/mcp (307 from https://mcp.example:443): mcpeek does not follow a redirect to another origin, where the credentials would go; update the config"},
		{"another port", pinned, "GET", []string{"https://mcp.example/mcp", "https://mcp.example:8443/mcp"}, "moved to"},
		{"downgrade", pinned, "POST", []string{"https://mcp.example/mcp", "http://mcp.example/mcp"}, "redirected from https to http (307 to http://mcp.example/mcp)"},
		{"loop", pinned, "POST", []string{"https://mcp.example/mcp", "https://mcp.example/b", "https://mcp.example/mcp"},
			"redirect loop: https://mcp.example/b redirects (307) back to https://mcp.example/mcp"},
		{"endless", pinned, "POST", []string{"https://mcp.example/1", "https://mcp.example/2", "https://mcp.example/3", "https://mcp.example/4",
			"https://mcp.example/5", "https://mcp.example/6", "https://mcp.example/7", "https://mcp.example/8", "https://mcp.example/9",
			"https://mcp.example/10", "https://mcp.example/11"}, "redirect loop: 10 redirects without an answer"},
		{"userinfo not shown", pinned, "POST", []string{"https://mcp.example/mcp", "https://u:pw@evil.example/mcp"}, "moved to https://evil.example/mcp "},
		{"public document", public, "GET", []string{"https://as.example/.well-known/x", "https://cdn.example/x"}, ""},
		{"public but downgraded", public, "GET", []string{"https://as.example/.well-known/x", "http://cdn.example/x"}, "from https to http"},
		{"not public", public, "POST", []string{"https://as.example/token", "https://cdn.example/token"}, "moved to https://cdn.example/token"},
		{"unpinned same origin", public, "POST", []string{"https://as.example/token", "https://as.example/token2"}, ""},
	} {
		next, via := chain(c.method, c.urls...)
		err := c.p.CheckRedirect(next, via)
		var re *RedirectError
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.want != "" && (!errors.As(err, &re) || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		case c.name == "userinfo not shown" && strings.Contains(err.Error(), "pw"):
			t.Errorf("%s: %v", c.name, err)
		}
	}
}

type recordTripper struct{ got []string }

func (r *recordTripper) RoundTrip(req *http.Request) (*http.Response, error) {
	r.got = append(r.got, req.URL.String())
	return &http.Response{StatusCode: 200, Body: http.NoBody, Request: req}, nil
}

func TestPinRefusesAnotherOrigin(t *testing.T) {
	home, _ := url.Parse("http://127.0.0.1:8080/mcp")
	base := &recordTripper{}
	p := Pin(home, base)
	for _, u := range []string{"http://127.0.0.1:8080/other", "http://127.0.0.2:8080/mcp", "http://127.0.0.1:8081/mcp", "https://127.0.0.1:8080/mcp"} {
		req, _ := http.NewRequest("GET", u, nil)
		_, err := p.RoundTrip(req)
		if (err == nil) != (u == "http://127.0.0.1:8080/other") {
			t.Errorf("%s: %v", u, err)
		}
	}
	if len(base.got) != 1 {
		t.Errorf("sent %q", base.got)
	}
}
