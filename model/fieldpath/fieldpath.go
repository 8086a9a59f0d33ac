// Package fieldpath is the field path as a value (Path: a side, input or
// output, and steps, each a property, array items, any key or a union's
// alternative) and its one grammar, the way summaries, the inspector and
// the explorer write paths: steps joined by ".", each array level written
// "[]" after its step ("line_items[].price_set"), a union's alternative as
// its own step ("anyOf[1]"), the root as "", a name that holds "." or "["
// quoted (`["a.x"]`). Text is made at the edge (String, Pointer, JQ) and
// read in one place (Parse); resolving a path against a schema (where a
// bare name may also hold "." or "[") is the summarizer's job.
package fieldpath

import "strings"

// AnyKey is the segment of an object's additionalProperties: any key.
const AnyKey = "<any key>"

// Join appends a step, as Quoted writes it, to a path written by Quoted:
// a quoted name or array levels ("[...") follow without a ".".
func Join(parent, seg string) string {
	if parent == "" || strings.HasPrefix(seg, "[") {
		return parent + seg
	}
	return parent + "." + seg
}

// Name writes a property name as a step for Join: as it is, or quoted
// (`["a.x"]`) when the grammar could misread it (NeedsQuotes).
func Name(name string) string {
	if NeedsQuotes(name) {
		return QuoteName(name)
	}
	return name
}

// Arrays writes n array levels: "[]" n times.
func Arrays(n int) string { return strings.Repeat("[]", n) }

// TrimArrayMarkers reads the array markers at the start of s, "[]", "[*]"
// or "[<digits>]" each, and returns what follows and how many there were.
func TrimArrayMarkers(s string) (rest string, count int) {
	for strings.HasPrefix(s, "[") {
		end := strings.IndexByte(s, ']')
		if end < 0 {
			break
		}
		inner := s[1:end]
		if inner != "" && inner != "*" && strings.Trim(inner, "0123456789") != "" {
			break
		}
		s = s[end+1:]
		count++
	}
	return s, count
}

// isIdentifier reports whether jq reads s after a "." as a plain name:
// ASCII letters, digits and "_", not starting with a digit.
func isIdentifier(s string) bool {
	for i, r := range s {
		switch {
		case r == '_', r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z':
		case r >= '0' && r <= '9' && i > 0:
		default:
			return false
		}
	}
	return s != ""
}
