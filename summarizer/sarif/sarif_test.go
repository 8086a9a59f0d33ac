package sarif

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// hidden are the characters no byte of a log may hold raw: the C0 and C1
// controls and DEL (a terminal or viewer acts on them), the BiDi marks,
// embeddings, overrides and isolates ("invoice_\u202efdp.exe" reads
// "invoice_exe.pdf"), the zero-width and invisible formatting characters,
// the byte order mark, the tag characters, and the line and paragraph
// separators. The zero-width (non-)joiners U+200C and U+200D are not among
// them: scripts and emoji need them, and the JSON outputs keep them too.
func hidden() []rune {
	var rs []rune
	add := func(lo, hi rune) {
		for r := lo; r <= hi; r++ {
			rs = append(rs, r)
		}
	}
	add(0x00, 0x1f)
	add(0x7f, 0x9f)
	add(0x200b, 0x200b)
	add(0x200e, 0x200f)
	add(0x2028, 0x202e)
	add(0x2060, 0x206f)
	add(0xe0000, 0xe007f)
	return append(rs, 0x061c, 0x180e, 0xfeff)
}

// fillStrings sets every string reachable from v (fields, slice elements,
// pointers, map keys and values) to s, making a nil pointer, an empty
// slice and a nil map hold one so that every field of the format is seen.
func fillStrings(v reflect.Value, s string) {
	switch v.Kind() {
	case reflect.String:
		v.SetString(s)
	case reflect.Pointer:
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
		}
		fillStrings(v.Elem(), s)
	case reflect.Struct:
		for i := range v.NumField() {
			fillStrings(v.Field(i), s)
		}
	case reflect.Slice:
		if v.Len() == 0 {
			v.Set(reflect.MakeSlice(v.Type(), 1, 1))
		}
		for i := range v.Len() {
			fillStrings(v.Index(i), s)
		}
	case reflect.Map:
		m := reflect.MakeMap(v.Type())
		k, e := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
		fillStrings(k, s)
		fillStrings(e, s)
		m.SetMapIndex(k, e)
		v.Set(m)
	}
}

// TestWriteEscapesEveryHiddenCharacterInEveryString: whatever a string of
// the log holds (a tool name, a finding's text, a fingerprint, a path),
// the bytes written hold no control, BiDi or invisible character raw: each
// is a \u escape, which is the same JSON value, so a reader of the log
// loses nothing.
func TestWriteEscapesEveryHiddenCharacterInEveryString(t *testing.T) {
	t.Parallel()
	trick := "invoice_" + string(hidden()) + "fdp.exe"
	var log Log
	fillStrings(reflect.ValueOf(&log), trick)
	var out bytes.Buffer
	if err := log.Write(&out); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(out.String(), `invoice_`); n < 20 {
		t.Fatalf("only %d strings were filled:\n%s", n, out.String())
	}
	bad := map[rune]bool{}
	for _, r := range hidden() {
		bad[r] = r != '\n' // the indentation's newlines, never one inside a string
	}
	raw := map[rune]int{}
	for _, r := range out.String() {
		if bad[r] {
			raw[r]++
		}
	}
	if len(raw) > 0 {
		t.Errorf("%d characters written raw (U+202E %d times), %v", len(raw), raw[0x202e], raw)
	}
	if !utf8.Valid(out.Bytes()) || strings.Count(out.String(), "\n") != bytes.Count(out.Bytes(), []byte("\n")) {
		t.Error("the log is not UTF-8")
	}
	var back Log
	if err := json.Unmarshal(out.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, log) {
		t.Errorf("the log read back differs:\n%+v\nwant\n%+v", back, log)
	}
}
