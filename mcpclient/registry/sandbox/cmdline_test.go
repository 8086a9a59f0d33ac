package sandbox

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"mcpeek/internal/testkit"
)

// TestArgumentsOnNoCommandLineOfThisMachine starts a program with a
// secret argument and, once it runs (it says so), reads the command line
// of the process started and of every process under it in this machine's
// /proc, which every local user may read: the secret is in the program's
// own alone, never in those of setpriv, bwrap or a launcher.
func TestArgumentsOnNoCommandLineOfThisMachine(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		testkit.SkipSandbox(t, "bash is not installed")
	}
	s := detect(t)
	const secret = "s3cret-argument"
	own := []string{"/bin/bash", "-c", "echo up; read -r _ || :", "bash", secret}
	cmd := s.Command(context.Background(), Policy{Limits: DefaultLimits}, nil, own[0], own[1:])
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		stdin.Close()
		if err := cmd.Wait(); err != nil {
			t.Errorf("the program: %v: %s", err, stderr.String())
		}
	}()
	if line, err := bufio.NewReader(stdout).ReadString('\n'); line != "up\n" {
		t.Fatalf("the program did not start: %q %v: %s", line, err, stderr.String())
	}
	var holders [][]string
	tree := descendants(cmd.Process.Pid)
	for _, pid := range tree {
		b, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "cmdline"))
		if err != nil {
			continue // gone
		}
		if bytes.Contains(b, []byte(secret)) {
			holders = append(holders, strings.Split(strings.TrimSuffix(string(b), "\x00"), "\x00"))
		}
	}
	if len(holders) != 1 || !slices.Equal(holders[0], own) {
		t.Errorf("the argument is on these command lines of this machine (of %d processes), want the program's alone:\n%q", len(tree), holders)
	}
}

// descendants is pid and every process under it, read from /proc.
func descendants(pid int) []int {
	children := map[int][]int{}
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		child, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...: comm may hold spaces and parentheses.
		fields := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
		if len(fields) < 2 {
			continue
		}
		if ppid, err := strconv.Atoi(fields[1]); err == nil {
			children[ppid] = append(children[ppid], child)
		}
	}
	out := []int{pid}
	for i := 0; i < len(out); i++ {
		out = append(out, children[out[i]]...)
	}
	return out
}

// TestArgumentsArriveAsGiven: the launcher inside hands the program its
// arguments exactly, whatever they hold (spaces, quotes, $, a newline, an
// empty one, an option, more than ten), and leaves none of the variables
// that carried them in its environment.
func TestArgumentsArriveAsGiven(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		testkit.SkipSandbox(t, "bash is not installed")
	}
	s := detect(t)
	given := []string{"a b", `"q'`, "$HOME $(touch /tmp/x) `id`", `back\slash`, "line\nbreak", "", "-n", "*", "9", "10", "11", "12"}
	out, err := runWith(t, s, Policy{Limits: DefaultLimits}, nil, "/bin/bash",
		append([]string{"-c", `printf '%s\0' "$0" "$@"; env | grep ^` + argVar + ` || echo NO-VARIABLES; test ! -e /tmp/x || echo RAN`, "bash"}, given...)...)
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	got, rest, _ := strings.Cut(out, "NO-VARIABLES")
	if args := strings.Split(strings.TrimSuffix(got, "\x00"), "\x00"); !slices.Equal(args[1:], given) || args[0] != "bash" || rest != "\n" {
		t.Errorf("the program got %q\nwant %q, and no variable of the launcher's:\n%q", args, given, out)
	}
}
