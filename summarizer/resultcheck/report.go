package resultcheck

import (
	"encoding/json"
	"strconv"

	"mcpeek/model/fieldpath"
)

// Kind is what a mark says about a field.
type Kind uint8

// The kinds of marks. All but Undeclared mean the result breaks its schema.
const (
	// MissingRequired: an object lacks a property its schema requires.
	MissingRequired Kind = iota + 1
	// TypeMismatch: the value is not of a declared type.
	TypeMismatch
	// EnumMismatch: the value is none of the enum (or const) values.
	EnumMismatch
	// NullNotAllowed: the value is null and the schema does not allow it.
	NullNotAllowed
	// NotAllowed: a key that a closed object (additionalProperties or
	// unevaluatedProperties false) does not allow.
	NotAllowed
	// Undeclared: a key that an object with declared properties does not
	// declare but allows. Informational.
	Undeclared
	numKinds
)

func (k Kind) String() string {
	switch k {
	case MissingRequired:
		return "missing required"
	case TypeMismatch:
		return "type mismatch"
	case EnumMismatch:
		return "enum mismatch"
	case NullNotAllowed:
		return "null not allowed"
	case NotAllowed:
		return "not allowed"
	case Undeclared:
		return "undeclared"
	}
	return "unknown"
}

// Violation reports whether a mark of this kind breaks the schema.
func (k Kind) Violation() bool { return k != Undeclared }

// Mark is one finding at one path, aggregated over every array item and
// every occurrence of the path.
type Mark struct {
	Kind Kind
	// Path is the field's path ("" is the data root) as
	// fieldpath.Path.Quoted writes it: a key for MarksAt and Observed that
	// tells a top-level "a.x" from a's x. DisplayPath writes it for
	// reading.
	Path string
	// Envelope is true for a field of a {successful, data, error} envelope
	// outside data (Path is then the envelope's key: "successful").
	Envelope bool
	// Expected is what the schema declares: a type label ("string | null"),
	// the allowed values (`one of "paid", "pending"`), or for a missing
	// field its label.
	Expected string
	// Observed is what the result holds: its JSON type ("integer"), or for
	// an enum mismatch the first offending value as JSON; "" for a missing
	// field.
	Observed string
	// Count is how many values (for a missing field, objects) are marked.
	Count int
	// Of is how many were checked there: values met at the path, or for a
	// missing field the objects that should have held it.
	Of int
}

// DisplayPath is the path as text: "(root)" for the data root.
func (m Mark) DisplayPath() string { return DisplayPath(m.Path) }

// DisplayPath writes a path for reading, as summaries write it (names as
// they are, fieldpath.Plain): "(root)" for the root.
func DisplayPath(p string) string {
	if p == "" {
		return "(root)"
	}
	return fieldpath.Plain(p)
}

// Detail is the mark's expected and observed values in words: "expected
// string, got integer".
func (m Mark) Detail() string {
	switch m.Kind {
	case MissingRequired:
		return "expected " + m.Expected
	case NullNotAllowed:
		return "expected " + m.Expected + ", got null"
	case NotAllowed:
		return "the object allows no other keys; got " + m.Observed
	case Undeclared:
		return "got " + m.Observed
	}
	return "expected " + m.Expected + ", got " + m.Observed
}

// String writes the mark on one line: `total_price: type mismatch:
// expected string, got number (1 of 1)`.
func (m Mark) String() string {
	return m.Place() + ": " + m.Kind.String() + ": " + m.Detail() + m.Share()
}

// Place names the mark's field as every report writes it: its display
// path, after "(envelope) " for a field of the envelope.
func (m Mark) Place() string {
	if m.Envelope {
		return "(envelope) " + m.DisplayPath()
	}
	return m.DisplayPath()
}

// Share is " (COUNT of OF)" when the path occurs more than once in the
// result, "" otherwise.
func (m Mark) Share() string {
	if m.Of > 1 {
		return " (" + strconv.Itoa(m.Count) + " of " + strconv.Itoa(m.Of) + ")"
	}
	return ""
}

// Observed is what a path held in the result, over all its occurrences.
type Observed struct {
	// Present is how many times the field's key was in the result.
	Present int
	// Values is how many values were met at the path (array items
	// counted one by one), Nulls how many of them were null.
	Values, Nulls int
	// Types are the JSON types met: "null", "boolean", "integer", "number",
	// "string", "array", "object", in that order.
	Types []string
	// Sample is the first non-null scalar value met, as JSON; long strings
	// are cut to 120 bytes and end with "…". Nil when only containers or
	// nulls were met.
	Sample json.RawMessage
	// Keys is the key count of the first object met, -1 when none was.
	Keys int
	// Items is the length of the first array met, -1 when none was.
	Items int
}

// Short is the observed value in a few words, for an overlay beside a
// field: `"1001"`, `object (6 keys)`, `array (3 items)`, `null`, `absent`.
func (o Observed) Short() string {
	switch {
	case o.Sample != nil:
		return string(o.Sample)
	case o.Keys >= 0:
		return "object (" + plural(o.Keys, "key") + ")"
	case o.Items >= 0:
		return "array (" + plural(o.Items, "item") + ")"
	case o.Nulls > 0:
		return "null"
	case o.Present > 0:
		return "present"
	}
	return "absent"
}

