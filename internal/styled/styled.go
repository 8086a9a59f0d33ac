// Package styled writes the text of a report for a person at a terminal:
// lines whose parts are styled by their role (a path, a fold, a heading,
// a faint note, a type label). The caller picks the styles, from the
// explorer's palette on a colour terminal; zero Styles print plain text.
// It leaves text as it is given: what came from a server is sanitised by
// the caller (model.SanitizeLine).
package styled

import (
	"fmt"
	"io"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// Styles are the roles of a report's text and the style of each.
type Styles struct {
	// Color says the styles are set: a renderer may then style text that
	// reads the same plain in another way (a fold line as a whole).
	Color bool
	// Path is a field path, a name or an identifier; Fold what a summary
	// folded or a problem; Head a heading; Faint a note.
	Path, Fold, Head, Faint lipgloss.Style
	// Type is the style of a type label ("object", "array<string>"); nil
	// when not styled.
	Type func(label string) lipgloss.Style
}

// Printer writes lines to W in its Styles.
type Printer struct {
	W io.Writer
	Styles
}

// Println writes s and a newline.
func (p Printer) Println(s string) { fmt.Fprintln(p.W, s) }

// Typ is a type label in its style.
func (p Printer) Typ(label string) string {
	if !p.Color || p.Type == nil {
		return label
	}
	return p.Type(label).Render(label)
}

// Cut shortens s to w cells, ending it with "…" when it was longer.
func Cut(s string, w int) string { return ansi.Truncate(s, w, "…") }

// Pad cuts s to w cells and fills it to w with spaces.
func Pad(s string, w int) string {
	s = Cut(s, w)
	return s + strings.Repeat(" ", max(0, w-ansi.StringWidth(s)))
}
