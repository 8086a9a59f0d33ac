package mcpclient

import (
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// Sanitize returns s made safe to print on a terminal: escape sequences (CSI,
// OSC, DCS, APC, ...) are removed whole, then every remaining C0 control but
// newline and tab, DEL, and every C1 control (U+0080 to U+009F) is dropped.
// Bytes that are not valid UTF-8 are dropped or become U+FFFD, so a lone
// 8-bit C1 byte cannot reach a terminal that would act on it. ESC followed by
// any character is a sequence: "\x1bc" (reset) goes whole.
//
// Servers are not trusted: apply it to names, descriptions, titles and stderr
// before display. model.Tool keeps the raw text; sanitise when showing it.
func Sanitize(s string) string {
	if isPlain(s) {
		return s
	}
	// ansi.Strip removes sequences whole (an unterminated one takes the rest
	// of the string with it, the safe choice) but keeps bare C0 controls (it
	// "executes" them), so a second pass removes those.
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
			// control character: dropped
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// isPlain reports whether s is printable ASCII, newlines and tabs only, the
// common case that needs no work.
func isPlain(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if (c < 0x20 && c != '\n' && c != '\t') || c >= 0x7f {
			return false
		}
	}
	return true
}
