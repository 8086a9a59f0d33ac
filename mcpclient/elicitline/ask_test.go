package elicitline

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"mcpeek/mcpclient"
)

// TestAskElicitationOnATerminal: the questions a person at a terminal is
// asked, and the answer their lines make: a required field is asked again
// until given, an empty line keeps a default, a bad value is asked again.
func TestAskElicitationOnATerminal(t *testing.T) {
	t.Parallel()
	e := mcpclient.Elicitation{Server: "srv", Message: "Tell me\nabout you", Mode: "form", Schema: json.RawMessage(`{"type":"object","properties":{
		"name":{"type":"string","title":"Name","description":"Your name"},
		"count":{"type":"integer","default":3,"minimum":1},
		"size":{"type":"string","default":"M"},
		"pet":{"type":"string","oneOf":[{"const":"p1","title":"Cat"},{"const":"p2","title":"Dog"}]},
		"ok":{"type":"boolean"}},"required":["name"]}`)}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	var out bytes.Buffer
	a, err := AskForm(ctx, NewLines(strings.NewReader("what\naccept\n\nAda\nzero\n0\n5\n\ndog\n\n")), &out, e)
	if err != nil || a.Action != mcpclient.ElicitAccept {
		t.Fatalf("answer %+v, %v", a, err)
	}
	if b, _ := json.Marshal(a.Content); string(b) != `{"count":5,"name":"Ada","pet":"p2","size":"M"}` {
		t.Errorf("content %s", b)
	}
	for _, want := range []string{
		"mcpeek: srv asks:\n  Tell me\n  about you\n",
		"Name (name, string, required): Your name",
		"count (count, integer, min 1) [default: 3]",
		"pet (pet, string) [1. Cat = p1; 2. Dog = p2]",
		"ok (ok, boolean, yes or no)",
		"required: give a value",
		`"zero" is not a number`,
		"the value must be at least 1",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the questions lack %q:\n%s", want, &out)
		}
	}

	for in, want := range map[string]mcpclient.ElicitAction{"d\n": mcpclient.ElicitDecline, "c\n": mcpclient.ElicitCancel, "a\n": mcpclient.ElicitCancel, "": mcpclient.ElicitCancel} {
		a, err := AskForm(ctx, NewLines(strings.NewReader(in)), io.Discard, e)
		if err != nil || a.Action != want {
			t.Errorf("%q: %+v %v, want %s", in, a, err, want)
		}
	}
}

// TestAskURLOpensOnlyHTTPURLs: [o]pen on a url-mode elicitation opens an
// http(s) URL only; another is not handed to the browser, the terminal
// says why, and the question is asked again.
func TestAskURLOpensOnlyHTTPURLs(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ url, why string }{
		{"javascript:alert(1)", "not javascript:"},
		{"File:///etc/passwd", "not file:"},
		{"-incognito", `starts with "-"`},
		{"https://example.com/ x", "holds ' '"},
	} {
		var opened []string
		var out bytes.Buffer
		e := mcpclient.Elicitation{Server: "s", Mode: "url", Message: "Sign", URL: c.url}
		a, err := AskURL(t.Context(), NewLines(strings.NewReader("o\nd\n")), &out, e,
			func(u string) error { opened = append(opened, u); return nil })
		if err != nil || a.Action != mcpclient.ElicitDecline || len(opened) != 0 {
			t.Errorf("%q: answered %+v, %v; opened %q", c.url, a, err, opened)
		}
		if !strings.Contains(out.String(), "not opened: ") || !strings.Contains(out.String(), c.why) {
			t.Errorf("%q: the terminal does not say why it was not opened (%s):\n%s", c.url, c.why, out.String())
		}
	}
}
