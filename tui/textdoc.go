package tui

import (
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"

	"mcpeek/tui/kit"
	"mcpeek/tui/uitext"
)

// role says what a run of document text is; the kit.Styles decide its look,
// so a document built once is drawn right after the palette changes.
type role uint8

const (
	roleText role = iota
	roleDim
	roleFaint
	roleHead
	roleName
	roleType // coloured by the label it holds
	roleFold
	roleCount
	roleErr
)

// span is a run of text in one role; a docLine is a few of them. Every
// text in a span is sanitised when the document is built.
type span struct {
	text string
	role role
}

type docLine []span

func roleStyle(s *kit.Styles, sp span) lipgloss.Style {
	switch sp.role {
	case roleDim:
		return s.Dim
	case roleFaint:
		return s.Faint
	case roleHead:
		return s.Section
	case roleName:
		return s.Name
	case roleType:
		return s.Type(sp.text)
	case roleFold:
		return s.More
	case roleCount:
		return s.Count
	case roleErr:
		return s.ErrText
	}
	return s.Tool
}

// drawLine writes one document line cut to width cells (no padding).
func drawLine(s *kit.Styles, b *strings.Builder, l docLine, width int) {
	segs := make([]seg, len(l))
	for i, sp := range l {
		segs[i] = seg{Text: sp.text, Style: roleStyle(s, sp)}
	}
	renderLine(s, b, segs, width, false, false)
}

// thousands writes 47394 as "47,394".
func thousands(n int) string { return uitext.Thousands(n) }

// shortCount writes a count in at most five cells, three digits kept: 948, 12.3k, 5.99M.
func shortCount(n int) string {
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
		return "-" + shortCount(-n)
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

// columns are a table's column widths, sized to their content: the first
// column is left-aligned, the others right-aligned, gap cells apart, so
// numbers never run together however large they grow.
type columns struct {
	widths []int
	gap    int
}

// measureColumns sizes columns for rows of cells.
func measureColumns(gap int, rows ...[]string) columns {
	c := columns{gap: gap}
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

// width is the cells a row takes.
func (c columns) width() int {
	w := 0
	for i, cw := range c.widths {
		if i > 0 {
			w += c.gap
		}
		w += cw
	}
	return w
}

// line lays out a row: the label in role first, the other cells in role
// rest.
func (c columns) line(row []string, first, rest role) docLine {
	l := make(docLine, 0, len(row))
	for i, cell := range row {
		if i == 0 {
			l = append(l, span{padRight(cell, c.widths[0]), first})
			continue
		}
		l = append(l, span{padLeft(cell, c.widths[i]+c.gap), rest})
	}
	return l
}
