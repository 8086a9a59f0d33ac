package sandbox

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"mcpeek/internal/testkit"
)

// runWith runs program with args and env in the sandbox under p and
// returns its output.
func runWith(t *testing.T, s *Sandbox, p Policy, env map[string]string, program string, args ...string) (string, error) {
	t.Helper()
	var out bytes.Buffer
	cmd := s.Command(context.Background(), p, env, program, args)
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	return out.String(), err
}

// TestPreloadLoadsOnlyInsideTheSandbox gives the program an LD_PRELOAD
// of a library whose constructor marks where it runs: it runs in the
// sandboxed program alone, never in the programs that build the sandbox
// (setpriv, bwrap) on this machine, as root or as the user.
func TestPreloadLoadsOnlyInsideTheSandbox(t *testing.T) {
	s := detect(t)
	lib, marks := testkit.SharedDir(t, "lib"), testkit.SharedDir(t, "marks")
	marker := filepath.Join(marks, "marker")
	so := testkit.PreloadLibrary(t, lib, marker)
	p := Policy{Limits: DefaultLimits, Visible: []string{lib}}
	out, err := runWith(t, s, p, map[string]string{"LD_PRELOAD": so}, "/bin/cat", "/tmp/preload-marker")
	if b, err := os.ReadFile(marker); err == nil {
		t.Errorf("the library ran outside the sandbox, on this machine: %s", b)
	}
	// Inside, the program was given it: prlimit, the first program in the
	// sandbox, and cat loaded it.
	if err != nil || !strings.Contains(out, "comm=prlimit") || !strings.Contains(out, "comm=cat") {
		t.Errorf("the program was not given its LD_PRELOAD: %v: %s", err, out)
	}
}

// TestProcShowsNothingOfMcpeek: a secret of mcpeek's environment is in
// none of /proc/1/environ, /proc/1/cmdline (PID 1 is bwrap's own) and
// /proc/self/environ inside, and /proc lists the sandbox's processes
// alone, none of this machine's.
func TestProcShowsNothingOfMcpeek(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		testkit.SkipSandbox(t, "bash is not installed")
	}
	t.Setenv("MCPEEK_TEST_SECRET", "s3cret-of-mcpeek")
	s := detect(t)
	out, err := runWith(t, s, Policy{Limits: DefaultLimits}, map[string]string{"GIVEN": "given-value"}, "/bin/bash", "-c", `
for f in /proc/1/environ /proc/1/cmdline /proc/self/environ; do
	echo "== $f"; cat $f | tr '\0' ' '; test "${PIPESTATUS[0]}" = 0 || echo UNREAD; echo
done
test -e /proc/$$/fd/3 && echo ARGS-FD-OPEN
echo "== processes"
for d in /proc/[0-9]*; do cat $d/comm; done`)
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if strings.Contains(out, "s3cret-of-mcpeek") || strings.Contains(out, "MCPEEK_TEST_SECRET") {
		t.Errorf("mcpeek's environment is readable inside:\n%s", out)
	}
	// The reads worked: PID 1 is bwrap, the program has its own variable
	// (and not the pipe that brought it to bwrap).
	_, pid1, _ := strings.Cut(out, "== /proc/1/cmdline\n")
	if strings.Contains(out, "\nUNREAD") || strings.Contains(out, "\nARGS-FD-OPEN") || !strings.Contains(pid1, "bwrap") || !strings.Contains(out, "GIVEN=given-value") {
		t.Errorf("/proc was not read as expected:\n%s", out)
	}
	_, procs, _ := strings.Cut(out, "== processes\n")
	// bwrap, bash, and the loop's cat (and the subshell around it).
	if me := filepath.Base(os.Args[0]); strings.Contains(procs, me[:min(len(me), 15)]) || strings.Count(procs, "\n") > 4 {
		t.Errorf("/proc lists processes of this machine (the test is %s):\n%s", me, procs)
	}
}

// TestUnseen: what the sandbox does not show is named with the reason;
// what it shows, or what is no path of this machine, is not.
func TestUnseen(t *testing.T) {
	s := detect(t)
	tmp, err := os.MkdirTemp("/tmp", "mcpeek-unseen-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(tmp) })
	if err := os.Chmod(tmp, 0o755); err != nil {
		t.Fatal(err)
	}
	shared := testkit.SharedDir(t, "unseen")
	private := filepath.Join(shared, "private")
	if err := os.Mkdir(private, 0o700); err != nil {
		t.Fatal(err)
	}
	p := Policy{Visible: []string{shared}}
	for path, want := range map[string]string{
		tmp:                      "the sandbox's /tmp is a fresh scratch of its own",
		"/usr/share":             "",
		"/no/such/path":          "",
		shared:                   "",
		filepath.Join(tmp, "no"): "",
	} {
		if got := s.Unseen(p, path); got != want {
			t.Errorf("Unseen(%s) = %q, want %q", path, got, want)
		}
	}
	if got := s.Unseen(Policy{Visible: []string{tmp}}, tmp); got != "" {
		t.Errorf("a visible directory under /tmp: %q", got)
	}
	if got := s.Unseen(p, private); s.Root() != strings.Contains(got, private+" is not readable by other users (the sandbox runs as nobody)") {
		t.Errorf("a private directory, root %v: %q", s.Root(), got)
	}
}
