package registry

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"mcpeek/mcpclient/registry/sandbox"
)

// installedPyPI is l, a PyPI package, as its own command (the console
// script uvx would run), installed first with uv into a directory of its
// own under root when it is not there yet: uv tool install, in the
// sandbox with the network and that directory writable. The tool's
// virtual environment holds absolute paths, so it is installed in place
// and marked whole by a file written last. visible are the directories
// the run reads: the package's and its Python's installation.
func installedPyPI(ctx context.Context, sb *sandbox.Sandbox, root string, l Launch, note func(string)) (Launch, []string, error) {
	dir := filepath.Join(root, "pypi", l.Identifier+"@"+l.Version)
	done := filepath.Join(dir, ".installed")
	if _, err := os.Stat(done); err != nil {
		uv, err := lookReal("uv")
		if err != nil {
			return l, nil, notInstalled(l, "uv", err)
		}
		cache := filepath.Join(root, "pypi", ".uv-cache")
		if err := os.RemoveAll(dir); err != nil {
			return l, nil, err
		}
		if err := makeWritable(sb, dir, cache); err != nil {
			return l, nil, err
		}
		p := sandbox.Policy{Limits: sandbox.DefaultLimits, AllowNet: true,
			Visible: []string{filepath.Dir(uv)}, Writable: []string{dir, cache}}
		p.CPUSeconds, p.MemoryBytes = 1200, 2<<30
		env := proxyEnv(map[string]string{"UV_TOOL_DIR": filepath.Join(dir, "tools"), "UV_TOOL_BIN_DIR": filepath.Join(dir, "bin"),
			"UV_CACHE_DIR": cache, "UV_PYTHON_INSTALL_DIR": filepath.Join(dir, "python"), "UV_NO_CONFIG": "1"})
		note(fmt.Sprintf("installing %s==%s into %s (network allowed, home hidden)...", l.Identifier, l.Version, dir))
		if err := install(ctx, sb, p, "uv", uv, []string{"tool", "install", "--quiet", l.Identifier + "==" + l.Version}, env, l); err != nil {
			return l, nil, err
		}
		if err := os.WriteFile(done, nil, 0o644); err != nil {
			return l, nil, err
		}
	}
	bin, err := onlyCommand(filepath.Join(dir, "bin"), l.Identifier)
	if err != nil {
		return l, nil, err
	}
	visible := []string{dir}
	// The environment's python links to the interpreter uv chose: the
	// system's, or one under the user's home (pyenv), made visible.
	if py, err := filepath.EvalSymlinks(filepath.Join(dir, "tools", l.Identifier, "bin", "python")); err == nil {
		visible = append(visible, filepath.Dir(filepath.Dir(py)))
	}
	return l.Replace(bin), visible, nil
}

// onlyCommand is the command uv installed into bin: the only one, else
// the one named as the package, as uvx chooses it.
func onlyCommand(bin, identifier string) (string, error) {
	entries, err := os.ReadDir(bin)
	if err != nil {
		return "", fmt.Errorf("%s: no command installed: %w", identifier, err)
	}
	if len(entries) == 1 {
		return filepath.Join(bin, entries[0].Name()), nil
	}
	for _, e := range entries {
		if strings.EqualFold(e.Name(), identifier) {
			return filepath.Join(bin, e.Name()), nil
		}
	}
	return "", fmt.Errorf("%s installs %d commands, none named as the package: mcpeek does not know which one to run", identifier, len(entries))
}

// proxyEnv is set with the variables of mcpeek's environment that say
// how to reach the network, which an install keeps.
func proxyEnv(set map[string]string) map[string]string {
	for _, n := range []string{"HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY", "http_proxy", "https_proxy", "no_proxy"} {
		if v, ok := os.LookupEnv(n); ok {
			set[n] = v
		}
	}
	return set
}

// makeWritable makes the directories an install writes, owned by nobody
// when the sandbox runs as nobody.
func makeWritable(sb *sandbox.Sandbox, dirs ...string) error {
	for _, d := range dirs {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
		if sb.Root() {
			if err := os.Chown(d, 65534, 65534); err != nil {
				return err
			}
		}
	}
	return nil
}

// install runs program (name) with args and env in the sandbox under p,
// bounded by installTimeout; its error holds the end of what the program
// said.
func install(ctx context.Context, sb *sandbox.Sandbox, p sandbox.Policy, name, program string, args []string, env map[string]string, l Launch) error {
	ctx, cancel := context.WithTimeout(ctx, installTimeout)
	defer cancel()
	cmd := sb.Command(ctx, p, env, program, args)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(out.String())
		if len(msg) > 2000 {
			msg = "..." + msg[len(msg)-2000:]
		}
		return fmt.Errorf("%s could not install %s@%s (%v): %s", name, l.Identifier, l.Version, err, msg)
	}
	return nil
}

