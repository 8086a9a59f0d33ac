package summarizer

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

const envelopeSchema = `{"type":"object","properties":{"successful":{"type":"boolean"},"error":{"type":"string"},
	"data":{"type":"object","properties":{
		"items":{"type":"array","items":{"type":"object","properties":{
			"id":{"type":"string","description":"The item id. Stable across calls."},
			"kind":{"type":"string","enum":["a","b"]},
			"when":{"type":"string","format":"date-time"},
			"owner":{"type":"object","required":["login"],"properties":{"login":{"type":"string"},
				"profile":{"type":"object","properties":{"bio":{"type":"string"}}}}}}}},
		"payload":{"anyOf":[{"type":"string"},{"type":"object","properties":{"x":{"type":"integer"},"y":{"type":"integer"}}}]},
		"grid":{"type":"array","items":{"type":"array","items":{"type":"number"}}},
		"a.b":{"type":"object","properties":{"c":{"type":"string"}}},
		"a":{"type":"object","properties":{"b":{"type":"integer"}}}}}}}`

func TestInspectPaths(t *testing.T) {
	t.Parallel()
	s := parse(t, envelopeSchema)
	cases := []struct {
		path, wantPath, wantType string
		wantFlat                 []string
		truncated                bool
	}{
		{"", "", "object", nil, true},
		{"data", "", "object", nil, true},
		{"items", "items[]", "object", []string{"id: string", "kind: string", "when: string", "owner: object", "owner.login: string", "owner.profile: object", "owner.profile.bio: string"}, false},
		{"items[]", "items[]", "object", nil, false},
		{"items[0]", "items[]", "object", nil, false},
		{"items[*].owner", "items[].owner", "object", []string{"login: string", "profile: object", "profile.bio: string"}, false},
		{"data.items[0].owner.", "items[].owner", "object", nil, false},
		{"data[].items", "", "", nil, false}, // data is not an array: an error
		{"items[].id", "items[].id", "string", []string{}, false},
		{"grid", "grid[][]", "number", []string{}, false},
		{"grid[]", "grid[][]", "number", []string{}, false},
		{"payload", "payload", "union", []string{}, false},
		{"payload.anyOf[1]", "payload.anyOf[1]", "object", []string{"x: integer", "y: integer"}, false},
		{"payload.anyOf[0]", "payload.anyOf[0]", "string", []string{}, false},
		{"a.b", "a.b", "object", []string{"c: string"}, false},     // the longest property name first
		{"a.b.c", "a.b.c", "string", []string{}, false},            // the property named a.b, then c
		{`["a.b"]`, "a.b", "object", []string{"c: string"}, false}, // quoted (an extension): that property
		{`a["b"]`, "a.b", "integer", []string{}, false},            // quoted: a's b
		{`["a.b"].c`, "a.b.c", "string", []string{}, false},
		{`data["a.b"]`, "a.b", "object", nil, false},
		{`["a.b"].x`, "", "", nil, false},
		{`["nope"]`, "", "", nil, false},
	}
	for _, c := range cases {
		t.Run(c.path, func(t *testing.T) {
			got, err := Inspect(s, c.path, Options{})
			if c.wantType == "" {
				if err == nil {
					t.Fatalf("want an error, got %+v", got)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got.FieldPath != c.wantPath || got.NodeType != c.wantType {
				t.Errorf("got (%q, %q), want (%q, %q)", got.FieldPath, got.NodeType, c.wantPath, c.wantType)
			}
			if c.wantFlat != nil && !slices.Equal(got.FlattenedFields, c.wantFlat) {
				t.Errorf("flattened_fields\n got: %q\nwant: %q", got.FlattenedFields, c.wantFlat)
			}
			if c.wantFlat != nil && got.Truncated != c.truncated {
				t.Errorf("truncated = %v, want %v", got.Truncated, c.truncated)
			}
		})
	}
}

func TestInspectFoldPathsAreAbsolute(t *testing.T) {
	t.Parallel()
	got, err := Inspect(parse(t, envelopeSchema), "items", Options{MaxDepth: 1})
	if err != nil {
		t.Fatal(err)
	}
	want := `owner: object (contains 2 sub-fields; inspect_tool_output(..., field_path="items[].owner"))`
	if !slices.Contains(got.FlattenedFields, want) {
		t.Errorf("want the fold line %q in %q", want, got.FlattenedFields)
	}
	if !got.Truncated {
		t.Error("a fold line means truncated")
	}
}

func TestInspectMaxFieldsTruncates(t *testing.T) {
	t.Parallel()
	got, err := Inspect(parse(t, envelopeSchema), "items", Options{MaxFields: 3})
	if err != nil {
		t.Fatal(err)
	}
	if len(got.FlattenedFields) != 3 || !got.Truncated {
		t.Errorf("want 3 lines and truncated, got %d lines, truncated=%v", len(got.FlattenedFields), got.Truncated)
	}
	if got.TotalChildFields != 4 {
		t.Errorf("total_child_fields = %d, want 4", got.TotalChildFields)
	}
}

func TestInspectChildDetails(t *testing.T) {
	t.Parallel()
	got, err := Inspect(parse(t, envelopeSchema), "items[]", Options{})
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]Child{}
	for _, c := range got.Children {
		byName[c.Name] = c
	}
	if d := byName["id"].Description; d != "The item id." {
		t.Errorf("description = %q, want the first sentence", d)
	}
	if e := byName["kind"].Enum; len(e) != 2 || string(e[0]) != `"a"` {
		t.Errorf("enum = %s", e)
	}
	if f := byName["when"].Format; f != "date-time" {
		t.Errorf("format = %q", f)
	}
	if c := byName["owner"].Children; c == nil || *c != 2 {
		t.Errorf("owner children = %v, want 2", c)
	}
	owner, _ := Inspect(parse(t, envelopeSchema), "items[].owner", Options{})
	if !owner.Children[0].Required || owner.Children[1].Required {
		t.Errorf("required flags wrong: %+v", owner.Children)
	}
	union, _ := Inspect(parse(t, envelopeSchema), "payload", Options{})
	if len(union.Children) != 2 || union.Children[0].Name != "anyOf[0]" || union.Children[1].Type != "object" {
		t.Errorf("a union lists its alternatives: %+v", union.Children)
	}
}

func TestInspectBadPath(t *testing.T) {
	t.Parallel()
	s := mustSchema(t, "testdata/shopify_order.output.json")
	_, err := Inspect(s, "variants[].inventry", Options{})
	var pe *PathError
	if !errors.As(err, &pe) {
		t.Fatalf("want a *PathError, got %v", err)
	}
	msg := err.Error()
	for _, want := range []string{`field_path "variants[].inventry" not found`, `"variants[]" has children id, sku, title`, "inventory_item"} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q does not contain %q", msg, want)
		}
	}
	if pe.Prefix != "variants[]" {
		t.Errorf("longest valid prefix = %q", pe.Prefix)
	}

	for path, want := range map[string]string{
		"nope":                          `"" (the root) has children id, name, email`,
		"id.x":                          `"id" is integer and has no children`,
		"id[]":                          `"id" is not an array`,
		"metadata.k":                    `"metadata" is an object with unknown keys`,
		"line_items[][]":                `"line_items[]" has 1 array level(s)`,
		"data.id":                       `"" (the root) has children`, // no envelope: data is not stripped
		"customer..email":               `"customer" has children id, email`,
		"line_items[].tax_lines[].nope": `"line_items[].tax_lines[]" has children title, rate, price`,
	} {
		_, err := Inspect(s, path, Options{})
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want it to contain %q", path, err, want)
		}
	}
}

