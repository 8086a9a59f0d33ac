package tui

import (
	"context"
	"errors"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"mcpeek/mcpclient"
	"mcpeek/model"
	"mcpeek/summarizer/resultcheck"
	"mcpeek/summarizer/schematree"
	"mcpeek/tui/kit"
	"mcpeek/tui/resultview"
	"mcpeek/tui/tasksview"
	"mcpeek/tui/toollist"
	"mcpeek/tui/toolview"
)

// The tasks screen (T): the tasks of the session over the whole body, one
// line each, newest at the bottom. The calls the user made that became
// tasks are followed live (their calls' goroutines keep polling them);
// the tasks a 2025-11-25 server lists (tasks/list) are added when the
// screen opens and on U, and polled (tasks/get) while the screen is open.
// enter shows an ended task's result in its tool's result view (a listed
// one's is fetched first, with tasks/result; when its tool is unknown the
// result shows on the screen itself), c cancels a task that runs.

// Listed tasks that run are polled every listedPollEvery while the screen
// is open, at most maxListedPolls of them at a time (the newest).
const (
	listedPollEvery = 2 * time.Second
	maxListedPolls  = 20
)

// Tasker is what the tasks screen asks of a backend besides calls: the
// tasks a server lists, and cancelling one that no call of the explorer
// follows. An mcpclient.Manager is one.
type Tasker interface {
	ListTasks(ctx context.Context, server string) ([]mcpclient.Task, error)
	GetTask(ctx context.Context, server, id string) (mcpclient.Task, error)
	CancelTask(ctx context.Context, server, id string) (mcpclient.Task, error)
	TaskResult(ctx context.Context, server, id string, onTask func(mcpclient.Task)) (*mcpclient.CallResult, error)
}

// taskScreen is the tasks of the session and the screen that lists them
// (package tasksview), and the work the root does for it.
type taskScreen struct {
	tasksview.Screen[taskOutcome]
	listing ticket // the tasks/list round under way, 0 for none
	poll    ticket // the timer of the next poll of listed tasks, 0 for none
	// result is the result of a listed task whose tool is unknown, shown
	// over the list until esc; nil when the list shows.
	result    *toolview.TreePane
	resultFor string // what result is of: "task ID of SERVER"
}

// taskEntry is one task as last seen, and the call that made it if the
// user did.
type taskEntry = tasksview.Entry[taskOutcome]

// taskOutcome is an ended call's outcome and its result tree, for enter.
type taskOutcome struct {
	outcome *toolview.Outcome
	tree    *schematree.Tree
}

// outcomeOf is o and its tree as a task's outcome; nil when the call was
// cancelled (no outcome).
func outcomeOf(o *toolview.Outcome, tree *schematree.Tree) *taskOutcome {
	if o == nil {
		return nil
	}
	return &taskOutcome{outcome: o, tree: tree}
}

type (
	// tasksListedMsg is one server's answer to tasks/list.
	tasksListedMsg struct {
		ticket ticket
		server string
		tasks  []mcpclient.Task
		err    error
	}
	// taskCancelledMsg is the answer to a tasks/cancel sent from the
	// screen for a listed task.
	taskCancelledMsg struct {
		server, id string
		task       mcpclient.Task
		err        error
	}
	// taskPollDueMsg: time to poll the listed tasks that run.
	taskPollDueMsg struct{ ticket ticket }
	// taskPolledMsg is a listed task as tasks/get returned it.
	taskPolledMsg struct {
		task mcpclient.Task
		err  error
	}
	// taskFetchedMsg is the result of a listed task (tasks/result),
	// checked and made a tree like a call's. view is the tool's view
	// when the model had none to check it with; toolID is "" when the
	// task's tool is unknown.
	taskFetchedMsg struct {
		server, id string
		toolID     string
		view       *toolview.View
		outcome    *toolview.Outcome
		tree       *schematree.Tree
		target     *resultcheck.Target
	}
)

// startTaskPoll starts the timer of the next poll while the screen is
// open and a listed task runs, unless one runs.
func (m *Model) startTaskPoll() tea.Cmd {
	ts := &m.tasks
	if !ts.Open || ts.poll != 0 || m.tasker() == nil {
		return nil
	}
	for _, e := range ts.Entries() {
		if e.Listed() && !e.Task.Status.Terminal() {
			ts.poll = m.tickets.next()
			return m.clock.after(listedPollEvery, taskPollDueMsg{ticket: ts.poll})
		}
	}
	return nil
}

