package registry

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"mcpeek/mcpclient/registry/sandbox"
)

// installTimeout bounds one npm install of a tried package.
const installTimeout = 5 * time.Minute

// Preparer readies a registry package's command to run on this machine:
// in the sandbox (Sandboxed) or as the user (Unsandboxed).
type Preparer struct {
	// AllowNet gives a sandboxed server the network.
	AllowNet bool
	// BundleClient downloads MCPB bundles (nil: the default client).
	BundleClient *http.Client
	// NoSandbox runs a package as the user (Runnable).
	NoSandbox bool
	// Binds are folders of the user's shown to a sandboxed server, at
	// their own paths.
	Binds []sandbox.Bind
}

// MissingInputsError is why a server cannot start: inputs it needs that
// were not given.
type MissingInputsError struct {
	Server  string
	Missing []string
}

// Error names the server and the inputs it needs.
func (e *MissingInputsError) Error() string {
	return e.Server + " needs " + strings.Join(e.Missing, ", ")
}

// Sandboxed turns l, a package's command as Launch resolved it, into the
// command that runs the same package in the sandbox: an npm or PyPI
// package installed first into a directory of its own (the install may
// use the network; like the run, it sees neither the user's home nor the
// run directories), an MCPB bundle downloaded, checked and unpacked, an
// OCI image run by Docker or Podman with their own isolation. It returns
// the package's own command (for showing), the sandboxed command to
// start, and what the sandbox enforces. note tells the user that an
// install starts.
func (pr Preparer) Sandboxed(ctx context.Context, l Launch, note func(string)) (SandboxedRun, error) {
	switch l.Kind {
	case "oci":
		return pr.containerRun(ctx, l, note)
	case "nuget":
		return SandboxedRun{}, fmt.Errorf("%s@%s is a NuGet package: mcpeek has no sandbox for dnx yet (it downloads the package as the server starts); give --no-sandbox to run it as you, or try another package of the server", l.Identifier, l.Version)
	}
	sb, err := sandbox.Detect()
	if err != nil {
		return SandboxedRun{}, fmt.Errorf("%w; give --no-sandbox to run the server without one, as you (it can then read and write your files and use the network)", err)
	}
	root, err := sandboxRoot(sb)
	if err != nil {
		return SandboxedRun{}, err
	}
	var run Launch
	var visible []string
	switch l.Kind {
	case "npm":
		run, visible, err = pr.installedNPM(ctx, sb, root, l, note)
	case "pypi":
		run, visible, err = installedPyPI(ctx, sb, root, l, note)
	case "mcpb":
		run, visible, err = pr.unpackedBundle(ctx, root, l, sandbox.Scratch, note)
	default:
		err = fmt.Errorf("a %q package %w", l.Kind, ErrNotRunnable)
	}
	if err != nil {
		return SandboxedRun{}, err
	}
	data, err := dataDir(sb, root, l.Identifier)
	if err != nil {
		return SandboxedRun{}, err
	}
	run = withDataPaths(run, data, note)
	r := SandboxedRun{Launch: run, Program: run.Program, Args: run.Args, Inside: true,
		Policy: pr.Policy()}
	r.Visible, r.Data = visible, data
	r.Says = r.Policy.String()
	noteUnseen(sb, r, visible[0], note)
	return r, nil
}

// Policy is what the sandbox of a server pr readies enforces, but for
// the package's own directories and its data directory: the default
// limits, the network if allowed, the user's folders shown.
func (pr Preparer) Policy() sandbox.Policy {
	return sandbox.Policy{Limits: sandbox.DefaultLimits, AllowNet: pr.AllowNet, Binds: pr.Binds}
}

// noteUnseen warns of what the server is given and will not find in its
// sandbox (sandbox.Warnings): a path among its arguments and variables,
// and a link of its package (in pkg). Secret values are not looked at.
func noteUnseen(sb *sandbox.Sandbox, r SandboxedRun, pkg string, note func(string)) {
	var given []string
	for i, a := range r.Launch.Args {
		if !r.Launch.SecretArgs[i] {
			given = append(given, a)
		}
	}
	for _, name := range sortedKeys(r.Launch.Env) {
		if !r.Launch.Secret[name] {
			given = append(given, r.Launch.Env[name])
		}
	}
	warnings := sb.Warnings(r.Policy, given, pkg)
	for _, w := range warnings {
		note("warning: " + w)
	}
	if len(warnings) > 0 {
		note("--bind DIR shows a folder of yours to the server, read-only (DIR:rw lets it write there)")
	}
}

