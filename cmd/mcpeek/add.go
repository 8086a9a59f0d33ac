package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"

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
	secrets := registry.SecretReferences(e, values, f.writeSecrets, a.warn)
	if a.registry.ask = a.terminalAsk(nil); a.registry.ask != nil {
		if err := a.registry.askedInputs(ctx, e, values, registry.NoEnv); err != nil {
			return err
		}
	}
	p, err := registry.PlanAdd(name, e, registry.AddTo{Client: f.client, Project: f.project, WriteSecrets: f.writeSecrets}, values, secrets)
	if err != nil {
		return prepareFailed(err)
	}
	defer p.Discard()
	fmt.Fprintf(a.stdout, "%s (%s):\n", p.ShownPath(), f.client)
	fmt.Fprint(a.stdout, p.Diff)
	for _, n := range p.Notes {
		a.note(n)
	}
	if !f.yes && !a.confirm("write "+p.Path) {
		// Not what was asked for: a script that forgot --yes must see it.
		return errors.New("nothing written: give --yes to write without asking")
	}
	if err := p.Write(); err != nil {
		return err
	}
	a.note(fmt.Sprintf("added %s to %s", p.Server, p.ShownPath()) + map[bool]string{true: " (the old file is " + p.Target + ".bak)", false: ""}[len(p.Old) > 0])
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
