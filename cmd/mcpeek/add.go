package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"mcpeek/internal/atomicfile"
	"mcpeek/mcpclient"
	"mcpeek/mcpclient/registry"
)

// addFlags are the flags of mcpeek add.
type addFlags struct {
	client       string
	project      bool
	yes          bool
	writeSecrets bool
}

func (a *app) addCommand() *cobra.Command {
	var f addFlags
	cmd := &cobra.Command{
		Use:   "add NAME|NAME@VERSION --client CLIENT",
		Short: "Write a server of the MCP Registry into a client's config, showing the change first",
		Long: "add writes a server of the registry into the config of a client (" + strings.Join(addClients(), ", ") + "),\n" +
			"in the client's own format, as the client runs its other servers (an npm package\n" +
			"through npx, a remote at its URL: no sandbox). It shows the change as a diff and\n" +
			"writes only when you confirm it on the terminal or give --yes: atomically, the old\n" +
			"file kept as FILE.bak, comments and formatting of a JSON-with-comments or TOML file\n" +
			"kept. A secret is written as a reference the client resolves (an environment\n" +
			"variable, VS Code's ${input:...}), never in clear unless --write-secrets.",
		Example: "  mcpeek add io.github.modelcontextprotocol/server-everything --client claude-code\n" +
			"  mcpeek add io.github.modelcontextprotocol/server-filesystem --client cursor --project --registry-input allowed_directory=.\n" +
			"  mcpeek add com.example/weather --client vscode --yes",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.add(cmd.Context(), args[0], f)
		},
	}
	cmd.Flags().StringVar(&f.client, "client", "", "The client whose config to write: "+strings.Join(addClients(), ", "))
	cmd.Flags().BoolVar(&f.project, "project", false, "Write the project's config (in the working directory) instead of the user's")
	cmd.Flags().BoolVarP(&f.yes, "yes", "y", false, "Write without asking")
	cmd.Flags().BoolVar(&f.writeSecrets, "write-secrets", false, "Write secret values in clear (asked for, or given with --registry-input) instead of references")
	return cmd
}

// addClients are the clients add writes to.
func addClients() []string { return mcpclient.Clients }

// add is mcpeek add: look the server up, fill its inputs (secrets as
// references), make the client's entry, show the diff, check the new file
// with mcpeek's own reader, and write it with a backup.
func (a *app) add(ctx context.Context, ref string, f addFlags) error {
	if err := checkClient(f.client); err != nil {
		return err
	}
	name, version := registry.SplitRef(ref)
	if err := registry.CheckName(name); err != nil {
		return usageError("%v", err)
	}
	values, err := inputValues(a.registry.inputs, nil)
	if err != nil {
		return err
	}
	b, err := a.registry.browser()
	if err != nil {
		return err
	}
	e, fresh, err := b.Show(ctx, name, version)
	if err != nil {
		return err
	}
	if err := registry.CheckAnswer(name, e); err != nil {
		return fmt.Errorf("%w: nothing written", err)
	}
	a.noteFreshness(b, fresh)
	if err := checkInputKeys(e, values); err != nil {
		return err
	}
	secrets := addSecrets(e, values, f.writeSecrets, a.warn)
	if a.registry.ask = a.terminalAsk(nil); a.registry.ask != nil {
		if err := a.registry.askedInputs(ctx, e, values, noEnv); err != nil {
			return err
		}
	}
	p, err := planAdd(name, e, f, values, secrets)
	if err != nil {
		return err
	}
	defer p.discard()
	fmt.Fprintf(a.stdout, "%s (%s):\n", p.shownPath(), f.client)
	fmt.Fprint(a.stdout, p.diff)
	for _, n := range p.notes {
		a.note(n)
	}
	if !f.yes && !a.confirm("write "+p.path) {
		// Not what was asked for: a script that forgot --yes must see it.
		return errors.New("nothing written: give --yes to write without asking")
	}
	if err := p.write(); err != nil {
		return err
	}
	a.note(fmt.Sprintf("added %s to %s", p.server, p.shownPath()) + map[bool]string{true: " (the old file is " + p.target + ".bak)", false: ""}[len(p.old) > 0])
	return nil
}

// checkClient checks that add knows the client.
func checkClient(client string) error {
	switch {
	case client == "":
		return usageError("give the client to write to: --client %s", strings.Join(addClients(), "|"))
	case !slices.Contains(addClients(), client):
		return usageError("unknown client %q: the clients are %s", client, strings.Join(addClients(), ", "))
	}
	return nil
}

