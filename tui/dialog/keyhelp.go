package dialog

import (
	"mcpeek/tui/kit"
	"mcpeek/tui/uitext"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// KeyHelp is the full help over the whole screen, in one column that
// scrolls: what a narrow terminal shows for "?".
type KeyHelp struct {
	scrollLines
}

// NewKeyHelp is the help showing lines (a key and what it does per line,
// then the legend of the marks).
func NewKeyHelp(lines []string) *KeyHelp { return &KeyHelp{scrollLines{lines: lines}} }

// Key scrolls; esc, q or ? close the help.
func (d *KeyHelp) Key(msg tea.KeyPressMsg, k *kit.KeyMap) kit.Action {
	switch {
	case key.Matches(msg, k.CloseHelp):
		return kit.CloseDialog{}
	case key.Matches(msg, k.Quit):
		return kit.QuitApp{} // ctrl+c
	}
	d.scroll(msg, k)
	return nil
}

// Render fills the screen but its last row (the short help): a title,
// then the lines that fit.
func (d *KeyHelp) Render(s *kit.Styles, width, height int) string {
	d.rows = max(height-2, 1)
	d.top = min(max(d.top, 0), max(len(d.lines)-d.rows, 0))
	end := min(d.top+d.rows, len(d.lines))
	head := s.PaneTitleFocus.Render("Keys") + s.Dim.Render("  "+strconv.Itoa(d.top+1)+"–"+strconv.Itoa(end)+" of "+strconv.Itoa(len(d.lines)))
	body := append([]string{head}, d.lines[d.top:end]...)
	return uitext.PadLines(strings.Join(body, "\n"), width, height-1)
}

// Help is the scroll keys.
func (d *KeyHelp) Help(k *kit.KeyMap) []key.Binding {
	return []key.Binding{k.Down, k.PageDown, k.CloseHelp}
}
