package model

import (
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// Sanitize makes untrusted text (tool names, descriptions, schema strings,
// server stderr) safe to print on a terminal: escape sequences (CSI, OSC,
// DCS, APC, ...) are removed whole, then every remaining C0 control except
// newline and tab, DEL, and every C1 control is dropped. Invalid UTF-8
// becomes U+FFFD, so a lone 8-bit C1 byte cannot reach the terminal.
//
// Tool keeps the raw text; sanitise when showing it.
func Sanitize(s string) string {
	if isPlainText(s) {
		return s
	}
	// ansi.Strip knows the sequences, including an unterminated OSC that
	// would swallow what follows, but keeps bare C0 controls.
	s = ansi.Strip(s)
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteRune(utf8.RuneError)
		case r == '\n' || r == '\t':
			b.WriteRune(r)
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r <= 0x9f):
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// SanitizeLine is Sanitize for one-line contexts: newlines and tabs
// become spaces.
func SanitizeLine(s string) string {
	s = Sanitize(s)
	if strings.ContainsAny(s, "\n\t") {
		s = strings.NewReplacer("\r\n", " ", "\n", " ", "\t", " ").Replace(s)
	}
	return s
}

// isPlainText reports whether s is printable ASCII plus newlines and tabs.
func isPlainText(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < 0x20 && c != '\n' && c != '\t') || c >= 0x7f {
			return false
		}
	}
	return true
}
