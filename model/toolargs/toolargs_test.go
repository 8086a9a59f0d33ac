package toolargs

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"mcpeek/internal/testkit"
)

// itemSchema has a required pattern, a default at the top, defaults inside
// an object and inside array items, and examples.
const itemSchema = `{"type":"object","properties":{
 "id":{"type":"string","pattern":"^[a-z0-9]+$","description":"The item's id.","examples":["abc1"]},
 "limit":{"type":"integer","minimum":1,"default":10},
 "opts":{"type":"object","properties":{"verbose":{"type":"boolean","default":false},"depth":{"type":"integer"}}},
 "tags":{"type":"array","items":{"type":"object","properties":{"k":{"type":"string"},"w":{"type":"number","default":1.5}}}}},
 "required":["id"]}`

func pointers(errs []FieldError) string {
	var out []string
	for _, e := range errs {
		out = append(out, e.Path)
	}
	return strings.Join(out, ",")
}

func TestCheck(t *testing.T) {
	t.Parallel()
	s := New(json.RawMessage(itemSchema))
	cases := []struct {
		name     string
		args     string
		problem  Problem
		pointers string // of the field errors
		want     string // the arguments passed on, when accepted
	}{
		{"defaults fill what is left out, members keep their order and numbers their text",
			`{"tags":[{"k":"a"},{"k":"b","w":3.0}],"id":"abc1","opts":{}}`, Accepted, "",
			`{"tags":[{"k":"a","w":1.5},{"k":"b","w":3.0}],"id":"abc1","opts":{"verbose":false},"limit":10}`},
		{"no default applies: the very bytes", `{"id":"x","limit":2}`, Accepted, "", `{"id":"x","limit":2}`},
		{"a default does not satisfy required", `null`, Mismatch, "/id", ""},
		{"empty is {}", ``, Mismatch, "/id", ""},
		{"not an object", `[1]`, NotAnObject, "", ""},
		{"a string is not an object", `"x"`, NotAnObject, "", ""},
		{"not JSON", `{"id":`, NotJSON, "", ""},
		{"pointers, sorted", `{"id":"ABC","limit":"ten","opts":{"depth":"x"},"tags":[{"k":1}]}`, Mismatch,
			"/id,/limit,/opts/depth,/tags/0/k", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := s.Check(json.RawMessage(c.args))
			if res.Problem != c.problem {
				t.Fatalf("problem %v, want %v (%+v)", res.Problem, c.problem, res)
			}
			if c.problem != Accepted {
				if len(res.Errors) == 0 || res.Args != nil {
					t.Fatalf("refused without field errors, or with args: %+v", res)
				}
				if c.pointers != "" && pointers(res.Errors) != c.pointers {
					t.Errorf("field errors at %s, want %s", pointers(res.Errors), c.pointers)
				}
				for _, e := range res.Errors {
					if e.Message == "" {
						t.Errorf("%s: no message", e.Path)
					}
				}
				return
			}
			if string(res.Args) != c.want || res.Unchecked != nil {
				t.Errorf("args %s (unchecked: %v), want %s", res.Args, res.Unchecked, c.want)
			}
		})
	}
	res := s.Check(json.RawMessage(`{"id":"a","opts":{}}`))
	if strings.Join(res.Defaulted, ",") != "/limit,/opts/verbose" {
		t.Errorf("defaulted %q", res.Defaulted)
	}
	// Verify checks alike and passes the arguments on as given.
	for _, c := range cases {
		if got := s.Verify(json.RawMessage(c.args)); got.Problem != c.problem || got.Defaulted != nil ||
			(c.problem == Accepted && string(got.Args) != strings.TrimSpace(c.args)) {
			t.Errorf("Verify(%s): %+v", c.args, got)
		}
	}
	if got := s.Verify(nil); got.Problem != Mismatch {
		t.Errorf("Verify(nil): %+v", got)
	}
}

