package calls

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"mcpeek/model"
	"mcpeek/summarizer"
	"mcpeek/summarizer/resultcheck"
)

// Result is what a call returned, as Check reads it.
type Result struct {
	IsError bool
	// Structured is the raw structuredContent (nil when absent).
	Structured json.RawMessage
	// Text joins the result's text content.
	Text    string
	Elapsed time.Duration
}

// Assertion is the verdict on one assertion of a call.
type Assertion struct {
	// Kind is the assertion: output_schema, no_undeclared, is_error,
	// max_ms, equals, exists, absent, matches, type, count, min, max.
	Kind string `json:"assertion"`
	// Path is the field path it reads ("" for the call as a whole); on a
	// failure at one value of a path through "[]", that value's path with
	// its index.
	Path     string `json:"path,omitempty"`
	Expected string `json:"expected,omitempty"`
	Got      string `json:"got,omitempty"`
	OK       bool   `json:"ok"`
}

// The most failures of the output schema one call reports.
const maxSchemaFailures = 20

// Check checks a call's result against its assertions: is_error first,
// then the output schema (target nil for a tool without one), undeclared
// fields, latency, and each path assertion in the file's order. Every
// assertion is in the list, passed or failed.
func (c Call) Check(target *resultcheck.Target, res Result) []Assertion {
	var out []Assertion
	e := c.Expect
	wantError := e.IsError != nil && *e.IsError
	out = append(out, Assertion{Kind: "is_error", Expected: strconv.FormatBool(wantError),
		Got: isErrorGot(res), OK: res.IsError == wantError})

	var outcome *resultcheck.Outcome
	if target != nil && !res.IsError && (e.OutputSchema == nil || *e.OutputSchema || e.NoUndeclared) {
		outcome = resultcheck.CheckCall(target, res.IsError, res.Structured, res.Text, summarizer.Options{})
	}
	if e.OutputSchema == nil || *e.OutputSchema {
		out = append(out, schemaVerdicts(target, res, outcome)...)
	}
	if e.NoUndeclared {
		out = append(out, undeclaredVerdicts(target, outcome)...)
	}
	if e.MaxMS > 0 {
		ms := res.Elapsed.Milliseconds()
		out = append(out, Assertion{Kind: "max_ms", Expected: fmt.Sprintf("at most %d ms", e.MaxMS),
			Got: fmt.Sprintf("%d ms", ms), OK: ms <= e.MaxMS})
	}
	if len(e.Paths) > 0 {
		out = append(out, pathVerdicts(e.Paths, res)...)
	}
	return out
}

// Passed reports whether every assertion held.
func Passed(verdicts []Assertion) bool {
	for _, v := range verdicts {
		if !v.OK {
			return false
		}
	}
	return true
}

func isErrorGot(res Result) string {
	if !res.IsError {
		return "false"
	}
	if t := strings.TrimSpace(res.Text); t != "" {
		return "true: " + clip(t)
	}
	return "true"
}

func schemaVerdicts(target *resultcheck.Target, res Result, o *resultcheck.Outcome) []Assertion {
	const kind = "output_schema"
	switch {
	case target == nil:
		return []Assertion{{Kind: kind, Expected: "a result matching the output schema", Got: "the tool declares no output schema: nothing to check", OK: true}}
	case res.IsError:
		return []Assertion{{Kind: kind, Expected: "a result matching the output schema", Got: "an error result, not held to the schema", OK: true}}
	case o.NoPayload:
		return []Assertion{{Kind: kind, Expected: "structuredContent matching the output schema", Got: o.Note}}
	case !o.Breaks():
		return []Assertion{{Kind: kind, Expected: "a result matching the output schema", Got: "it matches", OK: true}}
	}
	var out []Assertion
	for _, m := range o.Report.Marks {
		if m.Kind.Violation() {
			out = append(out, Assertion{Kind: kind, Path: m.DisplayPath(), Expected: markExpected(m), Got: markGot(m)})
		}
	}
	for _, v := range o.Unexplained() {
		out = append(out, Assertion{Kind: kind, Path: resultcheck.DisplayPath(v.Path), Expected: "as the schema says", Got: v.Message})
	}
	if len(out) == 0 { // the validator alone, with nothing placed on a path
		out = append(out, Assertion{Kind: kind, Expected: "a result matching the output schema", Got: "the JSON Schema validator finds it breaks the schema"})
	}
	if len(out) > maxSchemaFailures {
		more := len(out) - maxSchemaFailures
		out = append(out[:maxSchemaFailures], Assertion{Kind: kind, Got: fmt.Sprintf("... and %d more", more)})
	}
	return out
}