// installedNPM is l, an npm package, as its own command (node and the
// package's bin), installed into root first when it is not there yet;
// visible are the directories the run reads, the package's own first (as
// for each kind).
func (pr Preparer) installedNPM(ctx context.Context, sb *sandbox.Sandbox, root string, l Launch, note func(string)) (Launch, []string, error) {
	node, err := lookReal("node")
	if err != nil {
		return l, nil, notInstalled(l, "node", err)
	}
	nodePrefix := filepath.Dir(filepath.Dir(node)) // .../bin/node: npm lies beside it
	dir := NPMDir(root, l.Identifier, l.Version)
	bin, err := NPMBin(dir, l.Identifier, l.Version)
	if errors.Is(err, ErrNotInstalled) {
		if err := installNPM(ctx, sb, l, dir, nodePrefix, note); err != nil {
			return l, nil, err
		}
		bin, err = NPMBin(dir, l.Identifier, l.Version)
	}
	if err != nil {
		return l, nil, err
	}
	return l.Replace(node, bin), []string{dir, nodePrefix}, nil
}

// notInstalled says which program a package needs and how to get it.
func notInstalled(l Launch, program string, err error) error {
	return fmt.Errorf("%s is a%s %s package: %s is not installed (%v): install %s", l.Identifier, map[bool]string{true: "n", false: ""}[l.Kind == "npm" || l.Kind == "oci" || l.Kind == "mcpb"],
		l.Kind, program, err, Runtimes[l.Kind].Install)
}

// SandboxedRun is a package's command and how it runs in the sandbox.
type SandboxedRun struct {
	Launch  Launch // the package's own command, to show
	Program string // what starts it: in the sandbox of Policy when inside
	Args    []string
	sandbox.Policy
	// Inside says that Program runs in a sandbox of Policy, started with
	// it (bubblewrap); else Program starts the sandbox itself (docker).
	Inside bool
	// Says what is enforced, for the user: the Policy's String, or what
	// Docker enforces.
	Says string
}

// installNPM installs l's package into dir with npm, in a sandbox that
// allows the network and writing to dir and to an npm cache beside it.
func installNPM(ctx context.Context, sb *sandbox.Sandbox, l Launch, dir, nodePrefix string, note func(string)) error {
	npm, err := lookReal("npm")
	if err != nil {
		return notInstalled(l, "npm", err)
	}
	// npm writes a directory beside the final one, renamed into place once
	// whole, so that a failed install never passes for an installed package.
	cache, part := filepath.Join(filepath.Dir(dir), ".npm-cache"), dir+".partial"
	if err := os.RemoveAll(part); err != nil {
		return err
	}
	if err := makeWritable(sb, part, cache); err != nil {
		return err
	}
	p := sandbox.Policy{Limits: sandbox.DefaultLimits, AllowNet: true,
		Visible: []string{nodePrefix, filepath.Dir(filepath.Dir(npm))}, Writable: []string{part, cache}}
	p.CPUSeconds, p.MemoryBytes = 1200, 2<<30
	env := proxyEnv(map[string]string{"npm_config_cache": cache, "npm_config_update_notifier": "false"})
	note(fmt.Sprintf("installing %s@%s into %s (network allowed, home hidden, no install scripts)...", l.Identifier, l.Version, dir))
	if err := install(ctx, sb, p, "npm", npm, []string{"install", "--prefix", part, "--no-save", "--no-package-lock",
		"--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error", "--", l.Identifier + "@" + l.Version}, env, l); err != nil {
		return err
	}
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	return os.Rename(part, dir)
}

// sandboxRoot is where tried packages are installed:
// $XDG_CACHE_HOME/mcpeek/sandbox. When mcpeek runs as root the sandbox
// runs as nobody, who must be able to read it: a cache folder that nobody
// cannot reach (root's own, mode 700) gives way to /var/cache/mcpeek.
func sandboxRoot(sb *sandbox.Sandbox) (string, error) {
	return installRoot(sb.Root())
}

// installRoot is sandboxRoot for a sandbox that runs as nobody (asNobody)
// or as the user.
func installRoot(asNobody bool) (string, error) {
	base, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no cache folder to install the package in: %w", err)
	}
	dir := filepath.Join(base, "mcpeek", "sandbox")
	if asNobody && sandbox.Readable(dir) != "" && sandbox.Readable(base) != "" {
		dir = filepath.Join("/var/cache", "mcpeek", "sandbox")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	if why := sandbox.Readable(dir); asNobody && why != "" {
		return "", fmt.Errorf("the sandbox runs as nobody, who cannot read %s: %s", dir, why)
	}
	return dir, nil
}

// lookReal finds a program on PATH and follows its symlinks, so that its
// installation's directory is known.
func lookReal(name string) (string, error) {
	p, err := exec.LookPath(name)
	if err != nil {
		return "", err
	}
	if p, err = filepath.Abs(p); err != nil {
		return "", err
	}
	return filepath.EvalSymlinks(p)
}
