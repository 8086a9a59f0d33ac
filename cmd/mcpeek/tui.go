package main

import (
	"context"
	"fmt"
	"github.com/charmbracelet/x/term"
	"os"
	"runtime/debug"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"mcpeek/assets"
	"mcpeek/mcpclient"
	"mcpeek/mcpclient/oauth"
	"mcpeek/tui"
)

// explorerGCPercent is the explorer's GOGC, unless the environment sets
// one. Its heap is small once a server is indexed (some 20 MB for 1,223
// tools), but indexing and linting the listing make garbage in a burst,
// and at Go's default of 100 the heap grows to twice what lives: on that
// server start-up peaked at 82-93 MiB, and at 69-80 at 50, for the same
// CPU (BENCHMARKS.md).
const explorerGCPercent = 50

// runTUI opens the terminal explorer on the configured servers, or on the
// embedded demo server when none is configured. Connecting happens inside
// the app, behind a spinner, so the first frame does not wait for servers.
func (a *app) runTUI(ctx context.Context) error {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(explorerGCPercent)
	}
	limit, err := snapshotLimit()
	if err != nil {
		return err
	}
	// Nothing goes to stderr under the alternate screen: the config's
	// warnings, login pages and servers' requests for the user reach the
	// explorer as the Manager's events; the title bar says when the demo
	// server runs (Demo), so the status line and its hints stay free on
	// the first screen.
	cfg, demo, err := a.readConfig()
	if err != nil {
		return err
	}
	m, err := a.manager(cfg, demo, mcpclient.WithRequestEvents(),
		mcpclient.WithLoginPrompt(func(_, authURL string) {
			_ = oauth.OpenBrowser(authURL) // the server pane shows the URL either way
		}))
	if err != nil {
		return err
	}
	defer m.Close()

	noColor := a.env.get("NO_COLOR") != ""
	model := tui.New(tui.Options{
		Backend:       m,
		NoColor:       noColor,
		Version:       version,
		GatewayAddr:   a.gatewayAddr,
		GatewayLock:   a.gatewayLock,
		Demo:          a.usingDemo,
		Baseline:      a.baselinePath(),
		BaselineLimit: limit,
		Calls:         a.callsFile,
		Registry:      a.explorerRegistry(m),
	})
	// The background gateway, if the program ended without the quit key
	// stopping it, stops before the Manager closes.
	defer model.Close()
	opts := []tea.ProgramOption{tea.WithContext(ctx), tea.WithInput(a.stdin), tea.WithOutput(a.stdout), tea.WithFilter(tui.Filter)}
	if noColor {
		// Any value turns colours off (no-color.org); the profile's own
		// check reads NO_COLOR as a boolean. Attributes stay.
		opts = append(opts, tea.WithColorProfile(colorprofile.ASCII))
	}
	p := tea.NewProgram(model, opts...)
	go model.ForwardEvents(m.Events(), p.Send) // it returns when m closes
	if _, err := p.Run(); err != nil {
		return fmt.Errorf("terminal UI: %w", err)
	}
	return nil
}

// defaultLockFile is the lock file's conventional name (docs/snapshot.md).
const defaultLockFile = "mcpeek.lock.json"

// baselinePath is the lock file the explorer compares with: --snapshot,
// else the conventional one when the working directory has it.
func (a *app) baselinePath() string {
	if a.baseline != "" {
		return a.baseline
	}
	if _, err := os.Stat(defaultLockFile); err == nil {
		return defaultLockFile
	}
	return ""
}

// interactive reports whether the app talks to a terminal on both ends.
func (a *app) interactive() bool {
	in, ok := a.stdin.(*os.File)
	if !ok || !isTerminal(in) {
		return false
	}
	return a.stdoutIsTerminal()
}

// stdoutIsTerminal reports whether standard output is a terminal.
func (a *app) stdoutIsTerminal() bool {
	out, ok := a.stdout.(*os.File)
	return ok && isTerminal(out)
}

// isTerminal reports whether f is a terminal: a character device such as
// /dev/null is not one.
func isTerminal(f *os.File) bool { return term.IsTerminal(f.Fd()) }

// demoOption is the Manager option serving the embedded demo server.
func demoOption() (mcpclient.Option, error) {
	srv, err := assets.NewDemoServer(version)
	if err != nil {
		return nil, err
	}
	return mcpclient.WithInProcess(assets.DemoServerName, srv), nil
}
