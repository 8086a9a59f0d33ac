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
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"maps"
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
	// Binds are the user's own folders shown to the program, each at its
	// own path, read-only unless it says otherwise.
	Binds []Bind
	// Data, when set, is a directory of this machine the program may
	// write, kept between runs: its HOME and working directory, at its
	// own path.
	Data string
}

// Bind is a folder of the user's shown to a sandboxed program at the same
// path.
type Bind struct {
	Dir   string
	Write bool // the program may write it, not only read it
}

// ParseBind reads a bind as given on the command line: DIR, read-only,
// or DIR:rw, writable. DIR is made absolute and must exist.
func ParseBind(s string) (Bind, error) {
	dir, write := s, false
	if d, ok := strings.CutSuffix(s, ":rw"); ok {
		dir, write = d, true
	} else if d, ok := strings.CutSuffix(s, ":ro"); ok {
		dir = d
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return Bind{}, err
	}
	if _, err := os.Stat(abs); err != nil {
		return Bind{}, fmt.Errorf("%s: %w", s, err)
	}
	return Bind{Dir: abs, Write: write}, nil
}

// String is the folder and what the program may do there: "DIR
// (read-only)", "DIR (writable)".
func (b Bind) String() string {
	if b.Write {
		return b.Dir + " (writable)"
	}
	return b.Dir + " (read-only)"
}

// String says what p enforces, for the user: "fs read-only except
// scratch (/tmp, 256 MiB), home hidden, no network, 512 MiB, 64
// processes, 600 s CPU"; the writable directories are named, then the
// user's folders shown and the data directory.
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
	for _, b := range p.Binds {
		parts = append(parts, "shown "+b.String())
	}
	if p.Data != "" {
		parts = append(parts, "data "+p.Data+" (writable)")
	}
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
	var out bytes.Buffer
	cmd := s.Command(context.Background(), Policy{Limits: DefaultLimits}, nil, "true", nil)
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%w: bubblewrap could not start a sandbox (%v: %s): user namespaces may be disabled (sysctl kernel.unprivileged_userns_clone, or an AppArmor rule), or this bubblewrap is older than 0.8",
			ErrUnavailable, err, strings.TrimSpace(out.String()))
	}
	return s, nil
}

// Root reports whether the sandbox runs as nobody because mcpeek runs as
// root; the directories it reads must then be readable by all.
func (s *Sandbox) Root() bool { return s.root }

// Cmd is a program ready to start in the sandbox. The programs that
// build the sandbox (setpriv, bwrap) run on this machine, so they start
// with an environment of their own, empty, and bwrap reads its options,
// the program's environment, the program and its arguments among them,
// from a pipe (--args): no variable of mcpeek's or of the program's
// reaches them (an LD_PRELOAD would load into them), no process of this
// machine shows the program's values or arguments on its command line
// (which every local user may read) but the program's own, and bwrap,
// which is PID 1 inside, holds none of mcpeek's variables for the program
// to read in /proc/1.
//
// Start it with its own Start or Run, which hand bwrap its options.
type Cmd struct {
	*exec.Cmd
	// Line is the whole command line as bwrap reads it, the options of
	// the pipe in place of --args, the values the caller gave masked, and
	// the program with its arguments in place of the launcher that takes
	// them from the pipe, for debugging.
	Line []string
	opts []byte // bwrap's options, NUL-terminated each
}

// Start starts c, writing bwrap's options into its pipe.
func (c *Cmd) Start() error {
	r, w, err := os.Pipe()
	if err != nil {
		return err
	}
	c.ExtraFiles = []*os.File{r}
	err = c.Cmd.Start()
	r.Close() // bwrap has its own; a bwrap that never reads lets the write fail
	if err != nil {
		w.Close()
		return err
	}
	go func() {
		_, _ = w.Write(c.opts)
		w.Close()
	}()
	return nil
}

// Run starts c and waits for it to end.
func (c *Cmd) Run() error {
	if err := c.Start(); err != nil {
		return err
	}
	return c.Wait()
}

// kept are the variables of mcpeek's environment a sandboxed program
// keeps: where programs are, the locale, and the certificate authorities
// a TLS-intercepting network needs (paths, not secrets); and the LC_*.
var kept = []string{"PATH", "LANG", "TZ", "NODE_EXTRA_CA_CERTS", "SSL_CERT_FILE", "SSL_CERT_DIR"}

// argVar names the variables that carry the program and its arguments
// through bwrap's pipe to the launcher: argVar+"C" their count,
// argVar+"0" the program, argVar+"1" its first argument, and so on.
const argVar = "MCPEEK_SANDBOX_ARG"

// launcher is the script of the shell that bwrap starts inside, the same
// for every program, so that bwrap's command line holds none of the
// program's arguments: it sets its own arguments from the argVar
// variables (each value expanded by the shell, never read as code),
// removes them from the environment and becomes the program.
const launcher = `i=0; set --
while [ "$i" -lt "$MCPEEK_SANDBOX_ARGC" ]; do
	eval "set -- \"\$@\" \"\$MCPEEK_SANDBOX_ARG$i\"; unset MCPEEK_SANDBOX_ARG$i"
	i=$((i + 1))
done
unset MCPEEK_SANDBOX_ARGC i
exec "$@"`

