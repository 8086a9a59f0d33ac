package tui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"mcpeek/model"
)

// pathBar shows the input while typing, else where the cursor is, with
// the status message, the gateway and the knobs on the right.
func (m *Model) pathBar() string {
	s := &m.styles
	if m.input.mode != inputNone {
		return m.input.field.View()
	}
	left := m.barLeft()
	gw := m.gatewayText()
	knobs := ""
	if !m.traffic.open {
		knobs = m.knobsText()
	}
	w := ansi.StringWidth
	if m.status.text != "" {
		st := s.Status
		if m.status.isErr {
			st = s.StatusErr
		}
		msg := st.Render(model.SanitizeLine(m.status.text))
		// The message wins for its few seconds: the knobs go first, then
		// the path, then the gateway.
		for _, right := range []string{barJoin(msg, gw, knobs), barJoin(msg, gw)} {
			if gap := m.width - w(left) - w(right); gap >= 2 {
				return left + strings.Repeat(" ", gap) + right
			}
		}
		if right := barJoin(msg, gw); w(right) <= m.width {
			return right
		}
		return msg
	}
	// The knobs go first (while the gateway runs, once the path would be
	// cut below 24 cells), then the path is cut; the gateway's URL stays.
	withKnobs := 8
	if gw != "" {
		withKnobs = 24
	}
	for _, c := range []struct {
		right   string
		minLeft int
	}{{barJoin(gw, knobs), withKnobs}, {gw, 8}} {
		room := m.width - w(c.right) - 2
		if c.right == "" || room < min(w(left), c.minLeft) {
			continue
		}
		if w(left) > room {
			left = ansi.Truncate(left, room, "…")
		}
		return left + strings.Repeat(" ", m.width-w(left)-w(c.right)) + c.right
	}
	if gw != "" {
		return gw
	}
	return left
}

// barJoin joins the status bar's right-hand parts that are not empty.
func barJoin(parts ...string) string {
	var out []string
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, "  ")
}

// barLeft is where the cursor is: a tool, or what the pane with the keys
// says (a tree path, the lines of a document, a call of the traffic
// screen).
func (m *Model) barLeft() string {
	s := &m.styles
	switch {
	case m.traffic.open:
		return m.traffic.where(s)
	case m.focus == focusTools:
		if tool, ok := m.selectedTool(); ok {
			return s.Dim.Render(model.SanitizeLine(tool.ID()))
		}
	case m.current != nil:
		return m.currentPane().where(s)
	}
	return ""
}

// knobsText shows the knobs' values at the right of the status bar; one
// moved from its default is drawn in the accent colour.
func (m *Model) knobsText() string {
	s := &m.styles
	knob := func(name string, v, def int) string {
		st := s.Dim
		if v != def {
			st = s.Accent
		}
		return s.Faint.Render(name+" ") + st.Render(itoa(v))
	}
	return knob("max_fields", m.budget.MaxFields, defaultBudget.MaxFields) + s.Faint.Render(" · ") +
		knob("max_depth", m.budget.MaxDepth, defaultBudget.MaxDepth)
}
