package mcpclient

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"mcpeek/model"
)

// server2026 is a hand-written 2026-07-28 server of the tasks extension,
// which mcp-go does not speak. Its tools all run as tasks:
//
//	research  asks for a topic (input_required, answered with tasks/update)
//	          and completes with "report on TOPIC"
//	endless   works forever with a TTL of 400ms; tasks/cancel cancels it
//	          and says so on stderr
//	broken    fails with "disk full"
//	instant   is completed as soon as it is created
type server2026 struct {
	mu      sync.Mutex
	tasks   map[string]*task2026
	created string
	note    func(string) // what a cancel says
}

type task2026 struct {
	tool, status, topic string
	polls               int
}

func newServer2026(note func(string)) *server2026 {
	return &server2026{tasks: map[string]*task2026{}, created: time.Now().UTC().Format(time.RFC3339), note: note}
}

func (s *server2026) wire(id string, t *task2026) map[string]any {
	w := map[string]any{"taskId": id, "status": t.status, "createdAt": s.created, "lastUpdatedAt": s.created,
		"ttlMs": 60000, "pollIntervalMs": 20, "resultType": "complete"}
	switch {
	case t.tool == "endless":
		w["ttlMs"] = 400
		w["statusMessage"] = "still \x1b[31mgoing\x1b[0m"
	case t.status == "input_required":
		w["inputRequests"] = map[string]any{"topic": map[string]any{"method": "elicitation/create", "params": map[string]any{
			"message":         "Which topic?",
			"requestedSchema": json.RawMessage(`{"type":"object","properties":{"topic":{"type":"string","default":"tides"}}}`),
		}}}
	case t.status == "completed":
		w["result"] = map[string]any{"resultType": "complete", "content": []any{map[string]any{"type": "text", "text": "report on " + t.topic}}}
	case t.status == "failed":
		w["error"] = map[string]any{"code": -32000, "message": "disk full"}
	}
	return w
}

// answer answers one JSON-RPC message; nil for a notification.
func (s *server2026) answer(line []byte) []byte {
	var msg struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
		Params struct {
			Name           string `json:"name"`
			TaskID         string `json:"taskId"`
			InputResponses map[string]struct {
				Action  string            `json:"action"`
				Content map[string]string `json:"content"`
			} `json:"inputResponses"`
		} `json:"params"`
	}
	if json.Unmarshal(line, &msg) != nil || msg.ID == nil {
		return nil
	}
	reply := func(result any) []byte {
		b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": msg.ID, "result": result})
		return b
	}
	fail := func(code int, text string) []byte {
		b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": msg.ID, "error": map[string]any{"code": code, "message": text}})
		return b
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	t := s.tasks[msg.Params.TaskID]
	switch msg.Method {
	case "server/discover":
		return reply(map[string]any{"supportedVersions": []string{mcp.ProtocolVersion20260728},
			"capabilities": map[string]any{"tools": map[string]any{}, "extensions": map[string]any{tasksExtension: map[string]any{}}},
			"serverInfo":   map[string]any{"name": "tasks2026", "version": "1"}})
	case "tools/list":
		return reply(map[string]any{"tools": []any{
			map[string]any{"name": "research", "inputSchema": map[string]any{"type": "object"}},
			map[string]any{"name": "endless", "inputSchema": map[string]any{"type": "object"}},
			map[string]any{"name": "broken", "inputSchema": map[string]any{"type": "object"}},
			map[string]any{"name": "instant", "inputSchema": map[string]any{"type": "object"}},
		}})
	case "tools/call":
		id := fmt.Sprintf("t-%s-%d", msg.Params.Name, len(s.tasks)+1)
		nt := &task2026{tool: msg.Params.Name, status: "working"}
		s.tasks[id] = nt
		w := s.wire(id, nt)
		if msg.Params.Name == "instant" {
			// Ended at once: the task says so, and only tasks/get has the result.
			nt.status, nt.topic = "completed", "nothing"
			w["status"] = "completed"
		}
		w["resultType"] = "task"
		return reply(w)
	case "tasks/get":
		if t == nil {
			return fail(-32602, "no such task")
		}
		t.polls++
		switch {
		case t.tool == "research" && t.status == "working" && t.topic == "":
			t.status = "input_required"
		case t.tool == "research" && t.topic != "":
			t.status = "completed"
		case t.tool == "broken" && t.polls > 1:
			t.status = "failed"
		}
		return reply(s.wire(msg.Params.TaskID, t))
	case "tasks/update":
		r, ok := msg.Params.InputResponses["topic"]
		if t == nil || !ok {
			return fail(-32602, "no such task or input")
		}
		t.topic = r.Content["topic"]
		t.status = "working"
		return reply(map[string]any{"resultType": "complete"})
	case "tasks/cancel":
		if t == nil {
			return fail(-32602, "no such task")
		}
		t.status = "cancelled"
		s.note("cancelled " + msg.Params.TaskID)
		return reply(map[string]any{"resultType": "complete"})
	}
	return fail(-32601, "Method not found")
}

