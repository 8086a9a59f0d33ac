package main

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"mcpeek/model"
	"mcpeek/summarizer/lint"
	"mcpeek/summarizer/schemadiff"
)

func (a *app) lintCommand() *cobra.Command {
	var (
		clientNames  []string
		snapshotPath string
		format       string
		asJSON       bool
	)
	cmd := &cobra.Command{
		Use:   "lint [SERVER | SERVER.TOOL ...]",
		Short: "Check each tool against what each client accepts: names, descriptions, schema subsets",
		Long: "lint checks tools (every tool of every server when none is named) against each\n" +
			"client's published rules: tool-name patterns and lengths, names prefixed with the\n" +
			"server's, description caps, and the JSON Schema subsets of OpenAI's strict mode and\n" +
			"Gemini's function declarations. The mcp profile (the MCP specification, and what no\n" +
			"client can use: remote or broken $refs, recursive input schemas) always runs.\n" +
			"docs/lint.md lists every rule and the document it comes from. The clients:\n\n" +
			clientList() + "\n" +
			"Exit status: 0 no finding is an error (warnings are allowed), 1 some finding is an\n" +
			"error (a client refuses a tool), 3 the tools could not be linted.",
		Example: "  mcpeek lint --client openai\n" +
			"  mcpeek lint demo.shop_get_order --client openai-strict,gemini --format markdown\n" +
			"  mcpeek lint --snapshot mcpeek.lock.json --json",
		RunE: func(cmd *cobra.Command, args []string) error {
			if asJSON {
				format = formatJSON
			}
			if err := checkFormat(format, formatSARIF); err != nil {
				return err
			}
			clients, err := pickClients(clientNames)
			if err != nil {
				return err
			}
			tools, err := a.lintTargets(cmd.Context(), snapshotPath, args)
			if err != nil {
				return err
			}
			findings := lint.Lint(tools, clients)
			if format == formatSARIF {
				err = a.printSARIFFindings(findings, clients, snapshotPath)
			} else {
				err = a.printFindings(findings, format)
			}
			if err != nil {
				return err
			}
			if lint.Worst(findings) == lint.Error {
				return &exitStatus{code: exitFindings}
			}
			return nil
		},
	}
	cmd.Flags().StringSliceVar(&clientNames, "client", nil, "Check for these clients only (repeat, or separate with commas); all when not given")
	cmd.Flags().StringVar(&snapshotPath, "snapshot", "", "Lint the tools of this snapshot file instead of live servers")
	cmd.Flags().StringVar(&format, "format", formatText, "Text, json, markdown (for a pull request comment) or sarif (for code scanning)")
	cmd.Flags().BoolVar(&asJSON, "json", false, `Print {"findings": [...]} (same as --format json)`)
	return ciCommand(cmd)
}

// clientList lists the client profiles for --help, one a line.
func clientList() string {
	var b strings.Builder
	for _, c := range lint.Clients() {
		fmt.Fprintf(&b, "  %-14s %s\n", c.Name, c.Title)
	}
	return b.String()
}

// pickClients returns the profiles named, in the order reports list them,
// the mcp profile always first; every profile when none is named.
func pickClients(names []string) ([]lint.Client, error) {
	for _, n := range names {
		if _, ok := lint.ClientNamed(n); !ok {
			return nil, usageError("no client %q; the clients are: %s", n, strings.Join(lint.ClientNames(), ", "))
		}
	}
	var out []lint.Client
	for _, c := range lint.Clients() {
		if len(names) == 0 || c.Name == "mcp" || slices.Contains(names, c.Name) {
			out = append(out, c)
		}
	}
	return out, nil
}

// lintTargets returns the tools named by args (SERVER or SERVER.TOOL, all
// when none), sorted by server then name, from live servers or a snapshot.
func (a *app) lintTargets(ctx context.Context, snapshotPath string, args []string) ([]model.Tool, error) {
	var servers []string
	wanted := map[string]bool{} // SERVER.TOOL, or SERVER for all its tools
	for _, arg := range args {
		server, tool, _ := strings.Cut(arg, ".")
		if server == "" || strings.HasSuffix(arg, ".") {
			return nil, usageError("%q is not SERVER or SERVER.TOOL", arg)
		}
		servers = append(servers, server)
		wanted[arg] = true
		if tool == "" {
			wanted[server] = true
		}
	}
	var snap schemadiff.Snapshot
	var err error
	if snapshotPath != "" {
		if snap, err = a.readSnapshot(snapshotPath); err != nil {
			return nil, err
		}
	} else if snap, err = a.liveSnapshot(ctx, servers); err != nil {
		return nil, a.listedApart(ctx, err, args)
	}
	var tools []model.Tool
	found := map[string]bool{}
	for _, s := range snap.Servers {
		for _, t := range s.Tools {
			if id := t.ID().String(); len(args) == 0 || wanted[s.Name] || wanted[id] {
				tools = append(tools, t)
				found[s.Name], found[id] = true, true
			}
		}
	}
	for _, arg := range args {
		if !found[arg] {
			return nil, fmt.Errorf("no tool or server %q to lint", arg)
		}
	}
	return tools, nil
}

func (a *app) printFindings(findings []lint.Finding, format string) error {
	switch format {
	case formatJSON:
		if findings == nil {
			findings = []lint.Finding{}
		}
		return writeJSON(a.stdout, struct {
			Findings []lint.Finding `json:"findings"`
		}{findings})
	case formatMarkdown:
		_, err := a.stdout.Write([]byte(lint.Markdown(findings)))
		return err
	}
	lint.Text(a.printer().out(), findings)
	return nil
}
