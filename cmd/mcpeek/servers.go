package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/server"
	"github.com/spf13/cobra"

	"mcpeek/assets"
	"mcpeek/internal/jsonfmt"
	"mcpeek/mcpclient"
	"mcpeek/model"
	"mcpeek/summarizer"
	"mcpeek/summarizer/summaryview"
)

// serversFailed is the error a command returns after printing what it
// could when some servers failed: it names each with its error, on stderr
// whatever the output format, and makes the exit status 1. nil when none
// failed.
func serversFailed(servers []model.Server) error {
	var failed []string
	for _, s := range servers {
		switch s.State {
		case model.StateError:
			failed = append(failed, fmt.Sprintf("%s: %s", s.Name, s.Err))
		case model.StateNeedsLogin:
			failed = append(failed, fmt.Sprintf("%s: needs login: run mcpeek auth login %s", s.Name, s.Name))
		}
	}
	switch len(failed) {
	case 0:
		return nil
	case 1:
		return fmt.Errorf("server %s", failed[0])
	}
	return fmt.Errorf("%d servers failed:\n  %s", len(failed), strings.Join(failed, "\n  "))
}

// serverJSON is one entry of `servers --json`.
type serverJSON struct {
	Name      string `json:"name"`
	Source    string `json:"source"`
	Transport string `json:"transport"`
	State     string `json:"state"`
	Error     string `json:"error"`
	ToolCount int    `json:"tool_count"`
	// Roots are the roots offered to the server (file:// URIs); [] when
	// none were, and the server works where its own arguments say.
	Roots []string `json:"roots"`
	// Command is the server's own command line (inside any sandbox), or
	// its URL; secrets masked.
	Command string `json:"command"`
	// Sandbox says what the sandbox the server runs in enforces; "" when
	// it runs without one.
	Sandbox string `json:"sandbox"`
	// SandboxCommand is the whole command line that starts the sandbox
	// around Command, for debugging; "" without a sandbox.
	SandboxCommand string `json:"sandbox_command,omitempty"`
	// ProtocolVersion is the version negotiated, Era its era ("2026-07-28"
	// or "2025-11-25 or older"); both "" for a server never connected.
	ProtocolVersion string `json:"protocol_version"`
	Era             string `json:"era"`
	// Offers is what the server's capabilities offer besides tools.
	Offers []string `json:"offers"`
	Title  string   `json:"title,omitempty"`
	// Icons are the kinds of the server's icons, never fetched.
	Icons []string `json:"icons,omitempty"`
	// Log is the last log messages the server sent, oldest first.
	Log []logJSON `json:"log,omitempty"`
}

// logJSON is one log message of `servers --json`.
type logJSON struct {
	Level   string `json:"level"`
	Logger  string `json:"logger,omitempty"`
	Message string `json:"message"`
}

// serverLogs is the last few log messages of s.
func serverLogs(s model.Server) []logJSON {
	var out []logJSON
	for _, l := range s.Log[max(0, len(s.Log)-logShown):] {
		out = append(out, logJSON{Level: l.Level, Logger: l.Logger, Message: l.Text})
	}
	return out
}

// logShown is how many of a server's last log messages `servers` shows.
const logShown = 3

func (a *app) serversCommand() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "servers",
		Short: "List the configured MCP servers, where each was found, and their state",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if !asJSON {
				m, err := a.streamServers(cmd.Context(), nil, a.printer().server)
				if err != nil {
					return err
				}
				defer m.Close()
				return serversFailed(m.Servers())
			}
			m, err := a.openManager(cmd.Context())
			if err != nil {
				return err
			}
			defer m.Close()
			servers := m.Servers()
			out := make([]serverJSON, 0, len(servers))
			for _, s := range servers {
				out = append(out, serverJSON{Name: s.Name, Source: s.Source, Transport: string(s.Transport),
					State: s.State.String(), Error: s.Err, ToolCount: len(s.Tools), Roots: append([]string{}, s.Roots...), Command: s.Command, Sandbox: s.Sandbox, SandboxCommand: s.SandboxCommand, Log: serverLogs(s),
					ProtocolVersion: s.ProtocolVersion, Era: eraOf(s.ProtocolVersion), Offers: offersOf(s.Offers), Title: s.Implementation.Title, Icons: iconKinds(s.Implementation.Icons)})
			}
			if err := writeJSON(a.stdout, out); err != nil {
				return err
			}
			return serversFailed(servers)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "Print a JSON array of {name, source, transport, state, error, tool_count, roots, command, sandbox, sandbox_command, protocol_version, era, offers, title, icons, log}")
	return cmd
}

// toolJSON is one entry of `tools --json`: the planner descriptor plus
// whether the tool declares an output schema.
type toolJSON struct {
	summarizer.Descriptor
	HasOutputSchema bool `json:"has_output_schema"`
	// Title is the tool's title, when the server gives one.
	Title string `json:"title,omitempty"`
	// Icons are the kinds of the tool's icons ("image/png 48x48"); the
	// icons themselves are never fetched.
	Icons []string `json:"icons,omitempty"`
	// App is the tool's MCP Apps interface, when its resource is ui://.
	App *appJSON `json:"app,omitempty"`
	// Dropped is why clients drop the tool (its x-mcp-header breaks the
	// 2026-07-28 rules); mcpeek never calls it.
	Dropped string `json:"dropped,omitempty"`
}

