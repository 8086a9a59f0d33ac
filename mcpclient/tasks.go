package mcpclient

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/mark3labs/mcp-go/mcp"

	"mcpeek/model"
)

// A task is a tools/call that the server runs in the background: the call
// answers at once with a task, which the client polls until it ends and
// then takes the result from. Servers speak one of two forms of it, and
// mcpeek speaks both on the raw JSON-RPC layer (mcp-go knows only the
// first, and only its types):
//
//   - 2025-11-25 tasks: the server declares capabilities.tasks.requests.
//     tools.call and each tool its execution.taskSupport ("optional",
//     "required"); the client asks for a task with params.task, and gets
//     {"task": {taskId, status, ttl, pollInterval, ...}}. tasks/get returns
//     the task, tasks/result the tool's result (it waits until the task
//     ends; meanwhile the server sends the requests the task makes, such as
//     an elicitation, over the connection), tasks/cancel cancels it.
//   - the 2026-07-28 tasks extension (io.modelcontextprotocol/tasks): the
//     client declares the extension and the server may answer any
//     tools/call with {"resultType": "task", taskId, status, ttlMs,
//     pollIntervalMs, ...}. tasks/get returns the task with its result,
//     error or inputRequests inline; tasks/update answers input requests;
//     tasks/cancel cancels. There is no tasks/list and no tasks/result.
//
// mcpeek also runs tasks for the server (2025-11-25): see receiver.go.

// tasksExtension is the 2026-07-28 tasks extension's key in capabilities.
const tasksExtension = "io.modelcontextprotocol/tasks"

// clientTasksCapability is the 2025-11-25 tasks capability mcpeek declares:
// servers may ask it to run elicitations and sampling requests as tasks,
// and list and cancel them.
func clientTasksCapability() *mcp.TasksCapability {
	req := &mcp.TaskRequestsCapability{}
	req.Elicitation = &struct {
		Create *struct{} `json:"create,omitempty"`
	}{Create: &struct{}{}}
	req.Sampling = &struct {
		CreateMessage *struct{} `json:"createMessage,omitempty"`
	}{CreateMessage: &struct{}{}}
	return &mcp.TasksCapability{List: &struct{}{}, Cancel: &struct{}{}, Requests: req}
}

// TaskStatus is where a task is: working, input_required, or one of the
// three ends.
type TaskStatus string

// The task statuses.
const (
	TaskWorking       TaskStatus = "working"
	TaskInputRequired TaskStatus = "input_required"
	TaskCompleted     TaskStatus = "completed"
	TaskFailed        TaskStatus = "failed"
	TaskCancelled     TaskStatus = "cancelled"
)

// Terminal reports whether the task has ended.
func (s TaskStatus) Terminal() bool {
	return s == TaskCompleted || s == TaskFailed || s == TaskCancelled
}

// TaskSupport is a tool's execution.taskSupport: whether it may or must be
// called as a task (2025-11-25 form).
type TaskSupport string

// The values of execution.taskSupport; "" when the tool does not say,
// which means forbidden.
const (
	TaskForbidden TaskSupport = "forbidden"
	TaskOptional  TaskSupport = "optional"
	TaskRequired  TaskSupport = "required"
)

// ToolTaskSupport reads a tool's execution.taskSupport.
func ToolTaskSupport(t model.Tool) TaskSupport {
	var d struct {
		Execution struct {
			TaskSupport TaskSupport `json:"taskSupport"`
		} `json:"execution"`
	}
	_ = json.Unmarshal(t.Raw, &d)
	return d.Execution.TaskSupport
}

// ErrTaskCancelled is the error of a call whose task was cancelled.
var ErrTaskCancelled = errors.New("task cancelled")

// Task is one task a server runs for mcpeek, as last seen.
type Task struct {
	// Server is the name of the server that runs it.
	Server string
	// ID is the server's task id (untrusted: sanitise to show).
	ID string
	// Tool is the tool whose call made the task, when this Manager made
	// the call; "" when it does not know (a task the server lists that
	// another client, or an earlier run, started).
	Tool string
	// Status is where the task is.
	Status TaskStatus
	// Message is the server's statusMessage, sanitised.
	Message string
	// Created is when the server says it created the task (zero when it
	// does not say).
	Created time.Time
	// TTL is how long the server keeps the task from its creation; 0 when
	// it keeps it without limit.
	TTL time.Duration
	// PollInterval is how often the server asks to be polled (0: not
	// said).
	PollInterval time.Duration

	// seen is when mcpeek first learnt of the task: the start of its TTL
	// when the server gives no creation time.
	seen time.Time
	// The 2026-07-28 form carries the end, or the input asked for, inline.
	result  json.RawMessage
	failure *RPCError
	inputs  map[string]json.RawMessage
}

