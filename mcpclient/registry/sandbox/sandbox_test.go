package sandbox

import (
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"mcpeek/internal/testkit"
)

// detect returns the platform's sandbox, or skips the test saying why.
func detect(t *testing.T) *Sandbox {
	t.Helper()
	s, err := Detect()
	if errors.Is(err, ErrUnavailable) {
		testkit.SkipSandbox(t, fmt.Sprintf("no sandbox on this machine: %v", err))
	}
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// outside makes a directory outside /tmp (the sandbox's scratch path)
// and the homes that everyone may read and write, so that only the
// sandbox stops a write or a read there, not the file modes; the test is
// skipped where there is none (testkit.SeenDir).
func outside(t *testing.T, name string) string {
	t.Helper()
	s := detect(t)
	return testkit.SeenDir(t, name, func(path string) string { return s.Unseen(Policy{Limits: DefaultLimits}, path) })
}

// run runs a bash script in the sandbox and returns its output.
func run(t *testing.T, s *Sandbox, p Policy, script string) (string, error) {
	t.Helper()
	return runWith(t, s, p, nil, "/bin/bash", "-c", script)
}

// TestHostileScriptFailsInside plants a private key in a home outside
// /tmp, then runs a script that reads it, writes outside the scratch
// directory and opens a socket to a listener of the test: each fails,
// while writing to scratch works.
func TestHostileScriptFailsInside(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		testkit.SkipSandbox(t, "bash is not installed")
	}
	home := outside(t, "home")
	if err := os.MkdirAll(filepath.Join(home, ".ssh"), 0o755); err != nil {
		t.Fatal(err)
	}
	key := filepath.Join(home, ".ssh", "id_rsa")
	if err := os.WriteFile(key, []byte("PRIVATE KEY"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("HOME", home)
	t.Setenv("MCPEEK_TEST_SECRET", "s3cret")
	s := detect(t)
	target := outside(t, "target")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	// A package directory under the hidden home stays visible, read-only.
	pkg := filepath.Join(home, "pkg")
	if err := os.Mkdir(pkg, 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(pkg, "index.js"), []byte("VISIBLE"), 0o644); err != nil {
		t.Fatal(err)
	}
	p := Policy{Limits: DefaultLimits, Visible: []string{pkg}}
	out, err := run(t, s, p, `
exec 2>&1
cat `+pkg+`/index.js; echo
echo x > `+pkg+`/new && echo WROTE-PACKAGE
cat `+key+` && echo READ-KEY
ls -A "$HOME"/.ssh && echo LISTED-HOME
echo x > `+target+`/pwned && echo WROTE-OUTSIDE
echo x > /tmp/ok && echo WROTE-SCRATCH
echo "secret=$MCPEEK_TEST_SECRET home=$HOME"
(exec 3<>/dev/tcp/127.0.0.1/`+port+`) 2>/dev/null && echo CONNECTED
true`)
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	for _, bad := range []string{"PRIVATE KEY", "READ-KEY", "LISTED-HOME", "WROTE-OUTSIDE", "WROTE-PACKAGE", "s3cret", "CONNECTED"} {
		if strings.Contains(out, bad) {
			t.Errorf("the sandbox let through %s:\n%s", bad, out)
		}
	}
	if !strings.Contains(out, "VISIBLE") || !strings.Contains(out, "WROTE-SCRATCH") || !strings.Contains(out, "home=/tmp") {
		t.Errorf("scratch is not writable, or HOME is not scratch:\n%s", out)
	}
	if _, err := os.Stat(filepath.Join(target, "pwned")); err == nil {
		t.Error("a file was written outside scratch")
	}
}

// TestAllowNetKeepsTheNetwork: with AllowNet the same connection works
// (bash's /dev/tcp), which shows that the refusal above is the sandbox's.
func TestAllowNetKeepsTheNetwork(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		testkit.SkipSandbox(t, "bash is not installed")
	}
	s := detect(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	script := "exec 3<>/dev/tcp/127.0.0.1/" + port + " && echo CONNECTED"
	for _, allow := range []bool{false, true} {
		out, _ := runWith(t, s, Policy{Limits: DefaultLimits, AllowNet: allow}, nil, "/bin/bash", "-c", script)
		if got := strings.Contains(string(out), "CONNECTED"); got != allow {
			t.Errorf("AllowNet %v: connected %v: %s", allow, got, out)
		}
	}
}

// TestLimits: the limits are those in force inside, and a file larger
// than scratch cannot be written. (That the kernel enforces an rlimit is
// its business; that they are set inside the user namespace is ours.)
func TestLimits(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		testkit.SkipSandbox(t, "bash is not installed")
	}
	s := detect(t)
	p := Policy{Limits: Limits{MemoryBytes: 64 << 20, Processes: 8, CPUSeconds: 60, ScratchBytes: 1 << 20}}
	out, err := runWith(t, s, p, nil, "/bin/bash", "-c", `echo $(ulimit -d) $(ulimit -u) $(ulimit -t)
head -c 2000000 /dev/zero > /tmp/big 2>/dev/null || echo SCRATCH-FULL`)
	if err != nil || !strings.Contains(string(out), "65536 8 60\n") || !strings.Contains(string(out), "SCRATCH-FULL") {
		t.Errorf("limits inside: %v %q", err, out)
	}
}

func TestPolicyString(t *testing.T) {
	t.Parallel()
	got := Policy{Limits: DefaultLimits}.String()
	want := "fs read-only except scratch (/tmp, 256 MiB), home hidden, no network, 512 MiB, 64 processes, 600 s CPU"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
