package gateway

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
)

// keep runs one call with key through the store and keeps env as its answer.
func keep(t *testing.T, s *idemStore, key string, env *Envelope) {
	t.Helper()
	replay, finish, e := s.begin(t.Context(), key, "a.b", json.RawMessage(`{}`))
	if replay != nil || e != nil {
		t.Fatalf("%s: a new key replayed or failed: %v", key, e)
	}
	finish(env)
}

// kept reports whether key's answer would be replayed (and leaves a key
// that was forgotten free again).
func kept(t *testing.T, s *idemStore, key string) bool {
	t.Helper()
	replay, finish, e := s.begin(t.Context(), key, "a.b", json.RawMessage(`{}`))
	if e != nil {
		t.Fatal(e)
	}
	if finish != nil {
		finish(nil)
	}
	return replay != nil
}

func okEnvelope(resultBytes int) *Envelope {
	return &Envelope{Op: "a.b", OK: true, Result: json.RawMessage(`"` + strings.Repeat("x", max(resultBytes-2, 0)) + `"`), Meta: &Meta{}}
}

// TestIdempotencyStoreKeepsAtMost1000Answers: past 1,000 kept answers the
// oldest is forgotten first (a retry with its key runs the call again).
func TestIdempotencyStoreKeepsAtMost1000Answers(t *testing.T) {
	t.Parallel()
	now := time.Unix(1_700_000_000, 0)
	s := newIdemStore(func() time.Time { return now })
	for i := range 1003 {
		keep(t, s, fmt.Sprintf("k%d", i), okEnvelope(10))
		now = now.Add(time.Millisecond)
	}
	for i, want := range map[int]bool{0: false, 1: false, 2: false, 3: true, 500: true, 1002: true} {
		if got := kept(t, s, fmt.Sprintf("k%d", i)); got != want {
			t.Errorf("k%d kept %v, want %v", i, got, want)
		}
	}
}

// TestIdempotencyStoreKeepsAtMost64MiB: answers of 1 MiB each, and no more
// than 64 MiB of them; an answer larger than that is not kept at all.
func TestIdempotencyStoreKeepsAtMost64MiB(t *testing.T) {
	t.Parallel()
	now := time.Unix(1_700_000_000, 0)
	s := newIdemStore(func() time.Time { return now })
	for i := range 70 {
		keep(t, s, fmt.Sprintf("k%d", i), okEnvelope(1<<20))
		now = now.Add(time.Millisecond)
	}
	if kept(t, s, "k0") || kept(t, s, "k5") {
		t.Error("70 answers of 1 MiB are all kept")
	}
	if !kept(t, s, "k69") || !kept(t, s, "k10") {
		t.Error("the newest answers are forgotten")
	}
	keep(t, s, "huge", okEnvelope(65<<20))
	if kept(t, s, "huge") {
		t.Error("an answer larger than the whole store is kept")
	}
	if !kept(t, s, "k69") {
		t.Error("an answer too large to keep pushed the others out")
	}
	// Error answers that are kept (UPSTREAM_ERROR) count their text.
	for i := range 70 {
		keep(t, s, fmt.Sprintf("e%d", i), errorEnvelope("a.b", fail(CodeUpstreamError, "a.b", map[string]any{"text": strings.Repeat("y", 1<<20)}, "failed")))
	}
	if kept(t, s, "e0") || !kept(t, s, "e69") {
		t.Error("large error answers are not counted")
	}
}

// TestIdempotencyCapThroughTheGateway: 1,001 calls, each with its own
// key: the first is forgotten, so its key runs the call again.
func TestIdempotencyCapThroughTheGateway(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessConfig{noDemo: true})
	for i := range 1001 {
		mustOK(t, h.exec("test.text_json", map[string]any{}, map[string]any{"idempotency_key": fmt.Sprintf("k%d", i)}))
	}
	if env := h.exec("test.text_json", map[string]any{}, map[string]any{"idempotency_key": "k0"}); env.Meta.Replayed {
		t.Error("the oldest of 1,001 answers is still replayed")
	}
	if env := h.exec("test.text_json", map[string]any{}, map[string]any{"idempotency_key": "k1000"}); !env.Meta.Replayed {
		t.Error("the newest answer is not replayed")
	}
}
