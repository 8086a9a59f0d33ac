package fieldpath

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Side is the schema a path is in: a tool's input or its output. The zero
// Side is neither: the tool itself, or a path whose side nobody said.
type Side uint8

// The sides of a tool.
const (
	NoSide Side = iota
	Input
	Output
)

// String returns "input", "output" or "tool".
func (s Side) String() string {
	switch s {
	case Input:
		return "input"
	case Output:
		return "output"
	}
	return "tool"
}

// Kind says how one step of a path goes down.
type Kind uint8

// The kinds of step.
const (
	// Property steps into an object's property by name.
	Property Kind = iota
	// Items steps into an array's items: "[]".
	Items
	// AnyKeyStep steps into an object's additionalProperties: the value
	// of any key, written AnyKey.
	AnyKeyStep
	// Alternative steps into one alternative of a union, named
	// "anyOf[<n>]" or "oneOf[<n>]".
	Alternative
)

// Step is one step of a path: its kind and, for a property or an
// alternative, its name.
type Step struct {
	Kind Kind
	Name string
}

// Path is a field path as a value: the side it is on and its steps from
// the schema's root. The zero Path is the root, on no side. A Path is
// immutable and keeps its parent, as fx keeps a node's: extending a path
// by a step costs one small allocation and shares every step above it, so
// a tree of 250,000 lines holds each step once, and Parent costs nothing.
type Path struct {
	side Side
	last *link // nil at the root
}

// link is one step of a Path and the path above it.
type link struct {
	up   *link
	step Step
	n    int32 // the number of steps up to this one
}

// Root is the root path of a side.
func Root(side Side) Path { return Path{side: side} }

// New is the path of steps on side.
func New(side Side, steps []Step) Path { return Path{side: side}.with(steps...) }

// Side is the schema the path is in.
func (p Path) Side() Side { return p.side }

// On is the same path on another side.
func (p Path) On(side Side) Path { p.side = side; return p }

// Steps are the path's steps from the root, in a new slice.
func (p Path) Steps() []Step { return p.appendSteps(nil) }

// appendSteps appends the steps from the root to dst.
func (p Path) appendSteps(dst []Step) []Step {
	start := len(dst)
	dst = slices.Grow(dst, p.Len())[:start+p.Len()]
	for l := p.last; l != nil; l = l.up {
		dst[start+int(l.n)-1] = l.step
	}
	return dst
}

// Len is the number of steps.
func (p Path) Len() int {
	if p.last == nil {
		return 0
	}
	return int(p.last.n)
}

// IsRoot reports whether the path has no steps.
func (p Path) IsRoot() bool { return p.last == nil }

// with returns p followed by s.
func (p Path) with(s ...Step) Path {
	for _, st := range s {
		p.last = &link{up: p.last, step: st, n: int32(p.Len() + 1)}
	}
	return p
}

// Prop is the path to the property name below p.
func (p Path) Prop(name string) Path { return p.with(Step{Kind: Property, Name: name}) }

// Items is the path n array levels below p.
func (p Path) Items(n int) Path {
	for range n {
		p = p.with(Step{Kind: Items})
	}
	return p
}

// AnyKey is the path to the value of any key of the object at p.
func (p Path) AnyKey() Path { return p.with(Step{Kind: AnyKeyStep}) }

// Alt is the path to the alternative named name ("anyOf[1]") of the union at p.
func (p Path) Alt(name string) Path { return p.with(Step{Kind: Alternative, Name: name}) }

// Append is p followed by steps.
func (p Path) Append(steps ...Step) Path { return p.with(steps...) }

// Join is p followed by the steps of rel (a path relative to p), on p's
// side.
func (p Path) Join(rel Path) Path {
	if p.last == nil {
		rel.side = p.side
		return rel
	}
	var buf [16]Step
	return p.with(rel.appendSteps(buf[:0])...)
}

// Within is the path with a property step in front of it: the path into
// a value that holds this one under name ("data" of an envelope).
func (p Path) Within(name string) Path {
	return Root(p.side).Prop(name).with(p.Steps()...)
}