// newToolJSON is the entry of t with its descriptor d.
func newToolJSON(t model.Tool, d summarizer.Descriptor) toolJSON {
	out := toolJSON{Descriptor: d, HasOutputSchema: t.HasOutputSchema(), Title: t.Title, Icons: iconKinds(t.Icons),
		Dropped: t.HeaderFault.String()}
	if t.App.IsApp() {
		out.App = &appJSON{ResourceURI: t.App.ResourceURI, Visibility: t.App.Visibility}
	}
	return out
}

// appJSON is a tool's MCP Apps interface in `tools --json`.
type appJSON struct {
	ResourceURI string   `json:"resource_uri"`
	Visibility  []string `json:"visibility,omitempty"`
}

// iconKinds are the kinds of icons (model.Icon.Kind), nil for none.
func iconKinds(icons []model.Icon) []string {
	var out []string
	for _, ic := range icons {
		out = append(out, ic.Kind())
	}
	return out
}

func (a *app) toolsCommand() *cobra.Command {
	var (
		asJSON bool
		budget budgetFlags
	)
	cmd := &cobra.Command{
		Use:   "tools [SERVER]",
		Short: "List the tools of every server (or one) with their planner descriptors",
		Args:  cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts, err := budget.options()
			if err != nil {
				return err
			}
			if !asJSON {
				return a.printTools(cmd.Context(), args, opts)
			}
			m, err := a.startManager(cmd.Context(), args) // every server, or the one named alone
			if err != nil {
				return err
			}
			defer m.Close()
			servers, err := namedServers(m, args)
			if err != nil {
				return err
			}
			var all []model.Tool
			for _, s := range servers {
				all = append(all, s.Tools...)
			}
			out := a.describeTools(all, opts)
			entries := make([]any, len(out))
			for i, t := range out {
				entries[i] = t
			}
			jw := &model.JSONWriter{W: a.stdout}
			if err := jsonfmt.WriteIndentArray(jw, entries); err != nil {
				return err
			}
			if err := jw.Flush(); err != nil {
				return err
			}
			return a.unlessSomeAnswered(servers, serversFailed(servers))
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "Print a JSON array of the tools' planner descriptors with title, icons, app and dropped (servers that failed are named on stderr)")
	budget.register(cmd, summarizer.MaxSummaryFields, summarizer.DefaultSummaryMaxDepth)
	return cmd
}

func (a *app) describeCommand() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "describe SERVER.TOOL",
		Short: "Show a tool's definition (name, description and schemas byte for byte, as inspect_tool answers)",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ref, err := parseToolRef(args[0])
			if err != nil {
				return err
			}
			tool, err := a.liveTool(cmd.Context(), ref)
			if err != nil {
				return err
			}
			info, err := summarizer.Info(tool).MarshalJSON()
			if err != nil {
				return err
			}
			if asJSON {
				// Byte for byte but for the characters a terminal would act
				// on, escaped to the same JSON value.
				_, err = fmt.Fprintf(a.stdout, "%s\n", model.EscapeJSON(info))
				return err
			}
			d, _ := summarizer.Describe(tool, summarizer.Options{})
			p := a.printer()
			summaryview.DescriptorHeader(p.out(), d)
			p.println(p.head.Render("definition"))
			return writeJSON(a.stdout, jsonIndentable(info))
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "Print the object with the server's schemas byte for byte")
	return cmd
}

func (a *app) demoServerCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "demo-server",
		Short: "Serve the embedded demo MCP server over stdio (for other MCP clients)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			srv, err := assets.NewDemoServer(version)
			if err != nil {
				return err
			}
			return server.ServeStdio(srv)
		},
	}
}

// printTools prints the tools of every server (or of the one named in
// args) as text, each server's block as soon as it is ready
// (eachServerDone says in which order), then the legend.
func (a *app) printTools(ctx context.Context, args []string, opts summarizer.Options) error {
	p := a.printer()
	m, err := a.streamServers(ctx, args, func(s model.Server) {
		if len(args) == 0 || s.Name == args[0] { // the demo server is started whatever the name
			p.serverTools(s, a.describeTools(s.Tools, opts))
		}
	})
	if err != nil {
		return err
	}
	defer m.Close()
	servers, err := namedServers(m, args)
	if err != nil {
		return err
	}
	p.toolsLegend()
	return a.unlessSomeAnswered(servers, serversFailed(servers))
}

// namedServers is every server of m, or the one named in args.
func namedServers(m *mcpclient.Manager, args []string) ([]model.Server, error) {
	servers := m.Servers()
	if len(args) == 0 {
		return servers, nil
	}
	s, ok := m.Server(args[0])
	if !ok {
		return nil, unknownServer(args[0], serverNames(servers))
	}
	return []model.Server{s}, nil
}

// describeTools is the entry of each tool, its descriptor's errors
// written as warnings.
func (a *app) describeTools(tools []model.Tool, opts summarizer.Options) []toolJSON {
	ds, errs := summarizer.DescribeAll(tools, opts)
	out := make([]toolJSON, 0, len(ds))
	for i, d := range ds {
		if errs[i] != nil {
			a.warn(errs[i].Error())
		}
		out = append(out, newToolJSON(tools[i], d))
	}
	return out
}

// unlessSomeAnswered is failed (the servers that failed, from
// serversFailed) when no server answered: then the command has nothing to
// show. When some did, what they listed is the answer and the failures are
// a warning on stderr.
func (a *app) unlessSomeAnswered(servers []model.Server, failed error) error {
	if failed == nil {
		return nil
	}
	for _, s := range servers {
		if s.State == model.StateConnected {
			fmt.Fprintln(a.stderr, "mcpeek: warning:", model.Sanitize(failed.Error()))
			return nil
		}
	}
	return failed
}
