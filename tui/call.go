package tui

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	tea "charm.land/bubbletea/v2"

	"mcpeek/mcpclient"
	"mcpeek/model"
	"mcpeek/summarizer"
	"mcpeek/summarizer/resultcheck"
	"mcpeek/summarizer/schematree"
	"mcpeek/tui/resultview"
)

// callTool asks the root model to call a tool for the user with these
// arguments: what the call form returns when it is submitted. The root
// model runs the call off the UI loop and shows its result.
type callTool struct {
	toolID string          // SERVER.TOOL, the key of views
	server string          // the server's name in the config
	tool   string          // the tool's name on its server
	args   json.RawMessage // a JSON object
	asTask bool            // run a tool whose task support is optional as a task
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
	// structured is the result's structuredContent, decoded once (by the
	// check when it read it) for every tree built of it; nil when none.
	structured *model.Value
}

// decodeStructured is a result's structuredContent as a value: the check's
// own when it checked that, else decoded here. nil when there is none or
// it cannot be read.
func decodeStructured(res *mcpclient.CallResult, check *resultcheck.Outcome) *model.Value {
	if len(bytes.TrimSpace(res.StructuredContent)) == 0 {
		return nil
	}
	if check != nil && check.Source == resultcheck.FromStructured && check.Value != nil {
		return check.Value
	}
	v, err := model.DecodeJSON(res.StructuredContent)
	if err != nil {
		return nil
	}
	return v
}

// defaultCallTimeout bounds a call from the explorer; the call is
// cancelled on the server (notifications/cancelled) when it runs out.
const defaultCallTimeout = 60 * time.Second

// callRuns are the calls under way, one per tool at most.
type callRuns struct {
	byTool  map[string]*runningCall
	timeout time.Duration // 0 is defaultCallTimeout
	tick    ticket        // the timer that redraws the elapsed time
	// reports is how what calls report while they run reaches the bridge.
	reports reports
	args    argStore   // the call form's remembered argument sets
	saved   savedCalls // the calls file and the calls S saved to it (callsave.go)
}

// runningCall is a call under way. What the client hears of it while it
// runs (its progress, the task it became) reaches the model as messages
// through the bridge (reports); its end is the message of its command.
type runningCall struct {
	ticket   ticket
	call     callTool
	cancel   context.CancelFunc
	started  time.Time
	progress mcpclient.Progress
	reported bool // a progress report came
	// task is the task the call became, as last reported; nil until it
	// becomes one.
	task *mcpclient.Task
}

// Report is the newest report of the task the call became, if it became
// one: the tasks screen follows the call's task through it.
func (rc *runningCall) Report() (mcpclient.Task, bool) {
	if rc.task != nil {
		return *rc.task, true
	}
	return mcpclient.Task{}, false
}

type (
	// callProgressMsg is a progress report of the call numbered ticket.
	callProgressMsg struct {
		tool     string
		ticket   ticket
		progress mcpclient.Progress
	}
	// callTaskMsg is the newest state of the task the call numbered
	// ticket became.
	callTaskMsg struct {
		tool   string
		ticket ticket
		task   mcpclient.Task
	}
	// callDoneMsg is the end of the call numbered ticket: its result or
	// error, checked against the output schema off the UI loop.
	callDoneMsg struct {
		tool    string
		ticket  ticket
		outcome *callOutcome
		target  *resultcheck.Target // built for this call, for the next ones
		tree    *schematree.Tree    // the result view's tree, built off the UI loop
	}
	// callTickMsg redraws the elapsed time of the calls under way.
	callTickMsg struct{ ticket ticket }
)

// running is the call under way of a tool, or nil.
func (m *Model) running(toolID string) *runningCall { return m.calls.byTool[toolID] }

