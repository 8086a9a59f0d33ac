package mcpclient

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"mcpeek/model"
)

// Task polling bounds: a server's poll interval is honoured within them, so
// that a server asking for none cannot make mcpeek spin nor one asking for
// a day make it look dead.
const (
	defaultPollInterval = time.Second
	minPollInterval     = 50 * time.Millisecond
	maxPollInterval     = 30 * time.Second
)

func pollInterval(t Task) time.Duration {
	if t.PollInterval <= 0 {
		return defaultPollInterval
	}
	return min(max(t.PollInterval, minPollInterval), maxPollInterval)
}

// waitTask follows a task to its end and returns its result: it polls
// tasks/get at the server's interval, reports each change to onTask,
// answers what the task asks (2026-07-28 input requests through
// tasks/update; a 2025-11-25 task that needs input is followed through
// tasks/result, during which the server asks over the connection), and
// takes the result. A connection lost meanwhile is reconnected and the
// task polled again, while its TTL lasts. When ctx ends first and cancel is
// set, the task is cancelled (tasks/cancel).
func (m *Manager) waitTask(ctx context.Context, s *serverState, t Task, onTask func(Task), cancel bool) (*CallResult, error) {
	report := func(t Task) {
		if onTask != nil {
			onTask(t)
		}
	}
	report(t)
	answered := map[string]bool{}
	stop := func(err error) (*CallResult, error) {
		if cancel {
			m.cancelQuietly(ctx, s, t.ID)
		}
		return nil, fmt.Errorf("task %s: %w", model.SanitizeLine(t.ID), err)
	}
	for {
		c, err := m.ready(ctx, s)
		if err == nil {
			var res *CallResult
			res, err = m.stepTask(ctx, c, &t, answered)
			if err == nil && res != nil {
				return res, nil
			}
			if err == nil && t.Status.Terminal() {
				return nil, fmt.Errorf("task %s: %w", model.SanitizeLine(t.ID), ErrTaskCancelled)
			}
		}
		switch {
		case ctx.Err() != nil:
			return stop(ctx.Err())
		case err != nil && !passing(err):
			return nil, fmt.Errorf("task %s: %w", model.SanitizeLine(t.ID), err)
		}
		if exp := t.Expires(); !exp.IsZero() && time.Now().After(exp) {
			return stop(fmt.Errorf("still %s when its TTL of %s ran out", t.Status, t.TTL))
		}
		timer := time.NewTimer(pollInterval(t))
		select {
		case <-ctx.Done():
			timer.Stop()
			return stop(ctx.Err())
		case <-timer.C:
		}
		if c == nil {
			continue
		}
		next, err := c.getTask(ctx, t.ID)
		switch {
		case ctx.Err() != nil:
			return stop(ctx.Err())
		case passing(err):
			continue // reconnect and poll again, within the TTL
		case err != nil:
			return nil, fmt.Errorf("task %s: %w", model.SanitizeLine(t.ID), err)
		}
		if next.Status != t.Status || next.Message != t.Message {
			report(next)
		}
		next.seen = t.seen
		t = next
	}
}

// passing reports whether a failed step of waitTask may succeed if tried
// again: the server was out of reach, but not because its answer passed
// the message limit, which it would pass again (and, over stdio, cost the
// connection each time).
func passing(err error) bool {
	var tooLarge *MessageTooLargeError
	return errors.Is(err, ErrUnavailable) && !errors.As(err, &tooLarge)
}

// stepTask does what the task's status calls for: at an end, take the
// result (or the error); when input is required, give it. It returns a
// nil result while the task goes on, and a nil result with a terminal
// status when the task was cancelled.
func (m *Manager) stepTask(ctx context.Context, c *conn, t *Task, answered map[string]bool) (*CallResult, error) {
	form := c.taskForm()
	if form == tasks2026 && (t.Status == TaskCompleted && t.result == nil || t.Status == TaskFailed && t.failure == nil) {
		// Ended already when created: the answer creating a task carries
		// no result nor error, tasks/get does.
		next, err := c.getTask(ctx, t.ID)
		if err != nil {
			return nil, err
		}
		next.seen = t.seen
		*t = next
	}
	switch t.Status {
	case TaskCompleted:
		if form == tasks2026 && t.result == nil {
			return nil, errors.New("completed, but the server's tasks/get carries no result (the 2026-07-28 tasks extension has no tasks/result): its result cannot be fetched")
		}
		if form == tasks2026 || t.result != nil {
			return parseCallResult(t.result)
		}
		return c.taskResult(ctx, t.ID)
	case TaskFailed:
		if t.failure != nil {
			return nil, t.failure
		}
		if form == tasks2026 {
			return nil, fmt.Errorf("failed: %s", t.Message)
		}
		res, err := c.taskResult(ctx, t.ID)
		if err == nil && res != nil {
			return res, nil
		}
		if err == nil {
			err = errors.New("failed")
		}
		return nil, err
	case TaskCancelled:
		return nil, nil
	case TaskInputRequired:
		if form != tasks2026 {
			// The server sends what it asks while tasks/result waits.
			return c.taskResult(ctx, t.ID)
		}
		fresh := map[string]json.RawMessage{}
		for k, v := range t.inputs {
			if !answered[k] {
				fresh[k] = v
			}
		}
		if len(fresh) == 0 {
			return nil, nil
		}
		answers, err := c.peer.fulfil(ctx, fresh)
		if err != nil {
			return nil, err
		}
		if _, err := c.taskRequest(ctx, "tasks/update", t.ID, map[string]any{"inputResponses": answers}); err != nil {
			return nil, err
		}
		for k := range fresh {
			answered[k] = true
		}
	}
	return nil, nil
}

