package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"mcpeek/mcpclient"
	"mcpeek/mcpclient/oauth"
	"mcpeek/model"
)

// version is the program's version, shown by --version and sent to servers.
var version = "dev"

// defaultConnectTimeout bounds each connection attempt (--connect-timeout).
const defaultConnectTimeout = 30 * time.Second

// connectWait bounds how long a command waits for servers' first attempts:
// the connect timeout and the time to close what did not connect.
func (a *app) connectWait() time.Duration { return a.connectTimeout + 15*time.Second }

// slowConnectNote is how long a command waits for servers before it says
// which ones it is waiting for.
const slowConnectNote = 3 * time.Second

// loadConfig is readConfig, with the config's warnings written on stderr.
func (a *app) loadConfig() (cfg mcpclient.Config, usingDemo bool, err error) {
	cfg, usingDemo, err = a.readConfig()
	for _, w := range cfg.Warnings {
		a.warn(w)
	}
	return cfg, usingDemo, err
}

// readConfig reads --registry-server's, --url's or --config's servers,
// or discovers the usual config files (mcpclient.ReadConfig).
func (a *app) readConfig() (cfg mcpclient.Config, usingDemo bool, err error) {
	if a.registry.server != "" {
		cfg, err = a.registryConfig()
		return cfg, false, err
	}
	cwd, _ := os.Getwd()
	home, _ := a.env.home()
	return mcpclient.ReadConfig(mcpclient.ConfigSource{URL: a.serverURL, Path: a.configPath, Cwd: cwd, Home: home, LookupVar: a.env.lookupVar})
}

// sourceFlags are the flags naming the servers this run reads (--config
// FILE, absolute, or --url URL; none for the configs found by default), for
// a command it tells someone to run.
func (a *app) sourceFlags() []string {
	switch {
	case a.serverURL != "":
		return []string{"--url", a.serverURL}
	case a.configPath != "":
		if abs, err := filepath.Abs(a.configPath); err == nil {
			return []string{"--config", abs}
		}
		return []string{"--config", a.configPath}
	}
	return nil
}

// oneShotBackoff is the wait before a command's Manager tries a failed
// server again: a command reports what it found and ends, so it does not
// start a server again on its own (a call still reconnects a server that
// went down, at once); one that serves (the gateway) asks for retries.
const oneShotBackoff = time.Hour

// loginWait bounds a login in the browser started by a command.
const loginWait = 5 * time.Minute

// loginWaitNote says what a command waits for while a login is pending.
func loginWaitNote(server string) string {
	return fmt.Sprintf("waiting for the browser login to %s (up to %s; ctrl+c to stop)", server, minutes(loginWait))
}

// minutes writes a whole number of minutes as "5m", anything else as
// time.Duration does.
func minutes(d time.Duration) string {
	if d >= time.Minute && d%time.Minute == 0 {
		return fmt.Sprintf("%dm", d/time.Minute)
	}
	return d.String()
}

// openManager loads the config, starts a Manager on it (or on the embedded
// demo server when nothing is configured) and waits for every server's first
// attempt. A server that asks for an OAuth login gets one (see autoLogin).
// The caller closes the Manager.
func (a *app) openManager(ctx context.Context, opts ...mcpclient.Option) (*mcpclient.Manager, error) {
	return a.startManager(ctx, nil, opts...)
}

// openServer is openManager for a command that names a server (SERVER or
// SERVER.TOOL): that server alone is started, so that the others' start-up
// (a dead one's timeout, a big one's listing, their CPU) costs it nothing.
func (a *app) openServer(ctx context.Context, name string, opts ...mcpclient.Option) (*mcpclient.Manager, error) {
	return a.startManager(ctx, []string{name}, opts...)
}

// startManager starts a Manager on the config's servers, or on those named
// in only when there are any, and waits for their first attempts.
func (a *app) startManager(ctx context.Context, only []string, opts ...mcpclient.Option) (*mcpclient.Manager, error) {
	return a.startPicked(ctx, serverPick{names: only}, opts...)
}