// startCall runs a call off the UI loop: its progress reports move a bar
// in the result view, esc cancels it, and it times out after the call
// timeout. One call per tool at a time; the user may browse meanwhile.
func (m *Model) startCall(c callTool) tea.Cmd {
	if m.backend == nil {
		return m.setStatus("no servers to call", true)
	}
	if m.running(c.toolID) != nil {
		return m.setStatus(model.SanitizeLine(c.toolID)+" is being called already: esc cancels it", true)
	}
	v := m.views[c.toolID]
	if v == nil {
		return m.setStatus("cannot call "+model.SanitizeLine(c.toolID)+": its views are not built yet", true)
	}
	if len(c.args) == 0 {
		c.args = json.RawMessage("{}")
	}
	v.lastArgs = c.args
	ctx, cancel := context.WithCancel(context.Background())
	rc := &runningCall{ticket: m.tickets.next(), call: c, cancel: cancel, started: time.Now()}
	if m.calls.byTool == nil {
		m.calls.byTool = map[string]*runningCall{}
	}
	m.calls.byTool[c.toolID] = rc
	v.showRunning(rc)
	if m.current == v {
		// The result view takes the keys, from the tools pane too: / then
		// searches the result, not the tools.
		m.view, m.term.focus = resultView(), focusView
		m.sizePanes()
	}
	run := runCall(ctx, m.backend, rc, callCheck{tool: v.parsed, target: v.target, enveloped: v.enveloped, budget: v.budget},
		cmp.Or(m.calls.timeout, defaultCallTimeout), m.calls.reports)
	return tea.Batch(run, m.startCallTick(),
		m.setStatus("calling "+model.SanitizeLine(c.toolID)+"…  esc cancels", false))
}

// callCheck is what checking a call's result needs of its tool, captured
// before the command runs.
type callCheck struct {
	tool      model.ParsedTool    // the view's: its schemas are not parsed again
	target    *resultcheck.Target // nil until a first call built it
	enveloped bool
	budget    summarizer.Options
}

// runCall calls the tool and checks its result against the output schema
// (building the tool's check target on its first call). What the client
// hears of the call while it runs is posted to reports.
func runCall(ctx context.Context, b Backend, rc *runningCall, cc callCheck, timeout time.Duration, reports reports) tea.Cmd {
	c, t := rc.call, rc.ticket
	progress := func(p mcpclient.Progress) { reports.post(callProgressMsg{tool: c.toolID, ticket: t, progress: p}) }
	onTask := func(task mcpclient.Task) { reports.post(callTaskMsg{tool: c.toolID, ticket: t, task: task}) }
	return func() tea.Msg {
		start := time.Now()
		res, err := b.CallToolWith(ctx, c.server, c.tool, c.args, mcpclient.CallOptions{Progress: progress, Timeout: timeout,
			AsTask: c.asTask, OnTask: onTask})
		o := &callOutcome{args: c.args, result: res, err: err, latency: time.Since(start), at: start}
		switch {
		case err != nil && ctx.Err() == nil && errors.Is(err, context.DeadlineExceeded):
			o.err = fmt.Errorf("timed out after %s; the call was cancelled", seconds(timeout))
		case err != nil:
			o.err = err
		}
		msg := callDoneMsg{tool: c.toolID, ticket: rc.ticket, outcome: o, target: cc.target}
		msg.target, msg.tree = cc.check(o)
		return msg
	}
}

// check lays an outcome's result over the tool's output schema (building
// the tool's check target if it has none yet) and builds its result tree.
// It returns the target and the tree, nil when there is no result. It runs
// off the UI loop.
func (cc callCheck) check(o *callOutcome) (*resultcheck.Target, *schematree.Tree) {
	res, target := o.result, cc.target
	if res == nil {
		return target, nil
	}
	if target == nil && cc.tool.Tool.HasOutputSchema() {
		var terr error
		if target, terr = resultcheck.NewTarget(cc.tool); terr != nil {
			o.check = &resultcheck.Outcome{Note: "not checked: " + terr.Error()}
		}
	}
	if o.check == nil {
		o.check = resultcheck.CheckCall(target, res.IsError, res.StructuredContent, res.Text, cc.budget)
	}
	o.structured = decodeStructured(res, o.check)
	return target, resultview.NewTree(res, o.structured, cc.enveloped, o.check)
}

