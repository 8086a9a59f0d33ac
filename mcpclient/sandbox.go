package mcpclient

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"mcpeek/mcpclient/registry/sandbox"
)

// SandboxConfig is how a stdio server is contained: "sandbox" in the
// file, true for the defaults of a tried registry server, or an object
// that changes some of them ({"network": true, "memoryMiB": 1024}).
type SandboxConfig struct {
	// Network keeps the network; without it the server has loopback alone.
	Network bool `json:"network"`
	// MemoryMiB, Processes and CPUSeconds replace the default limits when
	// above zero.
	MemoryMiB  int64 `json:"memoryMiB"`
	Processes  int   `json:"processes"`
	CPUSeconds int   `json:"cpuSeconds"`
}

// sandboxField is "sandbox" as written: absent, false, true or a profile.
type sandboxField struct{ cfg *SandboxConfig }

func (f *sandboxField) UnmarshalJSON(b []byte) error {
	switch t := string(bytes.TrimSpace(b)); t {
	case "null", "false":
		f.cfg = nil
		return nil
	case "true":
		f.cfg = &SandboxConfig{}
		return nil
	}
	if t := bytes.TrimSpace(b); len(t) == 0 || t[0] != '{' {
		return errors.New(`"sandbox" must be true, false or an object such as {"network": true, "memoryMiB": 1024}`)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var c SandboxConfig
	if err := dec.Decode(&c); err != nil {
		return fmt.Errorf(`"sandbox": %v (it takes network, memoryMiB, processes, cpuSeconds)`, err)
	}
	if c.MemoryMiB < 0 || c.Processes < 0 || c.CPUSeconds < 0 {
		return errors.New(`"sandbox": limits must be positive numbers`)
	}
	f.cfg = &c
	return nil
}

// sandboxPolicy is what the sandbox of cfg enforces: a tried server's
// defaults changed by cfg.Sandbox, the directory of the command (when it
// is a path) visible, read-only. Scratch is the only writable place: a
// server that could write beside its command could replace it (a node
// binary outside the system's directories, say) for every later run,
// sandboxed or not.
func sandboxPolicy(cfg ServerConfig) sandbox.Policy {
	sc := cfg.Sandbox
	p := sandbox.Policy{Limits: sandbox.DefaultLimits, AllowNet: sc.Network}
	if sc.MemoryMiB > 0 {
		p.MemoryBytes = sc.MemoryMiB << 20
	}
	if sc.Processes > 0 {
		p.Processes = sc.Processes
	}
	if sc.CPUSeconds > 0 {
		p.CPUSeconds = sc.CPUSeconds
	}
	if dir := ownDir(cfg); dir != "" {
		p.Visible = []string{dir}
	}
	return p
}

// ownDir is the server's own directory: the directory of its command when
// the command is a path (relative ones from its cwd), else "". A system
// directory (/usr/bin for /usr/bin/node, visible anyway), the root, a
// home directory or one above a home is none: made visible, it would
// show the home's secrets to the server.
func ownDir(cfg ServerConfig) string {
	if !strings.ContainsRune(cfg.Command, filepath.Separator) {
		return ""
	}
	path := cfg.Command
	if !filepath.IsAbs(path) {
		path = filepath.Join(cfg.Cwd, path)
	}
	path, err := filepath.Abs(path)
	if err != nil {
		return ""
	}
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real
	}
	dir := filepath.Dir(path)
	home, _ := os.UserHomeDir()
	for _, d := range []string{"/bin", "/sbin", "/lib", "/lib32", "/lib64", "/usr", "/etc", "/boot", "/dev", "/proc", "/sys"} {
		if dir == d || strings.HasPrefix(dir, d+"/") {
			return ""
		}
	}
	if dir == "/" || filepath.Dir(dir) == "/home" {
		return ""
	}
	for _, d := range []string{"/home", "/root", home} {
		if d != "" && (d == dir || strings.HasPrefix(d, dir+"/")) {
			return ""
		}
	}
	return dir
}

