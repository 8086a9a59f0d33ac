package resultcheck

import (
	"slices"
	"strings"
	"testing"

	"mcpeek/model"
)

// check lays value over schema, failing the test on unreadable input.
func check(t *testing.T, schema, value string) *Report {
	t.Helper()
	s, err := model.ParseSchema([]byte(schema))
	if err != nil {
		t.Fatalf("schema: %v", err)
	}
	r, err := Check(s, []byte(value), Options{})
	if err != nil {
		t.Fatalf("value: %v", err)
	}
	return r
}

// marks writes a report's marks one per line, as Mark.String does.
func marks(r *Report) string {
	var out []string
	for _, m := range r.Marks {
		out = append(out, m.String())
	}
	return strings.Join(out, "\n")
}

const orderSchema = `{
  "type": "object",
  "properties": {
    "id": {"type": "string"},
    "status": {"type": "string", "enum": ["open", "paid"]},
    "total": {"type": "number"},
    "note": {"type": ["string", "null"]},
    "count": {"type": "integer"},
    "items": {"type": "array", "items": {"type": "object",
      "properties": {"sku": {"type": "string"}, "qty": {"type": "integer"}},
      "required": ["sku"]}}
  },
  "required": ["id", "status"]
}`

// TestMarks holds each kind of mark to its wording, path and counts.
func TestMarks(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, schema, value string
		want                string // the marks, one per line
		breaks              bool
	}{
		{"conforming", orderSchema, `{"id": "1", "status": "open", "note": null, "items": [{"sku": "a"}]}`, "", false},
		{"missing required", orderSchema, `{"status": "open"}`,
			"id: missing required: expected string", true},
		{"type mismatch", orderSchema, `{"id": 7, "status": "open"}`,
			"id: type mismatch: expected string, got integer", true},
		{"integer accepts 2.0, refuses 2.5", orderSchema, `{"id": "1", "status": "open", "count": 2.0, "total": 3}`, "", false},
		{"integer refuses 2.5", orderSchema, `{"id": "1", "status": "open", "count": 2.5}`,
			"count: type mismatch: expected integer, got number", true},
		{"enum mismatch", orderSchema, `{"id": "1", "status": "shipped"}`,
			`status: enum mismatch: expected one of "open", "paid", got "shipped"`, true},
		{"null not allowed", orderSchema, `{"id": null, "status": "open"}`,
			"id: null not allowed: expected string, got null", true},
		{"undeclared is informational", orderSchema, `{"id": "1", "status": "open", "legacy": true}`,
			"legacy: undeclared: got boolean", false},
		{"not allowed under additionalProperties false",
			`{"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": false}`, `{"a": "x", "b": 1}`,
			"b: not allowed: the object allows no other keys; got integer", true},
		{"array items aggregate", orderSchema, `{"id": "1", "status": "open", "items": [{"sku": "a"}, {"qty": 1}, {"qty": 2}]}`,
			"items[].sku: missing required: expected string (2 of 3)", true},
		{"array of the wrong type", orderSchema, `{"id": "1", "status": "open", "items": "none"}`,
			"items[]: type mismatch: expected array, got string", true},
		{"nested arrays", `{"type": "object", "properties": {"dims": {"type": "array", "items": {"type": "array", "items": {"type": "integer"}}}}}`,
			`{"dims": [[1, 2], [3, "x"]]}`, "dims[][]: type mismatch: expected integer, got string (1 of 4)", true},
		{"const", `{"type": "object", "properties": {"kind": {"const": "order"}}}`, `{"kind": "refund"}`,
			`kind: enum mismatch: expected "order", got "refund"`, true},
		{"enum compares numbers by value", `{"type": "object", "properties": {"v": {"enum": [1, 2]}}}`, `{"v": 1.0}`, "", false},
		{"additionalProperties schema", `{"type": "object", "properties": {"tags": {"type": "object", "additionalProperties": {"type": "string"}}}}`,
			`{"tags": {"a": "x", "b": 2}}`, "tags.<any key>: type mismatch: expected string, got integer (1 of 2)", true},
		{"object without declared keys takes anything", `{"type": "object", "properties": {"meta": {"type": "object"}}}`,
			`{"meta": {"a": 1}}`, "", false},
		{"allOf and $ref merge", `{"$defs": {"Base": {"type": "object", "properties": {"id": {"type": "integer"}}, "required": ["id"]}},
			"allOf": [{"$ref": "#/$defs/Base"}, {"properties": {"name": {"type": "string"}}, "required": ["name"]}]}`,
			`{"id": "x"}`, "id: type mismatch: expected integer, got string\nname: missing required: expected string", true},
		{"nullable union of a $ref", `{"$defs": {"C": {"type": "object", "properties": {"id": {"type": "integer"}}}},
			"type": "object", "properties": {"c": {"anyOf": [{"$ref": "#/$defs/C"}, {"type": "null"}]}}}`, `{"c": null}`, "", false},
		{"union: the matching alternative",
			`{"type": "object", "properties": {"u": {"anyOf": [{"type": "string"}, {"type": "object", "properties": {"id": {"type": "integer"}}, "required": ["id"]}]}}}`,
			`{"u": {"id": 3}}`, "", false},
		{"union: the closest alternative",
			`{"type": "object", "properties": {"u": {"anyOf": [{"type": "string"}, {"type": "object", "properties": {"id": {"type": "integer"}}, "required": ["id"]}]}}}`,
			`{"u": {"id": "3"}}`, "u.anyOf[1].id: type mismatch: expected integer, got string", true},
		{"union: no alternative of that shape",
			`{"type": "object", "properties": {"u": {"anyOf": [{"type": "string"}, {"type": "object", "properties": {"id": {"type": "integer"}}}]}}}`,
			`{"u": 4}`, "u: type mismatch: expected string | object, got integer", true},
		{"merged union: each variant by its own rules", `{"type": "object", "properties": {"blocks": {"type": "array", "items": {"oneOf": [
			{"type": "object", "properties": {"type": {"const": "text"}, "text": {"type": "string"}}, "required": ["type", "text"]},
			{"type": "object", "properties": {"type": {"const": "image"}, "url": {"type": "string"}}, "required": ["type", "url"]}]}}}}`,
			`{"blocks": [{"type": "text", "text": "hi"}, {"type": "image", "url": "u"}, {"type": "image"}]}`,
			"blocks[].url: missing required: expected string (1 of 3)", true},
		{"merged union: the nearest variant names the discriminator", `{"type": "object", "properties": {"blocks": {"type": "array", "items": {"oneOf": [
			{"type": "object", "properties": {"type": {"const": "section"}, "a": {}, "b": {}, "c": {}}, "required": ["type"]},
			{"type": "object", "properties": {"type": {"const": "divider"}}, "required": ["type"]}]}}}}`,
			`{"blocks": [{"type": "spacer"}]}`, `blocks[].type: enum mismatch: expected "divider", got "spacer"`, true},
		{"allOf beside a union: both parts' rules", `{"allOf": [
			{"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]},
			{"oneOf": [{"type": "object", "properties": {"kind": {"const": "a"}, "a": {"type": "integer"}}, "required": ["kind", "a"]},
			           {"type": "object", "properties": {"kind": {"const": "b"}, "b": {"type": "string"}}, "required": ["kind", "b"]}]}]}`,
			`{"kind": "a", "a": "no"}`, "a: type mismatch: expected integer, got string\nid: missing required: expected string", true},
		{"closed by unevaluatedProperties", `{"type": "object", "properties": {"a": {}}, "unevaluatedProperties": false}`,
			`{"a": 1, "z": 2}`, "z: not allowed: the object allows no other keys; got integer", true},
		{"self-referencing array", `{"$defs": {"A": {"type": "array", "items": {"$ref": "#/$defs/A"}}}, "$ref": "#/$defs/A"}`,
			`[[[]], []]`, "", false},
		{"recursive schema", `{"$defs": {"N": {"type": "object", "properties": {"name": {"type": "string"}, "kids": {"type": "array", "items": {"$ref": "#/$defs/N"}}}}}, "$ref": "#/$defs/N"}`,
			`{"name": "a", "kids": [{"name": "b", "kids": [{"name": 3}]}]}`, "kids[].kids[].name: type mismatch: expected string, got integer", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := check(t, c.schema, c.value)
			if got := marks(r); got != c.want {
				t.Errorf("marks:\n%s\nwant:\n%s", got, c.want)
			}
			if r.Breaks() != c.breaks {
				t.Errorf("Breaks() = %v, want %v", r.Breaks(), c.breaks)
			}
			if r.Truncated != "" {
				t.Errorf("truncated: %s", r.Truncated)
			}
		})
	}
}