// addSecrets puts a reference in values for each secret input of e (the
// environment variable of its name, in capitals), unless writeSecrets:
// a secret is never written in clear unless asked, and a value given for
// one is not used either (warn says so). It returns the environment
// names that stand for secrets.
func addSecrets(e registry.Entry, values map[string]string, writeSecrets bool, warn func(string)) map[string]bool {
	secrets := map[string]bool{}
	if writeSecrets {
		return secrets
	}
	for _, n := range e.Secrets() {
		if _, given := values[n.Key]; given && warn != nil {
			warn(fmt.Sprintf("the value given for %s is a secret: it is written as a reference (--write-secrets writes it)", n.Label))
		}
		env := registry.EnvName(n.Key)
		values[n.Key], secrets[env] = "${"+env+"}", true
	}
	return secrets
}

// addPlan is the change adding a server makes to a client's config: the
// new file written beside the old and checked, ready to be renamed over
// it. A config that is a symbolic link is written through: target is the
// file it names, where the new file and the backup are made.
type addPlan struct {
	server, path, target string
	old                  []byte
	diff                 string
	notes                []string
	tmp                  string
}

// shownPath names the file written: the client's path, and the file it
// links to when it is a link.
func (p addPlan) shownPath() string {
	if p.target != p.path {
		return p.path + " (a link to " + p.target + ")"
	}
	return p.path
}

// planAdd makes e's entry for f.client from values (the secrets already
// references, see addSecrets), and the new config file beside the old,
// read back with mcpeek's own reader. name is the server asked for: the
// entry must be its, and the config names the server by name's last
// part, never by what else the registry answers.
func planAdd(name string, e registry.Entry, f addFlags, values map[string]string, secrets map[string]bool) (addPlan, error) {
	if err := registry.CheckAnswer(name, e); err != nil {
		return addPlan{}, fmt.Errorf("%w: nothing written", err)
	}
	// Inherited environment variables are the client's to give, not ours.
	sc, l, _, err := registryServerConfigFrom(e, values, noEnv)
	if err != nil {
		return addPlan{}, err
	}
	sc.Name = registry.ShortName(name)
	if l != nil && l.Kind == "mcpb" {
		return addPlan{}, fmt.Errorf("%s is an MCPB bundle: a client's config holds a command, which the bundle has only once downloaded and unpacked; open the bundle (%s) in a client that installs bundles (Claude Desktop), or add it by hand", name, clean(l.Identifier))
	}
	cwd, err := os.Getwd()
	if err != nil {
		return addPlan{}, err
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return addPlan{}, err
	}
	path, err := mcpclient.ClientFile(f.client, f.project, cwd, home)
	if err != nil {
		return addPlan{}, usageError("%v", err)
	}
	target, err := atomicfile.Target(path)
	if err != nil {
		return addPlan{}, err
	}
	old, err := os.ReadFile(target)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return addPlan{}, err
	}
	updated, notes, err := mcpclient.AddServer(f.client, sc, l != nil, secrets, old)
	if err != nil {
		return addPlan{}, fmt.Errorf("%s: %w", path, err)
	}
	diff := mcpclient.LineDiff(string(old), string(updated))
	if f.writeSecrets { // written as asked, but not shown
		for _, n := range e.Secrets() {
			if v := values[n.Key]; len(v) >= 4 {
				diff = strings.ReplaceAll(diff, v, "***")
			}
		}
	}
	tmp, err := mcpclient.CheckedTemp(target, filepath.Ext(path), updated, sc.Name)
	if err != nil {
		return addPlan{}, err
	}
	return addPlan{server: sc.Name, path: path, target: target, old: old, diff: diff, notes: notes, tmp: tmp}, nil
}

// write puts the new file in place, the old one kept as FILE.bak, both
// where the config really is.
func (p addPlan) write() error {
	if len(p.old) > 0 {
		if err := atomicfile.Write(p.target+".bak", p.old, 0o600); err != nil {
			return fmt.Errorf("backup: %w", err)
		}
	}
	return os.Rename(p.tmp, p.target)
}

// discard removes the new file when it was not put in place.
func (p addPlan) discard() { os.Remove(p.tmp) }

// confirm asks y/N on the terminal; without one it is no.
func (a *app) confirm(what string) bool {
	in, ok := a.stdin.(*os.File)
	if !ok || !isTerminal(in) {
		return false
	}
	fmt.Fprintf(a.stderr, "mcpeek: %s? [y/N] ", what)
	line, _ := bufio.NewReader(in).ReadString('\n')
	return strings.EqualFold(strings.TrimSpace(line), "y") || strings.EqualFold(strings.TrimSpace(line), "yes")
}

// noEnv is an environment with nothing set: the one add fills inputs
// from, since the client, not mcpeek, starts the server.
func noEnv(string) (string, bool) { return "", false }
