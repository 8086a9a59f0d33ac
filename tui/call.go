package tui

import (
	"encoding/json"
	"time"

	tea "charm.land/bubbletea/v2"

	"mcpeek/mcpclient"
	"mcpeek/resultcheck"
)

// callTool asks the root model to call a tool for the user with these
// arguments: what the call form returns when it is submitted. The root
// model runs the call off the UI loop and shows its result.
type callTool struct {
	toolID string          // SERVER.TOOL, the key of views
	server string          // the server's name in the config
	tool   string          // the tool's name on its server
	args   json.RawMessage // a JSON object
}

// startCall runs a call the form asked for.
func (m *Model) startCall(c callTool) tea.Cmd {
	return m.setStatus("calling "+c.toolID+" is not built yet", true)
}

// callOutcome is the last call the user made of a tool, kept on the tool's
// view: the result view shows it, and the schema and summary trees lay
// its check over their fields.
type callOutcome struct {
	args    json.RawMessage
	result  *mcpclient.CallResult // nil when the call failed
	err     error                 // why the call failed: timeout, cancel, server error
	latency time.Duration
	at      time.Time
	// check is the result laid over the output schema; nil when the tool
	// declares none or there is no result.
	check *resultcheck.Outcome
}
