package resultcheck

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"mcpeek/model"
)

// The JSON types a value is observed as, in the order Observed.Types lists
// them. "integer" is a number without a fractional part.
const (
	typeNull = 1 << iota
	typeBoolean
	typeInteger
	typeNumber
	typeString
	typeArray
	typeObject
)

var typeNames = [...]string{"null", "boolean", "integer", "number", "string", "array", "object"}

// typeBit is the observed type of v as a bit.
func typeBit(v *model.Value) uint8 {
	switch v.Kind {
	case model.JSONBool:
		return typeBoolean
	case model.JSONNumber:
		if isInteger(v.Str) {
			return typeInteger
		}
		return typeNumber
	case model.JSONString:
		return typeString
	case model.JSONArray:
		return typeArray
	case model.JSONObject:
		return typeObject
	}
	return typeNull
}

// typeName is the observed JSON type of v: "string", "integer", ...
func typeName(v *model.Value) string { return typeNames[bitIndex(typeBit(v))] }

func bitIndex(b uint8) int {
	for i := range typeNames {
		if b == 1<<i {
			return i
		}
	}
	return 0
}

// typeList names the types of a bit set in their fixed order.
func typeList(bits uint8) []string {
	var out []string
	for i, name := range typeNames {
		if bits&(1<<i) != 0 {
			out = append(out, name)
		}
	}
	return out
}

// isInteger reports whether a JSON number literal has no fractional part,
// as JSON Schema's "integer" means (1.0 and 1e2 are integers).
func isInteger(lit string) bool {
	if !strings.ContainsAny(lit, ".eE") {
		return true
	}
	f, err := strconv.ParseFloat(lit, 64)
	return err == nil && !math.IsInf(f, 0) && f == math.Trunc(f)
}

// fits reports whether v (not null) is of one of the declared type names.
// A name the schema reader does not know fits anything.
func fits(types []string, v *model.Value) bool {
	if len(types) == 0 {
		return true
	}
	for _, t := range types {
		switch t {
		case "string":
			if v.Kind == model.JSONString {
				return true
			}
		case "number":
			if v.Kind == model.JSONNumber {
				return true
			}
		case "integer":
			if v.Kind == model.JSONNumber && isInteger(v.Str) {
				return true
			}
		case "boolean":
			if v.Kind == model.JSONBool {
				return true
			}
		case "object":
			if v.Kind == model.JSONObject {
				return true
			}
		case "array":
			if v.Kind == model.JSONArray {
				return true
			}
		case "null":
			if v.Kind == model.JSONNull {
				return true
			}
		default:
			return true
		}
	}
	return false
}

// allowsNull reports whether a node accepts null.
func allowsNull(n *model.Node) bool {
	switch {
	case n.Nullable, n.Shape == model.Any:
		return true
	case n.Shape == model.Scalar:
		for _, t := range n.Types {
			if t == "null" {
				return true
			}
		}
	}
	return false
}

// shapeFits reports whether a (non-null) value can match a node at all,
// judging by its shape alone: the first filter when choosing a union's
// alternative.
func shapeFits(n *model.Node, v *model.Value) bool {
	switch n.Shape {
	case model.Scalar:
		return fits(n.Types, v)
	case model.Object:
		return v.Kind == model.JSONObject
	case model.Array:
		return v.Kind == model.JSONArray
	}
	return true
}

// maxSample is the most bytes of a string an observed sample keeps.
const maxSample = 120

// sample is v as short JSON: a scalar as written (a long string cut on a
// rune boundary and marked with "…"), nil for a container.
func sample(v *model.Value) json.RawMessage {
	switch v.Kind {
	case model.JSONArray, model.JSONObject:
		return nil
	case model.JSONString:
		if len(v.Str) > maxSample {
			return (&model.Value{Kind: model.JSONString, Str: cut(v.Str, maxSample) + "…"}).AppendJSON(nil)
		}
	case model.JSONNumber:
		if len(v.Str) > maxSample {
			return json.RawMessage(`"` + v.Str[:maxSample] + `…"`) // digits only: safe between quotes
		}
	}
	return v.AppendJSON(nil)
}

