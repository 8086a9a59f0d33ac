package registrytext

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"unicode/utf8"

	"mcpeek/mcpclient/registry"
	"mcpeek/model"
)

// WriteEntriesJSON writes entries as the registry sent them, a JSON array
// indented as WriteJSON writes one, an entry at a time: a listing may be
// tens of MiB, and is not copied whole again to be written.
func WriteEntriesJSON(w io.Writer, entries []registry.Entry) error {
	if len(entries) == 0 {
		_, err := io.WriteString(w, "[]\n")
		return err
	}
	bw := bufio.NewWriter(w)
	bw.WriteString("[\n")
	var buf bytes.Buffer
	for i, e := range entries {
		buf.Reset()
		if err := json.Indent(&buf, bytes.TrimSpace(e.Raw), "  ", "  "); err != nil {
			return err
		}
		bw.WriteString("  ")
		bw.Write(SafeJSON(buf.Bytes()))
		if i < len(entries)-1 {
			bw.WriteByte(',')
		}
		bw.WriteByte('\n')
	}
	bw.WriteString("]\n")
	return bw.Flush()
}

// WriteJSON writes JSON from a registry indented, with the characters a
// terminal would act on escaped (SafeJSON).
func WriteJSON(w io.Writer, raw []byte) error {
	var buf bytes.Buffer
	if err := json.Indent(&buf, raw, "", "  "); err != nil {
		return err
	}
	_, err := w.Write(append(SafeJSON(buf.Bytes()), '\n'))
	return err
}

// SafeJSON is JSON text with the characters a terminal would act on
// escaped: JSON forbids raw C0 controls in strings but not DEL, the C1
// controls (U+009B starts a sequence on some terminals) or the invisible
// characters model.Sanitize drops, so those are written as \u escapes,
// which read back as the same string.
func SafeJSON(b []byte) []byte {
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		// An invalid byte decodes as U+FFFD, and is written so.
		if r == 0x7f || (r >= 0x80 && model.Sanitize(string(r)) == "") || r == utf8.RuneError && size == 1 {
			out = fmt.Appendf(out, `\u%04x`, r)
		} else {
			out = append(out, b[i:i+size]...)
		}
		i += size
	}
	return out
}