// Without a schema, any object passes as it is; with one that cannot check
// them, arguments pass too, and Unchecked says why.
func TestUncheckableSchemasLetArgumentsThrough(t *testing.T) {
	t.Parallel()
	props := func(n int, schema string) string {
		var b strings.Builder
		for i := range n {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `"p%d":%s`, i, schema)
		}
		return b.String()
	}
	cases := []struct {
		name   string
		schema string
		args   string
		why    error // nil: a compile error
	}{
		{"a $ref cycle", `{"$ref":"#"}`, `{"x":1}`, ErrRefCycle},
		{"a cycle inside", `{"type":"object","properties":{"a":{"$ref":"#/$defs/x"}},"$defs":{"x":{"$ref":"#/$defs/x"}}}`, `{"a":1}`, ErrRefCycle},
		{"too large", `{"type":"object","properties":{` + props(MaxSubschemas, `{"type":"string"}`) + `}}`, `{"p0":1}`, ErrTooLarge},
		{"too large in booleans", `{"type":"object","properties":{` + props(MaxSubschemas+1, `true`) + `}}`, `{"p0":1}`, ErrTooLarge},
		{"does not compile", `{"type":"object","properties":{"a":{"type":12}}}`, `{"a":1}`, nil},
		{"not JSON", `{"type":`, `{"a":1}`, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := New(json.RawMessage(c.schema)).Check(json.RawMessage(c.args))
			if res.Problem != Accepted || string(res.Args) != c.args || res.Unchecked == nil {
				t.Fatalf("%+v", res)
			}
			if c.why != nil && !errors.Is(res.Unchecked, c.why) {
				t.Errorf("unchecked because %v, want %v", res.Unchecked, c.why)
			}
		})
	}
	res := New(nil).Check(json.RawMessage(`{"a":1}`))
	if res.Problem != Accepted || string(res.Args) != `{"a":1}` || res.Unchecked != nil {
		t.Errorf("no schema: %+v", res)
	}
	// A schema with a cycle still checks what the cycle does not reach.
	s := New(json.RawMessage(`{"type":"object","properties":{"a":{"$ref":"#/$defs/x"},"b":{"type":"integer"}},"$defs":{"x":{"$ref":"#/$defs/x"}}}`))
	if res := s.Check(json.RawMessage(`{"b":"x"}`)); res.Problem != Mismatch || pointers(res.Errors) != "/b" {
		t.Errorf("beside a cycle: %+v", res)
	}
}

// However many properties are missing, a check lists at most
// MaxFieldErrors and counts the rest; a message that quotes a long value is
// cut in its middle.
func TestFieldErrorsAreBounded(t *testing.T) {
	t.Parallel()
	var props, required []string
	for i := range 1000 {
		props = append(props, fmt.Sprintf(`"p%d":{"type":"string"}`, i))
		required = append(required, fmt.Sprintf(`"p%d"`, i))
	}
	s := New(json.RawMessage(`{"type":"object","properties":{` + strings.Join(props, ",") + `},"required":[` + strings.Join(required, ",") + `]}`))
	res := s.Check(json.RawMessage(`{}`))
	if res.Problem != Mismatch || len(res.Errors) != MaxFieldErrors || res.Omitted != 1000-MaxFieldErrors {
		t.Fatalf("%d field errors, %d omitted", len(res.Errors), res.Omitted)
	}
	long := New(json.RawMessage(`{"type":"object","properties":{"s":{"type":"string","pattern":"^a$"}}}`))
	res = long.Check(json.RawMessage(`{"s":"` + strings.Repeat("é", 150_000) + `"}`))
	if len(res.Errors) != 1 || len(res.Errors[0].Message) > 2*maxErrorBytes || !strings.Contains(res.Errors[0].Message, " bytes)") {
		t.Fatalf("%+v", res.Errors)
	}
	// The cut is in the middle: what is wrong, said after the value,
	// stays.
	if msg := res.Errors[0].Message; !strings.HasSuffix(msg, "does not match pattern '^a$'") || !utf8.ValidString(msg) {
		t.Errorf("the message lost its reason: %q", msg)
	}
}

// A draft-07 schema compiles as draft-07: with $schema, and without when it
// does not compile as 2020-12.
func TestDraft07(t *testing.T) {
	t.Parallel()
	s := New(json.RawMessage(`{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"p":{"type":"array","items":[{"type":"string"},{"type":"integer"}]}},"required":["p"]}`))
	errs, _, err := s.Validate(json.RawMessage(`{"p":["a","b"]}`))
	if err != nil || len(errs) != 1 || errs[0].Path != "/p/1" {
		t.Fatalf("draft-07 tuple: %v %v", errs, err)
	}
	if err := New(json.RawMessage(`{"type":"object","properties":{"p":{"items":[{"type":"string"}]}}}`)).Err(); err != nil {
		t.Fatalf("a draft-07 schema without $schema falls back to draft-07: %v", err)
	}
}

