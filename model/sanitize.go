package model

import (
	"fmt"
	"strings"
	"unicode/utf16"
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

// EscapeJSON returns JSON text with every character that Sanitize would
// drop from text for being a C1 control, DEL or invisible (see invisible)
// written as a \uXXXX escape (a surrogate pair above U+FFFF). Such a
// character can only stand inside a string, where the escape is the same
// value: a program reading the JSON sees no change, while a terminal shows
// "invoice_\u202efdp.exe" instead of a name that reads "invoice_exe.pdf".
// Text with nothing to escape is returned as it is; invalid UTF-8 is kept.
func EscapeJSON(b []byte) []byte {
	i := 0
	for i < len(b) && b[i] < 0x7f {
		i++
	}
	if i == len(b) {
		return b
	}
	var out []byte
	start := 0 // the first byte not copied to out yet
	for i < len(b) {
		if b[i] < 0x7f {
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if !(r == 0x7f || (r >= 0x80 && r <= 0x9f) || invisible(r)) || (r == utf8.RuneError && size == 1) {
			i += size
			continue
		}
		if out == nil {
			out = make([]byte, 0, len(b)+64)
		}
		out = append(out, b[start:i]...)
		if r > 0xFFFF {
			hi, lo := utf16.EncodeRune(r)
			out = fmt.Appendf(out, `\u%04x\u%04x`, hi, lo)
		} else {
			out = fmt.Appendf(out, `\u%04x`, r)
		}
		i += size
		start = i
	}
	if out == nil {
		return b
	}
	return append(out, b[start:]...)
}