// TestInspectRecursionOpens checks that a folded recursive node opens when
// asked for, and folds again one level down.
func TestInspectRecursionOpens(t *testing.T) {
	t.Parallel()
	s := mustSchema(t, "testdata/shopify_order.output.json")
	got, err := Inspect(s, "category.parent", Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"id: string", "name: string",
		`parent: object | null (contains 3 sub-fields; inspect_tool_output(..., field_path="category.parent.parent"))`}
	if !slices.Equal(got.FlattenedFields, want) {
		t.Errorf("got %q\nwant %q", got.FlattenedFields, want)
	}
}

func TestFirstSentence(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"The item id. Stable across calls.":       "The item id.",
		"Taxonomy id, e.g. 'aa-1'. Never reused.": "Taxonomy id, e.g. 'aa-1'.",
		"Multi\nline   text":                      "Multi line text",
		"No stop at all":                          "No stop at all",
		"Version 2.0 of the API. Then more.":      "Version 2.0 of the API.",
		strings.Repeat("long ", 60):               strings.TrimSpace(strings.Repeat("long ", 60))[:159] + "…",
	} {
		if got := FirstSentence(in); got != want {
			t.Errorf("FirstSentence(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestFieldDescriptionWinsOverItsType(t *testing.T) {
	t.Parallel()
	s := parse(t, `{"type":"object","properties":{"parent":{"description":"The parent category.",
		"anyOf":[{"$ref":"#/$defs/C"},{"type":"null"}]}},
		"$defs":{"C":{"type":"object","description":"A category.","properties":{"id":{"type":"string"}}}}}`)
	got, err := Inspect(s, "", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if d := got.Children[0].Description; d != "The parent category." {
		t.Errorf("description = %q", d)
	}
}