func TestPresentAndAbsent(t *testing.T) {
	t.Parallel()
	r := check(t, orderSchema, `{"id": "1", "status": "open", "note": null, "items": [{"sku": "a"}, {"sku": "b", "qty": 2}]}`)
	if r.Present != 6 || r.Absent != 2 {
		t.Errorf("present %d, absent %d; want 6 and 2", r.Present, r.Absent)
	}
	if got, want := r.PresentPaths(), []string{"id", "status", "note", "items[]", "items[].sku", "items[].qty"}; !slices.Equal(got, want) {
		t.Errorf("present %q, want %q", got, want)
	}
	if got, want := r.AbsentPaths(), []string{"total", "count"}; !slices.Equal(got, want) {
		t.Errorf("absent %q, want %q", got, want)
	}
	// Fields below an absent one are not counted.
	r = check(t, orderSchema, `{"id": "1", "status": "open"}`)
	if r.Present != 2 || r.Absent != 4 {
		t.Errorf("present %d, absent %d; want 2 and 4", r.Present, r.Absent)
	}
}

func TestObserved(t *testing.T) {
	t.Parallel()
	r := check(t, orderSchema, `{"id": "1001", "status": "open", "note": null, "items": [{"sku": "a", "qty": 1}, {"sku": "b"}, {"sku": "c"}]}`)
	cases := []struct {
		path, short string
		values      int
	}{
		{"id", `"1001"`, 1},
		{"note", "null", 1},
		{"items[]", "object (2 keys)", 3},
		{"items[].sku", `"a"`, 3},
		{"items[].qty", "1", 1},
		{"total", "absent", 0},
	}
	for _, c := range cases {
		o, _ := r.Observed(c.path)
		if o.Short() != c.short || o.Values != c.values {
			t.Errorf("%s: %s (%d values), want %s (%d)", c.path, o.Short(), o.Values, c.short, c.values)
		}
	}
	if o, _ := r.Observed("items[]"); o.Items != 3 || !slices.Equal(o.Types, []string{"object"}) {
		t.Errorf("items[]: %+v", o)
	}
	if _, ok := r.Observed("nope"); ok {
		t.Error("an unknown path was found")
	}
	long := strings.Repeat("é", 100)
	r = check(t, orderSchema, `{"id": "`+long+`", "status": "open"}`)
	if o, _ := r.Observed("id"); len(o.Sample) > maxSample+8 || !strings.HasSuffix(string(o.Sample), `…"`) {
		t.Errorf("a long string is kept as %s", o.Sample)
	}
}

