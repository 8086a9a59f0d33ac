//go:build linux

package mcpclient

import (
	"bufio"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"mcpeek/model"
)

// alive reports whether pid is a live process (not gone, not a zombie).
func alive(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	s := string(b)
	fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	return len(fields) > 0 && fields[0] != "Z"
}

// waitGone waits until pid has died.
func waitGone(t *testing.T, pid int, what string) {
	t.Helper()
	deadline := time.Now().Add(waitLimit)
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for alive(pid) {
		if time.Now().After(deadline) {
			t.Fatalf("%s (pid %d) still alive after %s", what, pid, waitLimit)
		}
		<-tick.C
	}
}

// killLater kills pid when the test ends, whatever happened.
func killLater(t *testing.T, pid int) {
	t.Cleanup(func() { _ = syscall.Kill(pid, syscall.SIGKILL) })
}

func TestStopKillsTheWholeProcessGroup(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("sleep"); err != nil {
		t.Skip("no sleep command")
	}
	// sh starts a grandchild that ignores SIGTERM, says its pid, then
	// becomes the helper server.
	cfg := helperConfig("sh", "basic")
	cfg.Command = "sh"
	cfg.Args = []string{"-c", `(trap "" TERM; exec sleep 1000) & echo "grandchild $!" >&2; exec "$0" -test.run=^$`, os.Args[0]}
	m, err := NewManager(Config{Servers: []ServerConfig{cfg}}, WithStopGrace(100*time.Millisecond), WithBackoff(time.Hour, time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if err := m.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	// Once the child has exited, its stderr has all been read.
	if _, err := m.CallTool(context.Background(), "sh", "crash", nil); !errors.Is(err, ErrUnavailable) {
		t.Fatalf("CallTool(crash) = %v", err)
	}
	s := waitServer(t, m, "sh", "the error state", isState(model.StateError))
	pid := 0
	for _, l := range s.Stderr {
		if p, ok := strings.CutPrefix(l, "grandchild "); ok {
			pid, _ = strconv.Atoi(p)
		}
	}
	if pid == 0 {
		t.Fatalf("no grandchild pid in stderr %q", s.Stderr)
	}
	killLater(t, pid)
	m.Close()
	waitGone(t, pid, "the grandchild that ignores SIGTERM")
}

func TestChildDiesWithItsParent(t *testing.T) {
	t.Parallel()
	parent := exec.Command(os.Args[0], "-test.run=^$")
	parent.Env = append(os.Environ(), helperEnv+"=parent")
	out, err := parent.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := parent.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = parent.Process.Kill()
		_ = parent.Wait()
	})
	line, err := bufio.NewReader(out).ReadString('\n')
	p, ok := strings.CutPrefix(strings.TrimSpace(line), "child ")
	pid, _ := strconv.Atoi(p)
	if !ok || pid == 0 {
		t.Fatalf("parent said %q (%v)", line, err)
	}
	killLater(t, pid)
	// SIGKILL: no chance for the parent to stop its child itself.
	_ = parent.Process.Kill()
	waitGone(t, pid, "the stubborn child of a killed parent")
}

// TestHungServerFailsBeforeItIsReaped: a server that never answers
// initialize fails at its connect timeout; the child, which ignores
// SIGTERM and so takes the stop grace to kill, is reaped in the background
// (Close waits for it). The attempt used to end only once it was reaped.
func TestHungServerFailsBeforeItIsReaped(t *testing.T) {
	t.Parallel()
	pidFile := filepath.Join(t.TempDir(), "pid")
	hung := ServerConfig{Name: "hung", Source: "test", Command: "sh",
		Args: []string{"-c", `trap "" TERM; echo $$ > "$PID_FILE"; exec sleep 1000`}, Env: map[string]string{"PID_FILE": pidFile}}
	m := startManager(t, Config{Servers: []ServerConfig{hung}},
		WithConnectTimeout(500*time.Millisecond), WithStopGrace(2*time.Second), WithBackoff(time.Hour, time.Hour))
	s, _ := m.Server("hung")
	if s.State != model.StateError || !strings.Contains(s.Err, "timed out after 500ms") {
		t.Fatalf("state %s, err %q", s.State, s.Err)
	}
	b, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	pid, _ := strconv.Atoi(strings.TrimSpace(string(b)))
	if !alive(pid) {
		t.Error("the attempt ended only once the child was reaped")
	}
	m.Close()
	if alive(pid) {
		t.Error("Close left the child running")
	}
}

// TestCallOnAFailedServerStartsItOnce: a call to a server in error makes
// one attempt and answers with its outcome; the server, which stays in
// error while it retries, is not asked again meanwhile (each ask started
// one more child after the call had its answer).
func TestCallOnAFailedServerStartsItOnce(t *testing.T) {
	t.Parallel()
	starts := filepath.Join(t.TempDir(), "starts")
	dead := ServerConfig{Name: "dead", Source: "test", Command: "sh",
		Args: []string{"-c", `echo started >> "$STARTS"; echo "no database" >&2; exit 1`}, Env: map[string]string{"STARTS": starts}}
	m := startManager(t, Config{Servers: []ServerConfig{dead}}, WithBackoff(time.Hour, time.Hour))
	if _, err := m.CallTool(context.Background(), "dead", "x", nil); !errors.Is(err, ErrUnavailable) {
		t.Fatalf("CallTool = %v, want ErrUnavailable", err)
	}
	m.Close()
	b, _ := os.ReadFile(starts)
	if n := strings.Count(string(b), "started"); n != 2 {
		t.Errorf("started %d times, want 2 (the first attempt, then the call's)", n)
	}
}