func markExpected(m resultcheck.Mark) string {
	switch m.Kind {
	case resultcheck.NotAllowed:
		return "no such key (the object is closed)"
	case resultcheck.MissingRequired:
		return "present (required): " + m.Expected
	}
	return m.Expected
}

func markGot(m resultcheck.Mark) string {
	got := m.Observed
	switch m.Kind {
	case resultcheck.MissingRequired:
		got = "absent"
	case resultcheck.NullNotAllowed:
		got = "null"
	}
	return got + m.Share()
}

func undeclaredVerdicts(target *resultcheck.Target, o *resultcheck.Outcome) []Assertion {
	const kind = "no_undeclared"
	switch {
	case target == nil:
		return []Assertion{{Kind: kind, Expected: "no undeclared fields", Got: "the tool declares no output schema, so no field is declared"}}
	case o == nil || o.Report == nil:
		return []Assertion{{Kind: kind, Expected: "no undeclared fields", Got: "nothing to check", OK: true}}
	}
	var out []Assertion
	for _, m := range o.Report.Marks {
		if m.Kind == resultcheck.Undeclared || m.Kind == resultcheck.NotAllowed {
			out = append(out, Assertion{Kind: kind, Path: m.DisplayPath(), Expected: "not in the result (undeclared)", Got: markGot(m)})
		}
	}
	if len(out) == 0 {
		return []Assertion{{Kind: kind, Expected: "no undeclared fields", Got: "none", OK: true}}
	}
	return out
}

func pathVerdicts(paths []PathAssert, res Result) []Assertion {
	payload, _, ok := resultcheck.Payload(res.Structured, res.Text)
	var root *model.Value
	var readErr string
	if ok {
		var err error
		if root, err = model.DecodeJSON(payload); err != nil {
			readErr = "the result cannot be read: " + err.Error()
		}
	} else {
		readErr = "the result has no structuredContent and its text is not JSON"
	}
	var out []Assertion
	for _, p := range paths {
		if root == nil {
			for _, kind := range p.kinds() {
				out = append(out, Assertion{Kind: kind, Path: resultcheck.DisplayPath(p.Path), Expected: p.expected(kind), Got: readErr})
			}
			continue
		}
		out = append(out, p.verdicts(lookup(root, p.Path))...)
	}
	return out
}

// kinds lists the assertions a PathAssert makes, in a fixed order.
func (p PathAssert) kinds() []string {
	var k []string
	add := func(on bool, kind string) {
		if on {
			k = append(k, kind)
		}
	}
	add(p.Exists, "exists")
	add(p.Absent, "absent")
	add(p.Equals != nil, "equals")
	add(p.Type != "", "type")
	add(p.Matches != "", "matches")
	add(p.Count != nil, "count")
	add(p.Min != nil, "min")
	add(p.Max != nil, "max")
	return k
}

func (p PathAssert) expected(kind string) string {
	switch kind {
	case "exists":
		return "present"
	case "absent":
		return "absent"
	case "equals":
		return clip(compactText(p.Equals))
	case "type":
		return p.Type
	case "matches":
		return "a string matching " + strconv.Quote(p.Matches)
	case "count":
		return strconv.Itoa(*p.Count)
	case "min":
		return "a number ≥ " + strconv.FormatFloat(*p.Min, 'g', -1, 64)
	case "max":
		return "a number ≤ " + strconv.FormatFloat(*p.Max, 'g', -1, 64)
	}
	return ""
}

