package mcpclient

import (
	"context"
	"encoding/json"
	"strconv"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
)

// A 2025-11-25 server may ask its client to run an elicitation or a
// sampling request as a task (params.task, allowed by the client's
// tasks.requests capability): the client answers at once with a task,
// asks the user in the background, and the server polls tasks/get and
// takes the answer with tasks/result. receiverTasks keeps those tasks, one
// set per connection.

// maxReceiverTasks bounds the tasks a server may have mcpeek run at once.
const maxReceiverTasks = 64

// receiverPollInterval is the poll interval mcpeek asks of a server
// following one of its tasks.
const receiverPollInterval = 500 * time.Millisecond

type receiverTasks struct {
	mu    sync.Mutex
	seq   int
	tasks map[string]*receiverTask
}

// receiverTask is one task mcpeek runs for the server.
type receiverTask struct {
	id      string
	status  TaskStatus
	created time.Time
	updated time.Time
	ttl     *int64
	result  json.RawMessage
	err     error
	done    chan struct{}
	cancel  context.CancelFunc
}

// wire is the task as tasks/get returns it, under the lock.
func (t *receiverTask) wire() map[string]any {
	return map[string]any{
		"taskId":        t.id,
		"status":        t.status,
		"createdAt":     t.created.UTC().Format(time.RFC3339Nano),
		"lastUpdatedAt": t.updated.UTC().Format(time.RFC3339Nano),
		"ttl":           t.ttl,
		"pollInterval":  receiverPollInterval.Milliseconds(),
	}
}

// serveRequest is the transport's handler of requests from the server: the
// task requests here, the rest by the peer.
func (c *conn) serveRequest(ctx context.Context, req transport.JSONRPCRequest) (*transport.JSONRPCResponse, error) {
	params := rawParams(req.Params)
	result, err, handled := c.serveTask(ctx, req.Method, params)
	if !handled {
		return c.peer.serve(ctx, req)
	}
	if err != nil {
		return errorResponse(req.ID, err), nil
	}
	return transport.NewJSONRPCResultResponse(req.ID, result), nil
}

// serveTask answers a task request; handled is false for the others.
func (c *conn) serveTask(ctx context.Context, method string, params json.RawMessage) (_ json.RawMessage, _ error, handled bool) {
	var in struct {
		TaskID string          `json:"taskId"`
		Task   json.RawMessage `json:"task"`
	}
	_ = json.Unmarshal(params, &in)
	rt := &c.receiver
	switch mcp.MCPMethod(method) {
	case mcp.MethodElicitationCreate, mcp.MethodSamplingCreateMessage:
		if len(nonNull(in.Task)) == 0 {
			return nil, nil, false
		}
		var tp struct {
			TTL *int64 `json:"ttl"`
		}
		_ = json.Unmarshal(in.Task, &tp)
		res, err := c.startReceiverTask(ctx, method, params, tp.TTL)
		return res, err, true
	case mcp.MethodTasksGet:
		res, err := rt.get(in.TaskID)
		return res, err, true
	case mcp.MethodTasksResult:
		res, err := rt.result(ctx, in.TaskID)
		return res, err, true
	case mcp.MethodTasksCancel:
		res, err := rt.cancelTask(in.TaskID)
		return res, err, true
	case mcp.MethodTasksList:
		res, err := rt.list()
		return res, err, true
	}
	return nil, nil, false
}

// startReceiverTask runs a request as a task: the answer is worked out in
// the background, on the connection's lifetime.
//
// The task keeps the Relay of the call the request belongs to (see Relay),
// which bounds it by that call.
func (c *conn) startReceiverTask(reqCtx context.Context, method string, params json.RawMessage, ttl *int64) (json.RawMessage, error) {
	rt := &c.receiver
	rt.mu.Lock()
	if rt.tasks == nil {
		rt.tasks = map[string]*receiverTask{}
	}
	live := 0
	for id, t := range rt.tasks {
		if !t.status.Terminal() {
			live++
		} else if len(rt.tasks) > 4*maxReceiverTasks {
			delete(rt.tasks, id) // ended tasks are forgotten once there are many
		}
	}
	if live >= maxReceiverTasks {
		rt.mu.Unlock()
		return nil, &answerError{code: mcp.INTERNAL_ERROR, msg: "too many tasks under way"}
	}
	rt.seq++
	now := time.Now()
	life := c.life
	if r, _ := c.peer.calls.route(reqCtx); r != nil {
		life = WithRelay(life, r)
	}
	ctx, cancel := context.WithCancel(life)
	t := &receiverTask{
		id:      "mcpeek-task-" + strconv.Itoa(rt.seq),
		status:  TaskWorking,
		created: now,
		updated: now,
		ttl:     ttl,
		done:    make(chan struct{}),
		cancel:  cancel,
	}
	if mcp.MCPMethod(method) == mcp.MethodElicitationCreate {
		t.status = TaskInputRequired // the user is asked
	}
	rt.tasks[t.id] = t
	created := map[string]any{"task": t.wire()}
	rt.mu.Unlock()

	c.goTracked(func() {
		defer cancel()
		result, err := c.peer.answer(ctx, method, params)
		rt.mu.Lock()
		defer rt.mu.Unlock()
		if t.status == TaskCancelled {
			return
		}
		t.result, t.err, t.updated = result, err, time.Now()
		t.status = TaskCompleted
		if err != nil {
			t.status = TaskFailed
		}
		close(t.done)
	})
	b, err := json.Marshal(created)
	return b, err
}

func (rt *receiverTasks) find(id string) (*receiverTask, error) {
	t := rt.tasks[id]
	if t == nil {
		return nil, &answerError{code: mcp.INVALID_PARAMS, msg: "no task " + strconv.Quote(id)}
	}
	return t, nil
}

func (rt *receiverTasks) get(id string) (json.RawMessage, error) {
	rt.mu.Lock()
	defer rt.mu.Unlock()
	t, err := rt.find(id)
	if err != nil {
		return nil, err
	}
	return json.Marshal(t.wire())
}

// result waits for the task to end and returns its answer.
func (rt *receiverTasks) result(ctx context.Context, id string) (json.RawMessage, error) {
	rt.mu.Lock()
	t, err := rt.find(id)
	rt.mu.Unlock()
	if err != nil {
		return nil, err
	}
	select {
	case <-t.done:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	rt.mu.Lock()
	defer rt.mu.Unlock()
	switch t.status {
	case TaskCancelled:
		return nil, &answerError{code: mcp.INVALID_PARAMS, msg: "task " + strconv.Quote(id) + " was cancelled"}
	case TaskFailed:
		return nil, t.err
	}
	return t.result, nil
}

func (rt *receiverTasks) cancelTask(id string) (json.RawMessage, error) {
	rt.mu.Lock()
	defer rt.mu.Unlock()
	t, err := rt.find(id)
	if err != nil {
		return nil, err
	}
	if t.status.Terminal() {
		return nil, &answerError{code: mcp.INVALID_PARAMS, msg: "task " + strconv.Quote(id) + " has already ended"}
	}
	t.status, t.updated = TaskCancelled, time.Now()
	t.cancel()
	close(t.done)
	return json.Marshal(t.wire())
}

func (rt *receiverTasks) list() (json.RawMessage, error) {
	rt.mu.Lock()
	defer rt.mu.Unlock()
	out := make([]map[string]any, 0, len(rt.tasks))
	for i := 1; i <= rt.seq; i++ {
		if t := rt.tasks["mcpeek-task-"+strconv.Itoa(i)]; t != nil {
			out = append(out, t.wire())
		}
	}
	return json.Marshal(map[string]any{"tasks": out})
}
