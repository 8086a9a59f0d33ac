package main

import (
	"context"
	"fmt"
	"iter"
	"slices"

	"github.com/mark3labs/mcp-go/server"
	"github.com/spf13/cobra"

	"mcpeek/assets"
	"mcpeek/internal/jsonfmt"
	"mcpeek/mcpclient"
	"mcpeek/mcpclient/servertext"
	"mcpeek/model"
	"mcpeek/summarizer"
	"mcpeek/summarizer/summaryview"
	"mcpeek/tui/theme"
)

// marks are the marks the listings draw, the explorer's.
var marks = servertext.Marks{State: theme.DefaultMarks.State, Output: theme.DefaultMarks.Output,
	NoOutput: theme.DefaultMarks.NoOutput, Hidden: theme.DefaultMarks.Hidden}

func (a *app) serversCommand() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "servers [SERVER...]",
		Short: "List the configured MCP servers (or those named), where each was found, and their state",
		Args:  cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if !asJSON {
				m, err := a.streamServers(cmd.Context(), args, func(s model.Server) { servertext.Server(a.printer().out(), marks, s) })
				if err != nil {
					return err
				}
				defer m.Close()
				return servertext.Failed(m.Servers())
			}
			m, err := a.startManager(cmd.Context(), args)
			if err != nil {
				return err
			}
			defer m.Close()
			servers := m.Servers()
			out := make([]servertext.ServerJSON, 0, len(servers))
			for _, s := range servers {
				out = append(out, servertext.NewServerJSON(s))
			}
			if err := writeJSON(a.stdout, out); err != nil {
				return err
			}
			return servertext.Failed(servers)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "Print a JSON array of {name, source, transport, state, error, tool_count, roots, command, sandbox, sandbox_command, protocol_version, era, offers, title, icons, log}")
	return cmd
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
			jw := &model.JSONWriter{W: a.stdout}
			if err := jsonfmt.WriteIndentSeq(jw, a.describedTools(all, opts)); err != nil {
				return err
			}
			if err := jw.Flush(); err != nil {
				return err
			}
			return a.unlessSomeAnswered(servers, servertext.Failed(servers))
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
// (mcpclient.Manager.EachServerDone says in which order), then the legend.
func (a *app) printTools(ctx context.Context, args []string, opts summarizer.Options) error {
	p := a.printer().out()
	m, err := a.streamServers(ctx, args, func(s model.Server) {
		if len(args) == 0 || s.Name == args[0] { // the demo server is started whatever the name
			servertext.ServerTools(p, marks, s, a.describeTools(s.Tools, opts))
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
	servertext.ToolsLegend(p, marks)
	return a.unlessSomeAnswered(servers, servertext.Failed(servers))
}

// namedServers is every server of m, or the one named in args.
func namedServers(m *mcpclient.Manager, args []string) ([]model.Server, error) {
	servers := m.Servers()
	if len(args) == 0 {
		return servers, nil
	}
	s, ok := m.Server(args[0])
	if !ok {
		return nil, mcpclient.UnknownServer(args[0], mcpclient.ServerNames(servers))
	}
	return []model.Server{s}, nil
}

// describeTools is the entry of each tool, its descriptor's errors
// written as warnings.
func (a *app) describeTools(tools []model.Tool, opts summarizer.Options) []servertext.Tool {
	ds, errs := summarizer.DescribeAll(tools, opts)
	out := make([]servertext.Tool, 0, len(ds))
	for i, d := range ds {
		if errs[i] != nil {
			a.warn(errs[i].Error())
		}
		out = append(out, servertext.NewTool(tools[i], d))
	}
	return out
}

// describeBatch is how many tools describedTools describes at once.
const describeBatch = 64

// describedTools yields the descriptors of tools in order, describing a
// batch at a time (on every core), so that a long listing's descriptors,
// and what describing them leaves behind, are not all held at once.
func (a *app) describedTools(tools []model.Tool, opts summarizer.Options) iter.Seq[servertext.Tool] {
	return func(yield func(servertext.Tool) bool) {
		for batch := range slices.Chunk(tools, describeBatch) {
			for _, t := range a.describeTools(batch, opts) {
				if !yield(t) {
					return
				}
			}
		}
	}
}

// unlessSomeAnswered is failed (the servers that failed, from
// servertext.Failed) when no server answered: then the command has nothing to
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
