package main

import (
	"context"
	"errors"
	"os"
	"strings"

	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"mcpeek/mcpclient/elicitline"
	"mcpeek/mcpclient/registry"
)

func (a *app) tryCommand() *cobra.Command {
	var noTUI bool
	cmd := &cobra.Command{
		Use:   "try NAME|NAME@VERSION",
		Short: "Try a server of the MCP Registry: install it, start it in a sandbox and open the explorer on it",
		Long: "try looks a server up in the registry (the latest version without @VERSION), asks on\n" +
			"the terminal for the inputs it needs (a secret is not echoed and never written to\n" +
			"disk), installs its package into a directory of its own (npm, PyPI with uv, an MCPB\n" +
			"bundle checked against its SHA-256), starts it in the sandbox (read-only system,\n" +
			"home hidden, scratch /tmp, a data directory of its own, no network unless --allow-net,\n" +
			"limits on memory, processes and CPU time; a folder you give shown when you agree, or\n" +
			"with --bind DIR[:rw]; an OCI image under Docker's isolation) and opens the explorer on it\n" +
			"alone, marked as tried. A remote server (streamable HTTP, SSE) is reached directly.\n" +
			"--no-tui lists its tools instead. Inputs may also be given with --registry-input.",
		Example: "  mcpeek try io.github.modelcontextprotocol/server-everything\n" +
			"  mcpeek try io.github.modelcontextprotocol/server-filesystem --registry-input allowed_directory=/usr/share\n" +
			"  mcpeek try io.github.modelcontextprotocol/server-memory@2026.8.31 --no-tui",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if a.registry.server != "" && a.registry.server != args[0] {
				return usageError("give the server to try once: %s or --registry-server %s", args[0], a.registry.server)
			}
			a.registry.server, a.registry.tried = args[0], true
			var sight *elicitline.Sight
			if !a.registry.noSandbox {
				sight = elicitline.SandboxSight(a.registry.preparer().Policy())
			}
			a.registry.ask = a.terminalAsk(sight)
			if noTUI {
				return a.listTriedTools(cmd)
			}
			if !a.interactive() {
				return errors.New("the explorer needs a terminal: give --no-tui to list the tried server's tools instead")
			}
			// Resolve, ask and install now, with stderr on the screen; the
			// explorer then reuses the config.
			cfg, err := a.registryConfig()
			if err != nil {
				return err
			}
			a.registry.resolved = &cfg
			return a.runTUI(cmd.Context())
		},
	}
	cmd.Flags().BoolVar(&noTUI, "no-tui", false, "List the server's tools instead of opening the explorer (for scripts)")
	return cmd
}

// terminalAsk asks for a registry server's inputs on the terminal, nil
// when stdin is none; sight is what the server's sandbox sees (nil for
// none).
func (a *app) terminalAsk(sight *elicitline.Sight) func([]registry.Need) (elicitline.Answers, error) {
	in, ok := a.stdin.(*os.File)
	if !ok || !isTerminal(in) {
		return nil
	}
	return func(needs []registry.Need) (elicitline.Answers, error) {
		return elicitline.AskInputs(in, a.stderr, needs, func() ([]byte, error) { return term.ReadPassword(in.Fd()) }, sight)
	}
}

// listTriedTools lists the tried server's tools, as mcpeek tools does.
func (a *app) listTriedTools(cmd *cobra.Command) error {
	tools := a.toolsCommand()
	tools.SetContext(cmd.Context())
	if err := tools.ParseFlags(nil); err != nil {
		return err
	}
	return tools.RunE(tools, nil)
}

// askedInputs adds to values the answers to what the server still needs,
// when mcpeek try (or add) may ask on the terminal. lookupEnv tells which
// environment variables the server inherits.
func (f *registryFlags) askedInputs(_ context.Context, e registry.Entry, values map[string]string, lookupEnv func(string) (string, bool)) error {
	if f.ask == nil {
		return nil
	}
	needs := e.Needs(values, lookupEnv)
	needs = append(needs, e.Withheld(values, lookupEnv, needs)...)
	if len(needs) == 0 {
		return nil
	}
	answers, err := f.ask(needs)
	if err != nil {
		return err
	}
	f.binds = append(f.binds, answers.Binds...)
	for _, n := range needs {
		v := answers.Values[n.Key]
		switch {
		case !n.Inherit:
		case strings.EqualFold(v, "y") || strings.EqualFold(v, "yes"):
			// Confirmed: the value of mcpeek's environment (see
			// registry.Launch).
			v, _ = lookupEnv(n.Key)
		default:
			v = ""
		}
		if v != "" {
			values[n.Key] = v
		}
	}
	return nil
}
