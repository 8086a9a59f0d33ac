package tui

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"mcpeek/internal/npmpeers"
)

// TestTmuxWalkEverythingOffers walks the real mcpeek binary in tmux over
// server-everything: its resources, templates and prompts are listed
// under its tools; a template's form completes the variable as it is
// typed and reads the filled-in URI; a prompt's form completes one
// argument from the other and gets the messages; the log screen opens.
func TestTmuxWalkEverythingOffers(t *testing.T) {
	if testing.Short() {
		t.Skip("a tmux walk over server-everything: not in -short")
	}
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed (apt-get install -y tmux)")
	}
	node, modules := npmpeers.Find(t)
	dir := t.TempDir()
	bin := filepath.Join(dir, "mcpeek")
	if out, err := exec.Command("go", "build", "-o", bin, "mcpeek/cmd/mcpeek").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cfg, _ := json.Marshal(map[string]any{"mcpServers": map[string]any{"everything": map[string]any{
		"command": node,
		"args":    []string{filepath.Join(modules, "@modelcontextprotocol/server-everything/dist/index.js"), "stdio"},
	}}})
	cfgPath := filepath.Join(dir, "mcp.json")
	if err := os.WriteFile(cfgPath, cfg, 0o644); err != nil {
		t.Fatal(err)
	}
	session := fmt.Sprintf("mcpeek-walk-%d", os.Getpid())
	tmux := func(args ...string) string {
		t.Helper()
		out, err := exec.Command("tmux", args...).CombinedOutput()
		if err != nil {
			t.Fatalf("tmux %q: %v\n%s", args, err, out)
		}
		return string(out)
	}
	tmux("new-session", "-d", "-s", session, "-x", "160", "-y", "48",
		"env XDG_STATE_HOME="+dir+" "+bin+" --config "+cfgPath)
	t.Cleanup(func() { exec.Command("tmux", "kill-session", "-t", session).Run() })
	keys := func(k ...string) { tmux(append([]string{"send-keys", "-t", session}, k...)...) }
	// typed sends text as it is, not as key names.
	typed := func(s string) { tmux("send-keys", "-t", session, "-l", s) }
	wait := func(want ...string) string {
		t.Helper()
		deadline := time.Now().Add(30 * time.Second)
		for {
			screen := tmux("capture-pane", "-p", "-t", session)
			missing := ""
			for _, w := range want {
				if !strings.Contains(screen, w) {
					missing = w
					break
				}
			}
			if missing == "" {
				return screen
			}
			if time.Now().After(deadline) {
				t.Fatalf("gave up waiting for %q on:\n%s", missing, screen)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}

	wait("▤ architecture.md", "▦ Dynamic Text Resource", "» completable-prompt", "echo")

	keys("/")
	typed("Dynamic Text")
	keys("Enter", "Enter")
	wait("Read Dynamic Text Resource", "resourceId")
	typed("1")
	wait("tab: complete")
	keys("C-s")
	wait("─ demo://resource/dynamic/text/1", "Resource 1: This is a plaintext resource")

	keys("/")
	typed("completable")
	keys("Enter", "Enter")
	wait("Get completable-prompt", "department*")
	typed("E")
	wait("Engineering")
	keys("Tab", "Enter")
	wait("Alice", "Bob") // the names of the department chosen
	keys("Tab", "C-s")
	wait("[0] user", "Please promote Alice to the head of the Engineering team.")

	keys("M")
	wait("Server log", "+/-: level")
	keys("M", "q")
}
