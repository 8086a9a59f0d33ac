package mcpclient

import "testing"

// TestTextForKeepsLinesAndTabs: a terminal gets the text without its escape
// sequences but with its line breaks and tabs; a file or pipe gets it as sent.
func TestTextForKeepsLinesAndTabs(t *testing.T) {
	r := &CallResult{Text: "a\tb\n\x1b]0;title\x07c\u202e\n"}
	if got, want := r.TextFor(true), "a\tb\nc\n"; got != want {
		t.Errorf("to a terminal: %q, want %q", got, want)
	}
	if got := r.TextFor(false); got != r.Text {
		t.Errorf("to a pipe: %q, want the text as sent", got)
	}
}