// Validate checks any value, a result against an output schema say.
func TestValidate(t *testing.T) {
	t.Parallel()
	s := New(json.RawMessage(`{"type":"object","properties":{"count":{"type":"integer"}},"required":["count"]}`))
	if errs, _, err := s.Validate(json.RawMessage(`{"count":"many"}`)); err != nil || pointers(errs) != "/count" {
		t.Errorf("%v %v", errs, err)
	}
	if _, _, err := s.Validate(json.RawMessage(`{"count":`)); !errors.Is(err, ErrNotJSON) {
		t.Errorf("not JSON: %v", err)
	}
	if errs, _, err := New(nil).Validate(json.RawMessage(`[1]`)); errs != nil || err != nil {
		t.Errorf("no schema: %v %v", errs, err)
	}
	if _, _, err := New(json.RawMessage(`{"type":12}`)).Validate(json.RawMessage(`{}`)); err == nil {
		t.Error("a schema that does not compile validates")
	}
}

func TestUsageAndExamples(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, schema, usage, examples string
	}{
		{"placeholders for the required, values in examples", itemSchema,
			`{"id":"<string>"}`, `[{"id":"abc1"}]`},
		{"types, arrays and enums", `{"type":"object","properties":{
			"ids":{"type":"array","items":{"type":"integer"}},
			"mode":{"enum":["fast","slow"]},
			"n":{"type":"integer","default":3},
			"opt":{"type":"string"}},"required":["ids","mode","n"]}`,
			`{"ids":"<integer[]>","mode":"<string>","n":"<integer>"}`,
			`[{"ids":"<integer[]>","mode":"fast","n":3}]`},
		{"the schema's own examples: objects among the first three", `{"type":"object","properties":{"q":{"type":"string"}},"required":["q"],
			"examples":[{"q":"a"},"not an object",{"q":"b"},{"q":"c"},{"q":"d"}]}`,
			`{"q":"<string>"}`, `[{"q":"a"},{"q":"b"}]`},
		{"no schema", ``, `{}`, `[{}]`},
		{"not an object", `{"type":"string"}`, `{}`, `[{}]`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := New(json.RawMessage(c.schema))
			if got := string(s.Usage()); got != c.usage {
				t.Errorf("usage %s, want %s", got, c.usage)
			}
			var ex []string
			for _, e := range s.Examples() {
				ex = append(ex, string(e))
			}
			if got := "[" + strings.Join(ex, ",") + "]"; got != c.examples {
				t.Errorf("examples %s, want %s", got, c.examples)
			}
		})
	}
}

// Every schema of the demo server compiles.
func TestDemoSchemasAllCompile(t *testing.T) {
	t.Parallel()
	for _, tool := range testkit.DemoTools(t) {
		if err := New(tool.InputSchema).Err(); err != nil {
			t.Errorf("%s input: %v", tool.Name, err)
		}
		if tool.HasOutputSchema() {
			if err := New(tool.OutputSchema).Err(); err != nil {
				t.Errorf("%s output: %v", tool.Name, err)
			}
		}
	}
}

// One Schema serves many goroutines at once: the first use compiles and
// parses, the others wait for it and share the result.
func TestSchemaIsSafeForConcurrentUse(t *testing.T) {
	t.Parallel()
	s := New(json.RawMessage(itemSchema))
	var wg sync.WaitGroup
	for i := range 16 {
		wg.Go(func() {
			var res Result
			if i%2 == 0 {
				res = s.Check(json.RawMessage(`{"id":"a","tags":[{}]}`))
			} else {
				_ = s.Usage()
				res = s.Check(json.RawMessage(`{"id":"A"}`))
			}
			if (i%2 == 0) != (res.Problem == Accepted) {
				t.Errorf("goroutine %d: %+v", i, res)
			}
		})
	}
	wg.Wait()
}

func TestFieldErrorWhere(t *testing.T) {
	t.Parallel()
	if got := (FieldError{Path: "/a/0"}).Where(); got != "/a/0" {
		t.Errorf("Where() = %q", got)
	}
	if got := (FieldError{}).Where(); got != "arguments" {
		t.Errorf("the whole value: Where() = %q", got)
	}
}
