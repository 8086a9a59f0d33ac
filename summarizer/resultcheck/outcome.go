package resultcheck

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"mcpeek/model"
	"mcpeek/model/fieldpath"
	"mcpeek/model/toolargs"
	"mcpeek/summarizer"
)

// Target is a tool's output schema ready to check results against: read
// by the schema reader (for the overlay and the folded summary) and
// compiled by the validator. Build it once per tool; it may be shared.
type Target struct {
	Schema *model.Schema
	// Validator is nil when the schema does not compile; ValidatorErr
	// then says why.
	Validator    *toolargs.Schema
	ValidatorErr error
}

// NewTarget makes a parsed tool's output schema a target, compiling it
// for the validator. Only a schema the reader cannot read at all (or
// none) is an error: one the validator cannot compile is checked by the
// overlay alone.
func NewTarget(p model.ParsedTool) (*Target, error) {
	switch {
	case p.OutErr != nil:
		return nil, fmt.Errorf("the output schema is unreadable: %w", p.OutErr)
	case p.Out == nil:
		return nil, errors.New("the tool declares no output schema")
	}
	t := &Target{Schema: p.Out}
	// The same validator as the gateway's and the call form's arguments.
	t.Validator = toolargs.FromParsed(p.Tool.OutputSchema, p.Out)
	if t.ValidatorErr = t.Validator.Err(); t.ValidatorErr != nil {
		t.Validator = nil
	}
	return t, nil
}

// Source says which part of a call result was checked.
type Source string

// The parts of a call result that can be checked.
const (
	FromStructured Source = "structuredContent"
	FromText       Source = "text"
)

// Payload picks what to check in a call result: its structuredContent,
// else its text content when that parses as JSON (as the gateway reads a
// result). ok is false when there is neither.
func Payload(structured json.RawMessage, text string) (value json.RawMessage, from Source, ok bool) {
	if s := bytes.TrimSpace(structured); len(s) > 0 && string(s) != "null" {
		return structured, FromStructured, true
	}
	if t := bytes.TrimSpace([]byte(text)); len(t) > 0 && json.Valid(t) {
		return t, FromText, true
	}
	return nil, "", false
}

// Outcome is one call result checked against its tool's output schema:
// what `mcpeek call --check` reports, and what the explorer's overlay shows.
type Outcome struct {
	// Checked is false when there was nothing to check (Note says why).
	Checked bool
	// NoPayload is true when the schema asked for a structured result and
	// the call returned none (no structuredContent, no JSON text): that
	// breaks the schema.
	NoPayload bool
	// Note is a sentence about the check: why nothing was checked, or
	// that the text content stood in for a missing structuredContent.
	Note   string
	Source Source
	// Report is the overlay (nil when nothing was checked).
	Report *Report
	// Folded are the summary lines that hid fields the result filled.
	Folded []FoldedData
	// Validation is the validator's verdict.
	Validation Validation
	// Value is the payload as decoded for the check (nil when nothing was
	// checked), for readers of the same result: decoded once per call.
	Value *model.Value
}

// Validation is what the validator found.
type Validation struct {
	// Errors are its findings, each with the field path it points at.
	Errors []ValidationError
	// Omitted counts findings beyond toolargs.MaxFieldErrors.
	Omitted int
	// Unavailable says why the validator did not run ("" when it did).
	Unavailable string
}

// ValidationError is a validator finding placed on a field path.
type ValidationError struct {
	// Pointer is a JSON pointer into the value ("" is the whole value).
	Pointer string `json:"pointer"`
	// Message says what is wrong, in English.
	Message string `json:"message"`
	// Path is the pointer written as a field path ("line_items[].sku"),
	// relative to the data root as the overlay's paths are.
	Path string `json:"path"`
	// Envelope is true for a field of the envelope outside its data.
	Envelope bool `json:"envelope,omitempty"`
}

// Check checks a call result: its structuredContent, else its text when
// it parses as JSON. summary is the budget of the folded summary whose
// lines Folded reports on.
func (t *Target) Check(structured json.RawMessage, text string, opts Options, summary summarizer.Options) *Outcome {
	value, from, ok := Payload(structured, text)
	if !ok {
		return &Outcome{Checked: true, NoPayload: true,
			Note: "the tool declares an output schema but returned no structuredContent, and its text is not JSON"}
	}
	v, err := model.DecodeJSON(value)
	if err != nil { // Payload saw valid JSON; only nesting past model.MaxNesting fails here
		return &Outcome{Checked: true, NoPayload: true, Note: "the result cannot be read: " + err.Error()}
	}
	o := &Outcome{Checked: true, Source: from, Report: CheckValue(t.Schema, v, opts), Value: v}
	if from == FromText {
		o.Note = "the tool returned no structuredContent: its text content, which parses as JSON, was checked"
	}
	o.Folded = o.Report.Folded(summarizer.Summarize(t.Schema, summary).Lines)
	o.Validation = t.validate(value, v, o.Report.Enveloped)
	return o
}