// pollListedTasks asks for the listed tasks that run (tasks/get), and
// starts the next timer.
func (m *Model) pollListedTasks(msg taskPollDueMsg) tea.Cmd {
	ts := &m.tasks
	if stale(msg.ticket, ts.poll) {
		return nil
	}
	ts.poll = 0
	tk := m.tasker()
	if !ts.Open || tk == nil {
		return nil
	}
	var cmds []tea.Cmd
	for i := len(ts.Entries()) - 1; i >= 0 && len(cmds) < maxListedPolls; i-- {
		e := ts.Entries()[i]
		if !e.Listed() || e.Task.Status.Terminal() {
			continue
		}
		ctx, server, id := m.life.ctx, e.Task.Server, e.Task.ID
		cmds = append(cmds, func() tea.Msg {
			ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
			defer cancel()
			t, err := tk.GetTask(ctx, server, id)
			if err == nil {
				t.Server, t.ID = server, id
			}
			return taskPolledMsg{task: t, err: err}
		})
	}
	return tea.Batch(append(cmds, m.startTaskPoll())...)
}

// taskPolled updates a listed task; a failed poll leaves it as it was.
func (m *Model) taskPolled(msg taskPolledMsg) {
	if msg.err != nil {
		return
	}
	if e := m.tasks.Find(msg.task.Server, msg.task.ID); e != nil && e.Listed() {
		e.Task = msg.task
		if msg.task.Status.Terminal() && e.Ended.IsZero() {
			e.Ended = time.Now()
		}
	}
}

// noteTasks takes the tasks the calls under way have become since last
// looked.
func (m *Model) noteTasks() {
	for _, rc := range m.calls.byTool {
		t := rc.task
		if t == nil {
			continue
		}
		e := m.tasks.Find(t.Server, t.ID)
		if e == nil {
			e = &taskEntry{ToolID: rc.call.toolID, Started: rc.started}
			m.tasks.Add(e)
		}
		e.Task, e.Call = *t, rc
	}
}

// taskEnded records the end of a call that became a task: its outcome,
// and a status the task's last report may not have had yet.
func (m *Model) taskEnded(rc *runningCall, o *toolview.Outcome, tree *schematree.Tree) {
	m.noteTasks()
	t := rc.task
	if t == nil {
		return
	}
	e := m.tasks.Find(t.Server, t.ID)
	if e == nil {
		return
	}
	e.Task, e.Call, e.Ended = *t, nil, time.Now()
	e.Outcome = outcomeOf(o, tree)
	switch {
	case o == nil: // the user cancelled the call
		e.Task.Status, e.Task.Message = mcpclient.TaskCancelled, "tasks/cancel sent"
	case e.Task.Status.Terminal():
	case errors.Is(o.Err, mcpclient.ErrTaskCancelled):
		e.Task.Status = mcpclient.TaskCancelled
	case o.Err != nil:
		e.Task.Status, e.Task.Message = mcpclient.TaskFailed, model.SanitizeLine(o.Err.Error())
	default:
		e.Task.Status = mcpclient.TaskCompleted
	}
}

func (m *Model) tasker() Tasker {
	t, _ := m.backend.(Tasker)
	return t
}

// listTasks asks every connected server that lists its tasks for them.
func (m *Model) listTasks() tea.Cmd {
	tk := m.tasker()
	if tk == nil {
		return nil
	}
	id := m.tickets.next()
	m.tasks.listing = id
	var cmds []tea.Cmd
	for _, srv := range m.fleet.servers {
		if srv.State != model.StateConnected || !srv.Offers.TaskList {
			continue
		}
		ctx, server := m.life.ctx, srv.Name
		cmds = append(cmds, func() tea.Msg {
			ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
			defer cancel()
			tasks, err := tk.ListTasks(ctx, server)
			return tasksListedMsg{ticket: id, server: server, tasks: tasks, err: err}
		})
	}
	return tea.Batch(cmds...)
}

// tasksListed adds the tasks a server listed, and updates the listed
// ones no call follows.
func (m *Model) tasksListed(msg tasksListedMsg) tea.Cmd {
	if stale(msg.ticket, m.tasks.listing) {
		return nil
	}
	if msg.err != nil {
		return m.setStatus(errorf("tasks/list: %w", msg.err).Error(), true)
	}
	for _, t := range msg.tasks {
		e := m.tasks.Find(t.Server, t.ID)
		switch {
		case e == nil:
			start := t.Created
			if start.IsZero() {
				start = time.Now()
			}
			m.tasks.Add(&taskEntry{Task: t, Started: start})
		case e.Listed():
			e.Task = t
		}
	}
	return m.startTaskPoll()
}

