package mcpclient

import "testing"

func TestStripJSONC(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		`{"a": 1}`:                        `{"a": 1}`,
		`{"u": "http://x/*y*/", "b": 2,}`: `{"u": "http://x/*y*/", "b": 2 }`,
		"{// note\n\"a\": [1, 2,],}":      "{       \n\"a\": [1, 2 ] }",
		`{"s": "a\"//b", /* c */ "d": 1}`: `{"s": "a\"//b",         "d": 1}`,
		"{\"a\": 1 /* open":               "{\"a\": 1        ",
		"// only a comment":               "                 ",
	} {
		if got := string(stripJSONC([]byte(in))); got != want {
			t.Errorf("stripJSONC(%q) = %q, want %q", in, got, want)
		}
	}
}
