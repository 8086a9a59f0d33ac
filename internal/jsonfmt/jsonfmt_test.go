package jsonfmt

import (
	"bytes"
	"encoding/json"
	"slices"
	"testing"
)

// WriteIndentArray writes what MarshalIndent writes, element by element.
func TestWriteIndentArray(t *testing.T) {
	type item struct {
		Name  string          `json:"name"`
		Tags  []string        `json:"tags"`
		Raw   json.RawMessage `json:"raw,omitempty"`
		Inner *item           `json:"inner,omitempty"`
	}
	for _, items := range [][]item{
		nil,
		{},
		{{Name: "a <b> & c", Tags: []string{}}},
		{{Name: "x", Tags: []string{"1", "2"}, Raw: json.RawMessage(`{"k": [1, {}]}`)}, {Name: "y", Inner: &item{Name: "z"}}},
	} {
		want, err := MarshalIndent(items)
		if err != nil {
			t.Fatal(err)
		}
		var got bytes.Buffer
		if err := WriteIndentArray(&got, items); err != nil {
			t.Fatal(err)
		}
		if got.String() != string(want) {
			t.Errorf("WriteIndentArray(%v):\n%s\nMarshalIndent:\n%s", items, got.String(), want)
		}
		if items == nil {
			continue // a nil slice is "null"; a sequence of nothing is "[]"
		}
		got.Reset()
		if err := WriteIndentSeq(&got, slices.Values(items)); err != nil {
			t.Fatal(err)
		}
		if got.String() != string(want) {
			t.Errorf("WriteIndentSeq(%v):\n%s\nMarshalIndent:\n%s", items, got.String(), want)
		}
	}
}
