package summarizer

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mcpeek/model"
)

// marshalIndent encodes v as the fixtures are written: two-space indent, no
// HTML escaping, no trailing newline.
func marshalIndent(t testing.TB, v any) []byte {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}

func mustSchema(t testing.TB, path string) *model.Schema {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s, err := model.ParseSchema(b)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return s
}

// TestGoldenSummaries checks every contract fixture byte for byte.
func TestGoldenSummaries(t *testing.T) {
	inputs, _ := filepath.Glob("testdata/*.output.json")
	if len(inputs) < 2 {
		t.Fatalf("expected the contract fixtures in testdata, found %v", inputs)
	}
	for _, in := range inputs {
		t.Run(filepath.Base(in), func(t *testing.T) {
			want, err := os.ReadFile(strings.TrimSuffix(in, ".output.json") + ".summary.json")
			if err != nil {
				t.Fatal(err)
			}
			got := marshalIndent(t, Summarize(mustSchema(t, in), Options{}))
			if !bytes.Equal(got, bytes.TrimRight(want, "\n")) {
				t.Errorf("summary differs\n got: %s\nwant: %s", got, want)
			}
		})
	}
}