// Expires is when the task's TTL runs out, zero when it has none.
func (t Task) Expires() time.Time {
	if t.TTL <= 0 {
		return time.Time{}
	}
	start := t.Created
	if start.IsZero() {
		start = t.seen
	}
	return start.Add(t.TTL)
}

// String words the task's state: "working: Gathering sources...".
func (t Task) String() string {
	if t.Message == "" {
		return string(t.Status)
	}
	return string(t.Status) + ": " + t.Message
}

// wireTask reads a task in either form.
type wireTask struct {
	TaskID         string                     `json:"taskId"`
	Status         TaskStatus                 `json:"status"`
	StatusMessage  string                     `json:"statusMessage"`
	CreatedAt      string                     `json:"createdAt"`
	TTL            *float64                   `json:"ttl"`
	TTLMs          *float64                   `json:"ttlMs"`
	PollInterval   *float64                   `json:"pollInterval"`
	PollIntervalMs *float64                   `json:"pollIntervalMs"`
	Result         json.RawMessage            `json:"result"`
	Error          *json.RawMessage           `json:"error"`
	InputRequests  map[string]json.RawMessage `json:"inputRequests"`
}

// task turns the wire form into a Task of server.
func (w wireTask) task(server string, now time.Time) (Task, error) {
	if w.TaskID == "" {
		return Task{}, errors.New("the task has no taskId")
	}
	switch w.Status {
	case TaskWorking, TaskInputRequired, TaskCompleted, TaskFailed, TaskCancelled:
	default:
		return Task{}, fmt.Errorf("task %s has an unknown status %q", model.SanitizeLine(w.TaskID), model.SanitizeLine(string(w.Status)))
	}
	t := Task{
		Server:  server,
		ID:      w.TaskID,
		Status:  w.Status,
		Message: model.SanitizeLine(w.StatusMessage),
		seen:    now,
		result:  nonNull(w.Result),
		inputs:  w.InputRequests,
	}
	if c, err := time.Parse(time.RFC3339Nano, w.CreatedAt); err == nil {
		t.Created = c
	}
	t.TTL = millis(w.TTLMs, w.TTL)
	t.PollInterval = millis(w.PollIntervalMs, w.PollInterval)
	if w.Error != nil {
		var e struct {
			Code    int             `json:"code"`
			Message string          `json:"message"`
			Data    json.RawMessage `json:"data"`
		}
		_ = json.Unmarshal(*w.Error, &e)
		t.failure = &RPCError{Method: "tasks/get", Code: e.Code, Message: e.Message, Data: nonNull(e.Data)}
	}
	return t, nil
}

// millis reads the first given of a number of milliseconds, bounded to a
// day (a server may send anything).
func millis(ms ...*float64) time.Duration {
	for _, m := range ms {
		if m != nil && *m > 0 {
			return time.Duration(min(*m, float64(24*time.Hour/time.Millisecond))) * time.Millisecond
		}
	}
	return 0
}

// taskForm is which form of tasks a connection speaks.
type taskForm int

const (
	noTasks taskForm = iota
	tasks2025
	tasks2026
)

// taskForm reads the server's capabilities: the 2026-07-28 extension when
// declared, else the 2025-11-25 tasks capability for tools/call.
func (c *conn) taskForm() taskForm {
	if c.info == nil {
		return noTasks
	}
	caps := c.info.Capabilities
	if _, ok := caps.Extensions[tasksExtension]; ok {
		return tasks2026
	}
	if t := caps.Tasks; t != nil && t.Requests != nil && t.Requests.Tools != nil && t.Requests.Tools.Call != nil {
		return tasks2025
	}
	return noTasks
}

