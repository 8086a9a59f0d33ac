package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"mcpeek/mcpclient"
	"mcpeek/mcpclient/elicitline"
	"mcpeek/mcpclient/registry"
	"mcpeek/mcpclient/registry/registrytext"
	"mcpeek/mcpclient/registry/sandbox"
)

// registryFlags are the flags of the registry commands, and the global
// ones that run a server of the registry.
type registryFlags struct {
	url     string
	offline bool
	maxAge  time.Duration
	server  string   // --registry-server NAME[@VERSION]
	inputs  []string // --registry-input KEY=VALUE
	// allowNet gives a sandboxed server the network; noSandbox runs it
	// without a sandbox.
	allowNet, noSandbox bool
	// bundleClient downloads MCPB bundles (nil: the default client).
	bundleClient *http.Client
	// tried marks the server as tried (mcpeek try) where it is shown.
	tried bool
	// ask, when mcpeek try may ask on the terminal, asks for the inputs a
	// server still needs.
	ask func([]registry.Need) (elicitline.Answers, error)
	// binds are the folders shown to a sandboxed server: --bind, and
	// those the user agreed to show when asked.
	binds []sandbox.Bind
	// resolved is the config once made: try makes it before the explorer
	// opens, with stderr on the screen.
	resolved *mcpclient.Config
}

// addFlags adds the global registry flags to root.
func (f *registryFlags) addFlags(root *cobra.Command) {
	f.maxAge = registry.DefaultMaxAge
	root.PersistentFlags().StringVar(&f.url, "registry", "",
		"Base URL of the MCP Registry, a sub-registry serving the same API (default $"+RegistryEnv+", else \"registry\" in ~/.config/mcpeek/settings.json, else "+registry.DefaultURL+")")
	root.PersistentFlags().StringVar(&f.server, "registry-server", "",
		"Use only this server of the registry, NAME[@VERSION], named by the last part of its name (instead of a config); its package is installed and runs in a sandbox")
	root.PersistentFlags().StringArrayVar(&f.inputs, "registry-input", nil,
		"A value for the --registry-server's inputs, KEY=VALUE: an argument's name or value hint, an environment variable, a header or a {variable}; a bare NAME passes that variable of your environment (repeatable)")
	root.PersistentFlags().BoolVar(&f.allowNet, "allow-net", false,
		"Let a registry server's package use the network from its sandbox")
	root.PersistentFlags().Var(bindFlag{&f.binds}, "bind",
		"Show a folder of yours to a registry server's sandbox at its own path, read-only; DIR:rw lets it write there (repeatable)")
	root.PersistentFlags().BoolVar(&f.noSandbox, "no-sandbox", false,
		"Run a registry server's package without a sandbox, as you: it can read and write your files and use the network")
}

// preparer readies the packages of registry servers as the flags ask.
func (f registryFlags) preparer() registry.Preparer {
	return registry.Preparer{AllowNet: f.allowNet, BundleClient: f.bundleClient, NoSandbox: f.noSandbox, Binds: f.binds}
}

// browser is the registry the flags name, through the cache.
func (f registryFlags) browser() (*registry.Browser, error) {
	url, from, err := f.registryURL()
	if err != nil {
		return nil, err
	}
	c, err := registry.NewClient(url, nil)
	if err != nil {
		return nil, usageError("%s: %v", from, errors.Unwrap(err))
	}
	if f.maxAge < 0 {
		return nil, usageError("--max-age must not be negative")
	}
	b := &registry.Browser{Client: c, MaxAge: f.maxAge, Offline: f.offline}
	if dir, err := registry.DefaultCacheDir(); err == nil {
		b.Cache = registry.OpenCache(dir)
	} else if f.offline {
		return nil, err
	}
	return b, nil
}

func (a *app) registryCommand() *cobra.Command {
	f := &a.registry
	cmd := &cobra.Command{
		Use:   "registry",
		Short: "Browse the MCP Registry: search it, show a server's packages, remotes and inputs",
		Long: "The registry commands read the official MCP Registry, or the sub-registry that\n" +
			"--registry names, through its read-only API. Answers are kept in\n" +
			"$XDG_CACHE_HOME/mcpeek/registry: an answer younger than --max-age is used as it is,\n" +
			"an older search is brought up to date with the entries updated since, and when the\n" +
			"registry cannot be reached the cached answer is shown with its age.\n\n" +
			"To look at a server of the registry, run mcpeek try NAME, or give --registry-server\n" +
			"NAME to any command that works on servers (tools, summary, lint, snapshot, ...).\n" +
			"A package is installed into a directory of its own and runs in a sandbox\n" +
			"(docs/registry.md says what it enforces); --no-sandbox runs it as you.",
		Args: cobra.NoArgs,
	}
	cmd.PersistentFlags().BoolVar(&f.offline, "offline", false, "Answer from the cache alone, never asking the registry")
	cmd.PersistentFlags().DurationVar(&f.maxAge, "max-age", registry.DefaultMaxAge, "Use a cached answer younger than this without asking the registry (0: always ask)")
	cmd.AddCommand(a.registrySearchCommand(f), a.registryShowCommand(f), a.registryVersionsCommand(f))
	return cmd
}

