package tui

import (
	"slices"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"mcpeek/model"
	"mcpeek/tui/kit"
	"mcpeek/tui/toolview"
)

// handleKey routes a key press to the first layer that takes it: the
// dialog on top, what a key finishes (a copy's notation, the text input),
// the explorer's keys that work everywhere, the screen over the body
// (traffic, tasks, the log and the offers), the keys of the tool's views,
// then the focused pane.
func (m *Model) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	if m.forms.held(msg) {
		return nil
	}
	m.stopUnfold(msg)
	for _, layer := range []func(tea.KeyPressMsg) (tea.Cmd, bool){
		m.modalKey, m.globalKey, m.screenKey, m.viewKey, m.focusedKey,
	} {
		if cmd, ok := layer(msg); ok {
			return cmd
		}
	}
	return nil
}

// modalKey gives the key to what holds every key while it is open: the
// dialog on top, the copy waiting for its notation, the text input.
func (m *Model) modalKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	switch {
	case m.dialogs.Top() != nil:
		return m.act(m.dialogs.Top().Key(msg, &m.keys)), true
	case m.clip.yank:
		return m.handleYank(msg), true
	case m.input.mode != inputNone:
		return m.handleInput(msg), true
	}
	return nil, false
}

// keyRule is a key of the explorer's that works whatever is shown, when
// its condition holds.
type keyRule struct {
	binding func(k *kit.KeyMap) key.Binding
	when    func(m *Model) bool // nil: always
	do      func(m *Model) tea.Cmd
}

// globalKeys are the explorer's keys that work everywhere, in the order
// they are tried.
var globalKeys = []keyRule{
	{binding: func(k *kit.KeyMap) key.Binding { return k.CloseHelp }, when: func(m *Model) bool { return m.term.showHelp },
		do: func(m *Model) tea.Cmd { m.term.showHelp = false; m.resize(m.term.width, m.term.height); return nil }},
	{binding: func(k *kit.KeyMap) key.Binding { return k.Cancel }, when: (*Model).callShownRuns,
		do: func(m *Model) tea.Cmd { return m.cancelCall(m.current.Tool.ID().String()) }},
	{binding: func(k *kit.KeyMap) key.Binding { return k.Quit }, do: (*Model).quit},
	{binding: func(k *kit.KeyMap) key.Binding { return k.Help }, do: func(m *Model) tea.Cmd { m.openHelp(); return nil }},
	{binding: func(k *kit.KeyMap) key.Binding { return k.Gateway }, do: (*Model).toggleGateway},
	{binding: func(k *kit.KeyMap) key.Binding { return k.Traffic }, do: func(m *Model) tea.Cmd { m.toggleTraffic(); return nil }},
	{binding: func(k *kit.KeyMap) key.Binding { return k.Registry }, do: (*Model).openRegistry},
	{binding: func(k *kit.KeyMap) key.Binding { return k.AddToClient },
		when: func(m *Model) bool { return !m.traffic.open && m.registry != nil }, do: (*Model).addTried},
	{binding: func(k *kit.KeyMap) key.Binding { return k.Filter }, do: (*Model).openSearch},
	{binding: func(k *kit.KeyMap) key.Binding { return k.Next }, when: (*Model).searching,
		do: func(m *Model) tea.Cmd { return m.findNext(1) }},
	{binding: func(k *kit.KeyMap) key.Binding { return k.Prev }, when: (*Model).searching,
		do: func(m *Model) tea.Cmd { return m.findNext(-1) }},
}

// globalKey handles the keys that work everywhere.
func (m *Model) globalKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	for _, r := range globalKeys {
		if key.Matches(msg, r.binding(&m.keys)) && (r.when == nil || r.when(m)) {
			return r.do(m), true
		}
	}
	return nil, false
}

// callShownRuns says a call of the tool shown runs, on the explorer's
// body: esc cancels it.
func (m *Model) callShownRuns() bool {
	return !m.traffic.open && !m.tasks.Open && m.current != nil && m.running(m.current.Tool.ID().String()) != nil
}

// searching says a search was made in what is shown: n and N step
// through its matches.
func (m *Model) searching() bool { return m.searchTarget() != nil && m.input.search != "" }