// callDone stores a call's outcome on its tool's view and shows it: the
// result view of the tool, if it is still the one shown, else a status
// line that says it arrived.
func (m *Model) callDone(msg callDoneMsg) tea.Cmd {
	rc := m.running(msg.tool)
	if rc == nil || stale(msg.ticket, rc.ticket) {
		return nil // cancelled, or a newer call is under way
	}
	m.taskEnded(rc, msg.outcome, msg.tree)
	delete(m.calls.byTool, msg.tool)
	rc.cancel()
	id := model.SanitizeLine(msg.tool)
	v := m.views[msg.tool]
	if v == nil {
		return m.setStatus("the result of "+id+" came after its tool went away", true)
	}
	if v.target == nil {
		v.target = msg.target
	}
	o := msg.outcome
	v.setCall(o) // the trees draw its check
	v.showOutcome(msg.tree)
	if m.current == v {
		m.view = resultView()
		m.sizePanes()
	}
	text, isErr := outcomeStatus(id, o)
	if m.current != v {
		text += " (open it and press o)"
	}
	return m.setStatus(text, isErr)
}

// outcomeStatus is the status line of a call that ended.
func outcomeStatus(id string, o *callOutcome) (string, bool) {
	switch {
	case o.err != nil:
		return id + ": " + model.SanitizeLine(o.err.Error()), true
	case o.result.IsError:
		return id + " reported an error (isError) after " + resultview.RoundLatency(o.latency), true
	}
	return id + " answered in " + resultview.RoundLatency(o.latency), false
}

// callAgain calls the current tool again (X): with the arguments of its
// last call this session (cancelled or not), else its newest remembered
// set, else the schema's defaults. What the call form would refuse is not
// sent: the form opens on it instead, at the first error. The remembered
// sets are read first, off the UI loop.
func (m *Model) callAgain(msg tea.KeyPressMsg) tea.Cmd {
	v, refused := m.toolToCall(msg)
	if v == nil {
		return refused
	}
	if m.running(v.tool.ID().String()) != nil {
		return m.setStatus(model.SanitizeLine(v.tool.ID().String())+" is being called already: esc cancels it", true)
	}
	id := m.tickets.next()
	m.forms.opening = id
	toolID, store := v.tool.ID(), m.calls.args
	return func() tea.Msg {
		sets, err := store.load(toolID.String())
		return argSetsLoadedMsg{ticket: id, toolID: toolID.String(), sets: sets, err: err, again: true}
	}
}

// callAgainWith calls v with the newest of sets (the last call's
// arguments first), or opens its call form when the form refuses them.
func (m *Model) callAgainWith(v *toolView, msg argSetsLoadedMsg) tea.Cmd {
	sets := msg.sets
	if len(v.lastArgs) > 0 {
		sets = remember(sets, v.lastArgs, time.Now())
	}
	d := newCallForm(v, sets, msg.ticket, m.formLook())
	err := d.SubmitError()
	if err == nil {
		args, _ := d.Args()
		c := d.call
		c.args = args
		return m.startCall(c)
	}
	m.dialogs.Open(d)
	cmd := d.Refuse(err)
	d.SetNote("X: "+d.Note()+" · ctrl+s calls", true)
	if msg.err != nil {
		return tea.Batch(d.Form().Started(), cmd, m.setStatus("remembered arguments not read: "+model.SanitizeLine(msg.err.Error()), true))
	}
	return tea.Batch(d.Form().Started(), cmd)
}

// seconds writes a whole number of seconds as "60s", anything else as
// Go does ("1.5s").
func seconds(d time.Duration) string {
	if d%time.Second == 0 {
		return strconv.Itoa(int(d/time.Second)) + "s"
	}
	return d.String()
}