// cut returns s's first n bytes at most, cut on a rune boundary.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// maxKey is the most bytes of an undeclared key a path keeps.
const maxKey = 200

// clipKey shortens a key from the result before it becomes a path segment.
func clipKey(k string) string {
	if len(k) <= maxKey {
		return k
	}
	return cut(k, maxKey) + "…"
}

// describe is a short text for a value: its sample, or its size.
func describe(v *model.Value) string {
	switch v.Kind {
	case model.JSONObject:
		return "object (" + plural(len(v.Members), "key") + ")"
	case model.JSONArray:
		return "array (" + plural(len(v.Items), "item") + ")"
	}
	return string(sample(v))
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

// enumSet answers whether a value is one of a node's enum (or const)
// values, as JSON Schema compares them: numbers by value, containers
// member by member. Scalars are looked up in a map; containers are
// compared one by one, within a budget.
type enumSet struct {
	scalars    map[string]bool
	containers []*model.Value
	text       string // "one of \"a\", \"b\", ... (7)"
}

// maxEnumCompare bounds the nodes visited to compare one container value
// with the enum's containers.
const maxEnumCompare = 10000

func newEnumSet(vals []*model.Value) *enumSet {
	s := &enumSet{scalars: make(map[string]bool, len(vals))}
	for _, v := range vals {
		if v.Kind == model.JSONArray || v.Kind == model.JSONObject {
			s.containers = append(s.containers, v)
			continue
		}
		s.scalars[scalarKey(v)] = true
	}
	s.text = enumText(vals)
	return s
}

func (s *enumSet) has(v *model.Value) bool {
	if v.Kind != model.JSONArray && v.Kind != model.JSONObject {
		return s.scalars[scalarKey(v)]
	}
	budget := maxEnumCompare // for all the comparisons of one value
	for _, c := range s.containers {
		if equal(c, v, &budget) {
			return true
		}
		if budget <= 0 {
			return true // too large to tell: not a mismatch to report
		}
	}
	return false
}

// scalarKey is a scalar's identity for enum comparison: numbers by value.
func scalarKey(v *model.Value) string {
	switch v.Kind {
	case model.JSONNumber:
		if f, err := strconv.ParseFloat(v.Str, 64); err == nil {
			return "n" + strconv.FormatFloat(f, 'g', -1, 64)
		}
		return "n" + v.Str
	case model.JSONString:
		return "s" + v.Str
	case model.JSONBool:
		return "b" + strconv.FormatBool(v.Bool)
	}
	return "z"
}

// equal compares two JSON values as JSON Schema does, spending budget.
func equal(a, b *model.Value, budget *int) bool {
	*budget--
	if *budget < 0 || a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case model.JSONArray:
		if len(a.Items) != len(b.Items) {
			return false
		}
		for i := range a.Items {
			if !equal(a.Items[i], b.Items[i], budget) {
				return false
			}
		}
		return true
	case model.JSONObject:
		if len(a.Members) != len(b.Members) {
			return false
		}
		for _, m := range a.Members {
			o := b.Get(m.Name)
			if o == nil || !equal(m.Value, o, budget) {
				return false
			}
		}
		return true
	}
	return scalarKey(a) == scalarKey(b)
}

// enumText writes the allowed values for a mark: `one of "a", "b" (+5 more)`.
func enumText(vals []*model.Value) string {
	const show = 5
	if len(vals) == 1 {
		return string(sample(vals[0]))
	}
	var b strings.Builder
	b.WriteString("one of ")
	for i, v := range vals {
		if i == show {
			b.WriteString(" (+" + strconv.Itoa(len(vals)-show) + " more)")
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		if s := sample(v); s != nil {
			b.Write(s)
		} else {
			b.WriteString(typeName(v))
		}
	}
	return b.String()
}