// Command is the command that runs program with args and env under p.
// The program's environment is kept's variables of mcpeek's, HOME at
// p's data directory (scratch without one), TMPDIR at scratch, and env (which may hold secrets: they reach bwrap
// through its pipe, never a command line or the launcher's environment);
// the program and its arguments reach it through the pipe too.
func (s *Sandbox) Command(ctx context.Context, p Policy, env map[string]string, program string, args []string) *Cmd {
	b, shown := s.options(p), []string(nil)
	b = append(b, "--clearenv")
	set := map[string]string{}
	for _, kv := range os.Environ() {
		if n, v, _ := strings.Cut(kv, "="); slices.Contains(kept, n) || strings.HasPrefix(n, "LC_") {
			set[n] = v
		}
	}
	set["HOME"], set["TMPDIR"] = cmp.Or(p.Data, Scratch), Scratch
	maps.Copy(set, env)
	shown = slices.Clone(b)
	for _, k := range sortedKeys(set) {
		b = append(b, "--setenv", k, set[k])
		if _, given := env[k]; given {
			shown = append(shown, "--setenv", k, "***")
		} else {
			shown = append(shown, "--setenv", k, set[k])
		}
	}
	argv := append([]string{program}, args...)
	for i, a := range argv {
		b = append(b, "--setenv", argVar+strconv.Itoa(i), a)
	}
	b = append(b, "--setenv", argVar+"C", strconv.Itoa(len(argv)))
	// The limits are set inside the new user namespace: RLIMIT_NPROC then
	// counts the sandbox's processes, not every process of the user.
	limits := []string{"--", s.prlimit,
		"--data=" + strconv.FormatInt(p.MemoryBytes, 10),
		"--nproc=" + strconv.Itoa(p.Processes),
		"--cpu=" + strconv.Itoa(p.CPUSeconds),
		"--core=0", "--"}
	start := []string{s.bwrap}
	if s.root {
		start = []string{s.setpriv, "--reuid=" + nobody, "--regid=" + nobody, "--clear-groups", "--", s.bwrap}
	}
	// The pipe is the child's first extra file: descriptor 3. bwrap takes
	// the command from its own command line only: the launcher's.
	cmd := exec.CommandContext(ctx, start[0], slices.Concat(start[1:], []string{"--args", "3"}, limits, []string{"/bin/sh", "-c", launcher, "sh"})...)
	cmd.Env = []string{}
	var opts bytes.Buffer
	for _, o := range b {
		opts.WriteString(o)
		opts.WriteByte(0)
	}
	return &Cmd{Cmd: cmd, Line: slices.Concat(start, shown, limits, argv), opts: opts.Bytes()}
}

// options are bwrap's options that enforce p, before the environment.
func (s *Sandbox) options(p Policy) []string {
	b := []string{"--unshare-user", "--unshare-pid", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try",
		"--die-with-parent", "--new-session", "--cap-drop", "ALL"}
	if !p.AllowNet {
		b = append(b, "--unshare-net")
	}
	// A fresh /proc of the new PID namespace: the sandbox's processes
	// alone.
	b = append(b, "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc")
	// Hidden: every home and the run directories (their sockets reach the
	// user's agents and daemons without a network). The scratch tmpfs goes
	// first, so that a visible directory under it stays visible.
	b = append(b, "--size", strconv.FormatInt(p.ScratchBytes, 10), "--tmpfs", Scratch)
	hidden := s.hidden()
	for _, d := range hidden {
		b = append(b, "--tmpfs", d)
	}
	for _, d := range p.Visible {
		b = append(b, "--ro-bind", d, d)
	}
	for _, d := range p.Writable {
		b = append(b, "--bind", d, d)
	}
	for _, d := range p.Binds {
		b = append(b, map[bool]string{false: "--ro-bind", true: "--bind"}[d.Write], d.Dir, d.Dir)
	}
	if p.Data != "" {
		b = append(b, "--bind", p.Data, p.Data)
	}
	// The hidden directories stay empty and read-only once the visible
	// ones are mounted inside them.
	for _, d := range hidden {
		b = append(b, "--remount-ro", d)
	}
	return append(b, "--chdir", cmp.Or(p.Data, Scratch))
}

// hidden are the directories of this machine the sandbox replaces with
// an empty one, beside scratch: the homes, the user's own, and the run
// directories, those that exist as directories (a symlink, /var/run,
// follows its target).
func (s *Sandbox) hidden() []string {
	hidden := []string{"/home", "/root", "/run", "/var/run", "/var/tmp", "/mnt", "/media"}
	if s.home != "" && !slices.ContainsFunc(append(slices.Clone(hidden), "/", Scratch), func(d string) bool {
		return s.home == d || strings.HasPrefix(s.home, d+"/")
	}) {
		hidden = append(hidden, s.home)
	}
	return slices.DeleteFunc(hidden, func(d string) bool {
		fi, err := os.Lstat(d)
		return err != nil || !fi.IsDir()
	})
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