// named is the link of p's last named step (nil when p has none) and the
// number of array levels after it.
func (p Path) named() (l *link, levels int) {
	for l = p.last; l != nil && l.step.Kind == Items; l = l.up {
		levels++
	}
	return l, levels
}

// Parent is the path of the line above p's, as summaries and trees nest
// lines: the array levels at the end and the named step before them
// dropped ("a[].b[]" -> "a[]"). A path of array levels alone, and the
// root, have the root as parent. It costs the levels dropped.
func (p Path) Parent() Path {
	if l, _ := p.named(); l != nil {
		return Path{side: p.side, last: l.up}
	}
	return Path{side: p.side}
}

// Name is p's last named step with the array levels after it, as a tree
// line shows it: the property's name as it is ("a.x", not quoted),
// AnyKey, or the alternative ("anyOf[1]"), then "[]" per level.
func (p Path) Name() string {
	l, levels := p.named()
	switch {
	case l == nil:
		return Arrays(levels)
	case l.step.Kind == AnyKeyStep:
		return AnyKey + Arrays(levels)
	}
	return l.step.Name + Arrays(levels)
}

// Last is the named step Name shows and the number of array levels
// after it; ok is false when p has no named step.
func (p Path) Last() (s Step, levels int, ok bool) {
	l, levels := p.named()
	if l == nil {
		return Step{}, levels, false
	}
	return l.step, levels, true
}

// Key is a comparable form of a path, side included, for maps.
type Key struct {
	Side Side
	Text string
}

// Key is the path's map key: its side and its Quoted text (which tells
// every path apart, where String writes a top-level "a.x" and a's x
// alike).
func (p Path) Key() Key { return Key{p.side, p.Quoted()} }

// Equal reports whether p and q are the same path: the same side and
// the same steps.
func (p Path) Equal(q Path) bool { return p.side == q.side && sameLinks(p.last, q.last) }

// sameLinks reports whether two chains of steps are equal, stopping at
// the first link they share.
func sameLinks(a, b *link) bool {
	for a != b {
		if a == nil || b == nil || a.n != b.n || a.step != b.step {
			return false
		}
		a, b = a.up, b.up
	}
	return true
}

// HasPrefix reports whether p is q or lies below it (on the same side).
func (p Path) HasPrefix(q Path) bool {
	if p.side != q.side || q.Len() > p.Len() {
		return false
	}
	l := p.last
	for l != nil && int(l.n) > q.Len() {
		l = l.up
	}
	return sameLinks(l, q.last)
}

// Rel is p relative to base, when base is a prefix of p.
func (p Path) Rel(base Path) (Path, bool) {
	if !p.HasPrefix(base) {
		return Path{}, false
	}
	return New(p.side, p.Steps()[base.Len():]), true
}

// String writes the path in the grammar of summaries and the inspector
// (docs/summary.md#paths): named steps joined by ".", "[]" after a step
// per array level ("line_items[].price_set"), an alternative as its own
// step ("anyOf[1]"), AnyKey for any key, "" for the root. Every property
// name is written as it is, so a top-level "a.x" and a's x are both
// "a.x": the inspector reads such a text by trying the longest property
// name first. Where a program needs a text that tells every path apart
// (a map key, a text it parses back) it uses Quoted or Key.
func (p Path) String() string { return p.write(false) }

// Quoted writes the path unambiguously, for keys and texts a program
// reads back with Parse: as String writes it, except that a property
// whose name the grammar could misread (it holds ".", "[", "]" or a
// control character, is empty, or is AnyKey) is written quoted, as a
// JSON string in brackets right after the step before it: `a["x.y"]`,
// `["a.x"].b`. Every other name, "/", "~", quotes, spaces and any Unicode
// included, is written as it is. Parse reads back exactly the path
// Quoted wrote; no user-facing text is written this way.
func (p Path) Quoted() string { return p.write(true) }

