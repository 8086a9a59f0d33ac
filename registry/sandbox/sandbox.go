// Package sandbox runs a program of the MCP Registry in a bubblewrap
// sandbox on Linux: the system read-only, the user's home and the run
// directories hidden, a size-limited scratch directory as the only place
// it may write, no network unless allowed, and limits on memory,
// processes and CPU time set inside the sandbox with prlimit.
//
// The sandbox is a command prefix: Command returns the program and
// arguments to start in place of the server's own, handed to the
// operating system as an argument vector, never to a shell.
package sandbox

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
)

// Scratch is where the sandboxed program may write: a tmpfs of
// Limits.ScratchBytes, also its HOME, TMPDIR and working directory.
const Scratch = "/tmp"

// nobody is the user a sandbox started by root runs as, so that the files
// only root may read stay unread and the process limit counts.
const nobody = "65534"

// Limits bound what a sandboxed program may use.
type Limits struct {
	MemoryBytes  int64 // RLIMIT_DATA of each process
	Processes    int   // RLIMIT_NPROC inside the sandbox's user namespace
	CPUSeconds   int   // RLIMIT_CPU of each process
	ScratchBytes int64 // the size of the scratch tmpfs
}

// DefaultLimits are the limits of a tried server.
var DefaultLimits = Limits{MemoryBytes: 512 << 20, Processes: 64, CPUSeconds: 600, ScratchBytes: 256 << 20}

// Policy is what one sandboxed program may do.
type Policy struct {
	Limits
	// AllowNet keeps the network; without it the program has a network
	// namespace of its own with loopback alone.
	AllowNet bool
	// Visible are directories the program may read even where they lie
	// under a hidden one (its package directory, node's installation).
	Visible []string
	// Writable are directories the program may also write (an install's
	// package directory and npm cache); a server's run has none.
	Writable []string
	// Env names the variables of the environment the program keeps; every
	// other inherited variable is removed (their values never appear on
	// the command line, only their names).
	Env []string
	// Set are variables set to a value that is not secret (HOME, TMPDIR).
	Set map[string]string
}

// String says what p enforces, for the user: "fs read-only except
// scratch (/tmp, 256 MiB), home hidden, no network, 512 MiB, 64
// processes, 600 s CPU"; the writable directories are named.
func (p Policy) String() string {
	fs := "fs read-only except scratch (" + Scratch + ", " + mib(p.ScratchBytes) + ")"
	if len(p.Writable) > 0 {
		fs += " and " + strings.Join(p.Writable, ", ")
	}
	parts := []string{fs + ", home hidden"}
	if p.AllowNet {
		parts = append(parts, "network allowed")
	} else {
		parts = append(parts, "no network")
	}
	parts = append(parts, mib(p.MemoryBytes), strconv.Itoa(p.Processes)+" processes", strconv.Itoa(p.CPUSeconds)+" s CPU")
	return strings.Join(parts, ", ")
}

func mib(n int64) string { return strconv.FormatInt(n>>20, 10) + " MiB" }

// Sandbox is the platform's means of enforcing a Policy.
type Sandbox struct {
	bwrap, prlimit, setpriv string
	root                    bool // mcpeek runs as root: the sandbox runs as nobody
	home                    string
}

// ErrUnavailable is why this platform cannot enforce a sandbox.
var ErrUnavailable = errors.New("the sandbox cannot be enforced here")

// Detect finds bubblewrap and prlimit and checks that they work: a
// sandbox with no network is started once. Its error says what is
// missing and how to get it.
func Detect() (*Sandbox, error) {
	if runtime.GOOS != "linux" {
		return nil, fmt.Errorf("%w: only Linux is supported, with bubblewrap (this is %s)", ErrUnavailable, runtime.GOOS)
	}
	s := &Sandbox{root: os.Geteuid() == 0}
	s.home, _ = os.UserHomeDir()
	var err error
	if s.bwrap, err = exec.LookPath("bwrap"); err != nil {
		return nil, fmt.Errorf("%w: bubblewrap (bwrap) is not installed: install it (apt-get install bubblewrap, dnf install bubblewrap)", ErrUnavailable)
	}
	if s.prlimit, err = exec.LookPath("prlimit"); err != nil {
		return nil, fmt.Errorf("%w: prlimit (util-linux) is not installed: it sets the memory, process and CPU limits", ErrUnavailable)
	}
	if s.root {
		if s.setpriv, err = exec.LookPath("setpriv"); err != nil {
			return nil, fmt.Errorf("%w: mcpeek runs as root and setpriv (util-linux), which starts the sandbox as nobody, is not installed", ErrUnavailable)
		}
	}
	prog, args := s.Command(Policy{Limits: DefaultLimits}, "true", nil)
	if out, err := exec.Command(prog, args...).CombinedOutput(); err != nil {
		return nil, fmt.Errorf("%w: bubblewrap could not start a sandbox (%v: %s): user namespaces may be disabled (sysctl kernel.unprivileged_userns_clone, or an AppArmor rule), or this bubblewrap is older than 0.8",
			ErrUnavailable, err, strings.TrimSpace(string(out)))
	}
	return s, nil
}

