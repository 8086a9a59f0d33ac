package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"sync"
	"time"

	"charm.land/fang/v2"
	"charm.land/lipgloss/v2"
	"github.com/spf13/cobra"

	"mcpeek/gateway"
	"mcpeek/internal/buildinfo"
	"mcpeek/mcpclient"
	"mcpeek/mcpclient/calls"
	"mcpeek/model"
	"mcpeek/tui/theme"
)

// app holds what every command shares: the streams and the global flags.
type app struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	configPath     string
	serverURL      string
	protocol       string
	maxMessage     int64
	connectTimeout time.Duration // each connection attempt of each server
	noLogin        bool
	gatewayAddr    string // the explorer's background gateway, "" for any port
	gatewayLock    string // the lock file that pins the explorer's gateway, "" for none
	baseline       string // the explorer's lock file to mark changes since, "" for the default
	callsFile      string // the calls file the explorer's S and A write to
	roots          []string
	color          bool // stdout is a terminal and colour is allowed
	usingDemo      bool // no config was found: the embedded demo server is served
	logins         mcpclient.LoginsPending
	serverWarnings sync.Mutex // serverWarning writes one at a time
	registry       registryFlags
	slowNote       time.Duration // slowConnectNote when zero; tests set it, see noteAfter
	env            env           // the variables the command reads
	// demoNoted is set once demoNote was said: a run that connects twice
	// (lint SERVER TOOL looks the tool up) says it once.
	demoNoted bool
	// lockBytes counts the bytes of the lock files read (keepMemoryNear).
	lockBytes int64
	// configured are the names of the config's servers, started or not,
	// once a Manager was launched: what an unknown name is held against.
	configured []string
}

// helpMaxWidth and helpLongPad are the help's layout (fang's): at most
// 120 columns, a long description indented by 2.
const (
	helpMaxWidth = 120
	helpLongPad  = 2
)

// run executes the command line and returns the process exit status.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return newApp(stdin, stdout, stderr).run(ctx, args)
}

// newApp is a command's state before its flags are read: its standard
// streams.
func newApp(stdin io.Reader, stdout, stderr io.Writer) *app {
	return &app{stdin: stdin, stdout: stdout, stderr: stderr, color: colorAllowed(stdout)}
}

// run executes the command line and returns the process exit status.
func (a *app) run(ctx context.Context, args []string) int {
	stdin, stdout, stderr := a.stdin, a.stdout, a.stderr
	root := a.rootCommand()
	reflowLong(root)
	if f, ok := stdout.(*os.File); ok && helpAsked(args) {
		if w := terminalWidth(f); w > 0 {
			wrapLong(root, min(w, helpMaxWidth)-helpLongPad)
		}
	}
	root.SetArgs(args)
	root.SetIn(stdin)
	help, flushHelp := helpWriter(stdout, helpAsked(args))
	defer flushHelp()
	root.SetOut(help)
	root.SetErr(stderr)
	err := fang.Execute(ctx, root,
		fang.WithoutManpage(),
		fang.WithVersion(shownVersion()),
		fang.WithErrorHandler(func(w io.Writer, _ fang.Styles, err error) {
			switch {
			case ctx.Err() != nil && errors.Is(err, context.Canceled):
				// interrupted: the user knows
			case !silent(err):
				a.printError(err)
			}
		}))
	switch {
	case err == nil:
		return 0
	case ctx.Err() != nil:
		return 130 // interrupted, as shells report it
	}
	return statusOf(err)
}

// shownVersion is what --version prints: the version set at link time, or
// the module's version or commit the build recorded.
func shownVersion() string {
	if version != "dev" {
		return version
	}
	return buildinfo.Version()
}

// helpAsked reports whether the command line asks for help.
func helpAsked(args []string) bool {
	return slices.Contains(args, "-h") || slices.Contains(args, "--help") || len(args) > 0 && args[0] == "help"
}