// startPicked is startManager for the servers pick says.
func (a *app) startPicked(ctx context.Context, pick serverPick, opts ...mcpclient.Option) (*mcpclient.Manager, error) {
	m, wait, err := a.launchPicked(pick, opts...)
	if err != nil {
		return nil, err
	}
	waitCtx, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	stopNote := a.noteSlowServers(m)
	defer stopNote()
	for _, s := range m.Servers() {
		if err := m.WaitFirstAttempt(waitCtx, s.Name); err != nil {
			if errors.Is(err, context.DeadlineExceeded) {
				break
			}
			stopNote()
			m.Close()
			return nil, err
		}
	}
	return m, nil
}

// startServersFor is startManager for a command whose inputs name the
// servers it needs (a run of saved calls, ci's checks): those alone are
// started, so that a dead server it does not use costs it nothing. A name
// the config lacks is left out, for the command to report where it is
// used; every server is started when none is named.
func (a *app) startServersFor(ctx context.Context, names []string, opts ...mcpclient.Option) (*mcpclient.Manager, error) {
	return a.startPicked(ctx, serverPick{names: names, lenient: true}, opts...)
}

// serverPick says which servers of the config a command starts.
type serverPick struct {
	names []string // those named; every server when there are none
	// lenient leaves out a name the config lacks instead of failing.
	lenient bool
}

// launchManager starts a Manager on the config's servers, or on those
// named in only when there are any, without waiting for them, and says
// how long a command may wait for their first attempts.
func (a *app) launchManager(only []string, opts ...mcpclient.Option) (*mcpclient.Manager, time.Duration, error) {
	return a.launchPicked(serverPick{names: only}, opts...)
}

// launchPicked is launchManager for the servers pick says.
func (a *app) launchPicked(pick serverPick, opts ...mcpclient.Option) (*mcpclient.Manager, time.Duration, error) {
	wait := a.connectWait()
	if a.autoLogin() {
		wait += loginWait
	}
	opts = append([]mcpclient.Option{mcpclient.WithAutoLogin(a.autoLogin()), mcpclient.WithLoginTimeout(loginWait),
		mcpclient.WithBackoff(oneShotBackoff, oneShotBackoff)}, opts...)
	cfg, demo, err := a.loadConfig()
	if err != nil {
		return nil, 0, err
	}
	a.configured = nil
	for _, s := range cfg.Servers {
		a.configured = append(a.configured, s.Name)
	}
	if len(pick.names) > 0 && !demo {
		if cfg.Servers, err = mcpclient.OnlyServers(cfg.Servers, pick.names, pick.lenient); err != nil {
			return nil, 0, err
		}
	}
	m, err := a.managerOn(cfg, demo, opts...)
	if err != nil {
		return nil, 0, err
	}
	if err := m.Launch(); err != nil {
		m.Close()
		return nil, 0, err
	}
	return m, wait, nil
}

// noteAfter is how long a command waits for servers before it says which
// ones it is waiting for: slowConnectNote, or what a test set (what is
// still connecting after a fixed time depends on the machine's speed, so
// a test that compares stderr sets an hour, one of the note a moment).
func (a *app) noteAfter() time.Duration { return cmp.Or(a.slowNote, slowConnectNote) }

// noteSlowServers says on stderr which servers are still connecting once
// the wait has lasted noteAfter, so that a hanging server does not
// look like a hanging mcpeek. Calling the returned func stops it and
// waits for a note being written; it may be called more than once.
func (a *app) noteSlowServers(m *mcpclient.Manager) (stop func()) {
	return mcpclient.NoteAfter(a.noteAfter(), func() { a.noteWaiting(m) })
}

// noteWaiting says on stderr which servers are still connecting, and
// which wait for a login in the browser.
func (a *app) noteWaiting(m *mcpclient.Manager) {
	waiting, loggingIn, ready := mcpclient.StillStarting(m.Servers(), a.logins.Has)
	if len(waiting) > 0 {
		a.note(mcpclient.WaitingNote(waiting, ready, a.connectTimeout))
	}
	for _, name := range loggingIn {
		a.note(loginWaitNote(name))
	}
}

// newManager loads the config and makes a Manager on it (or on the
// embedded demo server when nothing is configured), not yet started.
func (a *app) newManager(opts ...mcpclient.Option) (*mcpclient.Manager, error) {
	cfg, demo, err := a.loadConfig()
	if err != nil {
		return nil, err
	}
	return a.managerOn(cfg, demo, opts...)
}

