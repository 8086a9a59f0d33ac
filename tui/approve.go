package tui

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"mcpeek/internal/atomicfile"
	"mcpeek/model"
	"mcpeek/summarizer/schemadiff"
)

type (
	// approveTool writes the tool a lock event holds back into the
	// gateway's lock file (a on a held row of the traffic screen).
	approveTool struct{ op string }
	// toolApprovedMsg: the lock file was rewritten with op approved, or err
	// says why not.
	toolApprovedMsg struct {
		op  string
		err error
	}
)

// approveTool rewrites the gateway's lock file with op as its server lists
// it now, off the UI loop; the gateway reads the file again by itself.
func (m *Model) approveTool(op string) tea.Cmd {
	path := m.gw.lock
	if path == "" {
		return m.setStatus("the gateway is not pinned to a lock file (start mcpeek with --gateway-lock FILE)", true)
	}
	if m.backend == nil {
		return m.setStatus("no servers to approve "+model.SanitizeLine(op)+" from", true)
	}
	servers := m.backend.Servers()
	limit := m.changes.limit
	return func() tea.Msg {
		lock, err := schemadiff.ReadFile(path, limit)
		if err != nil {
			return toolApprovedMsg{op: op, err: err}
		}
		server := lock.ServerOf(op)
		var live schemadiff.Snapshot
		for _, s := range servers {
			if s.Name == server {
				live = schemadiff.FromServers([]model.Server{s})
			}
		}
		if len(live.Servers) == 0 {
			return toolApprovedMsg{op: op, err: fmt.Errorf("no server %q", server)}
		}
		b, err := lock.Approve(live, []string{op}).Encode()
		if err == nil {
			err = atomicfile.Write(path, b, 0o644)
		}
		return toolApprovedMsg{op: op, err: err}
	}
}

// approved says how an approval went.
func (m *Model) approved(msg toolApprovedMsg) tea.Cmd {
	op := model.SanitizeLine(msg.op)
	if msg.err != nil {
		return m.setStatus(fmt.Sprintf("approving %s: %v", op, msg.err), true)
	}
	return m.setStatus("approved "+op+" in "+model.SanitizeLine(m.gw.lock)+": the gateway serves it within a second", false)
}
