package gateway

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestHTTPShutdownAnswersCallsInFlight: when serving stops (SIGTERM for
// `mcpeek gateway`), a call in flight is answered UNAVAILABLE before the
// connection closes, and serving ends at once.
func TestHTTPShutdownAnswersCallsInFlight(t *testing.T) {
	h := newHarness(t, harnessConfig{noDemo: true})
	ln, err := h.g.Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	served := make(chan error, 1)
	go func() { served <- h.g.ServeListener(ctx, ln) }()
	s := openRawSession(t, h.g.URL(ln))

	type answer struct {
		code int
		body []byte
		err  error
	}
	answers := make(chan answer, 1)
	go func() {
		res, b, err := s.send(http.MethodPost, s.callBody(toolExec, map[string]any{"op": "test.gate", "args": map[string]any{}}), nil)
		if err != nil {
			answers <- answer{err: err}
			return
		}
		answers <- answer{code: res.StatusCode, body: b}
	}()
	eventually(t, "the call to be in flight", func() bool { return h.ts.inFlight.Load() == 1 })

	start := time.Now()
	stop()
	a := <-answers
	if a.err != nil || a.code != http.StatusOK {
		t.Fatalf("the call in flight got no answer: %v %d %s", a.err, a.code, a.body)
	}
	var rpc struct {
		Result struct {
			StructuredContent envelope `json:"structuredContent"`
		} `json:"result"`
	}
	if err := json.Unmarshal(sseData(a.body), &rpc); err != nil {
		t.Fatalf("%v: %s", err, a.body)
	}
	env := rpc.Result.StructuredContent
	mustCode(t, env, CodeUnavailable)
	if !strings.Contains(env.Error.Message, "shutting down") {
		t.Errorf("message %q", env.Error.Message)
	}
	select {
	case err := <-served:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(3 * time.Second):
		t.Fatal("serving did not end")
	}
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("shutting down took %s", took)
	}
}

// TestStdioShutdownAnswersCallsInFlight: the same over stdio.
func TestStdioShutdownAnswersCallsInFlight(t *testing.T) {
	h := newHarness(t, harnessConfig{noDemo: true})
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	served := make(chan error, 1)
	go func() { served <- h.g.Serve(ctx, inR, outW); outW.Close() }()
	lines := bufio.NewScanner(outR)
	lines.Buffer(nil, 1<<20)
	for _, msg := range []string{initializeBody, `{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"tool_exec","arguments":{"op":"test.gate","args":{}}}}`} {
		io.WriteString(inW, msg+"\n")
	}
	if !lines.Scan() { // initialize's answer
		t.Fatal("no answer to initialize")
	}
	eventually(t, "the call to be in flight", func() bool { return h.ts.inFlight.Load() == 1 })
	stop()
	if !lines.Scan() {
		t.Fatal("the call in flight got no answer")
	}
	var rpc struct {
		Result struct {
			StructuredContent envelope `json:"structuredContent"`
		} `json:"result"`
	}
	if err := json.Unmarshal(lines.Bytes(), &rpc); err != nil {
		t.Fatalf("%v: %s", err, lines.Bytes())
	}
	env := rpc.Result.StructuredContent
	mustCode(t, env, CodeUnavailable)
	if !strings.Contains(env.Error.Message, "shutting down") {
		t.Errorf("message %q", env.Error.Message)
	}
	inW.Close()
	if err := <-served; err != nil {
		t.Fatal(err)
	}
}
