package tui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"mcpeek/fieldpath"
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
		format, what = fieldpath.Pointer, "JSON pointer"
	case key.Matches(msg, k.CopyJQ):
		format, what = fieldpath.JQ, "jq path"
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