// Report is what one check found. It is read-only once made, and safe to
// share between goroutines.
type Report struct {
	// Enveloped is true when the schema is a {successful, data, error}
	// envelope: paths start inside data, as in summaries.
	Enveloped bool
	// Present counts the declared fields the result holds (a null value
	// counts), Absent those it does not, among the properties of every
	// object the result holds; the fields below an absent one are not
	// counted. The envelope's own fields are left out of both.
	Present, Absent int
	// Marks are the findings in the order the walk met their paths (the
	// result's order), at most Options.MaxMarks of them.
	Marks []Mark
	// MarksOmitted counts the marks left out of Marks.
	MarksOmitted int
	// Truncated says why the walk stopped before the end of the result
	// ("" when it did not): counts and marks then cover only what was
	// walked.
	Truncated string

	totals  [numKinds]int
	marked  [numKinds]int
	entries []entry
	index   map[string]int32
}

// Count is how many values (for missing fields, objects) the check marked
// with kind k, including those not listed in Marks.
func (r *Report) Count(k Kind) int {
	if k >= numKinds {
		return 0
	}
	return r.totals[k]
}

// Violations is how many values break the schema (every kind of mark but
// Undeclared).
func (r *Report) Violations() int {
	n := 0
	for k := MissingRequired; k < numKinds; k++ {
		if k.Violation() {
			n += r.totals[k]
		}
	}
	return n
}

// Breaks reports whether the result breaks its schema as far as the
// overlay can tell.
func (r *Report) Breaks() bool { return r.Violations() > 0 }

// Observed returns what the result held at a path, as summaries and the
// schema tree write it (a leading "data" of an envelope is accepted).
func (r *Report) Observed(path string) (Observed, bool) {
	e, ok := r.lookup(path)
	if !ok {
		return Observed{Keys: -1, Items: -1}, false
	}
	x := &r.entries[e]
	return Observed{
		Present: x.present, Values: x.values, Nulls: x.nulls,
		Types: typeList(x.types), Sample: x.sample, Keys: x.keys, Items: x.items,
	}, true
}

// MarksAt returns the marks of one path (listed or not).
func (r *Report) MarksAt(path string) []Mark {
	e, ok := r.lookup(path)
	if !ok {
		return nil
	}
	return r.marksOf(e)
}

// Paths lists every path the check recorded, in the order the walk met
// them: declared fields (present or missing), union alternatives and
// undeclared keys.
func (r *Report) Paths() []string {
	out := make([]string, 0, len(r.entries))
	for i := range r.entries {
		if !r.entries[i].envelope || r.entries[i].kind != entryRoot {
			out = append(out, r.entries[i].path)
		}
	}
	return out
}

// PresentPaths lists the declared fields the result holds, in walk order.
func (r *Report) PresentPaths() []string {
	var out []string
	for i := range r.entries {
		if x := &r.entries[i]; x.isField() && !x.envelope && x.present > 0 {
			out = append(out, x.path)
		}
	}
	return out
}

// AbsentPaths lists the declared fields the result does not hold, each
// object's in declaration order.
func (r *Report) AbsentPaths() []string {
	var out []string
	r.eachAbsent(func(p string) { out = append(out, p) })
	return out
}

// eachAbsent calls f with the path of each absent declared field.
func (r *Report) eachAbsent(f func(path string)) {
	for i := range r.entries {
		x := &r.entries[i]
		if x.envelope || x.objects == 0 || x.node == nil {
			continue
		}
		for p, prop := range x.node.Props {
			if k := x.kid(p); k >= 0 {
				if r.entries[k].present == 0 {
					f(r.entries[k].path)
				}
				continue
			}
			f(joinPath(x.path, prop.Name, x.node.Child(p)))
		}
	}
}

// Extras groups the marks of the keys the schema does not declare
// (Undeclared and NotAllowed) by the path of the object that held them,
// each group in the order the walk met the keys: what a tree of the schema
// lists under that object's line, where the keys have no line of their own.
func (r *Report) Extras() map[string][]Mark {
	out := map[string][]Mark{}
	for i := range r.entries {
		x := &r.entries[i]
		if x.kind != entryExtra || x.parent < 0 {
			continue
		}
		parent := r.entries[x.parent].path
		out[parent] = append(out[parent], r.marksOf(int32(i))...)
	}
	return out
}

// lookup finds a path's entry; a path starting with the envelope's "data"
// is read inside it.
func (r *Report) lookup(path string) (int32, bool) {
	if e, ok := r.index[path]; ok {
		return e, true
	}
	if r.Enveloped {
		if rest, ok := fieldpath.CutData(path); ok {
			e, ok := r.index[rest]
			return e, ok
		}
	}
	return 0, false
}

func (r *Report) marksOf(e int32) []Mark {
	x := &r.entries[e]
	out := make([]Mark, 0, len(x.marks))
	for _, m := range x.marks {
		of := x.values
		if m.kind == MissingRequired && x.parent >= 0 {
			of = r.entries[x.parent].objects
		}
		out = append(out, Mark{Kind: m.kind, Path: x.path, Envelope: x.envelope,
			Expected: m.expected, Observed: m.observed, Count: m.count, Of: max(of, m.count)})
	}
	return out
}