const envelopeSchema = `{
  "type": "object",
  "properties": {
    "successful": {"type": "boolean"},
    "data": {"type": "object", "properties": {
      "channel": {"type": "string"},
      "message": {"type": "object", "properties": {"ts": {"type": "string"}, "text": {"type": "string"}}, "required": ["ts"]}},
      "required": ["channel"]},
    "error": {"type": ["string", "null"]}
  },
  "required": ["successful", "data", "error"]
}`

// TestEnvelope: paths start inside data, as in summaries; the envelope's
// own fields are marked as such and left out of the counts.
func TestEnvelope(t *testing.T) {
	t.Parallel()
	r := check(t, envelopeSchema, `{"data": {"channel": 5, "message": {"text": "hi"}, "extra": 1}, "error": null}`)
	want := "channel: type mismatch: expected string, got integer\n" +
		"message.ts: missing required: expected string\n" +
		"extra: undeclared: got integer\n" +
		"(envelope) successful: missing required: expected boolean"
	if got := marks(r); got != want {
		t.Errorf("marks:\n%s\nwant:\n%s", got, want)
	}
	if !r.Enveloped || r.Present != 3 || r.Absent != 1 {
		t.Errorf("enveloped %v, present %d, absent %d; want true, 3, 1", r.Enveloped, r.Present, r.Absent)
	}
	for _, p := range []string{"message.text", "data.message.text"} {
		if o, ok := r.Observed(p); !ok || o.Short() != `"hi"` {
			t.Errorf("Observed(%q) = %+v, %v", p, o, ok)
		}
	}
	if m := r.MarksAt("successful"); len(m) != 1 || !m[0].Envelope {
		t.Errorf("MarksAt(successful) = %+v", m)
	}
	// An error envelope: data null where the schema wants an object.
	r = check(t, envelopeSchema, `{"successful": false, "data": null, "error": "boom"}`)
	if got := marks(r); got != "(root): null not allowed: expected object, got null" {
		t.Errorf("error envelope: %s", got)
	}
}