// runTasks2026Helper serves server2026 over stdio.
func runTasks2026Helper() int {
	out := bufio.NewWriter(os.Stdout)
	s := newServer2026(func(note string) { fmt.Fprintln(os.Stderr, note) })
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<20)
	for in.Scan() {
		if b := s.answer(in.Bytes()); b != nil {
			out.Write(append(b, '\n'))
			out.Flush()
		}
	}
	return 0
}

// TestTaskGoesOnAcrossAReconnect: a 2026-07-28 HTTP server whose
// connection breaks while a task runs (the first tasks/get is cut off) is
// reconnected, and the task polled again to its result.
func TestTaskGoesOnAcrossAReconnect(t *testing.T) {
	t.Parallel()
	s := newServer2026(func(string) {})
	var cut atomic.Bool
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			http.Error(w, "no stream here", http.StatusMethodNotAllowed)
			return
		}
		body, _ := io.ReadAll(r.Body)
		if strings.Contains(string(body), `"tasks/get"`) && cut.CompareAndSwap(false, true) {
			conn, _, err := w.(http.Hijacker).Hijack()
			if err == nil {
				conn.Close()
			}
			return
		}
		reply := s.answer(body)
		if reply == nil {
			w.WriteHeader(http.StatusAccepted)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write(reply)
	}))
	t.Cleanup(ts.Close)
	m := startManager(t, Config{Servers: []ServerConfig{{Name: "h", Source: "test", URL: ts.URL}}},
		WithElicitationHandler(ElicitWith(ElicitAccept)), WithBackoff(10*time.Millisecond, 100*time.Millisecond))
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	res, err := m.CallTool(ctx, "h", "research", nil)
	if err != nil || res.Text != "report on tides" {
		t.Fatalf("research across a reconnect: %v %+v", err, res)
	}
	if !cut.Load() {
		t.Error("the connection was never cut")
	}
}

