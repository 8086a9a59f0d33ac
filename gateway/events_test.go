package gateway

import (
	"bufio"
	"bytes"
	"encoding/json"
	"strings"
	"sync"
	"testing"
)

// lockedBuffer is an events sink the test can read while calls write.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func TestEveryCallEmitsOneEvent(t *testing.T) {
	t.Parallel()
	sink := &lockedBuffer{}
	h := newHarness(t, harnessConfig{opts: Options{Events: sink}})
	events, stop := h.g.Subscribe(16)
	defer stop()

	h.help("test")
	env := h.exec("test.get_item", map[string]any{"id": "abc"})
	bad := h.exec("test.get_item", map[string]any{})
	h.batch(map[string]any{"ops": []any{map[string]any{"type": "help", "path": ""}, map[string]any{"type": "exec", "op": "test.text_json"}}})

	var got []Event
	for range 4 {
		got = append(got, <-events)
	}
	select {
	case e := <-events:
		t.Fatalf("one event per call, got a fifth: %+v", e)
	default:
	}
	want := []struct {
		tool, op, kind string
		ok             bool
		code           Code
	}{
		{"tool_help", "test", "help", true, ""},
		{"tool_exec", "test.get_item", "read", true, ""},
		{"tool_exec", "test.get_item", "read", false, CodeValidation},
		{"tool_batch", "batch", "batch", true, ""},
	}
	for i, w := range want {
		e := got[i]
		if e.Tool != w.tool || e.Op != w.op || e.Kind != w.kind || e.OK != w.ok || e.Code != w.code {
			t.Errorf("event %d: %+v, want %+v", i, e, w)
		}
		if e.ArgsBytes == 0 || e.ResultBytes == 0 || len(e.Request) != e.ArgsBytes || len(e.Envelope) != e.ResultBytes || e.Time.IsZero() || e.LatencyMS < 0 {
			t.Errorf("event %d sizes: %+v", i, e)
		}
	}
	if got[1].TraceID != env.Meta.TraceID {
		t.Error("the event's trace id is the envelope's")
	}
	_ = bad

	var lines []map[string]any
	sc := bufio.NewScanner(strings.NewReader(sink.String()))
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("not a JSON line: %s", sc.Text())
		}
		lines = append(lines, m)
	}
	if len(lines) != 4 {
		t.Fatalf("%d lines:\n%s", len(lines), sink.String())
	}
	for _, line := range lines {
		for _, key := range []string{"time", "trace_id", "tool", "op", "kind", "ok", "code", "latency_ms", "args_bytes", "result_bytes"} {
			if _, ok := line[key]; !ok {
				t.Errorf("line lacks %q: %v", key, line)
			}
		}
	}
	if lines[2]["code"] != "VALIDATION_ERROR" {
		t.Errorf("%v", lines[2])
	}
	if _, ok := lines[0]["Request"]; ok {
		t.Error("request and envelope stay out of the file")
	}
}

func TestSlowSubscribersMissEventsAndCloseEndsThem(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{})
	events, stop := h.g.Subscribe(1)
	h.help("")
	h.help("")
	if h.g.DroppedEvents() != 1 {
		t.Fatalf("dropped %d", h.g.DroppedEvents())
	}
	stop()
	stop()
	if _, open := <-events; !open {
		t.Fatal("the buffered event is still there")
	}
	if _, open := <-events; open {
		t.Fatal("stop closes the channel")
	}
	other, _ := h.g.Subscribe(1)
	h.g.Close()
	if _, open := <-other; open {
		t.Fatal("Close ends subscriptions")
	}
}
