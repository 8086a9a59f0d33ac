package schematree

import "strconv"

// Role says what a span of a tree line shows. The line writer is shared by
// every front end; each maps roles to its own styles.
type Role uint8

// The parts of a tree line.
const (
	RoleGlyph     Role = iota // indent and fold glyph
	RoleSection               // a section's title ("output")
	RoleName                  // a field's name
	RoleRequired              // the "*" after a required field's name
	RolePunct                 // ": " between name and type
	RoleType                  // the type label
	RoleFormat                // " (date-time)"
	RoleCount                 // "  6 fields", and a cost badge after it
	RoleNote                  // "  unknown keys", "  → Customer"
	RoleCycleNote             // the note of a recursive line
	RoleMore                  // the "*" line of fields not shown
	RoleEnum                  // "  ∈ "a" | "b""
	RoleDesc                  // "  First sentence of the description."
	RoleText                  // a note line's text
)

// Span is a run of a tree line's text in one role.
type Span struct {
	Text string
	Role Role
}

// Glyphs are the marks a line starts with.
type Glyphs struct {
	Leaf, Folded, Unfolded, Cycle string
}

// DefaultGlyphs are the marks both the explorer and `mcpeek fold` draw.
var DefaultGlyphs = Glyphs{Leaf: " ", Folded: "▸", Unfolded: "▾", Cycle: "↻"}

// LineOptions say what a line shows besides its name and type.
type LineOptions struct {
	Glyphs Glyphs
	// Indent draws two spaces per level before the glyph (a flat list);
	// a front end that nests lines itself leaves it off.
	Indent bool
	// Desc adds the first sentence of the description.
	Desc bool
	// Badge, when set, is appended to the count of a folded line (its
	// subtree's cost).
	Badge func(*Node) string
}

// AppendSpans appends n's line to dst: glyph, name, required mark, type,
// format, count, note, enum and (optionally) description. Every string in
// a Row is sanitised already.
func (n *Node) AppendSpans(dst []Span, o LineOptions) []Span {
	glyph := o.Glyphs.Leaf
	switch {
	case n.Cycle() && n.Collapsed():
		glyph = o.Glyphs.Cycle
	case n.Openable() && n.Collapsed():
		glyph = o.Glyphs.Folded
	case n.Openable() || n.HasKids():
		glyph = o.Glyphs.Unfolded
	}
	if o.Indent {
		glyph = indent(n.Depth()) + glyph
	}
	dst = append(dst, Span{glyph + " ", RoleGlyph})
	switch n.Kind {
	case KindNote:
		return append(dst, Span{n.Name, RoleText})
	case KindMore:
		return append(dst, Span{n.Name + " ", RoleMore}, Span{n.Note, RoleMore})
	case KindSection:
		dst = append(dst, Span{n.Name, RoleSection})
	default:
		dst = append(dst, Span{n.Name, RoleName})
		if n.Required {
			dst = append(dst, Span{"*", RoleRequired})
		}
	}
	if n.Type != "" {
		dst = append(dst, Span{": ", RolePunct}, Span{n.Type, RoleType})
	}
	if n.Format != "" {
		dst = append(dst, Span{" (" + n.Format + ")", RoleFormat})
	}
	if n.Count >= 0 && n.Openable() && n.Kind != KindSection {
		count := "  " + CountText(n.Count)
		if o.Badge != nil && n.Collapsed() {
			count += o.Badge(n)
		}
		dst = append(dst, Span{count, RoleCount})
	}
	if n.Note != "" {
		role := RoleNote
		if n.Kind == KindRecursive {
			role = RoleCycleNote
		}
		dst = append(dst, Span{"  " + n.Note, role})
	}
	if n.Enum != "" {
		dst = append(dst, Span{"  " + n.Enum, RoleEnum})
	}
	if o.Desc && n.Desc != "" {
		dst = append(dst, Span{"  " + n.Desc, RoleDesc})
	}
	return dst
}

// CountText writes "1 field", "6 fields".
func CountText(n int) string {
	if n == 1 {
		return "1 field"
	}
	return strconv.Itoa(n) + " fields"
}

func indent(depth int) string {
	const spaces = "                                                                "
	if 2*depth <= len(spaces) {
		return spaces[:2*depth]
	}
	b := make([]byte, 2*depth)
	for i := range b {
		b[i] = ' '
	}
	return string(b)
}
