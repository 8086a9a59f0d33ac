package summarizer

import (
	"strconv"
	"strings"

	"mcpeek/model"
)

// line renders one summary line for the node at path. fold says whether a
// container's children are not all listed (ignored for other nodes); a
// fold marker points at hintPath, the node's absolute path.
func line(path, hintPath string, n *model.Node, fold bool) string {
	head := path + ": " + n.Label()
	if n.Shape != model.Object {
		return head
	}
	if !n.KnownKeys {
		return head + " (unknown keys; " + inspectHint(hintPath) + ")"
	}
	if fold {
		return head + " (contains " + strconv.Itoa(len(n.Props)) + " sub-fields; " + inspectHint(hintPath) + ")"
	}
	return head
}

// overflowLine is the `*` line for top-level fields that did not fit.
func overflowLine(rootPath string, hidden int) string {
	return joinPath(rootPath, "*") + " (+" + strconv.Itoa(hidden) + " more fields; " + inspectHint(rootPath) + ")"
}

func inspectHint(path string) string {
	return `inspect_tool_output(..., field_path=` + quote(path) + `)`
}

// quote writes a path between double quotes, escaping only what would
// break the quoting (so ordinary paths read exactly as in the contract).
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

// HasFoldMarker reports whether a summary line carries a drill-down hint.
func HasFoldMarker(line string) bool { return strings.Contains(line, "inspect_tool_output(") }

// SplitLine splits a summary line into its path, its label and the text of
// its fold marker without the parentheses; label is empty for the overflow
// line ("* (+19 more fields; ...)"), marker for a line without one.
func SplitLine(l string) (path, label, marker string) {
	head, marker, _ := strings.Cut(l, " (")
	marker = strings.TrimSuffix(marker, ")")
	path, label, ok := strings.Cut(head, ": ")
	if !ok {
		path, label = head, ""
	}
	return path, label, marker
}

// IsOverflow reports whether a summary line is the `*` overflow line.
func IsOverflow(l string) bool {
	path, label, _ := SplitLine(l)
	return label == "" && (path == "*" || strings.HasSuffix(path, ".*"))
}