func (a *app) rootCommand() *cobra.Command {
	root := &cobra.Command{
		Use:   "mcpeek",
		Short: "Look inside the tools of MCP servers",
		Long: "mcpeek shows each MCP tool's output schema as a folded summary (what an LLM\n" +
			"planner is shown) and lets you drill into any field path.\n\n" +
			"With no command it opens the terminal explorer (? lists its keys): x on a tool calls\n" +
			"it from a form and shows the result over its schema; D and ! show its changes since\n" +
			"the lock file (--snapshot) and what clients refuse. Its s key runs the gateway (see\n" +
			"mcpeek gateway) in the background on a loopback port: --gateway-addr pins that port,\n" +
			"so that the MCP clients pointed at it keep working after a restart.",
		// No Args: cobra's own check then refuses an argument as an unknown
		// command with the nearest commands ("toolz": did you mean tools?).
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := checkGatewayAddr(a.gatewayAddr); err != nil {
				return err
			}
			if !a.interactive() {
				// No terminal to draw on: say so, and what the commands are.
				if err := cmd.Help(); err != nil {
					return err
				}
				return errNoTerminal
			}
			return a.runTUI(cmd.Context())
		},
	}
	root.PersistentFlags().StringVar(&a.configPath, "config", "", "Config file of the MCP servers: mcpServers JSON, or the settings of Codex (TOML), Gemini CLI, Zed, opencode or Goose (YAML)")
	root.PersistentFlags().StringVar(&a.protocol, "protocol", "", "Pin the MCP protocol version offered to every server (e.g. 2025-11-25)")
	root.PersistentFlags().StringVar(&a.serverURL, "url", "", "Use only this streamable HTTP server, named \"url\" (instead of a config)")
	root.PersistentFlags().Int64Var(&a.maxMessage, "max-message-bytes", mcpclient.DefaultMaxMessageBytes,
		"Largest message accepted from a server, in bytes (an entry's \"maxMessageBytes\" overrides it)")
	root.PersistentFlags().DurationVar(&a.connectTimeout, "connect-timeout", defaultConnectTimeout,
		"How long to wait for a server to start and answer before giving up on it")
	root.PersistentFlags().StringArrayVar(&a.roots, "root", nil,
		"A directory servers may work in, offered to them as a root (repeatable; default: none, a server works where its config's arguments say; an entry's \"roots\" overrides it)")
	root.PersistentFlags().BoolVar(&a.noLogin, "no-login", false,
		"Never start an OAuth login: a server that asks for one shows \"needs login\" (see `mcpeek auth`)")
	a.registry.addFlags(root)
	root.Flags().StringVar(&a.gatewayAddr, "gateway-addr", "",
		"Where the explorer's background gateway listens, a loopback HOST:PORT such as 127.0.0.1:8931 (default: a free port)")
	root.Flags().StringVar(&a.gatewayLock, "gateway-lock", "",
		"Pin the explorer's background gateway to this lock file: changed and new tools are held back until approved (a in the traffic screen)")
	root.Flags().StringVar(&a.baseline, "snapshot", "",
		"The lock file (mcpeek snapshot) the explorer marks changes since (default: "+defaultLockFile+" in the working directory, if there is one)")
	root.Flags().StringVar(&a.callsFile, "calls", calls.DefaultFile,
		"The calls file (mcpeek test) the explorer's S saves calls to and A adds assertions to")
	auth := a.authCommand()
	root.AddCommand(a.summaryCommand(), a.inspectCommand(), a.serversCommand(), a.toolsCommand(),
		a.describeCommand(), a.demoServerCommand(), a.callCommand(), a.compareCommand(), a.foldCommand(), a.gatewayCommand(),
		auth)
	root.AddCommand(a.snapshotCommand(), a.lockCommand(), a.diffCommand(), a.lintCommand(), a.searchCommand())
	root.AddCommand(a.reachCommand())
	root.AddCommand(a.resourcesCommand(), a.readCommand(), a.promptsCommand(), a.promptCommand(), a.completeCommand())
	root.AddCommand(a.taskCommand())
	reg := a.registryCommand()
	root.AddCommand(reg)
	root.AddCommand(a.tryCommand(), a.addCommand())
	onlyGlobalFlags(root, reg, "registry") // it reads a registry, never the configured servers
	root.AddCommand(a.testCommand(), a.ciRunCommand())
	root.SetFlagErrorFunc(suggestFlag)
	acceptSpacedRefs(root)
	explainArgs(root)
	// auth reads the config alone; only a login connects.
	onlyGlobalFlags(root, auth, "config", "url")
	for _, c := range auth.Commands() {
		if c.Name() == "login" {
			showGlobalFlags(root, c, "connect-timeout", "max-message-bytes", "protocol", "root")
		}
	}
	return root
}

// checkGatewayAddr refuses a --gateway-addr the explorer's gateway, which
// has no token, could not listen on.
func checkGatewayAddr(addr string) error {
	err := gateway.CheckAddr(addr, "")
	switch {
	case addr == "" || err == nil:
		return nil
	case errors.Is(err, gateway.ErrNotLoopback):
		return usageError("--gateway-addr %q: the explorer's gateway listens on loopback addresses only (127.0.0.1, ::1, localhost)", addr)
	}
	return usageError("--gateway-addr: %v", err)
}

// errNoTerminal is why mcpeek without a command did nothing.
var errNoTerminal = errors.New("the explorer needs a terminal: run mcpeek with its standard input and output on a terminal, or use one of the commands above (mcpeek tools, summary, inspect, search, ...) in scripts")

// printError writes err to stderr, sanitised, never restyled: error texts
// name field paths and schema keys that must read exactly as written.
func (a *app) printError(err error) {
	fmt.Fprintln(a.stderr, errorPrefix(colorAllowed(a.stderr)), model.Sanitize(err.Error()))
}

// errorPrefix is "Error:", styled in the palette's error colour.
func errorPrefix(styled bool) string {
	if !styled {
		return "Error:"
	}
	return lipgloss.NewStyle().Foreground(theme.New(darkBackground()).Err).Bold(true).Render("Error:")
}

// colorAllowed reports whether styled output may be written to w.
func colorAllowed(w io.Writer) bool {
	if os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb" {
		return false
	}
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// usageError marks a mistake in the command line.
func usageError(format string, args ...any) error {
	return fmt.Errorf(format, args...)
}
