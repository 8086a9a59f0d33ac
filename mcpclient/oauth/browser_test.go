package oauth

import (
	"strings"
	"testing"
)

// TestOpenBrowserRefusesWhatNoBrowserMayBeGiven: OpenBrowser, which every
// path to a browser goes through (a login, an elicitation's URL), refuses
// what CheckBrowserURL refuses before it starts anything, and says why;
// the login's discovery refuses the same endpoints with the same check.
func TestOpenBrowserRefusesWhatNoBrowserMayBeGiven(t *testing.T) {
	t.Setenv("BROWSER", "true") // a browser that starts and opens nothing
	for _, c := range []struct{ url, why string }{
		{"javascript:alert(1)", "not javascript:"},
		{"JAVASCRIPT:alert(1)", "not javascript:"},
		{"file:///etc/passwd", "not file:"},
		{"data:text/html,x", "not data:"},
		{"-new-window", `starts with "-"`},
		{"--", `starts with "-"`},
		{"https://example.com/\u202e", `holds '\u202e'`},
		{"https://example.com/ x", "holds ' '"},
		{"https://example.com/\r", `holds '\r'`},
		{"https://", "no host"},
		{"", "not an absolute"},
	} {
		err := OpenBrowser(c.url)
		if err == nil || !strings.HasPrefix(err.Error(), "not opened: ") || !strings.Contains(err.Error(), c.why) {
			t.Errorf("OpenBrowser(%q) = %v, want it refused: %s", c.url, err, c.why)
		}
		if err := checkHTTPURL("authorization endpoint", c.url); err == nil || !strings.Contains(err.Error(), c.why) {
			t.Errorf("checkHTTPURL(%q) = %v, want it refused: %s", c.url, err, c.why)
		}
	}
	for _, u := range []string{"https://example.com/authorize?a=1&b=%20", "http://127.0.0.1:8080/cb", "HTTPS://Example.com/x"} {
		if err := OpenBrowser(u); err != nil {
			t.Errorf("OpenBrowser(%q) = %v", u, err)
		}
	}
}
