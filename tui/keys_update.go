package tui

import (
	"slices"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"mcpeek/model"
	"mcpeek/tui/toolview"
)

// handleKey routes a key press: the dialog on top, the pending copy, the
// text input, global keys, then the traffic screen or the explorer's keys
// and its focused pane.
func (m *Model) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	k := &m.keys
	if m.forms.held(msg) {
		return nil
	}
	m.stopUnfold(msg)
	if d := m.dialogs.top(); d != nil {
		return m.act(d.key(msg, k))
	}
	switch {
	case m.yank:
		return m.handleYank(msg)
	case m.input.mode != inputNone:
		return m.handleInput(msg)
	}
	switch {
	case m.showHelp && key.Matches(msg, k.CloseHelp):
		m.showHelp = false
		m.resize(m.width, m.height)
		return nil
	case !m.traffic.open && !m.tasks.Open && m.current != nil && m.running(m.current.Tool.ID()) != nil && key.Matches(msg, k.Cancel):
		return m.cancelCall(m.current.Tool.ID())
	case key.Matches(msg, k.Quit):
		return m.quit()
	case key.Matches(msg, k.Help):
		m.openHelp()
		return nil
	case key.Matches(msg, k.Gateway):
		return m.toggleGateway()
	case key.Matches(msg, k.Traffic):
		m.toggleTraffic()
		return nil
	case key.Matches(msg, k.Registry):
		return m.openRegistry()
	case !m.traffic.open && m.registry != nil && key.Matches(msg, m.keys.AddToClient):
		return m.addTried()
	case key.Matches(msg, k.Filter):
		return m.openSearch()
	case m.searchTarget() != nil && m.input.search != "" && key.Matches(msg, k.Next):
		return m.findNext(1)
	case m.searchTarget() != nil && m.input.search != "" && key.Matches(msg, k.Prev):
		return m.findNext(-1)
	}
	if m.traffic.open {
		return m.act(m.traffic.Key(msg, k))
	}
	if cmd, ok := m.tasksKey(msg); ok {
		return cmd
	}
	if cmd, ok := m.offerKey(msg); ok {
		return cmd
	}
	if v, ok := toolview.KindOf(msg, k); ok {
		m.toggleView(v)
		return nil
	}
	if key.Matches(msg, k.Leave) && (toolview.Views[m.view].Key != nil || len(m.trail.before) > 0) {
		m.leaveView()
		return nil
	}
	switch {
	case key.Matches(msg, k.Pane):
		m.switchPane()
		return nil
	case key.Matches(msg, k.View):
		m.view = (m.view + 1) % toolview.Kind(len(toolview.Views))
		m.sizePanes()
		return nil
	case key.Matches(msg, k.Reconnect):
		if srv, ok := m.selectedServer(); ok {
			if srv.State == model.StateNeedsLogin {
				return tea.Batch(m.setStatus("logging in to "+srv.Name+": finish in your browser…", false), login(m.backend, srv.Name))
			}
			if !slices.Contains(m.reconnecting, srv.Name) {
				m.reconnecting = append(m.reconnecting, srv.Name)
			}
			return tea.Batch(m.setStatus("reconnecting "+srv.Name+"…", false), reconnect(m.backend, srv.Name))
		}
		return nil
	case key.Matches(msg, k.CallAgain):
		return m.callAgain(msg)
	case key.Matches(msg, k.Save):
		return m.openSave()
	case key.Matches(msg, k.SaveCall):
		return m.openSaveCall(nil)
	case key.Matches(msg, k.CopyValue) && (m.focus == focusTools || m.view != toolview.ResultKind()):
		return m.copyResult()
	case key.Matches(msg, k.Desc):
		m.desc = descToggle{shown: !m.desc.shown, chosen: true}
		return nil
	case key.Matches(msg, k.CallForm):
		return m.openCallForm(msg)
	}
	if cmd, ok := m.knobsKey(msg); ok {
		return cmd
	}
	if key.Matches(msg, k.CallOverlay) {
		return m.toggleCallOverlay()
	}
	if m.focus == focusTools {
		return m.toolsKey(msg)
	}
	if p := m.currentPane(); p != nil {
		return m.act(p.Key(msg, k))
	}
	return nil
}

