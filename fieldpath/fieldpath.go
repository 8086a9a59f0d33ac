// Package fieldpath is the grammar of field paths, the way summaries, the
// inspector and the explorer write them: segments joined by ".", each array
// level written "[]" after its segment ("line_items[].price_set"), a union's
// alternative as its own segment ("anyOf[1]"), the root as "". It joins,
// splits and rewrites paths as JSON pointers and jq filters; resolving a
// path against a schema (names that contain "." or "[") is the
// summarizer's job.
package fieldpath

import "strings"

// AnyKey is the segment of an object's additionalProperties: any key.
const AnyKey = "<any key>"

// Join appends a segment to a path.
func Join(parent, seg string) string {
	if parent == "" {
		return seg
	}
	return parent + "." + seg
}

// Arrays writes n array levels: "[]" n times.
func Arrays(n int) string { return strings.Repeat("[]", n) }

// Segment is one property step of a path and the array levels after it.
type Segment struct {
	Name   string
	Arrays int
}

// Split splits a path at its dots into property steps: "line_items[].price_set"
// is {line_items 1} {price_set 0}. Alternatives (anyOf[0]) address no data
// and are left out; array levels written after one belong to the step
// before it.
func Split(p string) []Segment {
	if p == "" {
		return nil
	}
	var out []Segment
	for _, part := range strings.Split(p, ".") {
		s := Segment{Name: part}
		for strings.HasSuffix(s.Name, "[]") {
			s.Name = strings.TrimSuffix(s.Name, "[]")
			s.Arrays++
		}
		if IsAlternative(s.Name) {
			if s.Arrays > 0 && len(out) > 0 {
				out[len(out)-1].Arrays += s.Arrays
			}
			continue
		}
		out = append(out, s)
	}
	return out
}

// IsAlternative reports whether a segment names a union's alternative:
// "anyOf[<n>]" or "oneOf[<n>]".
func IsAlternative(seg string) bool {
	rest, ok := strings.CutPrefix(seg, "anyOf[")
	if !ok {
		rest, ok = strings.CutPrefix(seg, "oneOf[")
	}
	digits, ok2 := strings.CutSuffix(rest, "]")
	return ok && ok2 && digits != "" && strings.Trim(digits, "0123456789") == ""
}

// HasAlternativePrefix reports whether a segment starts like an
// alternative ("anyOf[" or "oneOf["), whatever follows.
func HasAlternativePrefix(seg string) bool {
	return strings.HasPrefix(seg, "anyOf[") || strings.HasPrefix(seg, "oneOf[")
}

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

// Pointer writes a path as an RFC 6901 JSON pointer into a value, every
// array level addressing its first item: "/line_items/0/price_set". prefix,
// when set, is a first step ("data" for a result in an envelope).
func Pointer(p, prefix string) string {
	var b strings.Builder
	if prefix != "" {
		b.WriteString("/" + escapePointer(prefix))
	}
	for _, s := range Split(p) {
		switch {
		case s.Name == AnyKey:
			b.WriteString("/{key}")
		case s.Name != "":
			b.WriteString("/" + escapePointer(s.Name))
		}
		b.WriteString(strings.Repeat("/0", s.Arrays))
	}
	return b.String()
}

func escapePointer(s string) string { return strings.NewReplacer("~", "~0", "/", "~1").Replace(s) }

// JQ writes a path as a jq filter: ".line_items[].price_set"; names that
// are not identifiers are quoted (`.["a-b"]`).
func JQ(p, prefix string) string {
	var b strings.Builder
	if prefix != "" {
		b.WriteString("." + prefix)
	}
	for _, s := range Split(p) {
		switch {
		case s.Name == AnyKey:
			b.WriteString("[]")
		case s.Name == "":
		case isIdentifier(s.Name):
			b.WriteString("." + s.Name)
		default:
			b.WriteString(`.["` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s.Name) + `"]`)
		}
		b.WriteString(strings.Repeat("[]", s.Arrays))
	}
	if b.Len() == 0 || b.String()[0] != '.' {
		return "." + b.String()
	}
	return b.String()
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
