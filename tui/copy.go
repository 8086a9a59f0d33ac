package tui

import (
	"regexp"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"mcpeek/schematree"
)

// handleYank finishes "y": p, j or q copies the path in that notation.
func (m *Model) handleYank(msg tea.KeyPressMsg) tea.Cmd {
	m.yank = false
	k := &m.keys
	var format func(string, string) string
	var what string
	switch {
	case key.Matches(msg, k.CopyDot):
		format, what = func(p, _ string) string { return p }, "path"
	case key.Matches(msg, k.CopyPointer):
		format, what = jsonPointer, "JSON pointer"
	case key.Matches(msg, k.CopyJQ):
		format, what = jqPath, "jq path"
	default:
		return nil // any other key cancels
	}
	path, prefix, ok := m.copyTarget()
	if !ok {
		return m.setStatus("nothing to copy here", true)
	}
	text := format(path, prefix)
	if m.focus == focusTools {
		text = path // a tool id is the same in every notation
	}
	m.copied = text
	return tea.Batch(tea.SetClipboard(text), m.setStatus("copied "+what+" "+text, false))
}

// copyTarget is the path under the cursor, and the segment that the data
// root sits under in the real result ("data" for an enveloped schema).
func (m *Model) copyTarget() (path, prefix string, ok bool) {
	if m.focus == focusTools {
		t, ok := m.selectedTool()
		return t.ID(), "", ok
	}
	t, ok := m.currentPane().(treeHolder)
	if !ok || t.tree().Cursor() == nil || t.tree().Cursor().Kind == schematree.KindNote {
		return "", "", false
	}
	return t.tree().Cursor().Path, t.dataPrefix(), true
}

// segments splits a field path into property names and array levels:
// "line_items[].price_set" -> {line_items 1} {price_set 0}. Alternatives
// (anyOf[0]) and the additional-properties line do not address data and
// are left out.
type segment struct {
	name   string
	arrays int
}

func splitPath(p string) []segment {
	if p == "" {
		return nil
	}
	var out []segment
	for _, part := range strings.Split(p, ".") {
		s := segment{name: part}
		for strings.HasSuffix(s.name, "[]") {
			s.name = strings.TrimSuffix(s.name, "[]")
			s.arrays++
		}
		if altRE.MatchString(s.name) {
			if s.arrays > 0 && len(out) > 0 {
				out[len(out)-1].arrays += s.arrays
			}
			continue
		}
		out = append(out, s)
	}
	return out
}

var altRE = regexp.MustCompile(`^(anyOf|oneOf)\[\d+\]$`)

// jsonPointer writes a path as an RFC 6901 pointer into a result, every
// array level addressing its first item: "/line_items/0/price_set".
func jsonPointer(p, prefix string) string {
	var b strings.Builder
	if prefix != "" {
		b.WriteString("/" + prefix)
	}
	for _, s := range splitPath(p) {
		switch {
		case s.name == schematree.AnyKey:
			b.WriteString("/{key}")
		case s.name != "":
			b.WriteString("/" + strings.NewReplacer("~", "~0", "/", "~1").Replace(s.name))
		}
		b.WriteString(strings.Repeat("/0", s.arrays))
	}
	return b.String()
}

var jqIdent = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// jqPath writes a path as a jq filter: ".line_items[].price_set".
func jqPath(p, prefix string) string {
	var b strings.Builder
	if prefix != "" {
		b.WriteString("." + prefix)
	}
	for _, s := range splitPath(p) {
		switch {
		case s.name == schematree.AnyKey:
			b.WriteString("[]")
		case s.name == "":
		case jqIdent.MatchString(s.name):
			b.WriteString("." + s.name)
		default:
			b.WriteString(`.["` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s.name) + `"]`)
		}
		b.WriteString(strings.Repeat("[]", s.arrays))
	}
	if b.Len() == 0 || b.String()[0] != '.' {
		return "." + b.String()
	}
	return b.String()
}