// TestArrayRoot: every path starts with "[]".
func TestArrayRoot(t *testing.T) {
	t.Parallel()
	schema := `{"type": "array", "items": {"type": "object", "properties": {"ts": {"type": "string"}, "v": {"type": ["number", "null"]}}, "required": ["ts", "v"]}}`
	r := check(t, schema, `[{"ts": "a", "v": 1}, {"ts": "b"}, {"ts": 3, "v": null}]`)
	want := "[].ts: type mismatch: expected string, got integer (1 of 3)\n[].v: missing required: expected number | null (1 of 3)"
	if got := marks(r); got != want {
		t.Errorf("marks:\n%s\nwant:\n%s", got, want)
	}
	if o, _ := r.Observed("[].v"); o.Values != 2 || o.Nulls != 1 {
		t.Errorf("[].v observed %+v", o)
	}
	r = check(t, schema, `{"ts": "a"}`)
	if got := marks(r); got != "[]: type mismatch: expected array, got object" {
		t.Errorf("object for an array root: %s", got)
	}
}

// TestBounds: every limit stops the walk and says so, and the report stays
// within its sizes.
func TestBounds(t *testing.T) {
	t.Parallel()
	s, _ := model.ParseSchema([]byte(`{"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": false}`))
	var b strings.Builder
	b.WriteString("{")
	for i := range 5000 {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(`"k` + itoa(i) + `": 1`)
	}
	b.WriteString("}")
	r, _ := Check(s, []byte(b.String()), Options{MaxPaths: 100, MaxMarks: 10})
	if len(r.Marks) != 10 || r.MarksOmitted != 89 || r.Count(NotAllowed) != 5000 || !strings.Contains(r.Truncated, "distinct paths") {
		t.Errorf("marks %d, omitted %d, counted %d, truncated %q", len(r.Marks), r.MarksOmitted, r.Count(NotAllowed), r.Truncated)
	}
	r, _ = Check(s, []byte(b.String()), Options{MaxWork: 100})
	if !strings.Contains(r.Truncated, "work limit") || r.Count(NotAllowed) > 100 {
		t.Errorf("work: truncated %q after %d marks", r.Truncated, r.Count(NotAllowed))
	}
	deep := strings.Repeat("[", 300) + strings.Repeat("]", 300)
	s, _ = model.ParseSchema([]byte(`{}`))
	r, _ = Check(s, []byte(deep), Options{})
	if r.Truncated != "" {
		t.Errorf("a schema that accepts anything is not walked into: %q", r.Truncated)
	}
	s, _ = model.ParseSchema([]byte(`{"$defs": {"A": {"type": "array", "items": {"$ref": "#/$defs/B"}}, "B": {"type": "array", "items": {"$ref": "#/$defs/A"}}}, "$ref": "#/$defs/A"}`))
	r, _ = Check(s, []byte(deep), Options{})
	if !strings.Contains(r.Truncated, "deeper than 256") {
		t.Errorf("deep: truncated %q", r.Truncated)
	}
}
