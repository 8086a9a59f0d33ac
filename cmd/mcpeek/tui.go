package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strings"
	"sync/atomic"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"mcpeek/assets"
	"mcpeek/mcpclient"
	"mcpeek/mcpclient/oauth"
	"mcpeek/tui"
)

// runTUI opens the terminal explorer on the configured servers, or on the
// embedded demo server when none is configured. Connecting happens inside
// the app, behind a spinner, so the first frame does not wait for servers.
func (a *app) runTUI(ctx context.Context) error {
	limit, err := snapshotLimit()
	if err != nil {
		return err
	}
	// Config warnings would be lost under the alternate screen: collect
	// them for the status line instead of writing them to stderr.
	var notes bytes.Buffer
	stderr := a.stderr
	a.stderr = &notes
	// A login page goes to the explorer, never to stderr under its screen.
	var program atomic.Pointer[tea.Program]
	m, err := a.newManager(mcpclient.WithLoginPrompt(func(server, authURL string) {
		if p := program.Load(); p != nil {
			p.Send(tui.LoginURLMsg{Server: server, URL: authURL})
		}
		_ = oauth.OpenBrowser(authURL) // the server pane shows the URL either way
	}))
	a.stderr = stderr
	if err != nil {
		return err
	}
	defer m.Close()

	noColor := os.Getenv("NO_COLOR") != ""
	model := tui.New(tui.Options{
		Backend:       m,
		NoColor:       noColor,
		Notes:         noteLines(notes.String()),
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
	opts := []tea.ProgramOption{tea.WithContext(ctx), tea.WithInput(a.stdin), tea.WithOutput(a.stdout)}
	if noColor {
		// Any value turns colours off (no-color.org); the profile's own
		// check reads NO_COLOR as a boolean. Attributes stay.
		opts = append(opts, tea.WithColorProfile(colorprofile.ASCII))
	}
	p := tea.NewProgram(model, opts...)
	program.Store(p)
	model.AnswerPrompts(p.Send)
	go model.ForwardEvents(m.Events(), p.Send)
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

// noteLines turns what loadConfig wrote into status lines.
func noteLines(s string) []string {
	var out []string
	for _, l := range strings.Split(strings.TrimSpace(s), "\n") {
		if l = strings.TrimSpace(strings.TrimPrefix(l, "mcpeek: ")); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// interactive reports whether the app talks to a terminal on both ends.
func (a *app) interactive() bool {
	in, ok := a.stdin.(*os.File)
	if !ok || !isTerminal(in) {
		return false
	}
	out, ok := a.stdout.(*os.File)
	return ok && isTerminal(out)
}

func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// demoOption is the Manager option serving the embedded demo server.
func demoOption() (mcpclient.Option, error) {
	srv, err := assets.NewDemoServer(version)
	if err != nil {
		return nil, err
	}
	return mcpclient.WithInProcess(assets.DemoServerName, srv), nil
}
