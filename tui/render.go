package tui

import (
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"mcpeek/summarizer/schematree"
)

// seg is a run of text in one style; a line is a few of them.
type seg struct {
	text  string
	style lipgloss.Style
}

// renderLine draws segs cut to width cells. The cursor's line is drawn as
// one run in the cursor style over the whole width, so its background is
// unbroken.
func (s *Styles) renderLine(b *strings.Builder, segs []seg, width int, cursor, focused bool) {
	if width <= 0 {
		return
	}
	if cursor {
		var plain strings.Builder
		for _, sg := range segs {
			plain.WriteString(sg.text)
		}
		text := ansi.Truncate(plain.String(), width, "…")
		if pad := width - cells(text); pad > 0 {
			text += strings.Repeat(" ", pad)
		}
		st := s.Cursor
		if !focused {
			st = s.CursorBlur
		}
		b.WriteString(st.Render(text))
		return
	}
	left := width
	for _, sg := range segs {
		if left <= 0 || sg.text == "" {
			continue
		}
		t := sg.text
		if w := cells(t); w > left {
			t = ansi.Truncate(t, left, "…")
			left = 0
		} else {
			left -= w
		}
		b.WriteString(sg.style.Render(t))
	}
}

// treeView draws a tree's visible lines; it costs the screen height.
type treeView struct {
	styles   *Styles
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
			segs = append(segs, seg{sp.Text, v.styles.RoleStyles.Span(sp)})
		}
		segs = v.layer.appendMarks(v.styles, segs, spans, n)
		v.styles.renderLine(&b, segs, v.width, n == t.Cursor(), v.focused)
	})
	return b.String()
}