func (t *Target) validate(raw json.RawMessage, v *model.Value, enveloped bool) Validation {
	switch {
	case t.Schema.Shorthand:
		return Validation{Unavailable: "the output schema is a shorthand schema ({\"id\": \"str\"}), which the validator reads as accepting anything"}
	case t.Validator == nil:
		return Validation{Unavailable: fmt.Sprintf("the output schema cannot be compiled by the validator (%v)", t.ValidatorErr)}
	}
	errs, more, err := t.Validator.Validate(raw)
	if err != nil {
		if errors.Is(err, toolargs.ErrRefCycle) {
			return Validation{Unavailable: "the validator cannot decide: the output schema's $refs form a cycle"}
		}
		return Validation{Unavailable: "the validator did not run: " + err.Error()}
	}
	out := Validation{Omitted: more}
	for _, e := range errs {
		p, env := pathOf(v, e.Path, enveloped)
		out.Errors = append(out.Errors, ValidationError{Pointer: e.Path, Message: e.Message, Path: p, Envelope: env})
	}
	return out
}

// Breaks reports whether the result breaks its schema: there was no result
// to check, or the validator finds an error; when the validator did not
// run, the overlay marks a violation.
//
// The validator decides when it runs, as the gateway's check does: the
// overlay does not read every keyword (patternProperties, for one, so a key
// it allows under additionalProperties false is marked not allowed), and
// its marks explain the verdict rather than make it.
func (o *Outcome) Breaks() bool {
	switch {
	case !o.Checked:
		return false
	case o.NoPayload:
		return true
	case o.DecidedBy() == "validator":
		return len(o.Validation.Errors) > 0
	}
	return o.Report != nil && o.Report.Breaks()
}

// DecidedBy says what the verdict rests on: "validator", or "overlay" when
// the validator did not run ("" when nothing was checked).
func (o *Outcome) DecidedBy() string {
	switch {
	case !o.Checked || o.NoPayload:
		return ""
	case o.Validation.Unavailable == "":
		return "validator"
	}
	return "overlay"
}

// Unexplained lists the validator's findings that no overlay violation
// marks at the same path (alternatives aside): what only the validator
// sees, such as a pattern or a minimum.
func (o *Outcome) Unexplained() []ValidationError {
	marked := map[string]bool{}
	var wild []string // marked paths through additionalProperties values
	if o.Report != nil {
		for i := range o.Report.entries {
			x := &o.Report.entries[i]
			for _, m := range x.marks {
				if !m.kind.Violation() {
					continue
				}
				p := stripAlternatives(x.path)
				marked[p] = true
				if strings.Contains(p, fieldpath.AnyKey) && len(wild) < maxWild {
					wild = append(wild, p)
				}
			}
		}
	}
	var out []ValidationError
next:
	for _, e := range o.Validation.Errors {
		if marked[e.Path] {
			continue
		}
		for _, w := range wild {
			if matchAnyKey(w, e.Path) {
				continue next
			}
		}
		out = append(out, e)
	}
	return out
}

// maxWild bounds the marked paths with "<any key>" that validator findings
// are matched against.
const maxWild = 64

// matchAnyKey reports whether a value's path matches a path whose "<any
// key>" steps stand for any key.
func matchAnyKey(pattern, path string) bool {
	pp, err := fieldpath.Parse(pattern, fieldpath.Output)
	vp, err2 := fieldpath.Parse(path, fieldpath.Output)
	if err != nil || err2 != nil {
		return pattern == path
	}
	ps, vs := pp.Steps(), vp.Steps()
	if len(ps) != len(vs) {
		return false
	}
	for i, p := range ps {
		if p != vs[i] && (p.Kind != fieldpath.AnyKeyStep || vs[i].Kind != fieldpath.Property) {
			return false
		}
	}
	return true
}

// stripAlternatives drops a path's union alternative steps, as a value's
// pointer knows nothing of them.
func stripAlternatives(p string) string {
	path, err := fieldpath.Parse(p, fieldpath.Output)
	if err != nil {
		return p
	}
	out := fieldpath.Root(fieldpath.Output)
	for _, s := range path.Steps() {
		if s.Kind != fieldpath.Alternative {
			out = out.Append(s)
		}
	}
	return out.Quoted()
}

// pathOf writes a JSON pointer into v as a field path: array indexes
// become "[]", an envelope's "data" step is dropped.
func pathOf(v *model.Value, ptr string, enveloped bool) (path string, envelope bool) {
	if ptr == "" {
		return "", enveloped
	}
	tokens := strings.Split(strings.TrimPrefix(ptr, "/"), "/")
	cur := v
	if enveloped {
		if tokens[0] != "data" {
			envelope = true
		} else {
			tokens, cur = tokens[1:], cur.Get("data")
		}
	}
	for _, tok := range tokens {
		tok = fieldpath.UnescapeToken(tok)
		if cur != nil && cur.Kind == model.JSONArray {
			path += "[]"
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(cur.Items) {
				cur = nil
			} else {
				cur = cur.Items[i]
			}
			continue
		}
		path = fieldpath.Join(path, fieldpath.Name(tok))
		cur = cur.Get(tok)
	}
	return path, envelope
}