// unpackedBundle is l, an MCPB bundle, as the command its manifest names:
// downloaded over https into root (unless there already), checked
// against its fileSha256 and unpacked safely (FetchBundle).
// home stands for the manifest's ${HOME}: the sandbox's scratch, or the
// user's home without a sandbox. visible are the directories the run
// reads: the bundle's and its runtime's installation.
func (pr Preparer) unpackedBundle(ctx context.Context, root string, l Launch, home string, note func(string)) (Launch, []string, error) {
	dir := MCPBDir(root, l.FileSHA256)
	if _, err := os.Stat(filepath.Join(dir, "manifest.json")); err != nil {
		note(fmt.Sprintf("downloading the bundle %s into %s (checked against its SHA-256)...", l.Identifier, dir))
	}
	ctx, cancel := context.WithTimeout(ctx, installTimeout)
	defer cancel()
	if err := FetchBundle(ctx, pr.BundleClient, l.Identifier, l.FileSHA256, dir); err != nil {
		return l, nil, err
	}
	bc, err := BundleCommand(dir, home, l.Inputs)
	if err != nil {
		return l, nil, fmt.Errorf("%s: %w", l.Identifier, err)
	}
	if len(bc.Missing) > 0 {
		return l, nil, &MissingInputsError{Server: l.Identifier, Missing: bc.Missing}
	}
	program, visible := bc.Program, []string{dir}
	if bc.Runtime != "" {
		p, err := lookReal(bc.Runtime)
		if err != nil {
			return l, nil, fmt.Errorf("the bundle %s runs with %s, which is not installed (%v)", l.Identifier, bc.Runtime, err)
		}
		program, visible = p, append(visible, filepath.Dir(filepath.Dir(p)))
	}
	run := l.Replace(program, bc.Args...)
	run.Env, run.Secret = mapsWith(l.Env, bc.Env), boolsWith(l.Secret, bc.Secret)
	for i, secret := range bc.SecretArgs {
		run.SecretArgs[i] = run.SecretArgs[i] || secret
	}
	return run, visible, nil
}

func mapsWith(a, b map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range a {
		out[k] = v
	}
	for k, v := range b {
		out[k] = v
	}
	return out
}

func boolsWith(a, b map[string]bool) map[string]bool {
	out := map[string]bool{}
	for k, v := range a {
		out[k] = v
	}
	for k, v := range b {
		out[k] = out[k] || v
	}
	return out
}

// containerRun runs l, an OCI image, with Docker (else Podman), whose
// isolation stands in for bubblewrap: the image is pulled first when it
// is not there (the pull uses the network), then run with
// sandbox.ContainerOptions.
func (pr Preparer) containerRun(ctx context.Context, l Launch, note func(string)) (SandboxedRun, error) {
	engine, err := containerEngine()
	if err != nil {
		return SandboxedRun{}, notInstalled(l, "docker", err)
	}
	image := l.Args[len(l.Args)-len(l.PackageArgs())-1]
	if out, err := exec.CommandContext(ctx, engine, "version", "--format", "{{.Server.Version}}").CombinedOutput(); err != nil {
		return SandboxedRun{}, fmt.Errorf("%s is an OCI image: %s is installed but cannot run containers (%v: %s)", l.Identifier, filepath.Base(engine), err, strings.TrimSpace(string(out)))
	}
	if exec.CommandContext(ctx, engine, "image", "inspect", "--format", "{{.Id}}", "--", image).Run() != nil {
		note(fmt.Sprintf("pulling %s (network allowed)...", image))
		pctx, cancel := context.WithTimeout(ctx, installTimeout)
		defer cancel()
		if out, err := exec.CommandContext(pctx, engine, "pull", "--", image).CombinedOutput(); err != nil {
			return SandboxedRun{}, fmt.Errorf("%s could not pull %s (%v): %s", filepath.Base(engine), image, err, strings.TrimSpace(string(out)))
		}
	}
	p := sandbox.Policy{Limits: sandbox.DefaultLimits, AllowNet: pr.AllowNet}
	r := SandboxedRun{Launch: containerLaunch(l, engine, p), Policy: p, Says: sandbox.ContainerString(filepath.Base(engine), p)}
	r.Program, r.Args = r.Launch.Program, r.Launch.Args
	return r, nil
}

// containerLaunch is l's docker run with the sandbox's options after
// "run -i --rm" and --pull=never (the image was pulled beforehand).
func containerLaunch(l Launch, engine string, p sandbox.Policy) Launch {
	head := l.Args[:len(l.Args)-len(l.PackageArgs())]
	opts := append([]string{"--pull=never"}, sandbox.ContainerOptions(p)...)
	return l.Replace(engine, slices.Concat(head[:3], opts, head[3:])...)
}

// containerEngine is docker, else podman.
func containerEngine() (string, error) {
	p, err := exec.LookPath("docker")
	if err == nil {
		return p, nil
	}
	if p, perr := exec.LookPath("podman"); perr == nil {
		return p, nil
	}
	return "", err
}

// Unsandboxed is l run as the user (--no-sandbox): its runtime must be
// installed; an MCPB bundle is downloaded, checked and unpacked first.
func (pr Preparer) Unsandboxed(ctx context.Context, l Launch, note func(string)) (Launch, error) {
	switch l.Kind {
	case "mcpb":
		root, err := installRoot(false)
		if err != nil {
			return l, err
		}
		home, _ := os.UserHomeDir()
		run, _, err := pr.unpackedBundle(ctx, root, l, home, note)
		return run, err
	case "oci":
		engine, err := containerEngine()
		if err != nil {
			return l, notInstalled(l, "docker", err)
		}
		l.Program = engine
		return l, nil
	}
	if _, err := exec.LookPath(l.Program); err != nil {
		return l, notInstalled(l, l.Program, errors.Unwrap(err))
	}
	return l, nil
}
