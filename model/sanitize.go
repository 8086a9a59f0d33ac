package model

import (
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// Sanitize makes untrusted text (tool names, descriptions, schema strings,
// server stderr) safe to print on a terminal: escape sequences (CSI, OSC,
// DCS, APC, ...) are removed whole, then every remaining C0 control except
// newline and tab, DEL, and every C1 control is dropped. So are the
// invisible characters that change how text reads (see invisible). Invalid
// UTF-8 becomes U+FFFD, so a lone 8-bit C1 byte cannot reach the terminal.
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
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r <= 0x9f) || invisible(r):
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

// invisible reports the characters that are not drawn but change how the
// text around them reads: the bidirectional embeddings, overrides, isolates
// and marks ("file\u202Etxt.exe" shows as "fileexe.txt"), zero-width spaces
// and word joiners that hide inside names, the byte order mark, and the tag
// characters that can spell out text no one sees. The zero-width
// (non-)joiners U+200C and U+200D stay: scripts and emoji need them.
func invisible(r rune) bool {
	switch {
	case r == 0x061C, r == 0x180E, r == 0x200B, r == 0x200E, r == 0x200F, r == 0xFEFF:
		return true
	case r >= 0x202A && r <= 0x202E, r >= 0x2060 && r <= 0x206F, r >= 0xE0000 && r <= 0xE007F:
		return true
	}
	return false
}
