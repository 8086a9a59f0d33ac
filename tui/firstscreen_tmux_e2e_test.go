package tui

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Trap: a newcomer's first screen at 80x24 (no config: the embedded demo
// server) lost its hint bar under the demo notice, which the title bar
// says already: the first screen did not say "? help" or "q quit". The
// real binary, in tmux, with an empty HOME.
func TestTmuxFirstScreenKeepsTheHints80x24(t *testing.T) {
	if testing.Short() {
		t.Skip("a tmux run of the real binary: not in -short")
	}
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed (apt-get install -y tmux)")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "mcpeek")
	if out, err := exec.Command("go", "build", "-o", bin, "mcpeek/cmd/mcpeek").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	session := fmt.Sprintf("mcpeek-first-%d", os.Getpid())
	env := fmt.Sprintf("cd %s && env HOME=%[1]s XDG_CONFIG_HOME=%[1]s/config XDG_CACHE_HOME=%[1]s/cache XDG_STATE_HOME=%[1]s/state ", dir)
	if out, err := exec.Command("tmux", "new-session", "-d", "-s", session, "-x", "80", "-y", "24", env+bin).CombinedOutput(); err != nil {
		t.Fatalf("tmux: %v\n%s", err, out)
	}
	t.Cleanup(func() { exec.Command("tmux", "kill-session", "-t", session).Run() })
	var screen string
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		out, _ := exec.Command("tmux", "capture-pane", "-p", "-t", session).Output()
		screen = string(out)
		if strings.Contains(screen, "shop_get_order") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the demo's tools never showed:\n%s", screen)
		}
	}
	lines := strings.Split(strings.TrimRight(screen, "\n"), "\n")
	if !strings.Contains(lines[0], "demo server") {
		t.Errorf("the title bar does not say the demo runs:\n%s", screen)
	}
	if last := lines[len(lines)-1]; !strings.Contains(last, "? help") || !strings.Contains(last, "q quit") {
		t.Errorf("the first screen's last line is not the hints: %q\n%s", last, screen)
	}
}
