package mcpclient

import (
	"context"
	"errors"
	"os/exec"
	"testing"
	"time"

	"mcpeek/model"
)

// Launch returns at once and WaitFirstAttempt waits for one server: a
// server that never answers holds up no other.
func TestWaitFirstAttemptWaitsForOneServer(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("sleep"); err != nil {
		t.Skip("no sleep command")
	}
	cfg := Config{Servers: []ServerConfig{
		{Name: "hang", Source: "test", Command: "sleep", Args: []string{"600"}},
		helperConfig("ok", "basic"),
	}}
	m, err := NewManager(cfg, WithConnectTimeout(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	if err := m.Launch(); err != nil {
		t.Fatal(err)
	}
	if err := m.Launch(); err == nil {
		t.Error("a second Launch did not fail")
	}
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	if err := m.WaitFirstAttempt(ctx, "ok"); err != nil {
		t.Fatal(err)
	}
	if s, _ := m.Server("ok"); s.State != model.StateConnected {
		t.Errorf("ok is %s (%s), want connected", s.State, s.Err)
	}
	if s, _ := m.Server("hang"); s.State != model.StateStarting {
		t.Errorf("hang is %s, want still starting", s.State)
	}
	done, stop := context.WithCancel(context.Background())
	stop()
	if err := m.WaitFirstAttempt(done, "hang"); !errors.Is(err, context.Canceled) {
		t.Errorf("waiting for hang with an ended context: %v", err)
	}
	if err := m.WaitFirstAttempt(ctx, "nope"); !errors.Is(err, ErrUnknownServer) {
		t.Errorf("an unknown server: %v", err)
	}
}
