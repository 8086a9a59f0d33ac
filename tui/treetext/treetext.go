// Package treetext writes a schema tree as nested text, the way
// `mcpeek fold` prints it: each line is schematree's line writer's, nested
// with lipgloss's tree branches and coloured from the shared palette. Its
// RoleStyles are the one mapping from a tree line's roles to styles: the
// explorer draws its tree lines with them too.
package treetext

import (
	"image/color"
	"strings"

	"charm.land/lipgloss/v2"
	lgtree "charm.land/lipgloss/v2/tree"

	"mcpeek/summarizer/schematree"
	"mcpeek/tui/theme"
)

// RoleStyles is the style of each role of a tree line (schematree.Role)
// and of each class of type label, built once from a palette.
type RoleStyles struct {
	Glyph, Section, Name, Required, Count, Note  lipgloss.Style
	TypeObject, TypeString, TypeNumber, TypeBool lipgloss.Style
	TypeOther, More, Cycle, Desc, Punct          lipgloss.Style
}

// NewRoleStyles builds the role styles from a palette.
func NewRoleStyles(p theme.Palette) RoleStyles {
	fg := func(c color.Color) lipgloss.Style { return lipgloss.NewStyle().Foreground(c) }
	return RoleStyles{
		Glyph:      fg(p.Fold),
		Section:    fg(p.Accent).Bold(true),
		Name:       fg(p.Key),
		Required:   fg(p.Err),
		Count:      fg(p.Fold),
		Note:       fg(p.Muted).Italic(true),
		TypeObject: fg(p.Object),
		TypeString: fg(p.Str),
		TypeNumber: fg(p.Num),
		TypeBool:   fg(p.Lit),
		TypeOther:  fg(p.Muted),
		More:       fg(p.Fold).Italic(true),
		Cycle:      fg(p.Lit).Italic(true),
		Desc:       fg(p.Faint),
		Punct:      fg(p.Muted),
	}
}

// Span is the style of one span of a tree line.
func (s *RoleStyles) Span(sp schematree.Span) lipgloss.Style {
	switch sp.Role {
	case schematree.RoleGlyph:
		return s.Glyph
	case schematree.RoleSection:
		return s.Section
	case schematree.RoleName:
		return s.Name
	case schematree.RoleRequired:
		return s.Required
	case schematree.RoleType:
		return s.Type(sp.Text)
	case schematree.RoleCount:
		return s.Count
	case schematree.RoleNote, schematree.RoleText:
		return s.Note
	case schematree.RoleCycleNote:
		return s.Cycle
	case schematree.RoleMore:
		return s.More
	case schematree.RoleDesc:
		return s.Desc
	}
	return s.Punct // punctuation, format, enum
}

// Type is the style of a type label, by its class (theme.ClassOf).
func (s *RoleStyles) Type(label string) lipgloss.Style {
	switch theme.ClassOf(label) {
	case theme.TypeObject:
		return s.TypeObject
	case theme.TypeString:
		return s.TypeString
	case theme.TypeNumber:
		return s.TypeNumber
	case theme.TypeBool:
		return s.TypeBool
	}
	return s.TypeOther
}

// Render writes the lines t shows under title, nested by depth. Nil
// styles write plain text.
func Render(title string, t *schematree.Tree, s *RoleStyles) string {
	root := lgtree.Root(title)
	stack := []*lgtree.Tree{root}
	spans := make([]schematree.Span, 0, 12)
	t.Walk(func(n *schematree.Node) bool {
		stack = stack[:n.Depth()+1]
		spans = n.AppendSpans(spans[:0], schematree.LineOptions{Glyphs: schematree.DefaultGlyphs})
		item := lgtree.Root(Line(spans, s))
		stack[len(stack)-1].Child(item)
		stack = append(stack, item)
		return true
	})
	return root.String()
}

// Line writes a tree line's spans, each in its role's style (plain text
// for nil styles).
func Line(spans []schematree.Span, s *RoleStyles) string {
	var b strings.Builder
	for _, sp := range spans {
		if s == nil {
			b.WriteString(sp.Text)
			continue
		}
		b.WriteString(s.Span(sp).Render(sp.Text))
	}
	return b.String()
}