// verdicts judges the values a path reached. An assertion on the values
// (equals, type, matches, min, max) holds when the path reaches some
// value and each one passes; a failure names the first value that did not.
func (p PathAssert) verdicts(values []found) []Assertion {
	var out []Assertion
	at := resultcheck.DisplayPath(p.Path)
	for _, kind := range p.kinds() {
		v := Assertion{Kind: kind, Path: at, Expected: p.expected(kind)}
		switch kind {
		case "exists":
			v.OK = len(values) > 0
			v.Got = gotValues(values)
		case "absent":
			v.OK = len(values) == 0
			v.Got = gotValues(values)
		case "count":
			n, got := p.count(values)
			v.OK, v.Got = n == *p.Count, got
		default:
			v.OK, v.Path, v.Got = p.each(kind, values)
		}
		out = append(out, v)
	}
	return out
}

func (p PathAssert) each(kind string, values []found) (ok bool, at, got string) {
	at = resultcheck.DisplayPath(p.Path)
	if len(values) == 0 {
		return false, at, "absent"
	}
	var want *model.Value
	if kind == "equals" {
		want, _ = model.DecodeJSON(p.Equals)
	}
	for _, f := range values {
		if bad := p.judge(kind, f.value, want); bad != "" {
			if len(values) > 1 {
				at = resultcheck.DisplayPath(f.at)
			}
			return false, at, bad
		}
	}
	return true, at, gotValues(values)
}

// judge returns "" when v passes, else what it is (the Got of a failure).
func (p PathAssert) judge(kind string, v, want *model.Value) string {
	got := clip(string(v.AppendJSON(nil)))
	switch kind {
	case "equals":
		if !v.Equal(want) {
			return got
		}
	case "type":
		if t := typeOf(v); t != p.Type && !(p.Type == "number" && t == "integer") {
			return t + " " + got
		}
	case "matches":
		switch {
		case v.Kind != model.JSONString:
			return typeOf(v) + " " + got
		case len(v.Str) > MaxMatchInput:
			return fmt.Sprintf("a string of %d bytes, longer than the %d a pattern is matched against", len(v.Str), MaxMatchInput)
		case !p.re.MatchString(v.Str):
			return got
		}
	case "min", "max":
		if v.Kind != model.JSONNumber {
			return typeOf(v) + " " + got
		}
		n, _ := strconv.ParseFloat(v.Str, 64) // out of range: ±Inf, which compares right
		if kind == "min" && n < *p.Min || kind == "max" && n > *p.Max {
			return got
		}
	}
	return ""
}

// count is the count a path gives: the values it reaches when it ends in
// "[]", else the items of the one array it reaches.
func (p PathAssert) count(values []found) (int, string) {
	if endsInItems(p.Path) {
		return len(values), strconv.Itoa(len(values))
	}
	switch {
	case len(values) == 0:
		return -1, "absent"
	case len(values) > 1:
		return -1, fmt.Sprintf("%d values (end the path in [] to count them)", len(values))
	case values[0].value.Kind != model.JSONArray:
		return -1, typeOf(values[0].value) + ", not an array"
	}
	n := len(values[0].value.Items)
	return n, strconv.Itoa(n)
}

func typeOf(v *model.Value) string {
	switch v.Kind {
	case model.JSONNull:
		return "null"
	case model.JSONBool:
		return "boolean"
	case model.JSONString:
		return "string"
	case model.JSONArray:
		return "array"
	case model.JSONObject:
		return "object"
	}
	if !strings.Contains(model.CanonicalNumber(v.Str), "e-") {
		return "integer"
	}
	return "number"
}

// gotValues says what a path reached: absent, the value, or how many.
func gotValues(values []found) string {
	switch len(values) {
	case 0:
		return "absent"
	case 1:
		return clip(string(values[0].value.AppendJSON(nil)))
	}
	return fmt.Sprintf("%d values", len(values))
}

func compactText(raw json.RawMessage) string {
	v, err := model.DecodeJSON(raw)
	if err != nil {
		return string(raw)
	}
	return string(v.AppendJSON(nil))
}

// clip cuts a value for a report line.
func clip(s string) string {
	const most = 200
	if len(s) > 4*most {
		s = strings.ToValidUTF8(s[:4*most], "")
	}
	if r := []rune(s); len(r) > most {
		return string(r[:most-1]) + "…"
	}
	return s
}