// TestTasks2026Extension: against a server of the 2026-07-28 tasks
// extension, a call that becomes a task is followed to its result, with
// the input it asks for given through tasks/update; a task that fails
// returns its error; one that outlives its TTL is given up and cancelled;
// a detached one can be looked at and cancelled.
func TestTasks2026Extension(t *testing.T) {
	t.Parallel()
	m := startManager(t, Config{Servers: []ServerConfig{helperConfig("h", "tasks2026")}},
		WithElicitationHandler(ElicitWith(ElicitAccept)))
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if s, _ := m.Server("h"); !strings.HasPrefix(s.ProtocolVersion, "2026") {
		t.Fatalf("protocol %q, want the 2026-07-28 era", s.ProtocolVersion)
	}

	var statuses []TaskStatus
	res, err := m.CallToolWith(ctx, "h", "research", nil, CallOptions{OnTask: func(task Task) { statuses = append(statuses, task.Status) }})
	if err != nil || res.Text != "report on tides" {
		t.Fatalf("research: %v %+v", err, res)
	}
	if want := []TaskStatus{TaskWorking, TaskInputRequired, TaskWorking, TaskCompleted}; !slices.Equal(statuses, want) &&
		!slices.Equal(statuses, []TaskStatus{TaskWorking, TaskInputRequired, TaskCompleted}) {
		t.Errorf("statuses %v, want %v", statuses, want)
	}

	if res, err = m.CallTool(ctx, "h", "instant", nil); err != nil || res.Text != "report on nothing" {
		t.Errorf("instant: %v %+v", err, res)
	}

	_, err = m.CallTool(ctx, "h", "broken", nil)
	var rpcErr *RPCError
	if !errors.As(err, &rpcErr) || rpcErr.Message != "disk full" {
		t.Errorf("broken: %v", err)
	}

	var last Task
	_, err = m.CallToolWith(ctx, "h", "endless", nil, CallOptions{OnTask: func(task Task) { last = task }})
	if err == nil || !strings.Contains(err.Error(), "TTL of 400ms ran out") {
		t.Errorf("endless: %v", err)
	}
	if last.Message != "still going" || last.TTL != 400*time.Millisecond {
		t.Errorf("endless seen as %+v (want its message sanitised and its TTL)", last)
	}
	waitStderr(t, m, "h", "cancelled t-endless-4")

	res, err = m.CallToolWith(ctx, "h", "endless", nil, CallOptions{Detach: true})
	if err != nil || res.Task == nil {
		t.Fatalf("detach: %v %+v", err, res)
	}
	got, err := m.GetTask(ctx, "h", res.Task.ID)
	if err != nil || got.Status != TaskWorking {
		t.Errorf("GetTask: %+v %v", got, err)
	}
	got, err = m.CancelTask(ctx, "h", res.Task.ID)
	if err != nil || got.Status != TaskCancelled {
		t.Errorf("CancelTask: %+v %v", got, err)
	}
}