// tasksKey handles a key while the tasks screen is open, or T; handled
// says the key was taken.
func (m *Model) tasksKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	k := &m.keys
	ts := &m.tasks
	if !ts.Open {
		if !key.Matches(msg, k.Tasks) {
			return nil, false
		}
		ts.Open = true
		m.noteTasks()
		ts.SelectNewest()
		return tea.Batch(m.listTasks(), m.startTaskPoll()), true
	}
	m.noteTasks()
	rows := max(m.term.layout.bodyH-1, 1)
	if ts.result != nil {
		if key.Matches(msg, k.Tasks) || key.Matches(msg, k.Cancel) {
			ts.result = nil
			return nil, true
		}
		return m.act(ts.result.Key(msg, k)), true
	}
	switch {
	case key.Matches(msg, k.Tasks), key.Matches(msg, k.Cancel):
		ts.Open, ts.poll = false, 0
	case key.Matches(msg, k.RefreshLists):
		return tea.Batch(m.listTasks(), m.setStatus("listing the servers' tasks…", false)), true
	case key.Matches(msg, k.CancelTask):
		return m.cancelTaskAt(), true
	case key.Matches(msg, k.TaskResult):
		return m.openTaskResult(), true
	}
	ts.Move(msg, k, rows)
	return nil, true
}

// selectedTask is the entry under the cursor, or nil.
func (m *Model) selectedTask() *taskEntry { return m.tasks.Selected() }

// cancelTaskAt cancels the task under the cursor: through its call when
// one follows it (the call sends tasks/cancel as it stops), else with
// tasks/cancel.
func (m *Model) cancelTaskAt() tea.Cmd {
	e := m.selectedTask()
	switch {
	case e == nil:
		return nil
	case e.Call != nil && m.running(e.ToolID) == e.Call:
		return m.cancelCall(e.ToolID)
	case e.Live().Status.Terminal() || !e.Ended.IsZero():
		return m.setStatus("task "+model.SanitizeLine(e.Task.ID)+" has ended already", true)
	}
	tk := m.tasker()
	if tk == nil {
		return m.setStatus("this backend cannot cancel tasks", true)
	}
	ctx, server, id := m.life.ctx, e.Task.Server, e.Task.ID
	return tea.Batch(m.setStatus("cancelling task "+model.SanitizeLine(id)+"…", false), func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		defer cancel()
		t, err := tk.CancelTask(ctx, server, id)
		return taskCancelledMsg{server: server, id: id, task: t, err: err}
	})
}

func (m *Model) taskCancelled(msg taskCancelledMsg) tea.Cmd {
	ended := errors.Is(msg.err, mcpclient.ErrTaskEnded) // ended meanwhile: msg.task is how
	if msg.err != nil && !ended {
		return m.setStatus(errorf("tasks/cancel: %w", msg.err).Error(), true)
	}
	if e := m.tasks.Find(msg.server, msg.id); e != nil && e.Call == nil {
		e.Task = msg.task
		if msg.task.Status.Terminal() && e.Ended.IsZero() {
			e.Ended = time.Now()
		}
	}
	if ended {
		return m.setStatus(errorf("tasks/cancel: %w", msg.err).Error(), true)
	}
	return m.setStatus("task "+model.SanitizeLine(msg.id)+": "+model.SanitizeLine(msg.task.String()), false)
}

// openTaskResult shows the result of the ended task under the cursor in
// its tool's result view: a listed task's is fetched first.
func (m *Model) openTaskResult() tea.Cmd {
	return m.openTaskResultOf(m.selectedTask())
}

func (m *Model) openTaskResultOf(e *taskEntry) tea.Cmd {
	switch {
	case e == nil:
		return nil
	case e.Listed():
		return m.fetchTaskResult(e)
	case e.Outcome == nil && e.Call != nil:
		return m.setStatus("task "+model.SanitizeLine(e.Task.ID)+" still runs: its result shows when it ends", false)
	case e.Outcome == nil:
		return m.setStatus("task "+model.SanitizeLine(e.Task.ID)+" was cancelled: no result", false)
	}
	v := m.built.views[e.ToolID]
	server, tool, _ := strings.Cut(e.ToolID, ".")
	if !m.tools.Reveal(m.fleet.servers, m.toolInfoOf, toollist.Key{Server: server, Tool: tool}) || v == nil {
		return m.setStatus(model.SanitizeLine(e.ToolID)+" is gone", true)
	}
	v.SetCall(e.Outcome.outcome)
	v.ShowOutcome(e.Outcome.tree)
	m.tasks.Open, m.tasks.poll = false, 0
	cmd := m.showSelected()
	m.view.kind, m.term.focus = toolview.ResultKind(), focusView
	m.sizePanes()
	return cmd
}