// demoNote says that mcpeek serves its embedded demo server.
const demoNote = "no MCP server config found: using the embedded demo server (give one with --config FILE)"

// managerOn makes a Manager on cfg (or on the embedded demo server, which
// it says on stderr) whose warnings of a server's start go to stderr.
func (a *app) managerOn(cfg mcpclient.Config, demo bool, opts ...mcpclient.Option) (*mcpclient.Manager, error) {
	opts = append([]mcpclient.Option{mcpclient.WithWarnings(a.serverWarning)}, opts...)
	m, err := a.manager(cfg, demo, opts...)
	if err == nil && demo && !a.demoNoted {
		a.note(demoNote)
		a.demoNoted = true
	}
	return m, err
}

// manager makes a Manager on cfg (or on the embedded demo server).
func (a *app) manager(cfg mcpclient.Config, demo bool, opts ...mcpclient.Option) (*mcpclient.Manager, error) {
	if a.maxMessage <= 0 {
		return nil, usageError("--max-message-bytes must be a positive number of bytes")
	}
	if a.connectTimeout <= 0 {
		return nil, usageError("--connect-timeout must be a positive duration, such as 30s")
	}
	opts = append([]mcpclient.Option{mcpclient.WithClientInfo("mcpeek", version), mcpclient.WithMaxMessageBytes(a.maxMessage),
		mcpclient.WithConnectTimeout(a.connectTimeout),
		mcpclient.WithLoginPrompt(a.loginPrompt)}, opts...)
	if a.roots != nil {
		opts = append(opts, mcpclient.WithRoots(a.roots...))
	}
	if demo {
		opt, err := demoOption()
		if err != nil {
			return nil, err
		}
		opts = append(opts, opt)
		a.usingDemo = true
	}
	for i := range cfg.Servers {
		if a.protocol != "" {
			cfg.Servers[i].ProtocolVersion = a.protocol
		}
	}
	return mcpclient.NewManager(cfg, opts...)
}

// liveTool fetches SERVER.TOOL from a running server, started alone.
func (a *app) liveTool(ctx context.Context, ref toolRef) (model.Tool, error) {
	m, err := a.openServer(ctx, ref.server)
	if err != nil {
		return model.Tool{}, err
	}
	defer m.Close()
	return m.FindTool(ref.server, ref.tool)
}

// autoLogin says whether a command logs in to a server that asks for OAuth
// on its own: unless --no-login, when someone can open the URL (stderr is a
// terminal) or a browser is set ($BROWSER).
func (a *app) autoLogin() bool {
	f, ok := a.stderr.(*os.File)
	return !a.noLogin && (ok && isTerminal(f) || a.env.get("BROWSER") != "")
}

// loginPrompt prints the authorization URL on stderr (so that a login works
// over SSH, or with no browser at all) and opens a browser on it. From
// then on the server is waiting for the browser, which the slow-server
// note says rather than the connect timeout, which no longer applies.
func (a *app) loginPrompt(server, authURL string) {
	a.logins.Add(server)
	fmt.Fprintf(a.stderr, "mcpeek: %s asks you to log in (mcpeek waits up to %s; ctrl+c to stop); opening your browser at (or open it yourself):\n  %s\n",
		model.SanitizeLine(server), minutes(loginWait), model.SanitizeLine(authURL))
	if err := oauth.OpenBrowser(authURL); err != nil {
		a.note("could not open a browser (" + err.Error() + "): open the URL above")
	}
}

// note and warn write a line for the person at the terminal on stderr.
func (a *app) note(msg string) { fmt.Fprintln(a.stderr, "mcpeek:", model.SanitizeLine(msg)) }
func (a *app) warn(msg string) { fmt.Fprintln(a.stderr, "mcpeek: warning:", model.SanitizeLine(msg)) }

// serverWarning is warn for the warnings of a server's start
// (mcpclient.WithWarnings), which servers starting at once give each from
// a goroutine of its own.
func (a *app) serverWarning(msg string) {
	a.serverWarnings.Lock()
	defer a.serverWarnings.Unlock()
	a.warn(msg)
}