// write is String, or Quoted when quote is set.
func (p Path) write(quote bool) string {
	var buf [16]Step
	steps := p.appendSteps(buf[:0])
	if len(steps) == 1 && steps[0].Kind == Property && !(quote && NeedsQuotes(steps[0].Name)) {
		return steps[0].Name // a top-level name, written as it is
	}
	size := 0
	for _, s := range steps {
		switch s.Kind {
		case Items:
			size += 2
		case AnyKeyStep:
			size += 1 + len(AnyKey)
		default:
			size += 1 + len(s.Name)
		}
	}
	var b strings.Builder
	b.Grow(size)
	for i, s := range steps {
		switch {
		case s.Kind == Items:
			b.WriteString("[]")
			continue
		case quote && s.Kind == Property && NeedsQuotes(s.Name):
			b.WriteString(QuoteName(s.Name))
			continue
		}
		if i > 0 {
			b.WriteByte('.')
		}
		if s.Kind == AnyKeyStep {
			b.WriteString(AnyKey)
		} else {
			b.WriteString(s.Name)
		}
	}
	return b.String()
}

// NeedsQuotes reports whether Quoted writes a property of this name
// quoted.
func NeedsQuotes(name string) bool {
	if name == "" || name == AnyKey {
		return true
	}
	for _, r := range name {
		switch {
		case r == '.', r == '[', r == ']', r < 0x20, r == 0x7f:
			return true
		}
	}
	return false
}

// QuoteName writes a property name as a quoted step: `["a.x"]`, a JSON
// string in brackets (Unicode is written as it is).
func QuoteName(name string) string {
	var b strings.Builder
	b.WriteString(`["`)
	for _, r := range name {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteString(`"]`)
	return b.String()
}

// Pointer writes the path as an RFC 6901 JSON pointer into a value: every
// array level addresses its first item ("/line_items/0/price_set"), any
// key is "{key}", alternatives address no data and are left out.
func (p Path) Pointer() string {
	var buf [16]Step
	var b strings.Builder
	for _, s := range p.appendSteps(buf[:0]) {
		switch s.Kind {
		case Property:
			b.WriteString("/" + EscapeToken(s.Name))
		case Items:
			b.WriteString("/0")
		case AnyKeyStep:
			b.WriteString("/{key}")
		}
	}
	return b.String()
}

// tokenEscaper escapes a JSON pointer's reference token (RFC 6901 §3).
var tokenEscaper = strings.NewReplacer("~", "~0", "/", "~1")

// EscapeToken escapes one reference token of a JSON pointer: "~" is
// written "~0" and "/" is written "~1".
func EscapeToken(s string) string { return tokenEscaper.Replace(s) }

// UnescapeToken reads one reference token of a JSON pointer back.
func UnescapeToken(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~1", "/"), "~0", "~")
}

// JQ writes the path as a jq filter: ".line_items[].price_set"; names
// that are not identifiers are quoted (`.["a-b"]`), any key is "[]" and
// alternatives are left out.
func (p Path) JQ() string {
	var buf [16]Step
	var b strings.Builder
	for _, s := range p.appendSteps(buf[:0]) {
		switch s.Kind {
		case Items, AnyKeyStep:
			if b.Len() == 0 {
				b.WriteByte('.')
			}
			b.WriteString("[]")
		case Property:
			if isIdentifier(s.Name) {
				b.WriteString("." + s.Name)
			} else {
				b.WriteString(`.["` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s.Name) + `"]`)
			}
		}
	}
	if b.Len() == 0 {
		return "."
	}
	return b.String()
}

