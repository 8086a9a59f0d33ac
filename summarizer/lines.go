package summarizer

import (
	"strconv"
	"strings"

	"mcpeek/model"
	"mcpeek/model/fieldpath"
)

// FoldKind says what a line's fold marker hides.
type FoldKind uint8

// The fold markers a line can carry.
const (
	// NoFold: the line hides nothing ("customer.email: string", or a
	// container whose every immediate child has a line of its own).
	NoFold FoldKind = iota
	// FoldChildren: "(contains N sub-fields; inspect_tool_output(...))".
	FoldChildren
	// FoldUnknownKeys: an object without declared properties.
	FoldUnknownKeys
	// FoldOverflow: the "*" line, N top-level fields that did not fit.
	FoldOverflow
)

// Line is one line of a folded summary or of the inspector's flattened
// fields, as a value. String writes the text a planner reads; front ends
// use the fields and never parse that text back.
type Line struct {
	// Path is the line's path: "customer.email", "variants[]"; for the
	// overflow line, the path of the object whose fields did not fit.
	// Written says how the line writes it.
	Path fieldpath.Path
	// Label is the node's type label ("string", "object | null"); empty
	// for the overflow line.
	Label string
	// Fold is what the line's marker says is hidden.
	Fold FoldKind
	// Count is N of "contains N sub-fields" or of "+N more fields".
	Count int
	// Hint is the absolute field_path the marker points at.
	Hint fieldpath.Path
	// Node is the line's schema node, arrays unwrapped (nil for the
	// overflow line).
	Node *model.Node
	// Step is the rule that chose the line: why it is listed.
	Step Step
}

// Step is the rule of docs/summary.md that chose a line: one of the
// summary's steps 3.1 to 3.7 or one of the inspector's three passes.
type Step uint8

// The steps that choose lines, in the order a summary runs them, then the
// inspector's passes.
const (
	StepNone Step = iota
	// StepRoot: the data root is a primitive or has unknown keys, so it is
	// the only line.
	StepRoot
	StepTier1     // 3.1: a top-level Tier 1 (id-like) leaf
	StepContainer // 3.2: a top-level container
	StepLeaf      // 3.3: another top-level leaf, not a link
	StepLink      // 3.4: a top-level `*_url` link
	StepErrors    // 3.4: a top-level container named errors or error
	// StepWrappedTier1 to StepWrappedLink: 3.5, steps 3.1 to 3.4 again for
	// a lone wrapper's children.
	StepWrappedTier1
	StepWrappedContainer
	StepWrappedLeaf
	StepWrappedLink
	StepDeepTier1 // 3.6: a deeper Tier 1 leaf, down to max_depth
	StepTier3     // 3.7: any node down to max_depth, in scan order
	StepOverflow  // the `*` line: top-level fields not chosen
	// The inspector's passes over flattened_fields.
	PassChild      // pass 1: an immediate child
	PassGrandTier1 // pass 2: a Tier 1 leaf two levels below
	PassRest       // pass 3: the rest, breadth-first
)

var stepNames = [...]string{
	StepNone:             "",
	StepRoot:             "(root) the data root alone",
	StepTier1:            "3.1 Tier 1 top level",
	StepContainer:        "3.2 top-level container",
	StepLeaf:             "3.3 top-level leaf",
	StepLink:             "3.4 top-level link",
	StepErrors:           "3.4 error member",
	StepWrappedTier1:     "3.5 wrapped entity, Tier 1",
	StepWrappedContainer: "3.5 wrapped entity, container",
	StepWrappedLeaf:      "3.5 wrapped entity, leaf",
	StepWrappedLink:      "3.5 wrapped entity, link",
	StepDeepTier1:        "3.6 deeper Tier 1",
	StepTier3:            "3.7 Tier 3",
	StepOverflow:         "* top-level fields not chosen",
	PassChild:            "pass 1 immediate child",
	PassGrandTier1:       "pass 2 Tier 1 two levels down",
	PassRest:             "pass 3 breadth-first",
}

// String names the step as docs/summary.md numbers it: "3.1 Tier 1 top
// level", "3.5 wrapped entity, container", ...
func (s Step) String() string {
	if int(s) < len(stepNames) {
		return stepNames[s]
	}
	return "step " + strconv.Itoa(int(s))
}

// Folded reports whether the line carries an inspect_tool_output marker.
func (l Line) Folded() bool { return l.Fold != NoFold }

// Parent is the path of the line's parent field (the object or array it
// is in): Path's parent, the data root for a top-level line.
func (l Line) Parent() fieldpath.Path { return l.Path.Parent() }

// Written is the line's path as the line writes it: Path's text,
// "(root)" (or "(root)[]") for a root line, "*" (or "[].*") for the
// overflow line.
func (l Line) Written() string {
	switch {
	case l.Fold == FoldOverflow:
		return fieldpath.Join(l.Path.String(), "*")
	case l.Step == StepRoot && (l.Fold == NoFold || l.Path.IsRoot()):
		return "(root)" + l.Path.String()
	}
	return l.Path.String()
}

// String writes the line as the planner reads it.
func (l Line) String() string {
	head := l.Written() + ": " + l.Label
	if l.Fold == FoldOverflow {
		head = l.Written()
	}
	if l.Fold == NoFold {
		return head
	}
	return head + " (" + l.Marker() + ")"
}

// Marker is the text of the line's fold marker without its parentheses
// ("contains 6 sub-fields; inspect_tool_output(..., field_path=\"x\")"),
// or "" for a line without one.
func (l Line) Marker() string {
	switch l.Fold {
	case FoldOverflow:
		return "+" + strconv.Itoa(l.Count) + " more fields; " + inspectHint(l.Hint)
	case FoldUnknownKeys:
		return "unknown keys; " + inspectHint(l.Hint)
	case FoldChildren:
		return "contains " + strconv.Itoa(l.Count) + " sub-fields; " + inspectHint(l.Hint)
	}
	return ""
}

// What is the marker's first part, without the call: "contains 6
// sub-fields", "unknown keys", "+19 more fields"; "" without a marker.
func (l Line) What() string {
	what, _, _ := strings.Cut(l.Marker(), ";")
	return what
}

// Strings writes lines as text, for JSON answers and plain output.
func Strings(lines []Line) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = l.String()
	}
	return out
}

// newLine is the line of the node at path (relative to base). fold says
// whether a container's children are not all listed (ignored for other
// nodes); a marker points at the node's absolute path, base joined with
// path, made only for a line that has a marker.
func newLine(path, base fieldpath.Path, n *model.Node, fold bool) Line {
	l := Line{Path: path, Label: n.Label(), Node: n}
	switch {
	case n.Shape != model.Object:
	case !n.KnownKeys:
		l.Fold, l.Hint = FoldUnknownKeys, base.Join(path)
	case fold:
		l.Fold, l.Hint, l.Count = FoldChildren, base.Join(path), len(n.Props)
	}
	return l
}

// overflowLine is the `*` line for top-level fields that did not fit.
func overflowLine(rootPath fieldpath.Path, hidden int) Line {
	return Line{Path: rootPath, Fold: FoldOverflow, Count: hidden, Hint: rootPath, Step: StepOverflow}
}

func inspectHint(path fieldpath.Path) string {
	return `inspect_tool_output(..., field_path=` + quote(path.String()) + `)`
}

// quote writes a path between double quotes, escaping only what would
// break the quoting (so ordinary paths read exactly as a planner expects).
func quote(s string) string {
	if !strings.ContainsAny(s, "\"\\\n\r\t") {
		return `"` + s + `"`
	}
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
