package toolview

import (
	"strings"

	"mcpeek/summarizer/schematree"
	"mcpeek/tui/kit"
	"mcpeek/tui/uitext"
)

// seg is a run of text in one style; a line is a few of them.
type seg = uitext.Seg

// RenderLine draws segs cut to width cells. The cursor's line is drawn as
// one run in the cursor style over the whole width, so its background is
// unbroken.
func RenderLine(s *kit.Styles, b *strings.Builder, segs []seg, width int, cursor, focused bool) {
	switch {
	case width <= 0:
	case cursor && focused:
		uitext.DrawCursorLine(b, segs, width, s.Cursor)
	case cursor:
		uitext.DrawCursorLine(b, segs, width, s.CursorBlur)
	default:
		uitext.DrawLine(b, segs, width)
	}
}

// treeView draws a tree's visible lines; it costs the screen height.
type treeView struct {
	styles   *kit.Styles
	width    int
	focused  bool
	showDesc bool
	costs    map[*schematree.Node]subtreeCost // badges of folded lines (schema tree)
	layer    *callLayer                       // a checked call's values and marks, or nil
	// mark, when set, is a one-cell column before every line (the diff
	// view's changed fields).
	mark func(n *schematree.Node) seg
}

// render draws every line on screen, one per row, without a final newline.
// The line itself is schematree's (the same writer as `mcpeek fold`); the
// view maps each span's role to a style.
func (v treeView) render(t *schematree.Tree) string {
	var b strings.Builder
	ic := v.styles.Icons
	opts := schematree.LineOptions{
		Glyphs: schematree.Glyphs{Leaf: ic.Leaf, Folded: ic.Folded, Unfolded: ic.Unfolded, Cycle: ic.Cycle},
		Indent: true,
		Desc:   v.showDesc,
	}
	if len(v.costs) > 0 {
		opts.Badge = func(n *schematree.Node) string {
			if c, ok := v.costs[n]; ok {
				return c.badge()
			}
			return ""
		}
	}
	spans := make([]schematree.Span, 0, 12)
	segs := make([]seg, 0, 12)
	t.Visible(func(row int, n *schematree.Node) {
		if row > 0 {
			b.WriteByte('\n')
		}
		spans = n.AppendSpans(spans[:0], opts)
		segs = segs[:0]
		if v.mark != nil {
			segs = append(segs, v.mark(n))
		}
		for _, sp := range spans {
			segs = append(segs, seg{Text: sp.Text, Style: v.styles.RoleStyles.Span(sp)})
		}
		segs = v.layer.appendMarks(v.styles, segs, spans, n)
		RenderLine(v.styles, &b, segs, v.width, n == t.Cursor(), v.focused)
	})
	return b.String()
}
