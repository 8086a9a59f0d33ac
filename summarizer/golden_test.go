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

// TestGoldenSummaries checks every summary fixture in testdata byte for byte.
func TestGoldenSummaries(t *testing.T) {
	t.Parallel()
	// Every fixture with a summary; the others (recursive_intent) are
	// inspector cases only.
	inputs, _ := filepath.Glob("testdata/*.summary.json")
	if len(inputs) < 5 {
		t.Fatalf("expected the five summary fixtures in testdata, found %v", inputs)
	}
	for _, wantFile := range inputs {
		in := strings.TrimSuffix(wantFile, ".summary.json") + ".output.json"
		t.Run(filepath.Base(in), func(t *testing.T) {
			want, err := os.ReadFile(wantFile)
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

// TestGoldenInspectCases checks the inspector cases of testdata: every field
// they name must match exactly.
func TestGoldenInspectCases(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile("testdata/inspect-cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Schema    string `json:"schema"`
		FieldPath string `json:"field_path"`
		MaxDepth  int    `json:"max_depth"`
		MaxFields int    `json:"max_fields"`
		Expect    struct {
			FieldPath string `json:"field_path"`
			NodeType  string `json:"node_type"`
			Children  []struct {
				Name string `json:"name"`
				Type string `json:"type"`
			} `json:"children"`
			FlattenedFields  []string `json:"flattened_fields"`
			TotalChildFields int      `json:"total_child_fields"`
			Truncated        bool     `json:"truncated"`
		} `json:"expect"`
	}
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) == 0 {
		t.Fatal("no inspect cases")
	}
	for _, c := range cases {
		t.Run(c.Schema+":"+c.FieldPath, func(t *testing.T) {
			got, err := Inspect(mustSchema(t, "testdata/"+c.Schema), c.FieldPath, Options{MaxFields: c.MaxFields, MaxDepth: c.MaxDepth})
			if err != nil {
				t.Fatal(err)
			}
			type pair struct{ Name, Type string }
			var gotChildren, wantChildren []pair
			for _, ch := range got.Children {
				gotChildren = append(gotChildren, pair{ch.Name, ch.Type})
			}
			for _, ch := range c.Expect.Children {
				wantChildren = append(wantChildren, pair{ch.Name, ch.Type})
			}
			check := func(what string, got, want any) {
				g, w := marshalIndent(t, got), marshalIndent(t, want)
				if !bytes.Equal(g, w) {
					t.Errorf("%s differs\n got: %s\nwant: %s", what, g, w)
				}
			}
			check("field_path", got.FieldPath, c.Expect.FieldPath)
			check("node_type", got.NodeType, c.Expect.NodeType)
			check("children", gotChildren, wantChildren)
			check("flattened_fields", got.FlattenedFields, c.Expect.FlattenedFields)
			check("total_child_fields", got.TotalChildFields, c.Expect.TotalChildFields)
			check("truncated", got.Truncated, c.Expect.Truncated)
		})
	}
}