// fetchTaskResult asks for the result of a listed task that ended
// (tasks/result, or the 2026-07-28 tasks/get) and checks it against its
// tool's output schema when the Manager knows which tool made it.
func (m *Model) fetchTaskResult(e *taskEntry) tea.Cmd {
	t := e.Live()
	id := model.SanitizeLine(t.ID)
	switch {
	case t.Status == mcpclient.TaskCancelled:
		return m.setStatus("task "+id+" was cancelled: no result", false)
	case !t.Status.Terminal():
		return m.setStatus("task "+id+" still runs: enter fetches its result once it has ended", false)
	}
	tk := m.tasker()
	if tk == nil {
		return m.setStatus("this backend cannot fetch task results", true)
	}
	var cc callCheck
	var view *toolview.View
	toolID := ""
	if tool, ok := m.toolOf(t.Server, t.Tool); ok {
		toolID = tool.ID().String()
		if v := m.built.views[toolID]; v != nil && sameTool(v.Tool, tool) {
			cc = callCheck{tool: v.Parsed, target: v.Target, enveloped: v.Enveloped, budget: v.Budget}
		} else {
			view = &toolview.View{Tool: tool} // made in the command
		}
	}
	ctx, server, budget := m.life.ctx, t.Server, m.budget
	return tea.Batch(m.setStatus("fetching the result of task "+id+"…", false), func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		defer cancel()
		start := time.Now()
		res, err := tk.TaskResult(ctx, server, t.ID, nil)
		msg := taskFetchedMsg{server: server, id: t.ID, toolID: toolID,
			outcome: &toolview.Outcome{Outcome: resultview.Outcome{Result: res, Err: err, Latency: time.Since(start), At: start}}}
		if view != nil {
			msg.view = toolview.New(view.Tool, budget)
			cc = callCheck{tool: msg.view.Parsed, enveloped: msg.view.Enveloped, budget: msg.view.Budget}
		}
		if toolID != "" {
			msg.target, msg.tree = cc.check(msg.outcome)
		} else if res != nil {
			o := msg.outcome
			o.Structured = toolview.DecodeStructured(res.StructuredContent, nil)
			msg.tree = resultview.NewTree(res, o.Structured, false, nil)
		}
		return msg
	})
}

// toolOf is the named tool of a server, if it lists it.
func (m *Model) toolOf(server, tool string) (model.Tool, bool) {
	if tool == "" {
		return model.Tool{}, false
	}
	for _, srv := range m.fleet.servers {
		if srv.Name != server {
			continue
		}
		for _, t := range srv.Tools {
			if t.Name == tool {
				return t, true
			}
		}
	}
	return model.Tool{}, false
}

// taskFetched shows a listed task's result: in its tool's result view,
// as a call's, when the tool is known; else on the tasks screen. A failure
// to fetch it is one status line.
func (m *Model) taskFetched(msg taskFetchedMsg) tea.Cmd {
	e := m.tasks.Find(msg.server, msg.id)
	if e == nil || !e.Listed() {
		return nil
	}
	o, id := msg.outcome, model.SanitizeLine(msg.id)
	if o.Result == nil {
		return m.setStatus(errorf("task result: %w", o.Err).Error(), true)
	}
	if msg.toolID == "" {
		ts := &m.tasks
		ts.result = toolview.NewTreePane(msg.tree, "task "+id)
		ts.resultFor = "task " + id + " of " + model.SanitizeLine(msg.server)
		m.sizePanes()
		return m.setStatus("the result of task "+id+" (its tool is unknown: not checked against an output schema) · esc: back to the tasks", o.Result.IsError)
	}
	if msg.view != nil && m.built.views[msg.toolID] == nil {
		m.built.views[msg.toolID] = msg.view
	}
	if v := m.built.views[msg.toolID]; v != nil && v.Target == nil {
		v.Target = msg.target
	}
	e.ToolID, e.Outcome = msg.toolID, outcomeOf(o, msg.tree)
	if e.Ended.IsZero() {
		e.Ended = time.Now()
	}
	if !m.tasks.Open || m.selectedTask() != e {
		return m.setStatus("the result of task "+id+" came: enter on it in the tasks screen (T) shows it", false)
	}
	return m.openTaskResultOf(e)
}

// tasksHelp is the short help while the tasks screen is open.
func tasksHelp(k *kit.KeyMap) []key.Binding { return tasksview.Help(k) }

// tasksView draws the tasks screen, or the result of a listed task whose
// tool is unknown.
func (m *Model) tasksView() string {
	s := &m.styles
	ts := &m.tasks
	if ts.result != nil {
		head := s.PaneTitleFocus.Render("Result of "+ts.resultFor) + s.Dim.Render("  its tool is unknown · esc/T: back to the tasks")
		return fit(head, m.term.width) + "\n" + ts.result.Render(kit.Frame{Styles: s, Focused: true})
	}
	return ts.Render(s, m.term.width, max(m.term.layout.bodyH-1, 1), time.Now())
}
