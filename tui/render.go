package tui

import (
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"mcpeek/schematree"
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
}

// render draws every line on screen, one per row, without a final newline.
func (v treeView) render(t *schematree.Tree) string {
	var b strings.Builder
	segs := make([]seg, 0, 12)
	t.Visible(func(row int, n *schematree.Node) {
		if row > 0 {
			b.WriteByte('\n')
		}
		segs = v.segments(segs[:0], n)
		v.styles.renderLine(&b, segs, v.width, n == t.Cursor(), v.focused)
	})
	return b.String()
}

// segments lays out one tree line: indent, fold glyph, name, type, counts,
// notes and (optionally) the description.
func (v treeView) segments(segs []seg, n *schematree.Node) []seg {
	s := v.styles
	ic := s.Icons
	indent := strings.Repeat("  ", n.Depth())
	glyph := ic.Leaf
	switch {
	case n.Cycle() && n.Collapsed():
		glyph = ic.Cycle
	case n.Openable() && n.Collapsed():
		glyph = ic.Folded
	case n.Openable() || n.HasKids():
		glyph = ic.Unfolded
	}
	segs = append(segs, seg{indent + glyph + " ", s.Glyph})
	switch n.Kind {
	case schematree.KindSection:
		segs = append(segs, seg{n.Name, s.Section})
		if n.Type != "" {
			segs = append(segs, seg{": ", s.Dim}, seg{n.Type, s.typeStyle(n.Type)})
		}
	case schematree.KindNote:
		return append(segs, seg{n.Name, s.Note})
	case schematree.KindMore:
		segs = append(segs, seg{n.Name + " ", s.More}, seg{n.Note, s.More})
		return segs
	default:
		segs = append(segs, seg{n.Name, s.Name})
		if n.Required {
			segs = append(segs, seg{"*", s.Required})
		}
		if n.Type != "" {
			segs = append(segs, seg{": ", s.Dim}, seg{n.Type, s.typeStyle(n.Type)})
		}
	}
	if n.Format != "" {
		segs = append(segs, seg{" (" + n.Format + ")", s.Dim})
	}
	if n.Count >= 0 && (n.Kind == schematree.KindFold || n.Kind == schematree.KindRecursive || n.Kind == schematree.KindAlt || n.Kind == schematree.KindField && n.Openable()) {
		count := "  " + plural(n.Count, "field")
		if c, ok := v.costs[n]; ok && n.Collapsed() {
			count += c.badge()
		}
		segs = append(segs, seg{count, s.Count})
	}
	if n.Note != "" {
		st := s.Note
		if n.Kind == schematree.KindRecursive {
			st = s.Cycle
		}
		segs = append(segs, seg{"  " + n.Note, st})
	}
	if n.Enum != "" {
		segs = append(segs, seg{"  " + n.Enum, s.Dim})
	}
	if v.showDesc && n.Desc != "" {
		segs = append(segs, seg{"  " + n.Desc, s.Desc})
	}
	return segs
}

// plural writes "1 field", "3 fields", "2 matches".
func plural(n int, word string) string {
	switch {
	case n == 1:
		return "1 " + word
	case strings.HasSuffix(word, "ch"), strings.HasSuffix(word, "s"):
		return itoa(n) + " " + word + "es"
	}
	return itoa(n) + " " + word + "s"
}