func (a *app) registrySearchCommand(f *registryFlags) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "search [QUERY]",
		Short: "List the servers whose registry name holds QUERY (all of them without one), latest versions",
		Example: "  mcpeek registry search filesystem\n" +
			"  mcpeek registry search io.github.modelcontextprotocol --json",
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			b, err := f.browser()
			if err != nil {
				return err
			}
			query := ""
			if len(args) == 1 {
				query = args[0]
			}
			r, err := b.Search(cmd.Context(), query)
			if err != nil {
				return err
			}
			a.noteFreshness(b, r.Freshness)
			if r.Stopped.Cut() {
				a.warn(r.Stopped.String() + ": narrow the search")
			}
			for _, w := range registrytext.ProblemWarnings(r.Problems) {
				a.warn(w)
			}
			if asJSON {
				return registrytext.WriteEntriesJSON(a.stdout, r.Entries)
			}
			registrytext.Table(a.printer().out(), r.Entries)
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "Print the registry's entries whole, a JSON array of {server, _meta}")
	return cmd
}

func (a *app) registryShowCommand(f *registryFlags) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "show NAME|NAME@VERSION",
		Short: "Show a server of the registry: its packages, remotes, arguments and the inputs it needs",
		Example: "  mcpeek registry show io.github.modelcontextprotocol/server-everything\n" +
			"  mcpeek registry show io.github.modelcontextprotocol/server-memory@2026.8.31 --json",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			name, version := registry.SplitRef(args[0])
			if err := registry.CheckName(name); err != nil {
				return usageError("%v", err)
			}
			b, err := f.browser()
			if err != nil {
				return err
			}
			e, fresh, err := b.Show(cmd.Context(), name, version)
			if errors.Is(err, registry.ErrNotFound) {
				return notInRegistry(cmd.Context(), b, name, err)
			}
			if err != nil {
				return err
			}
			a.noteFreshness(b, fresh)
			if asJSON {
				return registrytext.WriteJSON(a.stdout, e.Raw)
			}
			registrytext.Entry(a.printer().out(), e)
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "Print the registry's entry whole, {server, _meta}, as it was sent")
	return cmd
}

func (a *app) registryVersionsCommand(f *registryFlags) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:     "versions NAME",
		Short:   "List every version of a server of the registry, newest first, with its status",
		Example: "  mcpeek registry versions io.github.modelcontextprotocol/server-memory",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := registry.CheckName(args[0]); err != nil {
				return usageError("%v", err)
			}
			b, err := f.browser()
			if err != nil {
				return err
			}
			es, fresh, err := b.Versions(cmd.Context(), args[0])
			if errors.Is(err, registry.ErrNotFound) {
				return notInRegistry(cmd.Context(), b, args[0], err)
			}
			if err != nil {
				return err
			}
			a.noteFreshness(b, fresh)
			if asJSON {
				return registrytext.WriteEntriesJSON(a.stdout, es)
			}
			registrytext.Versions(a.printer().out(), es)
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "Print the registry's entries whole, a JSON array of {server, _meta}")
	return cmd
}

// noteFreshness says on stderr when an answer came from the cache because
// the registry could not be reached, or was asked not to be (--offline),
// and how old it is.
func (a *app) noteFreshness(b *registry.Browser, f registry.Freshness) {
	switch msg, warning := registrytext.FreshnessNote(f, b.Offline, time.Now()); {
	case warning:
		a.warn(msg)
	case msg != "":
		a.note(msg)
	}
}

// bindFlag is --bind DIR[:rw], appending to the folders shown to a
// sandboxed server.
type bindFlag struct{ binds *[]sandbox.Bind }

func (f bindFlag) String() string {
	if f.binds == nil {
		return ""
	}
	var out []string
	for _, b := range *f.binds {
		out = append(out, b.String())
	}
	return strings.Join(out, ", ")
}

func (f bindFlag) Set(s string) error {
	b, err := sandbox.ParseBind(s)
	if err != nil {
		return err
	}
	*f.binds = append(*f.binds, b)
	return nil
}

func (bindFlag) Type() string { return "DIR[:rw]" }

// notInRegistry is err, the registry's "not found" for name, with the
// nearest names it has (a typo), else how to find one.
func notInRegistry(ctx context.Context, b *registry.Browser, name string, err error) error {
	if near := b.Nearest(ctx, name, 3); len(near) > 0 {
		return fmt.Errorf("%w: did you mean %s?", err, clean(strings.Join(near, ", ")))
	}
	return fmt.Errorf("%w: mcpeek registry search finds names by a part of them", err)
}
