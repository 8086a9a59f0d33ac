// Package treetext writes a schema tree as nested text, the way
// `mcpeek fold` prints it: each line is schematree's line writer's, nested
// with lipgloss's tree branches and coloured from the shared palette.
package treetext

import (
	"image/color"
	"strings"

	"charm.land/lipgloss/v2"
	lgtree "charm.land/lipgloss/v2/tree"

	"mcpeek/internal/theme"
	"mcpeek/schematree"
)

// Render writes the lines t shows under title, nested by depth. A nil
// palette writes plain text.
func Render(title string, t *schematree.Tree, p *theme.Palette) string {
	root := lgtree.Root(title)
	stack := []*lgtree.Tree{root}
	spans := make([]schematree.Span, 0, 12)
	t.Walk(func(n *schematree.Node) bool {
		stack = stack[:n.Depth()+1]
		spans = n.AppendSpans(spans[:0], schematree.LineOptions{Glyphs: schematree.DefaultGlyphs})
		item := lgtree.Root(Line(spans, p))
		stack[len(stack)-1].Child(item)
		stack = append(stack, item)
		return true
	})
	return root.String()
}

// Line writes a tree line's spans, each in its role's colour (plain text
// for a nil palette).
func Line(spans []schematree.Span, p *theme.Palette) string {
	var b strings.Builder
	for _, sp := range spans {
		if p == nil {
			b.WriteString(sp.Text)
			continue
		}
		b.WriteString(style(sp, p).Render(sp.Text))
	}
	return b.String()
}

func style(sp schematree.Span, p *theme.Palette) lipgloss.Style {
	fg := func(c color.Color) lipgloss.Style { return lipgloss.NewStyle().Foreground(c) }
	switch sp.Role {
	case schematree.RoleGlyph, schematree.RoleCount:
		return fg(p.Fold)
	case schematree.RoleMore:
		return fg(p.Fold).Italic(true)
	case schematree.RoleName:
		return fg(p.Key)
	case schematree.RoleSection:
		return fg(p.Accent).Bold(true)
	case schematree.RoleRequired:
		return fg(p.Err)
	case schematree.RoleType:
		return fg(p.TypeColor(sp.Text))
	case schematree.RoleNote, schematree.RoleText:
		return fg(p.Muted).Italic(true)
	case schematree.RoleCycleNote:
		return fg(p.Lit).Italic(true)
	case schematree.RoleDesc:
		return fg(p.Faint)
	}
	return fg(p.Muted) // punctuation, format, enum
}