// Root reports whether the sandbox runs as nobody because mcpeek runs as
// root; the directories it reads must then be readable by all.
func (s *Sandbox) Root() bool { return s.root }

// Command is the program and arguments that run program with args under
// p. The inherited environment is cut to p.Env and p.Set; the caller
// passes secret values through the environment, never the arguments.
func (s *Sandbox) Command(p Policy, program string, args []string) (string, []string) {
	b := []string{"--unshare-user", "--unshare-pid", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try",
		"--die-with-parent", "--new-session", "--cap-drop", "ALL"}
	if !p.AllowNet {
		b = append(b, "--unshare-net")
	}
	b = append(b, "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc")
	// Hidden: every home and the run directories (their sockets reach the
	// user's agents and daemons without a network). The scratch tmpfs goes
	// first, so that a visible directory under it stays visible.
	b = append(b, "--size", strconv.FormatInt(p.ScratchBytes, 10), "--tmpfs", Scratch)
	hidden := []string{"/home", "/root", "/run", "/var/run", "/var/tmp", "/mnt", "/media"}
	if s.home != "" && !slices.ContainsFunc(append(hidden, "/", Scratch), func(d string) bool {
		return s.home == d || strings.HasPrefix(s.home, d+"/")
	}) {
		hidden = append(hidden, s.home)
	}
	for _, d := range hidden {
		if fi, err := os.Lstat(d); err == nil && fi.IsDir() { // a symlink (/var/run) follows its target
			b = append(b, "--tmpfs", d)
		}
	}
	for _, d := range p.Visible {
		b = append(b, "--ro-bind", d, d)
	}
	for _, d := range p.Writable {
		b = append(b, "--bind", d, d)
	}
	// The hidden directories stay empty and read-only once the visible
	// ones are mounted inside them.
	for _, d := range hidden {
		if fi, err := os.Lstat(d); err == nil && fi.IsDir() {
			b = append(b, "--remount-ro", d)
		}
	}
	b = append(b, "--chdir", Scratch)
	// Kept: where programs are, the locale, and the certificate
	// authorities a TLS-intercepting network needs (paths, not secrets).
	keep := map[string]bool{"PATH": true, "LANG": true, "TZ": true,
		"NODE_EXTRA_CA_CERTS": true, "SSL_CERT_FILE": true, "SSL_CERT_DIR": true}
	for _, n := range p.Env {
		keep[n] = true
	}
	for _, kv := range os.Environ() {
		n, _, _ := strings.Cut(kv, "=")
		if !keep[n] && !strings.HasPrefix(n, "LC_") {
			b = append(b, "--unsetenv", n)
		}
	}
	set := map[string]string{"HOME": Scratch, "TMPDIR": Scratch}
	for k, v := range p.Set {
		set[k] = v
	}
	for _, k := range sortedKeys(set) {
		b = append(b, "--setenv", k, set[k])
	}
	// The limits are set inside the new user namespace: RLIMIT_NPROC then
	// counts the sandbox's processes, not every process of the user.
	b = append(b, "--", s.prlimit,
		"--data="+strconv.FormatInt(p.MemoryBytes, 10),
		"--nproc="+strconv.Itoa(p.Processes),
		"--cpu="+strconv.Itoa(p.CPUSeconds),
		"--core=0", "--", program)
	b = append(b, args...)
	if !s.root {
		return s.bwrap, b
	}
	return s.setpriv, append([]string{"--reuid=" + nobody, "--regid=" + nobody, "--clear-groups", "--", s.bwrap}, b...)
}

// Readable reports why nobody, the user a root sandbox runs as, cannot
// read dir ("" when it can): each directory above it must let others in.
func Readable(dir string) string {
	for d := dir; ; d = filepath.Dir(d) {
		fi, err := os.Stat(d)
		if err != nil {
			return err.Error()
		}
		if fi.Mode().Perm()&0o005 != 0o005 {
			return d + " is not readable by other users"
		}
		if d == filepath.Dir(d) {
			return ""
		}
	}
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
