package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"mcpeek/internal/testkit"
)

// TestTriedFilesystemListsABoundFolder gives the real filesystem server
// a folder its sandbox hides, shown with --bind: the server starts and
// lists it (without the bind it sees nothing and fails). A folder shown
// read-only stays unwritten.
func TestTriedFilesystemListsABoundFolder(t *testing.T) {
	_, modules := sandboxReady(t)
	reg := localRegistry(t)
	preinstall(t, modules, "@modelcontextprotocol/server-filesystem")
	dir := testkit.SharedDir(t, "given")
	if why := sandboxUnseen(t)(dir); why == "" {
		t.Fatalf("the sandbox sees %s without a bind: the test proves nothing", dir)
	}
	if err := os.WriteFile(filepath.Join(dir, "planted-note.txt"), []byte("hi"), 0o644); err != nil {
		t.Fatal(err)
	}
	server := []string{"--registry", reg.URL, "--registry-server", "io.github.modelcontextprotocol/server-filesystem", "--registry-input", "allowed_directory=" + dir}
	out, stderr, code := mcpeek(t, append(server, "--bind", dir, "call", "server-filesystem.list_directory", "--args", fmt.Sprintf(`{"path": %q}`, dir))...)
	if code != 0 || !strings.Contains(out, "planted-note.txt") || !strings.Contains(stderr, "shown "+dir+" (read-only)") {
		t.Fatalf("exit %d\n%s\n%s", code, out, stderr)
	}
	out, stderr, code = mcpeek(t, append(server, "--bind", dir, "call", "server-filesystem.write_file", "--args", fmt.Sprintf(`{"path": %q, "content": "x"}`, filepath.Join(dir, "new.txt")))...)
	if _, err := os.Stat(filepath.Join(dir, "new.txt")); err == nil {
		t.Errorf("a folder shown read-only was written: exit %d\n%s\n%s", code, out, stderr)
	}
	_, stderr, _ = mcpeek(t, append(server, "tools")...)
	if !strings.Contains(stderr, "which it cannot see") || !strings.Contains(stderr, "--bind DIR shows a folder of yours") {
		t.Errorf("without --bind, no warning that says how to show it:\n%s", stderr)
	}
}

// TestTriedMemoryWritesItsDataDirectory: the real memory server, tried
// with no input, keeps its graph in its data directory: the first write
// succeeds, the next run reads it back, and stderr says where it went.
func TestTriedMemoryWritesItsDataDirectory(t *testing.T) {
	_, modules := sandboxReady(t)
	reg := localRegistry(t)
	preinstall(t, modules, "@modelcontextprotocol/server-memory")
	server := []string{"--registry", reg.URL, "--registry-server", "io.github.modelcontextprotocol/server-memory"}
	out, stderr, code := mcpeek(t, append(server, "call", "server-memory.create_entities", "--args",
		`{"entities": [{"name": "mcpeek-kept", "entityType": "test", "observations": ["written"]}]}`)...)
	if code != 0 || !strings.Contains(stderr, "data directory ") || !strings.Contains(stderr, "MEMORY_FILE_PATH=") {
		t.Fatalf("the first write: exit %d\n%s\n%s", code, out, stderr)
	}
	out, stderr, code = mcpeek(t, append(server, "call", "server-memory.read_graph")...)
	if code != 0 || !strings.Contains(out, "mcpeek-kept") {
		t.Errorf("the next run: exit %d\n%s\n%s", code, out, stderr)
	}
}

// TestTryAsksToShowTheFolderGiven answers the filesystem server's
// <allowed_directory> on a real terminal (tmux) with a folder the sandbox
// hides: the prompt says what the sandbox holds, offers to show the
// folder, and, shown read-only, the server starts and lists its tools.
func TestTryAsksToShowTheFolderGiven(t *testing.T) {
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed (apt-get install -y tmux)")
	}
	node, modules := sandboxReady(t)
	reg := localRegistry(t)
	preinstall(t, modules, "@modelcontextprotocol/server-filesystem")
	dir := testkit.SharedDir(t, "asked")
	bin := mcpeekBinary(t)
	session := fmt.Sprintf("mcpeek-try-%d", os.Getpid())
	tmux := func(args ...string) string {
		t.Helper()
		out, err := exec.Command("tmux", args...).CombinedOutput()
		if err != nil {
			t.Fatalf("tmux %q: %v\n%s", args, err, out)
		}
		return string(out)
	}
	done := filepath.Join(t.TempDir(), "exit")
	shell := fmt.Sprintf("env PATH=%s:$PATH XDG_CACHE_HOME=%s %s try io.github.modelcontextprotocol/server-filesystem --no-tui --registry %s; echo $? > %s; sleep 600",
		filepath.Dir(node), os.Getenv("XDG_CACHE_HOME"), bin, reg.URL, done)
	tmux("new-session", "-d", "-s", session, "-x", "200", "-y", "60", shell)
	t.Cleanup(func() { exec.Command("tmux", "kill-session", "-t", session).Run() })
	screen := func() string { return tmux("capture-pane", "-p", "-J", "-S", "-200", "-t", session) }
	wait := func(want string) {
		t.Helper()
		for deadline := time.Now().Add(60 * time.Second); !strings.Contains(screen(), want); time.Sleep(100 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("gave up waiting for %q on:\n%s", want, screen())
			}
		}
	}
	wait("argument <allowed_directory>")
	if s := screen(); !strings.Contains(s, "it sees an empty scratch /tmp of its own") {
		t.Errorf("the prompt does not say what the sandbox holds:\n%s", s)
	}
	tmux("send-keys", "-t", session, "-l", dir)
	tmux("send-keys", "-t", session, "Enter")
	wait("show it to the server? [R]ead-only, [w]ritable, [n]o")
	tmux("send-keys", "-t", session, "Enter")
	for deadline := time.Now().Add(120 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		if b, err := os.ReadFile(done); err == nil && len(b) > 0 {
			if s := screen(); strings.TrimSpace(string(b)) != "0" || !strings.Contains(s, "server-filesystem (") || !strings.Contains(s, "shown "+dir+" (read-only)") {
				t.Fatalf("exit %s:\n%s", b, s)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("try did not end:\n%s", screen())
		}
	}
}
