package tui

import tea "charm.land/bubbletea/v2"

// Filter is the program's message filter (pass it to tea.WithFilter): it
// drops a server's resource update that would refresh nothing, one of a
// resource the explorer did not subscribe to or of one marked changed
// already (see package resourcemarks), before the program updates the
// model or draws a frame. Every other message passes.
func Filter(tm tea.Model, msg tea.Msg) tea.Msg {
	u, ok := msg.(ResourceUpdatedMsg)
	if !ok {
		return msg
	}
	if m, ok := tm.(*Model); ok && !m.offers.wantsUpdate(u.Server, u.URI) {
		return nil
	}
	return msg
}