// toggleView shows view k, or the first view again when k is shown.
func (m *Model) toggleView(k toolview.Kind) {
	if m.view == k {
		k = 0
	}
	m.view = k
	m.sizePanes()
}

// leaveView goes back (esc) to the view shown before this one, as a
// browser does: from a view opened by its own key, from a field a finding
// or the field search showed; from a view with a key of its own and
// nothing before it, to the first.
func (m *Model) leaveView() {
	t := &m.trail
	back := toolview.Kind(0)
	for len(t.before) > 0 {
		b := t.before[len(t.before)-1]
		t.before = t.before[:len(t.before)-1]
		if b != m.view {
			back = b
			break
		}
	}
	m.view, t.shown = back, back
	m.sizePanes()
}

// viewTrail is the views shown before the current one, the latest last,
// for esc to go back through.
type viewTrail struct {
	before []toolview.Kind
	shown  toolview.Kind // the view shown after the last message
}

// maxTrail bounds the views esc goes back through.
const maxTrail = 8

// follow notes a change of view, however it came (a key, a call that
// shows its result, a jump to a field).
func (t *viewTrail) follow(now toolview.Kind) {
	if now == t.shown {
		return
	}
	t.before = append(t.before, t.shown)
	if len(t.before) > maxTrail {
		t.before = t.before[1:]
	}
	t.shown = now
}

func (m *Model) switchPane() {
	if m.focus == focusTools && (m.current != nil || m.loading.id != "" || m.offers.shown != nil && m.offers.shown.shown() != nil) {
		m.focus = focusView
	} else {
		m.focus = focusTools
	}
}

// toolsKey handles the servers-and-tools pane.
func (m *Model) toolsKey(msg tea.KeyPressMsg) tea.Cmd {
	k := &m.keys
	l := &m.tools
	switch {
	case key.Matches(msg, k.Down):
		l.move(1)
	case key.Matches(msg, k.Up):
		l.move(-1)
	case key.Matches(msg, k.PageDown):
		l.move(l.height)
	case key.Matches(msg, k.PageUp):
		l.move(-l.height)
	case key.Matches(msg, k.Top):
		l.move(-len(l.rows))
	case key.Matches(msg, k.Bottom):
		l.move(len(l.rows))
	case key.Matches(msg, k.NextSibling):
		l.moveToServer(1)
	case key.Matches(msg, k.PrevSibling):
		l.moveToServer(-1)
	case key.Matches(msg, k.Copy):
		m.yank = true
		return nil
	case key.Matches(msg, k.FindField):
		return m.openFieldSearch()
	case key.Matches(msg, k.Fold):
		r, ok := l.selected()
		if !ok {
			return nil
		}
		if r.tool >= 0 {
			// Step up to the server row.
			for l.cursor > 0 && l.rows[l.cursor].tool >= 0 {
				l.cursor--
			}
			l.clampOffset()
		} else if l.filter == "" {
			m.tools.folded[m.servers[r.server].Name] = true
			l.rebuild(m.servers, m.info)
		}
	case key.Matches(msg, k.Unfold), key.Matches(msg, k.Toggle):
		r, ok := l.selected()
		if !ok {
			return nil
		}
		if r.tool >= 0 {
			if m.current != nil {
				m.focus = focusView
			}
			return nil
		}
		name := m.servers[r.server].Name
		if m.tools.folded[name] {
			delete(m.tools.folded, name)
			l.rebuild(m.servers, m.info)
		} else if key.Matches(msg, k.Unfold) {
			l.move(1)
		}
	default:
		return nil
	}
	return m.showSelected()
}

// toggleTraffic opens the traffic screen, or goes back to the explorer.
func (m *Model) toggleTraffic() {
	m.traffic.open = !m.traffic.open
	if m.showHelp {
		m.resize(m.width, m.height) // the full help differs
	}
	m.traffic.Reset()
}
