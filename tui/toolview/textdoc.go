package toolview

import (
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"

	"mcpeek/tui/kit"
	"mcpeek/tui/uitext"
)

// Role says what a run of document text is; the kit.Styles decide its look,
// so a document built once is drawn right after the palette changes.
type Role uint8

const (
	RoleText Role = iota
	RoleDim
	RoleFaint
	RoleHead
	RoleName
	RoleType // coloured by the label it holds
	RoleFold
	RoleCount
	RoleErr
)

// Span is a run of text in one role; a docLine is a few of them. Every
// text in a Span is sanitised when the document is built.
type Span struct {
	Text string
	Role Role
}

// DocLine is a line of a document: a few runs of text, each in its role.
type DocLine []Span

func roleStyle(s *kit.Styles, sp Span) lipgloss.Style {
	switch sp.Role {
	case RoleDim:
		return s.Dim
	case RoleFaint:
		return s.Faint
	case RoleHead:
		return s.Section
	case RoleName:
		return s.Name
	case RoleType:
		return s.Type(sp.Text)
	case RoleFold:
		return s.More
	case RoleCount:
		return s.Count
	case RoleErr:
		return s.ErrText
	}
	return s.Tool
}

// DrawLine writes one document line cut to width cells (no padding).
func DrawLine(s *kit.Styles, b *strings.Builder, l DocLine, width int) {
	segs := make([]seg, len(l))
	for i, sp := range l {
		segs[i] = seg{Text: sp.Text, Style: roleStyle(s, sp)}
	}
	RenderLine(s, b, segs, width, false, false)
}

// thousands writes 47394 as "47,394".
func thousands(n int) string { return uitext.Thousands(n) }

// ShortCount writes a count in at most five cells, three digits kept: 948, 12.3k, 5.99M.
func ShortCount(n int) string {
	const k, mega = 1_000, 1_000_000
	short := func(x float64, unit string) string {
		switch {
		case x >= 99.95:
			return strconv.FormatFloat(x, 'f', 0, 64) + unit
		case x >= 9.995:
			return strconv.FormatFloat(x, 'f', 1, 64) + unit
		}
		return strconv.FormatFloat(x, 'f', 2, 64) + unit
	}
	switch {
	case n < 0:
		return "-" + ShortCount(-n)
	case n < 10*k:
		return thousands(n)
	case n < 999_500:
		return short(float64(n)/k, "k")
	case n < 999_500*k:
		return short(float64(n)/mega, "M")
	}
	return short(float64(n)/(k*mega), "G")
}

func padLeft(s string, w int) string  { return uitext.PadLeft(s, w) }
func padRight(s string, w int) string { return uitext.PadRight(s, w) }

// Columns are a table's column widths, sized to their content: the first
// column is left-aligned, the others right-aligned, gap cells apart, so
// numbers never run together however large they grow.
type Columns struct {
	widths []int
	gap    int
}

// MeasureColumns sizes columns for rows of cells.
func MeasureColumns(gap int, rows ...[]string) Columns {
	c := Columns{gap: gap}
	for _, r := range rows {
		for i, cell := range r {
			if i >= len(c.widths) {
				c.widths = append(c.widths, 0)
			}
			c.widths[i] = max(c.widths[i], cells(cell))
		}
	}
	return c
}

// Width is the cells a row takes.
func (c Columns) Width() int {
	w := 0
	for i, cw := range c.widths {
		if i > 0 {
			w += c.gap
		}
		w += cw
	}
	return w
}

// Line lays out a row: the label in role first, the other cells in role
// rest.
func (c Columns) Line(row []string, first, rest Role) DocLine {
	l := make(DocLine, 0, len(row))
	for i, cell := range row {
		if i == 0 {
			l = append(l, Span{padRight(cell, c.widths[0]), first})
			continue
		}
		l = append(l, Span{padLeft(cell, c.widths[i]+c.gap), rest})
	}
	return l
}