// waitStderr waits until a line of the server's stderr is want.
func waitStderr(t *testing.T, m *Manager, server, want string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		s, _ := m.Server(server)
		if slices.Contains(s.Stderr, want) {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	s, _ := m.Server(server)
	t.Errorf("stderr never said %q: %q", want, s.Stderr)
}

// runMCPGoTasksHelper serves taskServer over stdio.
func runMCPGoTasksHelper() int {
	release := make(chan struct{})
	srv := taskServer(release)
	var once sync.Once
	srv.AddTool(mcp.NewTool("release"), func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		once.Do(func() { close(release) })
		return mcp.NewToolResultText("released"), nil
	})
	if err := server.ServeStdio(srv); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// taskServer is an mcp-go server of 2025-11-25 tasks: "slow" is a task
// tool that ends when release is closed, "never" one that never ends,
// "huge" one whose result is 2 MiB of text,
// "maybe" a plain tool that may run as a task, and "plain" one that may
// not. (The task tools ignore their context: tasks/cancel shows in the
// task's status.)
func taskServer(release <-chan struct{}) *server.MCPServer {
	srv := server.NewMCPServer("tasks", "1", server.WithToolCapabilities(true), server.WithTaskCapabilities(true, true, true))
	srv.AddTaskTool(mcp.NewTool("slow", mcp.WithTaskSupport(mcp.TaskSupportRequired)),
		func(context.Context, mcp.CallToolRequest) (*mcp.CreateTaskResult, error) {
			<-release
			return &mcp.CreateTaskResult{Content: []mcp.Content{mcp.NewTextContent("slow done")}}, nil
		})
	srv.AddTaskTool(mcp.NewTool("never", mcp.WithTaskSupport(mcp.TaskSupportRequired)),
		func(context.Context, mcp.CallToolRequest) (*mcp.CreateTaskResult, error) {
			select {}
		})
	srv.AddTaskTool(mcp.NewTool("huge", mcp.WithTaskSupport(mcp.TaskSupportRequired)),
		func(context.Context, mcp.CallToolRequest) (*mcp.CreateTaskResult, error) {
			return &mcp.CreateTaskResult{Content: []mcp.Content{mcp.NewTextContent(strings.Repeat("a", 2<<20))}}, nil
		})
	srv.AddTool(mcp.NewTool("maybe", mcp.WithTaskSupport(mcp.TaskSupportOptional)),
		func(ctx context.Context, _ mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return mcp.NewToolResultText("maybe done"), nil
		})
	srv.AddTool(mcp.NewTool("plain"), func(ctx context.Context, _ mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText("plain done"), nil
	})
	return srv
}

// TestTasks2025 drives mcp-go's tasks (the 2025-11-25 form) over stdio,
// in the 2025-11-25 era (in the 2026-07-28 era mcp-go v1.6.0 removes
// tasks/result and its tasks/get carries no result, so an ended task's
// result cannot be had; TestTasks2026Extension covers that era): a required task tool runs as a task to its result;
// an optional one runs as a task only when asked; asking a plain tool is
// refused; a task that never ends is cancelled (tasks/cancel, seen by the
// server's handler) when the call's deadline passes; a detached task is
// looked at, waited for and cancelled by id.
func TestTasks2025(t *testing.T) {
	t.Parallel()
	for _, era := range []string{mcp.ProtocolVersion20251125} {
		t.Run("era "+era, func(t *testing.T) {
			t.Parallel()
			cfg := helperConfig("tasks", "mcpgo-tasks")
			cfg.ProtocolVersion = era
			m := startManager(t, Config{Servers: []ServerConfig{cfg}})
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()

			var (
				mu   sync.Mutex
				seen []Task
			)
			onTask := func(task Task) {
				mu.Lock()
				seen = append(seen, task)
				mu.Unlock()
			}
			var released sync.Once
			res, err := m.CallToolWith(ctx, "tasks", "slow", nil, CallOptions{OnTask: func(task Task) {
				onTask(task)
				released.Do(func() {
					if _, err := m.CallTool(ctx, "tasks", "release", nil); err != nil {
						t.Errorf("release: %v", err)
					}
				})
			}})
			if err != nil || res.Text != "slow done" {
				t.Fatalf("slow: %v %+v", err, res)
			}
			if len(seen) == 0 || seen[0].ID == "" || seen[0].Status != TaskWorking {
				t.Errorf("the task was not reported: %+v", seen)
			}

			seen = nil
			if res, err = m.CallToolWith(ctx, "tasks", "maybe", nil, CallOptions{OnTask: onTask}); err != nil || res.Text != "maybe done" || len(seen) != 0 {
				t.Errorf("maybe without AsTask: %v %+v, tasks %v", err, res, seen)
			}
			if res, err = m.CallToolWith(ctx, "tasks", "maybe", nil, CallOptions{OnTask: onTask, AsTask: true}); err != nil || res.Text != "maybe done" || len(seen) == 0 {
				t.Errorf("maybe with AsTask: %v %+v, tasks %v", err, res, seen)
			}
			if _, err = m.CallToolWith(ctx, "tasks", "plain", nil, CallOptions{AsTask: true}); err == nil || !strings.Contains(err.Error(), "does not declare execution.taskSupport") {
				t.Errorf("plain with AsTask: %v", err)
			}

			var never Task
			_, err = m.CallToolWith(ctx, "tasks", "never", nil, CallOptions{Timeout: 300 * time.Millisecond, OnTask: func(task Task) { never = task }})
			if !errors.Is(err, context.DeadlineExceeded) {
				t.Errorf("never: %v", err)
			}
			if got, err := m.GetTask(ctx, "tasks", never.ID); err != nil || got.Status != TaskCancelled {
				t.Errorf("a task given up on must be cancelled: %+v %v", got, err)
			}

			res, err = m.CallToolWith(ctx, "tasks", "never", nil, CallOptions{Detach: true})
			if err != nil || res.Task == nil {
				t.Fatalf("detach: %v %+v", err, res)
			}
			got, err := m.GetTask(ctx, "tasks", res.Task.ID)
			if err != nil || got.Status != TaskWorking {
				t.Errorf("GetTask: %+v %v", got, err)
			}
			short, stop := context.WithTimeout(ctx, 200*time.Millisecond)
			_, err = m.TaskResult(short, "tasks", res.Task.ID, nil)
			stop()
			if !errors.Is(err, context.DeadlineExceeded) {
				t.Errorf("TaskResult of a task that goes on: %v", err)
			}
			if got, err = m.GetTask(ctx, "tasks", res.Task.ID); err != nil || got.Status != TaskWorking {
				t.Errorf("a wait that stops must leave the task running: %+v %v", got, err)
			}
			listed, err := m.ListTasks(ctx, "tasks")
			if err != nil || !slices.ContainsFunc(listed, func(l Task) bool { return l.ID == res.Task.ID && l.Status == TaskWorking && l.Server == "tasks" }) {
				t.Errorf("ListTasks lacks the working task %s: %+v %v", res.Task.ID, listed, err)
			}
			if s, _ := m.Server("tasks"); !s.Offers.Tasks || !s.Offers.TaskList {
				t.Errorf("offers %+v, want tasks and tasks/list", s.Offers)
			}
			if got, err = m.CancelTask(ctx, "tasks", res.Task.ID); err != nil || got.Status != TaskCancelled {
				t.Errorf("CancelTask: %+v %v", got, err)
			}
			if _, err = m.GetTask(ctx, "tasks", "no-such-task"); err == nil {
				t.Error("GetTask of an unknown task succeeded")
			}
		})
	}
}

// TestReceiverTasks: an elicitation the server asks mcpeek to run as a
// task (2025-11-25) is answered at once with a task, which the server can
// poll, wait for, list and cancel; cancelling it ends the handler's wait.
func TestReceiverTasks(t *testing.T) {
	t.Parallel()
	life, end := context.WithCancel(context.Background())
	answer, withdrawn := make(chan struct{}), make(chan struct{}, 1)
	h := &handlers{}
	elicit := ElicitationHandler(func(ctx context.Context, e Elicitation) (ElicitAnswer, error) {
		select {
		case <-answer:
			return ElicitAnswer{Action: ElicitAccept, Content: map[string]any{"name": "Ada"}}, nil
		case <-ctx.Done():
			withdrawn <- struct{}{}
			return ElicitAnswer{}, ctx.Err()
		}
	})
	h.elicit = elicit
	c := &conn{life: life, cancelLife: end, peer: &peer{server: "s", h: h}}
	defer func() { end(); c.wg.Wait() }()
	ctx := context.Background()
	serve := func(method, params string) (map[string]any, error) {
		raw, err, handled := c.serveTask(ctx, method, json.RawMessage(params))
		if !handled {
			t.Fatalf("%s %s not handled", method, params)
		}
		var out map[string]any
		if err == nil {
			err = json.Unmarshal(raw, &out)
		}
		return out, err
	}
	ask := `{"message":"Name?","requestedSchema":{"type":"object","properties":{"name":{"type":"string"}}},"task":{"ttl":60000}}`
	created, err := serve("elicitation/create", ask)
	task, _ := created["task"].(map[string]any)
	if err != nil || task["status"] != "input_required" || task["ttl"] != float64(60000) {
		t.Fatalf("create: %v %v", created, err)
	}
	id := task["taskId"].(string)
	if got, err := serve("tasks/get", `{"taskId":"`+id+`"}`); err != nil || got["status"] != "input_required" {
		t.Errorf("get: %v %v", got, err)
	}
	close(answer)
	if got, err := serve("tasks/result", `{"taskId":"`+id+`"}`); err != nil || got["action"] != "accept" {
		t.Errorf("result: %v %v", got, err)
	}
	if got, _ := serve("tasks/get", `{"taskId":"`+id+`"}`); got["status"] != "completed" {
		t.Errorf("after the answer: %v", got)
	}

	// A second one, left waiting for the user, is cancelled.
	answer2 := make(chan struct{})
	elicit2 := ElicitationHandler(func(ctx context.Context, e Elicitation) (ElicitAnswer, error) {
		select {
		case <-answer2:
		case <-ctx.Done():
			withdrawn <- struct{}{}
		}
		return ElicitAnswer{}, ctx.Err()
	})
	h.elicit = elicit2
	created, _ = serve("elicitation/create", ask)
	id2 := created["task"].(map[string]any)["taskId"].(string)
	if got, err := serve("tasks/cancel", `{"taskId":"`+id2+`"}`); err != nil || got["status"] != "cancelled" {
		t.Errorf("cancel: %v %v", got, err)
	}
	<-withdrawn
	if _, err := serve("tasks/result", `{"taskId":"`+id2+`"}`); err == nil {
		t.Error("the result of a cancelled task")
	}
	if got, _ := serve("tasks/list", `{}`); len(got["tasks"].([]any)) != 2 {
		t.Errorf("list: %v", got)
	}
	if _, err := serve("tasks/get", `{"taskId":"nope"}`); err == nil {
		t.Error("get of an unknown task")
	}
	if _, _, handled := c.serveTask(ctx, "elicitation/create", json.RawMessage(`{"message":"m"}`)); handled {
		t.Error("an elicitation without task was taken as one")
	}
}

// TestTaskWireBounds: what a server says of a task is read in both forms
// and bounded: poll intervals within 50ms and 30s, TTLs within a day, an
// unknown status refused, a tool result that merely has a "task" member
// not taken for a task.
func TestTaskWireBounds(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		raw      string
		isTask   bool
		wantErr  bool
		poll     time.Duration
		ttl      time.Duration
		messages string
	}{
		{`{"task":{"taskId":"a","status":"working","ttl":1000,"pollInterval":0}}`, true, false, defaultPollInterval, time.Second, ""},
		{`{"resultType":"task","taskId":"b","status":"working","ttlMs":1e15,"pollIntervalMs":1}`, true, false, minPollInterval, 24 * time.Hour, ""},
		{`{"resultType":"task","taskId":"c","status":"working","pollIntervalMs":1e12,"statusMessage":"a\u001b[2Jb"}`, true, false, maxPollInterval, 0, "ab"},
		{`{"resultType":"task","taskId":"d","status":"sleeping"}`, true, true, 0, 0, ""},
		{`{"resultType":"task","status":"working"}`, true, true, 0, 0, ""},
		{`{"content":[],"task":{"taskId":"e","status":"working"}}`, false, false, 0, 0, ""},
		{`{"content":[{"type":"text","text":"hi"}]}`, false, false, 0, 0, ""},
	} {
		task, ok, err := createdTask("s", json.RawMessage(c.raw))
		if ok != c.isTask || (err != nil) != c.wantErr {
			t.Errorf("%s: task %v, err %v", c.raw, ok, err)
			continue
		}
		if !ok || err != nil {
			continue
		}
		if got := pollInterval(task); got != c.poll || task.TTL != c.ttl || task.Message != c.messages {
			t.Errorf("%s: poll %s, ttl %s, message %q", c.raw, got, task.TTL, task.Message)
		}
	}
}

// TestTaskSupportFollowsListings: what a tool declares of tasks is read
// once per listing, and read again when the server lists the tool anew.
func TestTaskSupportFollowsListings(t *testing.T) {
	t.Parallel()
	m, err := NewManager(Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	s := newServerState(endpoint{cfg: ServerConfig{Name: "s"}}, "", false)
	listing := func(support string) []model.Tool {
		return []model.Tool{
			{Server: "s", Name: "other", Raw: json.RawMessage(`{"name":"other"}`)},
			{Server: "s", Name: "t", Raw: json.RawMessage(`{"name":"t","execution":{"taskSupport":"` + support + `"}}`)},
		}
	}
	m.setTools(s, listing("optional"))
	for range 2 {
		if got := s.taskSupport("t"); got != TaskOptional {
			t.Fatalf("taskSupport = %q, want optional", got)
		}
	}
	m.setTools(s, listing("required"))
	if got := s.taskSupport("t"); got != TaskRequired {
		t.Errorf("after a new listing taskSupport = %q, want required", got)
	}
	if got := s.taskSupport("missing"); got != TaskForbidden {
		t.Errorf("a tool not listed: %q, want forbidden", got)
	}
}
