package tui

import (
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
	"mcpeek/tui/toolview"
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
		outcome *toolview.Outcome
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
	v := m.built.views[c.toolID]
	if v == nil {
		return m.setStatus("cannot call "+model.SanitizeLine(c.toolID)+": its views are not built yet", true)
	}
	if len(c.args) == 0 {
		c.args = json.RawMessage("{}")
	}
	v.LastArgs = c.args
	ctx, cancel := context.WithCancel(context.Background())
	rc := &runningCall{ticket: m.tickets.next(), call: c, cancel: cancel, started: time.Now()}
	if m.calls.byTool == nil {
		m.calls.byTool = map[string]*runningCall{}
	}
	m.calls.byTool[c.toolID] = rc
	v.ShowRunning(rc)
	if m.current == v {
		// The result view takes the keys, from the tools pane too: / then
		// searches the result, not the tools.
		m.view.kind, m.term.focus = toolview.ResultKind(), focusView
		m.sizePanes()
	}
	run := runCall(ctx, m.backend, rc, callCheck{tool: v.Parsed, target: v.Target, enveloped: v.Enveloped, budget: v.Budget},
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
		o := &toolview.Outcome{Outcome: resultview.Outcome{Args: c.args, Result: res, Err: err, Latency: time.Since(start), At: start}}
		switch {
		case err != nil && ctx.Err() == nil && errors.Is(err, context.DeadlineExceeded):
			o.Err = fmt.Errorf("timed out after %s; the call was cancelled", seconds(timeout))
		case err != nil:
			o.Err = err
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
func (cc callCheck) check(o *toolview.Outcome) (*resultcheck.Target, *schematree.Tree) {
	res, target := o.Result, cc.target
	if res == nil {
		return target, nil
	}
	if target == nil && cc.tool.Tool.HasOutputSchema() {
		var terr error
		if target, terr = resultcheck.NewTarget(cc.tool); terr != nil {
			o.Check = &resultcheck.Outcome{Note: "not checked: " + terr.Error()}
		}
	}
	if o.Check == nil {
		o.Check = resultcheck.CheckCall(target, res.IsError, res.StructuredContent, res.Text, cc.budget)
	}
	o.Structured = toolview.DecodeStructured(res.StructuredContent, o.Check)
	return target, resultview.NewTree(res, o.Structured, cc.enveloped, o.Check)
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
	v := m.built.views[msg.tool]
	if v == nil {
		return m.setStatus("the result of "+id+" came after its tool went away", true)
	}
	if v.Target == nil {
		v.Target = msg.target
	}
	o := msg.outcome
	v.SetCall(o) // the trees draw its check
	v.ShowOutcome(msg.tree)
	if m.current == v {
		m.view.kind = toolview.ResultKind()
		m.sizePanes()
	}
	text, isErr := outcomeStatus(id, o)
	if m.current != v {
		text += " (open it and press o)"
	}
	return m.setStatus(text, isErr)
}

// outcomeStatus is the status line of a call that ended.
func outcomeStatus(id string, o *toolview.Outcome) (string, bool) {
	switch {
	case o.Err != nil:
		return id + ": " + model.SanitizeLine(o.Err.Error()), true
	case o.Result.IsError:
		return id + " reported an error (isError) after " + resultview.RoundLatency(o.Latency), true
	}
	return id + " answered in " + resultview.RoundLatency(o.Latency), false
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
	if m.running(v.Tool.ID().String()) != nil {
		return m.setStatus(model.SanitizeLine(v.Tool.ID().String())+" is being called already: esc cancels it", true)
	}
	id := m.tickets.next()
	m.forms.opening = id
	toolID, store := v.Tool.ID(), m.calls.args
	return func() tea.Msg {
		sets, err := store.load(toolID.String())
		return argSetsLoadedMsg{ticket: id, toolID: toolID.String(), sets: sets, err: err, again: true}
	}
}

// callAgainWith calls v with the newest of sets (the last call's
// arguments first), or opens its call form when the form refuses them.
func (m *Model) callAgainWith(v *toolview.View, msg argSetsLoadedMsg) tea.Cmd {
	sets := msg.sets
	if len(v.LastArgs) > 0 {
		sets = remember(sets, v.LastArgs, time.Now())
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
