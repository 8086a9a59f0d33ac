package gateway

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"mcpeek/mcpclient"
	"mcpeek/model"
)

// A call that an upstream runs as a task (a long-running call, see
// docs/call.md) is waited for within the op's deadline: a task that ends in
// time answers as any call; one still running when the deadline passes
// answers with a handle, {"task": {...}}, which the model polls with
// tool_exec({op, task_id}), each poll waiting up to the deadline again.
// A caller that goes away cancels the task.

// taskUpstreams is what the gateway needs of upstreams that run calls as
// tasks; *mcpclient.Manager is one. Other Upstreams have every call
// waited on by CallTool.
type taskUpstreams interface {
	CallToolWith(ctx context.Context, server, tool string, args json.RawMessage, opts mcpclient.CallOptions) (*mcpclient.CallResult, error)
	TaskResult(ctx context.Context, server, id string, onTask func(mcpclient.Task)) (*mcpclient.CallResult, error)
	CancelTask(ctx context.Context, server, id string) (mcpclient.Task, error)
}

// taskHandle is the result of a call whose task outlived the deadline.
type taskHandle struct {
	Task taskState `json:"task"`
}

type taskState struct {
	TaskID        string `json:"task_id"`
	Status        string `json:"status"`
	StatusMessage string `json:"status_message,omitempty"`
	TTLMs         int64  `json:"ttl_ms,omitempty"`
	Poll          string `json:"poll"`
}

// callTool calls the op's tool: a call that becomes a task is followed
// until callCtx ends, and then left running and returned as pending.
func (g *Gateway) callTool(caller, callCtx context.Context, op *Op, args json.RawMessage) (*mcpclient.CallResult, *mcpclient.Task, error) {
	tu, ok := g.up.(taskUpstreams)
	if !ok {
		res, err := g.up.CallTool(callCtx, op.Server, op.Tool.Name, args)
		return res, nil, err
	}
	res, err := tu.CallToolWith(callCtx, op.Server, op.Tool.Name, args, mcpclient.CallOptions{Detach: true})
	if err != nil || res.Task == nil {
		return res, nil, err
	}
	return g.followTask(caller, callCtx, op, *res.Task)
}

// followTask waits for a task's result until callCtx ends: then the task is
// pending, unless the caller went away, which cancels it.
func (g *Gateway) followTask(caller, callCtx context.Context, op *Op, t mcpclient.Task) (*mcpclient.CallResult, *mcpclient.Task, error) {
	tu := g.up.(taskUpstreams)
	last := t
	res, err := tu.TaskResult(callCtx, op.Server, t.ID, func(t mcpclient.Task) { last = t })
	switch {
	case err == nil:
		return res, nil, nil
	case caller.Err() != nil:
		g.cancelTask(op, t.ID)
		return nil, nil, err
	case errors.Is(callCtx.Err(), context.DeadlineExceeded):
		return nil, &last, nil
	}
	return nil, nil, err
}

// pollTask is tool_exec({op, task_id}): the task's result when it ends
// within the deadline, else its handle again.
func (g *Gateway) pollTask(ctx context.Context, c call, op *Op, id string) *Envelope {
	if _, ok := g.up.(taskUpstreams); !ok || op.Server == ToolboxGroup {
		return errorEnvelope(op.ID, fail(CodeValidation, op.ID, nil, "%s runs no tasks: call it without task_id", op.ID))
	}
	d := g.deadline(op.Server)
	callCtx, cancel := context.WithTimeout(g.life, d)
	defer cancel()
	stop := context.AfterFunc(ctx, cancel)
	defer stop()
	res, pending, err := g.followTask(ctx, relayed(ctx, callCtx), op, mcpclient.Task{Server: op.Server, ID: id, Status: mcpclient.TaskWorking})
	up := g.settle(ctx, callCtx, op, d, res, pending, err)
	up.notes = notesFor(ctx, op.Server)
	return g.envelope(c, op, up, nil)
}

// pendingEnvelope answers a call whose task still runs: its handle, and
// how to poll it.
func (g *Gateway) pendingEnvelope(c call, op *Op, t mcpclient.Task, d time.Duration) *Envelope {
	id := model.SanitizeLine(t.ID)
	poll, _ := json.Marshal(map[string]string{"op": op.ID, "task_id": id})
	h := taskHandle{Task: taskState{TaskID: id, Status: model.SanitizeLine(string(t.Status)), StatusMessage: t.Message,
		TTLMs: t.TTL.Milliseconds(), Poll: "tool_exec(" + string(poll) + ")"}}
	return g.success(c, op.ID, marshal(h), []string{fmt.Sprintf(
		"%s runs as a task, still %s after the %s deadline: poll it with tool_exec(%s) for its result", op.ID, h.Task.Status, d, poll)})
}

// cancelTask cancels a task nobody waits for any more, best effort and
// briefly.
func (g *Gateway) cancelTask(op *Op, id string) {
	tu, ok := g.up.(taskUpstreams)
	if !ok {
		return
	}
	ctx, cancel := context.WithTimeout(g.life, retryAfter)
	defer cancel()
	_, _ = tu.CancelTask(ctx, op.Server, id)
}
