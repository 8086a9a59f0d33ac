package tui

import (
	"bytes"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"mcpeek/model"
	"mcpeek/model/fieldpath"
	"mcpeek/summarizer"
	"mcpeek/summarizer/schematree"
	"mcpeek/tui/kit"
	"mcpeek/tui/resultview"
	"mcpeek/tui/toolview"
	"mcpeek/tui/uitext"
)

// handleYank finishes "y": p, j or q copies the path in that notation; c
// copies the `mcpeek inspect` command for it, i the inspect_tool_output
// call.
func (m *Model) handleYank(msg tea.KeyPressMsg) tea.Cmd {
	m.clip.yank = false
	k := &m.keys
	if m.term.focus == focusTools {
		if !key.Matches(msg, k.CopyDot, k.CopyPointer, k.CopyJQ, k.CopyCLI, k.CopyCall) {
			return nil
		}
		t, ok := m.selectedTool()
		if !ok {
			return m.setStatus("nothing to copy here", true)
		}
		return m.copyText(t.ID().String(), "tool id") // the same in every notation
	}
	target, ok := m.copyTarget()
	if !ok {
		if key.Matches(msg, k.CopyDot, k.CopyPointer, k.CopyJQ, k.CopyCLI, k.CopyCall) {
			return m.setStatus("nothing to copy here", true)
		}
		return nil
	}
	switch {
	case key.Matches(msg, k.CopyDot):
		if target.inMap() {
			return m.copyText(target.inspectable(), "the map's path (inspect does not step into its keys):")
		}
		return m.copyText(target.inspectable(), "path")
	case key.Matches(msg, k.CopyPointer):
		if target.value != nil {
			return m.copyText(target.value.Pointer, "JSON pointer")
		}
		return m.copyText(target.inValue().Pointer(), "JSON pointer")
	case key.Matches(msg, k.CopyJQ):
		if target.value != nil {
			return m.copyText("."+strings.TrimPrefix(target.value.JQ, "."), "jq path")
		}
		return m.copyText(target.inValue().JQ(), "jq path")
	case key.Matches(msg, k.CopyCLI), key.Matches(msg, k.CopyCall):
		if target.tool == "" {
			return m.setStatus("not a tool's tree: inspect reads a tool's output schema", true)
		}
		if target.input() {
			return m.setStatus("an argument's line: inspect reads the output schema", true)
		}
		if key.Matches(msg, k.CopyCLI) {
			return m.copyText("mcpeek inspect "+target.tool+" "+uitext.ShellQuote(target.inspectable()), "command")
		}
		return m.copyText(`inspect_tool_output(tool_id="`+target.tool+`", field_path="`+
			strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(target.inspectable())+`")`, "call")
	}
	return nil // any other key cancels
}

// copyText puts text on the clipboard and says so.
func (m *Model) copyText(text, what string) tea.Cmd {
	m.clip.copied = text
	return tea.Batch(tea.SetClipboard(text), m.setStatus("copied "+what+" "+text, false))
}

// copyTarget is the line under the cursor of the tree shown: its path,
// where it sits in a real result, and whether it is an argument.
type copyTarget struct {
	tool string         // the tool's id; "" in a resource's or prompt's tree
	path fieldpath.Path // the line's path; its side says input or output
	out  *model.Schema  // the tool's output schema, or nil
	// valuePath is the line's path in a real result: inside an
	// envelope's data, the tool's view puts it under data.
	valuePath fieldpath.Path
	// value is the line's value in a call result (the result view): the
	// pointer and jq notations then address this very value
	// ("/line_items/0/price_set"), the dot path all its siblings.
	value *resultview.ValueLine
}

// input reports whether the line is in the input schema (the schema view).
func (c copyTarget) input() bool { return c.path.Side() == fieldpath.Input }

// inValue is the line's path in a real value.
func (c copyTarget) inValue() fieldpath.Path { return c.valuePath }

// inspectable is the path as `mcpeek inspect` and inspect_tool_output
// accept it: the keys of a map (<any key>) are no field of the inspector,
// so the path stops at the map. It is written as summaries write it,
// unless the inspector would read that text as another field (a's x
// beside a top-level "a.x"): then a step is quoted (`a["x"]`).
func (c copyTarget) inspectable() string {
	p := c.path
	for i, s := range c.path.Steps() {
		if s.Kind == fieldpath.AnyKeyStep {
			p = fieldpath.Root(c.path.Side()).Append(c.path.Steps()[:i]...)
			break
		}
	}
	if c.out == nil || p.Side() != fieldpath.Output {
		return p.String()
	}
	return summarizer.Text(c.out, p)
}

// inMap reports whether the line is inside a map's keys (<any key>),
// where inspectable stops.
func (c copyTarget) inMap() bool {
	for _, s := range c.path.Steps() {
		if s.Kind == fieldpath.AnyKeyStep {
			return true
		}
	}
	return false
}

func (m *Model) copyTarget() (copyTarget, bool) {
	t, tool, result := m.shownTree()
	if t == nil {
		return copyTarget{}, false
	}
	c := t.Tree().Cursor()
	if c == nil || c.Kind == schematree.KindNote {
		return copyTarget{}, false
	}
	target := copyTarget{tool: tool, path: c.Path, valuePath: c.Path}
	if tool != "" && m.current != nil {
		target.out = m.current.Out
		target.valuePath = m.current.ValuePath(t, c.Path)
	}
	if d, ok := resultview.ValueOf(c); ok {
		target.value = d
	} else if result {
		return copyTarget{}, false // a content block or a line of text: no path
	}
	return target, true
}

// shownTree is the tree the right pane shows, whose it is (a tool's id,
// "" for a resource's or prompt's) and whether it is a result's (whose
// lines of text have no path).
func (m *Model) shownTree() (t kit.TreeHolder, tool string, result bool) {
	if m.current != nil {
		t, ok := m.currentPane().(kit.TreeHolder)
		if !ok {
			return nil, "", false
		}
		_, result := t.(*toolview.ResultPane)
		return t, m.current.Tool.ID().String(), result
	}
	if p := m.offers.shown; p != nil && p.shown() != nil {
		return p.shown(), "", p.shown() == p.result
	}
	return nil, "", false
}

// copyResult copies the selected tool's last result (Y from the tools
// pane, or from a view other than the result's, where Y copies the value
// under the cursor): its structuredContent, else its text, else the raw
// result.
func (m *Model) copyResult() tea.Cmd {
	v := m.current
	if v == nil || v.Last == nil || v.Last.Result == nil {
		return m.noResult("to copy")
	}
	res := v.Last.Result
	text := string(res.Raw)
	switch {
	case len(bytes.TrimSpace(res.StructuredContent)) > 0:
		text = string(res.StructuredContent)
	case res.Text != "":
		text = res.Text
	}
	m.clip.copied = text
	return tea.Batch(tea.SetClipboard(text), m.setStatus("copied the last result of "+model.SanitizeLine(v.ID)+
		" ("+resultview.ByteSize(len(text))+"); Y in the result view copies the value under the cursor", false))
}

// noResult says that the selected tool has no result for w or Y yet, and
// how to get one.
func (m *Model) noResult(what string) tea.Cmd {
	if m.current == nil {
		return m.setStatus("select a tool: w and Y act on its last result", true)
	}
	return m.setStatus("no result "+what+" yet for "+model.SanitizeLine(m.current.ID)+": x calls it", true)
}
