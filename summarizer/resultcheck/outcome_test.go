package resultcheck

import (
	"encoding/json"
	"strings"
	"testing"

	"mcpeek/model"
	"mcpeek/summarizer"
)

func target(t *testing.T, schema string) *Target {
	t.Helper()
	tg, err := NewTarget(model.ParseTool(model.Tool{OutputSchema: json.RawMessage(schema)}))
	if err != nil {
		t.Fatal(err)
	}
	return tg
}

// TestVerdict: the validator decides when it runs; the overlay when it
// cannot (a shorthand schema, one that does not compile); a missing
// structured result breaks the schema.
func TestVerdict(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, schema, structured, text string
		breaks                         bool
		decidedBy, marks               string
	}{
		{"the validator confirms", orderSchema, `{"id": 1, "status": "open"}`, "", true, "validator",
			"id: type mismatch: expected string, got integer"},
		{"only the validator sees it", `{"type": "object", "properties": {"id": {"type": "string", "pattern": "^[0-9]+$"}}}`,
			`{"id": "abc"}`, "", true, "validator", ""},
		{"the overlay does not read patternProperties", `{"type": "object", "patternProperties": {"^x-": {"type": "string"}}, "additionalProperties": false}`,
			`{"x-a": "1"}`, "", false, "validator", "x-a: not allowed: the object allows no other keys; got string"},
		{"a shorthand schema is the overlay's", `{"data": {"id": "int"}}`, `{"successful": true, "data": {"id": "x"}, "error": null}`, "", true, "overlay",
			"id: type mismatch: expected integer, got string"},
		{"a schema the validator cannot compile", `{"type": "object", "properties": {"id": {"type": "string", "pattern": "("}}}`,
			`{"id": 3}`, "", true, "overlay", "id: type mismatch: expected string, got integer"},
		{"text that parses as JSON stands in", orderSchema, "", ` {"id": "1", "status": "open"} `, false, "validator", ""},
		{"no structured result", orderSchema, "", "hello", true, "", ""},
		{"structuredContent null", orderSchema, "null", "", true, "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o := target(t, c.schema).Check(json.RawMessage(c.structured), c.text, Options{}, summarizer.Options{})
			if o.Breaks() != c.breaks || o.DecidedBy() != c.decidedBy {
				t.Errorf("breaks %v decided by %q, want %v %q; validator %+v", o.Breaks(), o.DecidedBy(), c.breaks, c.decidedBy, o.Validation)
			}
			if o.Report != nil {
				if got := marks(o.Report); got != c.marks {
					t.Errorf("marks:\n%s\nwant:\n%s", got, c.marks)
				}
			}
		})
	}
	o := target(t, orderSchema).Check(nil, `{"id": "1", "status": "open"}`, Options{}, summarizer.Options{})
	if o.Source != FromText || !strings.Contains(o.Note, "no structuredContent") {
		t.Errorf("text: source %q, note %q", o.Source, o.Note)
	}
}

// TestValidatorPaths: the validator's pointers read as field paths, inside
// an envelope's data and through array items.
func TestValidatorPaths(t *testing.T) {
	t.Parallel()
	o := target(t, envelopeSchema).Check(json.RawMessage(`{"successful": 1, "data": {"channel": "c", "message": {"ts": 5}}, "error": null}`), "", Options{}, summarizer.Options{})
	var got []string
	for _, e := range o.Validation.Errors {
		got = append(got, e.Pointer+" "+e.Path+" "+map[bool]string{true: "envelope", false: "data"}[e.Envelope])
	}
	want := "/data/message/ts message.ts data\n/successful successful envelope"
	if strings.Join(got, "\n") != want {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), want)
	}
	if un := o.Unexplained(); len(un) != 0 {
		t.Errorf("every finding has a mark: %+v", un)
	}
	schema := `{"type": "array", "items": {"type": "object", "properties": {"tags": {"type": "object", "additionalProperties": {"type": "string"}}}}}`
	o = target(t, schema).Check(json.RawMessage(`[{"tags": {"a": "x"}}, {"tags": {"b~/c": 1}}]`), "", Options{}, summarizer.Options{})
	if len(o.Validation.Errors) != 1 || o.Validation.Errors[0].Path != "[].tags.b~/c" || len(o.Unexplained()) != 0 {
		t.Errorf("validator %+v, unexplained %+v", o.Validation.Errors, o.Unexplained())
	}
}

// TestOutcomeJSON: every member is there, lists empty rather than null.
func TestOutcomeJSON(t *testing.T) {
	t.Parallel()
	o := target(t, orderSchema).Check(json.RawMessage(`{"id": "1", "status": "open"}`), "", Options{}, summarizer.Options{})
	b, err := json.Marshal(o)
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]json.RawMessage
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"missing_required", "mismatches", "undeclared", "folded_with_data", "present_paths", "absent_paths"} {
		if string(got[key]) != "[]" && key != "present_paths" && key != "absent_paths" {
			t.Errorf("%s = %s, want []", key, got[key])
		}
		if got[key] == nil || string(got[key]) == "null" {
			t.Errorf("%s missing or null", key)
		}
	}
	if string(got["verdict"]) != `"ok"` || string(got["decided_by"]) != `"validator"` || string(got["validator"]) != `{"errors":[]}` {
		t.Errorf("verdict %s, decided by %s, validator %s", got["verdict"], got["decided_by"], got["validator"])
	}
	if u, _ := json.Marshal(&Outcome{Note: "nothing"}); !strings.Contains(string(u), `"verdict":"unchecked"`) {
		t.Errorf("unchecked: %s", u)
	}
}