// SandboxSummary says what the sandbox of cfg enforces ("" when it has
// none), for `servers` and the gateway's health.
func (c ServerConfig) SandboxSummary() string {
	if c.Wrapped != nil {
		return c.Wrapped.Sandbox
	}
	if c.Sandbox == nil {
		return ""
	}
	return sandboxPolicy(c).String()
}

// launch is a server's process, ready to start.
type launch struct {
	cmd   *exec.Cmd
	start func() error // starts cmd
	line  []string     // the whole command line, any sandbox's included
}

// serverCommand is the process that starts cfg's server: its own command
// with cfg.Env added to mcpeek's environment; or, when the entry asks for
// a sandbox ("sandbox" in the file, or a tried server's policy in
// Wrapped), that command in the sandbox, given cfg.Env and none of
// mcpeek's variables, and its programs that build the sandbox none at
// all. A sandbox that cannot be enforced here is an error: the server is
// never run without the sandbox it asks for.
func serverCommand(cfg ServerConfig) (launch, error) {
	var p sandbox.Policy
	switch {
	case cfg.Wrapped != nil && cfg.Wrapped.Policy != nil:
		p = *cfg.Wrapped.Policy
	case cfg.Sandbox != nil:
		p = sandboxPolicy(cfg)
	default:
		cmd := exec.Command(cfg.Command, cfg.Args...)
		cmd.Env = os.Environ()
		for _, k := range slices.Sorted(maps.Keys(cfg.Env)) {
			cmd.Env = append(cmd.Env, k+"="+cfg.Env[k])
		}
		return launch{cmd: cmd, start: cmd.Start, line: cmd.Args}, nil
	}
	sb, err := sandbox.Detect()
	if err != nil {
		return launch{}, fmt.Errorf(`the server asks for a sandbox ("sandbox" in its entry) and is not started: %w`, err)
	}
	if dir := ownDir(cfg); dir != "" && sb.Root() {
		if why := sandbox.Readable(dir); why != "" {
			return launch{}, fmt.Errorf("the sandbox runs as nobody, who cannot read the server's directory %s: %s", dir, why)
		}
	}
	if _, err := exec.LookPath(cfg.Command); err != nil && !strings.ContainsRune(cfg.Command, filepath.Separator) {
		return launch{}, fmt.Errorf("start %s: %w", cfg.Command, err)
	}
	program, err := sandboxProgram(cfg)
	if err != nil {
		return launch{}, err
	}
	c := sb.Command(context.Background(), p, cfg.Env, program, cfg.Args)
	return launch{cmd: c.Cmd, start: c.Start, line: c.Line}, nil
}

// sandboxProgram is cfg's command as its sandbox starts it: a relative
// path is made absolute from cfg.Cwd, since the sandbox starts in its
// scratch directory.
func sandboxProgram(cfg ServerConfig) (string, error) {
	if !strings.ContainsRune(cfg.Command, filepath.Separator) || filepath.IsAbs(cfg.Command) {
		return cfg.Command, nil
	}
	return filepath.Abs(filepath.Join(cfg.Cwd, cfg.Command))
}

// unseenWarnings are the warnings of sandbox.Warnings for the server of
// an entry with "sandbox": its command and arguments that its sandbox
// does not show, and the links of its own directory that lead out of
// what it sees. Its variables are not looked at: an entry's values count
// as secrets. There are none where the sandbox cannot be enforced (the
// start says why) and for a tried server, warned of before it is made.
func unseenWarnings(cfg ServerConfig) []string {
	if cfg.Sandbox == nil || cfg.Wrapped != nil {
		return nil
	}
	sb, err := sandbox.Detect()
	if err != nil {
		return nil
	}
	program, err := sandboxProgram(cfg)
	if err != nil {
		return nil
	}
	return sb.Warnings(sandboxPolicy(cfg), append([]string{program}, cfg.Args...), ownDir(cfg))
}