// cancelQuietly cancels a task the caller stopped waiting for, best effort
// and briefly.
func (m *Manager) cancelQuietly(ctx context.Context, s *serverState, id string) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), cancelNoticeTimeout)
	defer cancel()
	if m.ctx.Err() != nil {
		return
	}
	if c, err := m.ready(ctx, s); err == nil {
		_, _ = c.cancelTask(ctx, id)
	}
}

// ErrTaskEnded is the error of cancelling a task that has ended already.
var ErrTaskEnded = errors.New("it has ended already: nothing to cancel")

// errNoTaskID refuses an empty task id before asking the server.
var errNoTaskID = errors.New("no task id given")

// GetTask returns a task of server as it is now (tasks/get).
func (m *Manager) GetTask(ctx context.Context, server, id string) (Task, error) {
	if id == "" {
		return Task{}, fmt.Errorf("%s: %w", server, errNoTaskID)
	}
	var t Task
	err := m.onTask(ctx, server, func(ctx context.Context, c *conn) (err error) {
		t, err = c.getTask(ctx, id)
		return err
	})
	if err == nil {
		t.Tool = m.taskTool(server, id)
	}
	return t, err
}

// taskTool is the tool whose call made a task of server, "" when unknown.
func (m *Manager) taskTool(server, id string) string {
	if s, ok := m.named(server); ok {
		return s.taskTool(id)
	}
	return ""
}

// CancelTask cancels a task of server (tasks/cancel) and returns it as it
// then is. A task that has ended already is returned as it is, with an
// error that matches ErrTaskEnded (a server refuses to cancel it, each in
// its own words).
func (m *Manager) CancelTask(ctx context.Context, server, id string) (Task, error) {
	if id == "" {
		return Task{}, fmt.Errorf("%s: %w", server, errNoTaskID)
	}
	var t Task
	err := m.onTask(ctx, server, func(ctx context.Context, c *conn) error {
		var err error
		t, err = c.cancelTask(ctx, id)
		var rerr *RPCError
		if !errors.As(err, &rerr) {
			return err
		}
		if now, gerr := c.getTask(ctx, id); gerr == nil && now.Status.Terminal() {
			t = now
			return fmt.Errorf("task %s is %s: %w", model.SanitizeLine(id), now.Status, ErrTaskEnded)
		}
		return err
	})
	return t, err
}

// TaskResult waits for a task of server to end and returns its result, as
// a call that made it would; onTask (optional) sees its status changes. The
// task is left running when ctx ends.
func (m *Manager) TaskResult(ctx context.Context, server, id string, onTask func(Task)) (*CallResult, error) {
	t, err := m.GetTask(ctx, server, id)
	if err != nil {
		return nil, err
	}
	s, err := m.lookup(server)
	if err != nil {
		return nil, err
	}
	res, err := m.waitTask(ctx, s, t, onTask, false)
	if err != nil {
		return nil, s.redactErr(fmt.Errorf("%s: %w", server, err))
	}
	return res, nil
}

// onTask runs f on server's live connection, within the Manager's call
// timeout, refusing a server that speaks no form of tasks.
func (m *Manager) onTask(ctx context.Context, server string, f func(context.Context, *conn) error) error {
	s, err := m.lookup(server)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, m.opts.callTimeout)
	defer cancel()
	c, err := m.ready(ctx, s)
	if err != nil {
		return err
	}
	if c.taskForm() == noTasks {
		return fmt.Errorf("%s: the server does not run tasks (it declares no tasks capability)", server)
	}
	if err := f(ctx, c); err != nil {
		return s.redactErr(fmt.Errorf("%s: %w", server, err))
	}
	return nil
}

// taskNote says how a tool takes tasks, for errors.
func taskNote(support TaskSupport) string {
	if support == "" {
		return "it does not declare execution.taskSupport"
	}
	return "its execution.taskSupport is " + strings.ToLower(model.SanitizeLine(string(support)))
}

// Bounds of ListTasks: a server may list without end.
const (
	maxListedTasks = 200
	maxTaskPages   = 10
)

// ListTasks lists the tasks a server keeps for mcpeek (tasks/list, a
// 2025-11-25 server that declares tasks.list; the 2026-07-28 extension has
// none), up to maxListedTasks, newest as the server orders them. A task
// the server words wrongly is left out.
func (m *Manager) ListTasks(ctx context.Context, server string) ([]Task, error) {
	var out []Task
	err := m.onTask(ctx, server, func(ctx context.Context, c *conn) error {
		switch {
		case c.taskForm() != tasks2025 || c.info.Capabilities.Tasks.List == nil:
			return errors.New("the server does not list its tasks (no tasks.list capability)")
		case c.modern():
			return fmt.Errorf("the server does not list its tasks: protocol %s has no tasks/list", model.SanitizeLine(c.client.ProtocolVersion()))
		}
		err := c.followPages(ctx, "tasks/list", maxTaskPages, func(_ int, raw json.RawMessage) (string, error) {
			var page struct {
				Tasks      []wireTask `json:"tasks"`
				NextCursor string     `json:"nextCursor"`
			}
			if err := json.Unmarshal(raw, &page); err != nil {
				return "", fmt.Errorf("tasks/list: %w", err)
			}
			now := time.Now()
			for _, w := range page.Tasks {
				if t, err := w.task(c.name, now); err == nil && len(out) < maxListedTasks {
					t.Tool = m.taskTool(server, t.ID)
					out = append(out, t)
				}
			}
			if len(out) >= maxListedTasks {
				return "", nil
			}
			return page.NextCursor, nil
		})
		if _, cut := errors.AsType[*pageCut](err); cut {
			return nil // what the pages gave before they went round or on too long
		}
		return err
	})
	return out, err
}
