package model

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestSanitizeInvisibleFormatting(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, in, want string }{
		{"right-to-left override", "file\u202Etxt.exe", "filetxt.exe"},
		{"embeddings and pop", "a\u202Ab\u202Bc\u202Cd\u202De", "abcde"},
		{"isolates", "x\u2066y\u2067z\u2068w\u2069", "xyzw"},
		{"marks", "l\u200Er\u200Fa\u061C", "lra"},
		{"zero width space and joiner", "pass\u200Bword\u2060", "password"},
		{"byte order mark", "\uFEFFname", "name"},
		{"tag characters", "ok\U000E0049\U000E0047\U000E007F", "ok"},
		{"joiners of scripts and emoji kept", "\U0001F469\u200D\U0001F4BB ह\u200Dि", "\U0001F469\u200D\U0001F4BB ह\u200Dि"},
		{"right-to-left text kept", "שלום عربى", "שלום عربى"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Sanitize(tt.in); got != tt.want {
				t.Errorf("Sanitize(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// FuzzSanitize: whatever comes in, what goes out is valid UTF-8 with no
// control or invisible formatting character but newline and tab, and
// sanitising it again changes nothing.
func FuzzSanitize(f *testing.F) {
	for _, s := range []string{"plain", "\x1b[31mred\x1b[0m", "\x1b]0;t\x07x", "a\u202Eb", "\u2066\u2069", "\u200B\u200E\u200F\u061C\uFEFF", "\xff\xc3", "a\u009bb"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		out := Sanitize(in)
		if !utf8.ValidString(out) {
			t.Fatalf("Sanitize(%q) = %q: invalid UTF-8", in, out)
		}
		for _, r := range out {
			if (r < 0x20 && r != '\n' && r != '\t') || (r >= 0x7f && r <= 0x9f) || hidden(r) {
				t.Fatalf("Sanitize(%q) = %q keeps %U", in, out, r)
			}
		}
		if again := Sanitize(out); again != out {
			t.Fatalf("Sanitize is not idempotent on %q: %q then %q", in, out, again)
		}
		if line := SanitizeLine(in); strings.ContainsAny(line, "\n\t") {
			t.Fatalf("SanitizeLine(%q) = %q keeps a newline or tab", in, line)
		}
	})
}

// hidden reports the characters that change how text reads without being
// seen: bidirectional controls, zero-width characters, tags.
func hidden(r rune) bool {
	switch {
	case r == 0x061C, r == 0x200B, r == 0x200E, r == 0x200F, r == 0xFEFF:
		return true
	case r >= 0x202A && r <= 0x202E, r >= 0x2060 && r <= 0x2069, r >= 0xE0000 && r <= 0xE007F:
		return true
	}
	return false
}

func TestEscapeJSON(t *testing.T) {
	t.Parallel()
	plain := []byte(`{"a": "b", "é": "日本 \u200d"}`)
	if got := EscapeJSON(plain); &got[0] != &plain[0] {
		t.Errorf("EscapeJSON copied text with nothing to escape")
	}
	for in, want := range map[string]string{
		"\"invoice_\u202efdp.exe\"":          `"invoice_\u202efdp.exe"`,
		"\"\u2066\u2067\u2068\u2069\u202c\"": `"\u2066\u2067\u2068\u2069\u202c"`,
		"\"\u200e\u200f\u200b\ufeff\"":       `"\u200e\u200f\u200b\ufeff"`,
		"\"\u009b31m\u007f\"":                `"\u009b31m\u007f"`,
		"\"tag\U000E0041\"":                  `"tag\udb40\udc41"`,
		"\"joiner\u200d kept, é kept\"":      "\"joiner\u200d kept, é kept\"",
	} {
		got := EscapeJSON([]byte(in))
		if string(got) != want {
			t.Errorf("EscapeJSON(%q) = %s, want %s", in, got, want)
		}
		var before, after string
		if err := json.Unmarshal([]byte(in), &before); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(got, &after); err != nil || after != before {
			t.Errorf("EscapeJSON(%q) decodes to %q (%v), want the same value", in, after, err)
		}
	}
}
