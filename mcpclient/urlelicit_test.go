package mcpclient

import (
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
)

// TestURLElicitationsCheckWhatWasSent: the pages a refusal (-32042) asks
// to open are shown sanitised, and CheckURL refuses one whose URL
// sanitising changed, naming the character, as it refuses a URL no
// browser may be given; a plain http(s) URL passes.
func TestURLElicitationsCheckWhatWasSent(t *testing.T) {
	t.Parallel()
	err := &RPCError{Code: mcp.URL_ELICITATION_REQUIRED, Data: []byte(`{"elicitations":[
		{"message":"a","url":"https://exam\u202eple.com/"},
		{"message":"b","url":"https://example.com/\u2065x"},
		{"message":"c","url":"javascript:alert(1)"},
		{"message":"d","url":"https://example.com/sign?x=1"}]}`)}
	pages := URLElicitations(err)
	want := []struct{ shown, why string }{
		{"https://example.com/", `it holds '\u202e'`},
		{"https://example.com/x", `it holds '\u2065', which is not shown`},
		{"javascript:alert(1)", "not javascript:"},
		{"https://example.com/sign?x=1", ""},
	}
	if len(pages) != len(want) {
		t.Fatalf("%d pages, want %d", len(pages), len(want))
	}
	for i, w := range want {
		err := pages[i].CheckURL()
		if pages[i].URL != w.shown || (w.why == "") != (err == nil) || err != nil && !strings.Contains(err.Error(), w.why) {
			t.Errorf("page %d: shown %q, CheckURL %v; want %q, %q", i, pages[i].URL, err, w.shown, w.why)
		}
	}
}
