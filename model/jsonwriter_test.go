package model

import (
	"bytes"
	"testing"
)

// TestJSONWriterKeepsCharactersSplitBetweenWrites: however the text is
// cut into writes, the output is the text escaped whole.
func TestJSONWriterKeepsCharactersSplitBetweenWrites(t *testing.T) {
	t.Parallel()
	text := []byte(`["a\u202eb", "é", "😀", "` + "\U000E0041\u202e\u00e9\U0001F600" + `"]`)
	want := EscapeJSON(text)
	for size := 1; size <= 5; size++ {
		var out bytes.Buffer
		jw := &JSONWriter{W: &out}
		for i := 0; i < len(text); i += size {
			jw.Write(text[i:min(i+size, len(text))])
		}
		jw.Flush()
		if out.String() != string(want) {
			t.Errorf("writes of %d bytes: %q, want %q", size, out.String(), want)
		}
	}
}