// screenKey gives the key to the screen over the body, if one is open,
// or to the offers' keys (the log screen, a resource or prompt row).
func (m *Model) screenKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	if m.traffic.open {
		return m.act(m.traffic.Key(msg, &m.keys)), true
	}
	if cmd, ok := m.tasksKey(msg); ok {
		return cmd, true
	}
	return m.offerKey(msg)
}

// viewKey handles the keys that choose a view of the tool and act on the
// tool or server selected.
func (m *Model) viewKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	k := &m.keys
	if v, ok := toolview.KindOf(msg, k); ok {
		m.toggleView(v)
		return nil, true
	}
	switch {
	case key.Matches(msg, k.Leave) && (toolview.Views[m.view.kind].Key != nil || len(m.view.trail.before) > 0):
		m.leaveView()
	case key.Matches(msg, k.Pane):
		m.switchPane()
	case key.Matches(msg, k.View):
		m.view.kind = (m.view.kind + 1) % toolview.Kind(len(toolview.Views))
		m.sizePanes()
	case key.Matches(msg, k.Reconnect):
		return m.reconnectSelected(), true
	case key.Matches(msg, k.CallAgain):
		return m.callAgain(msg), true
	case key.Matches(msg, k.Save):
		return m.openSave(), true
	case key.Matches(msg, k.SaveCall):
		return m.openSaveCall(nil), true
	case key.Matches(msg, k.CopyValue) && (m.term.focus == focusTools || m.view.kind != toolview.ResultKind()):
		return m.copyResult(), true
	case key.Matches(msg, k.Desc):
		m.look.desc = descToggle{shown: !m.look.desc.shown, chosen: true}
	case key.Matches(msg, k.CallForm):
		return m.openCallForm(msg), true
	case key.Matches(msg, k.CallOverlay):
		return m.toggleCallOverlay(), true
	default:
		return m.knobsKey(msg)
	}
	return nil, true
}

// reconnectSelected reconnects the selected server (r), or starts its
// login when it needs one.
func (m *Model) reconnectSelected() tea.Cmd {
	srv, ok := m.selectedServer()
	if !ok {
		return nil
	}
	if srv.State == model.StateNeedsLogin {
		return tea.Batch(m.setStatus("logging in to "+srv.Name+": finish in your browser…", false), login(m.backend, srv.Name))
	}
	if !slices.Contains(m.fleet.reconnecting, srv.Name) {
		m.fleet.reconnecting = append(m.fleet.reconnecting, srv.Name)
	}
	return tea.Batch(m.setStatus("reconnecting "+srv.Name+"…", false), reconnect(m.backend, srv.Name))
}

// focusedKey gives the key to the focused pane: the tools list, or the
// pane of the view shown.
func (m *Model) focusedKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	if m.term.focus == focusTools {
		return m.toolsKey(msg), true
	}
	if p := m.currentPane(); p != nil {
		return m.act(p.Key(msg, &m.keys)), true
	}
	return nil, false
}

// toggleView shows view k, or the first view again when k is shown.
func (m *Model) toggleView(k toolview.Kind) {
	if m.view.kind == k {
		k = 0
	}
	m.view.kind = k
	m.sizePanes()
}

// leaveView goes back (esc) to the view shown before this one, as a
// browser does: from a view opened by its own key, from a field a finding
// or the field search showed; from a view with a key of its own and
// nothing before it, to the first.
func (m *Model) leaveView() {
	t := &m.view.trail
	back := toolview.Kind(0)
	for len(t.before) > 0 {
		b := t.before[len(t.before)-1]
		t.before = t.before[:len(t.before)-1]
		if b != m.view.kind {
			back = b
			break
		}
	}
	m.view.kind, t.shown = back, back
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
	if m.term.focus == focusTools && (m.current != nil || m.built.loading.id != "" || m.offers.shown != nil && m.offers.shown.shown() != nil) {
		m.term.focus = focusView
	} else {
		m.term.focus = focusTools
	}
}

// toggleTraffic opens the traffic screen, or goes back to the explorer.
func (m *Model) toggleTraffic() {
	m.traffic.open = !m.traffic.open
	if m.term.showHelp {
		m.resize(m.term.width, m.term.height) // the full help differs
	}
	m.traffic.Reset()
}
