package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"mcpeek/registry"
	"mcpeek/registry/sandbox"
)

// installTimeout bounds one npm install of a tried package.
const installTimeout = 5 * time.Minute

// sandboxed turns l, an npm package's npx command, into the same
// package's command run in the sandbox, installing the package first
// into a directory of its own when it is not there yet. The install may
// use the network (npm's download) but, like the run, sees neither the
// user's home nor the run directories, and runs no install scripts. It
// returns the package's own command (for showing), the sandboxed command
// to start, and what the sandbox enforces. note tells the user that an
// install starts.
func (a *app) sandboxed(ctx context.Context, l registry.Launch, note func(string)) (sandboxedRun, error) {
	sb, err := sandbox.Detect()
	if err != nil {
		return sandboxedRun{}, fmt.Errorf("%w; give --no-sandbox to run the server without one, as you (it can then read and write your files and use the network)", err)
	}
	node, err := lookReal("node")
	if err != nil {
		return sandboxedRun{}, fmt.Errorf("%s@%s is an npm package: node is not installed (%w)", l.Identifier, l.Version, err)
	}
	nodePrefix := filepath.Dir(filepath.Dir(node)) // .../bin/node: npm lies beside it
	root, err := sandboxRoot(sb)
	if err != nil {
		return sandboxedRun{}, err
	}
	dir := registry.NPMDir(root, l.Identifier, l.Version)
	bin, err := registry.NPMBin(dir, l.Identifier, l.Version)
	if errors.Is(err, registry.ErrNotInstalled) {
		if err := installNPM(ctx, sb, l, dir, nodePrefix, note); err != nil {
			return sandboxedRun{}, err
		}
		bin, err = registry.NPMBin(dir, l.Identifier, l.Version)
	}
	if err != nil {
		return sandboxedRun{}, err
	}
	r := sandboxedRun{Launch: l.Replace(node, bin), Policy: sandbox.Policy{Limits: sandbox.DefaultLimits,
		AllowNet: a.registry.allowNet, Visible: []string{dir, nodePrefix}, Env: append(sortedNames(l.Env), l.Inherited...)}}
	r.Program, r.Args = sb.Command(r.Policy, r.Launch.Program, r.Launch.Args)
	return r, nil
}

// sandboxedRun is a package's command and the same in the sandbox.
type sandboxedRun struct {
	Launch  registry.Launch // the package's own command, to show
	Program string          // what starts it in the sandbox
	Args    []string
	sandbox.Policy
}

// installNPM installs l's package into dir with npm, in a sandbox that
// allows the network and writing to dir and to an npm cache beside it.
func installNPM(ctx context.Context, sb *sandbox.Sandbox, l registry.Launch, dir, nodePrefix string, note func(string)) error {
	npm, err := lookReal("npm")
	if err != nil {
		return fmt.Errorf("%s@%s is an npm package: npm is not installed (%w)", l.Identifier, l.Version, err)
	}
	// npm writes a directory beside the final one, renamed into place once
	// whole, so that a failed install never passes for an installed package.
	cache, part := filepath.Join(filepath.Dir(dir), ".npm-cache"), dir+".partial"
	if err := os.RemoveAll(part); err != nil {
		return err
	}
	for _, d := range []string{part, cache} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
		if sb.Root() { // the install runs as nobody
			if err := os.Chown(d, 65534, 65534); err != nil {
				return err
			}
		}
	}
	p := sandbox.Policy{Limits: sandbox.DefaultLimits, AllowNet: true,
		Visible: []string{nodePrefix, filepath.Dir(filepath.Dir(npm))}, Writable: []string{part, cache},
		Env: []string{"HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY", "http_proxy", "https_proxy", "no_proxy"},
		Set: map[string]string{"npm_config_cache": cache, "npm_config_update_notifier": "false"}}
	p.CPUSeconds, p.MemoryBytes = 1200, 2<<30
	note(fmt.Sprintf("installing %s@%s into %s (network allowed, home hidden, no install scripts)...", l.Identifier, l.Version, dir))
	ctx, cancel := context.WithTimeout(ctx, installTimeout)
	defer cancel()
	prog, args := sb.Command(p, npm, []string{"install", "--prefix", part, "--no-save", "--no-package-lock",
		"--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error", "--", l.Identifier + "@" + l.Version})
	cmd := exec.CommandContext(ctx, prog, args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(out.String())
		if len(msg) > 2000 {
			msg = "..." + msg[len(msg)-2000:]
		}
		return fmt.Errorf("npm could not install %s@%s (%v): %s", l.Identifier, l.Version, err, msg)
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
	base, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no cache folder to install the package in: %w", err)
	}
	dir := filepath.Join(base, "mcpeek", "sandbox")
	if sb.Root() && sandbox.Readable(dir) != "" && sandbox.Readable(base) != "" {
		dir = filepath.Join("/var/cache", "mcpeek", "sandbox")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	if why := sandbox.Readable(dir); sb.Root() && why != "" {
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