// createdTask reports whether a tools/call result is a task rather than
// the tool's result, in either form.
func createdTask(server string, raw json.RawMessage) (Task, bool, error) {
	fields, err := resultFields(raw)
	if err != nil {
		return Task{}, false, nil
	}
	return createdTaskIn(server, raw, fields)
}

// createdTaskIn is createdTask on a result already read into its members.
func createdTaskIn(server string, raw json.RawMessage, fields map[string]json.RawMessage) (Task, bool, error) {
	var w wireTask
	task, content := fields["task"], fields["content"]
	switch {
	case resultType(fields) == "task":
		if err := json.Unmarshal(raw, &w); err != nil {
			return Task{}, true, fmt.Errorf("tools/call: malformed task: %w", err)
		}
	case len(nonNull(task)) > 0 && content == nil:
		if err := json.Unmarshal(task, &w); err != nil {
			return Task{}, true, fmt.Errorf("tools/call: malformed task: %w", err)
		}
	default:
		return Task{}, false, nil
	}
	t, err := w.task(server, time.Now())
	if err != nil {
		return Task{}, true, fmt.Errorf("tools/call: %w", err)
	}
	return t, true, nil
}

// taskRequest sends a tasks/* request about task id.
func (c *conn) taskRequest(ctx context.Context, method, id string, extra map[string]any) (json.RawMessage, error) {
	params := map[string]any{"taskId": id}
	for k, v := range extra {
		params[k] = v
	}
	return c.request(ctx, method, params)
}

// getTask polls a task (tasks/get).
func (c *conn) getTask(ctx context.Context, id string) (Task, error) {
	raw, err := c.taskRequest(ctx, "tasks/get", id, nil)
	if err != nil {
		return Task{}, err
	}
	var w wireTask
	if err := json.Unmarshal(raw, &w); err != nil {
		return Task{}, fmt.Errorf("tasks/get: malformed task: %w", err)
	}
	if w.TaskID == "" {
		w.TaskID = id
	}
	t, err := w.task(c.name, time.Now())
	if err != nil {
		return Task{}, fmt.Errorf("tasks/get: %w", err)
	}
	return t, nil
}

// cancelTask asks the server to cancel a task (tasks/cancel) and returns
// the task as it then is.
func (c *conn) cancelTask(ctx context.Context, id string) (Task, error) {
	raw, err := c.taskRequest(ctx, "tasks/cancel", id, nil)
	if err != nil {
		return Task{}, err
	}
	var w wireTask
	if json.Unmarshal(raw, &w) == nil && w.Status != "" {
		if w.TaskID == "" {
			w.TaskID = id
		}
		return w.task(c.name, time.Now())
	}
	// The 2026-07-28 answer says only that it was heard.
	return c.getTask(ctx, id)
}

// taskResult takes the result of an ended 2025-11-25 task (tasks/result),
// waiting for it to end if need be. A server without tasks/result (mcp-go
// in the 2026-07-28 era, whose tasks/get carries no result either) says so
// plainly.
func (c *conn) taskResult(ctx context.Context, id string) (*CallResult, error) {
	raw, err := c.taskRequest(ctx, "tasks/result", id, nil)
	var rerr *RPCError
	if errors.As(err, &rerr) && rerr.Code == mcp.METHOD_NOT_FOUND {
		return nil, fmt.Errorf("its result cannot be fetched: the server has no tasks/result in protocol %s, and its tasks/get carries none",
			model.SanitizeLine(c.client.ProtocolVersion()))
	}
	if err != nil {
		return nil, err
	}
	return parseCallResult(raw)
}

// maxTaskTools bounds the task ids a server's state remembers the tools of.
const maxTaskTools = 500

// noteTaskTool remembers that the call of tool made task id.
func (s *serverState) noteTaskTool(id, tool string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.taskTools == nil {
		s.taskTools = map[string]string{}
	}
	if _, ok := s.taskTools[id]; !ok {
		s.taskOrder = append(s.taskOrder, id)
	}
	s.taskTools[id] = tool
	if len(s.taskOrder) > maxTaskTools {
		delete(s.taskTools, s.taskOrder[0])
		s.taskOrder = s.taskOrder[1:]
	}
}

// taskTool is the tool whose call made task id, "" when unknown.
func (s *serverState) taskTool(id string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.taskTools[id]
}
