package tui

import (
	tea "charm.land/bubbletea/v2"

	"mcpeek/model"
	"mcpeek/tui/callform"
	"mcpeek/tui/dialog"
	"mcpeek/tui/kit"
	"mcpeek/tui/toolview"
)

// forms is what the root model keeps for its forms and prompts.
type forms struct {
	// opening is what a call key (x, X) waits for: the selected tool's
	// view while it is built, then the form's remembered sets while they
	// load. The keys and pastes that come meanwhile are held in typed,
	// for the form (or, when X calls at once, the explorer) once it is
	// known which: typed fast after x, they belong to the form.
	opening ticket
	typed   []tea.Msg
	// exec runs the editor (nil: tea.ExecProcess).
	exec callform.ExecFunc
}

// argSetsLoadedMsg carries the remembered argument sets of a tool, for
// the call form that waits for them.
type argSetsLoadedMsg struct {
	ticket ticket
	toolID string
	sets   []callform.Set
	err    error
	// again: the sets are for X, which calls with the newest one.
	again bool
}

// toolToCall is the view of the tool a call key (x, X) calls: the tool
// shown, when it is the one selected. Otherwise it is nil, and refused
// says why in the status line: no tool is selected, or clients drop the
// tool (model.Tool.HeaderFault). When the selected tool's view is still
// being built, the key is held with those that follow, and pressed again
// once the view is there (both nil).
func (m *Model) toolToCall(msg tea.KeyPressMsg) (v *toolview.View, refused tea.Cmd) {
	keyName := msg.String()
	v = m.current
	if t, ok := m.selectedTool(); m.term.focus == focusTools && (!ok || v == nil || t.ID() != v.Tool.ID()) {
		if ok && m.built.loading.id == t.ID().String() {
			m.forms.opening = m.built.loading.ticket
			m.forms.typed = append(m.forms.typed, msg)
			return nil, nil
		}
		if ok {
			return nil, m.setStatus(model.SanitizeLine(t.ID().String())+" is still loading: press "+keyName+" again in a moment", false)
		}
		return nil, m.setStatus(keyName+" calls a tool: move to one first", false)
	}
	if v == nil {
		return nil, m.setStatus(keyName+" calls a tool: move to one first", false)
	}
	if !v.Tool.HeaderFault.IsZero() {
		return nil, m.setStatus("not calling "+v.ID+": clients drop it, its x-mcp-header breaks the 2026-07-28 rules (the about view says why)", true)
	}
	return v, nil
}

// openCallForm starts opening the call form of the tool shown (x): its
// remembered argument sets are read first, off the UI loop.
func (m *Model) openCallForm(msg tea.KeyPressMsg) tea.Cmd {
	v, refused := m.toolToCall(msg)
	if v == nil {
		return refused
	}
	id := m.tickets.next()
	m.forms.opening = id
	toolID, store := v.Tool.ID(), m.calls.args
	return func() tea.Msg {
		sets, err := store.load(toolID.String())
		return argSetsLoadedMsg{ticket: id, toolID: toolID.String(), sets: sets, err: err}
	}
}

// viewBuilt hands the keys held for the view of a tool being built (a
// call key pressed before it was there) to the explorer, the call key
// first. Whether the view is still wanted or not, the keys are let go.
func (m *Model) viewBuilt(msg toolLoadedMsg) tea.Cmd {
	if stale(msg.ticket, m.forms.opening) {
		return nil
	}
	m.forms.opening = 0
	return m.replayTyped()
}

// openLoaded opens the call form with the sets loaded, or calls at once
// for X.
func (m *Model) openLoaded(msg argSetsLoadedMsg) tea.Cmd {
	v := m.built.views[msg.toolID]
	if v == nil || m.dialogs.Top() != nil {
		return nil
	}
	if msg.again {
		return m.callAgainWith(v, msg)
	}
	d := newCallForm(v, msg.sets, msg.ticket, m.formLook())
	m.dialogs.Open(d)
	if msg.err != nil {
		return tea.Batch(d.Form().Started(), m.setStatus("remembered arguments not read: "+model.SanitizeLine(msg.err.Error()), true))
	}
	return d.Form().Started()
}

// held keeps a key typed or a paste while a call form opens (it would
// land in the explorer, a digit unfolding the tree, a paste nowhere), and
// reports whether it did.
func (f *forms) held(msg tea.Msg) bool {
	if f.opening == 0 {
		return false
	}
	f.typed = append(f.typed, msg)
	return true
}

// replayTyped hands the keys held while the form opened to what now has
// the keys, in the order typed.
func (m *Model) replayTyped() tea.Cmd {
	typed := m.forms.typed
	m.forms.typed = nil
	var cmds []tea.Cmd
	for _, msg := range typed {
		switch msg := msg.(type) {
		case tea.KeyPressMsg:
			cmds = append(cmds, m.handleKey(msg))
		case tea.PasteMsg:
			cmds = append(cmds, m.paste(msg))
		}
	}
	return tea.Batch(cmds...)
}

// editArgs runs the editor for a call form.
func (m *Model) editArgs(e editCmd) tea.Cmd {
	run := m.forms.exec
	if run == nil {
		run = tea.ExecProcess
	}
	return callform.RunEditor(run, uint64(e.form), e.text)
}

// formLook is how the explorer is drawn, for its forms.
func (m *Model) formLook() callform.Look {
	return callform.Look{Dark: m.look.isDark, NoColor: m.look.noColor}
}

// form are the keys a form answers itself.
func formKeys(k *kit.KeyMap) callform.Keys { return dialog.FormKeys(k) }