// MarshalText writes the path as String does (JSON writes a Path as
// that string; its side is not written).
func (p Path) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// Parse reads a path written as Quoted writes it, on side: exactly the
// path Quoted wrote. It also reads "[*]" and "[<digits>]" for "[]", and
// a quoted step after a "." (`a.["x.y"]`). A name written bare ends at
// the first "." or "[", so Parse reads String's "a.x" as a's x whatever
// the schema holds; text a user typed is resolved against the schema by
// summarizer.Locate instead, which tries the longest property name first.
func Parse(s string, side Side) (Path, error) {
	p := Path{side: side}
	rest := s
	for atStart := true; rest != ""; atStart = false {
		if !atStart {
			if rest[0] != '.' {
				return Path{}, parseError(s, rest, `expected "." or "["`)
			}
			if rest = rest[1:]; rest == "" {
				return Path{}, parseError(s, rest, `a path does not end with "."`)
			}
		}
		switch {
		case strings.HasPrefix(rest, `["`):
			// a quoted name, read with the brackets below
		case rest[0] == '[' && !atStart:
			return Path{}, parseError(s, rest, `expected a name after "."`)
		case rest[0] != '[':
			end := strings.IndexAny(rest, ".[]")
			if end < 0 {
				end = len(rest)
			}
			name := rest[:end]
			rest = rest[end:]
			switch {
			case name == "":
				return Path{}, parseError(s, rest, "empty step")
			case strings.HasPrefix(rest, "]"):
				return Path{}, parseError(s, rest, `"]" in a name: quote the name (["a]b"])`)
			case name == AnyKey:
				p = p.AnyKey()
			case (name == "anyOf" || name == "oneOf") && isIndex(rest):
				end := strings.IndexByte(rest, ']') + 1
				p, rest = p.Alt(name+rest[:end]), rest[end:]
			default:
				p = p.Prop(name)
			}
		}
		for strings.HasPrefix(rest, "[") {
			if strings.HasPrefix(rest, `["`) {
				name, after, err := cutQuoted(rest)
				if err != nil {
					return Path{}, parseError(s, rest, err.Error())
				}
				p, rest = p.Prop(name), after
				continue
			}
			after, n := TrimArrayMarkers(rest)
			if n == 0 {
				return Path{}, parseError(s, rest, `expected "[]", "[*]", "[<n>]" or a quoted name`)
			}
			p, rest = p.Items(n), after
		}
	}
	return p, nil
}

// Plain writes a path that Quoted wrote as String writes it: `["a.x"].b`
// is "a.x.b". A text with no quoted step is already plain and is
// returned as it is, as is one Parse cannot read.
func Plain(quoted string) string {
	if !strings.Contains(quoted, `["`) {
		return quoted
	}
	p, err := Parse(quoted, NoSide)
	if err != nil {
		return quoted
	}
	return p.String()
}

// MustParse is Parse for paths a program writes itself; it panics on a
// malformed one.
func MustParse(s string, side Side) Path {
	p, err := Parse(s, side)
	if err != nil {
		panic(err)
	}
	return p
}

func parseError(path, rest, problem string) error {
	return fmt.Errorf("field path %s: at character %d: %s", strconv.Quote(path), len(path)-len(rest)+1, problem)
}

// isIndex reports whether s starts with "[<digits>]".
func isIndex(s string) bool {
	end := strings.IndexByte(s, ']')
	return end > 1 && s[0] == '[' && strings.Trim(s[1:end], "0123456789") == ""
}

// CutQuoted reads a quoted step (`["a.x"]`) at the start of s and returns
// the name and what follows it; ok is false when s does not start with a
// well-formed one.
func CutQuoted(s string) (name, rest string, ok bool) {
	name, rest, err := cutQuoted(s)
	return name, rest, err == nil
}

func cutQuoted(s string) (name, rest string, err error) {
	if !strings.HasPrefix(s, `["`) {
		return "", s, fmt.Errorf("expected a quoted name")
	}
	i := 2
	for i < len(s) && s[i] != '"' {
		if s[i] == '\\' {
			i++
		}
		i++
	}
	if i >= len(s) {
		return "", s, fmt.Errorf("the quoted name does not end")
	}
	if i+1 >= len(s) || s[i+1] != ']' {
		return "", s, fmt.Errorf(`expected "]" after the quoted name`)
	}
	if err := json.Unmarshal([]byte(s[1:i+1]), &name); err != nil || !utf8.ValidString(name) {
		return "", s, fmt.Errorf("the quoted name is not a JSON string")
	}
	return name, s[i+2:], nil
}

// CutData reads the envelope's "data" step at the start of a path written
// by a user ("data", "data.x", "data[]"), and returns the rest of the path
// without it; ok is false when the path does not start with that step.
// It is how every reader of a field path over a {successful, data, error}
// envelope accepts a path written with or without "data.".
func CutData(path string) (rest string, ok bool) {
	rest, ok = strings.CutPrefix(path, "data")
	if !ok || (rest != "" && rest[0] != '.' && rest[0] != '[') {
		return path, false
	}
	return strings.TrimPrefix(rest, "."), true
}
