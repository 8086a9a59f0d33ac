package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"mcpeek/gateway"
	"mcpeek/mcpclient"
)

// gatewayStartWait bounds how long the gateway waits for the upstreams'
// first connection attempts before it starts answering its client; servers
// still connecting show as "degraded" in tool_help("").
const gatewayStartWait = 10 * time.Second

// gatewayFlags are the gateway command's flags.
type gatewayFlags struct {
	mode            string
	httpAddr        string
	token           string
	tokenSet        bool // --token was given, even as ""
	readOnly        bool
	allow, deny     []string
	eventsPath      string
	deadline        time.Duration
	serverDeadlines []string
	origins         []string
	maxBody         int64
	maxConns        int
	maxSessions     int
	lock            string
	lockAllow       string
	store           string
	storeTimeout    time.Duration
}

func (a *app) gatewayCommand() *cobra.Command {
	var f gatewayFlags
	cmd := &cobra.Command{
		Use:   "gateway",
		Short: "Serve every configured server's tools through one MCP gateway",
		Long: "gateway is an MCP server in front of the configured servers. In progressive mode (the\n" +
			"default) it lists three tools, tool_help, tool_exec and tool_batch, through which a model\n" +
			"discovers, inspects and calls every upstream tool; in direct mode it lists every tool as\n" +
			"<server>__<tool>. It speaks stdio, or streamable HTTP with --http (loopback only unless a\n" +
			"--token is set). The servers' resources, resource templates and prompts are offered too,\n" +
			"as mcpeek://<server>/<uri> and <server>.<name>.\n\n" +
			"Policy globs (--allow, --deny) match whole op ids (<server>.<tool>), and the names of\n" +
			"resources and prompts (<server>.<name>), case-sensitively:\n" +
			"* matches any run of characters, \".\" and \"/\" included, ? exactly one character, and\n" +
			"\\ makes the next character literal; [ is reserved (write \\[). So --deny 'db.*' denies\n" +
			"db.admin/drop_db and db.Drop, but not the ops of a server named DB.\n\n" +
			"Over HTTP a client's hold is bounded: headers must arrive within 10 s and a body within\n" +
			"30 s, no write may stall for more than 30 s, an idle connection closes after 60 s; bodies\n" +
			"are at most --max-body, and larger than 64 KiB at most 32 MiB at once (a request that finds\n" +
			"no room within 5 s gets 503); sessions end when deleted, idle for 30 minutes, or pushed out\n" +
			"by --max-sessions. On SIGTERM, calls in flight are answered UNAVAILABLE before it exits.\n" +
			"Idempotency keys keep at most 1,000 answers and 64 MiB, the oldest forgotten first.\n\n" +
			"With --lock FILE (from `mcpeek snapshot`) only tools whose definitions mean what the file\n" +
			"says are served; a changed or new tool answers TOOL_CHANGED until `mcpeek lock update`\n" +
			"approves it, a tool gone answers NOT_FOUND. With --store, replicas behind a balancer share\n" +
			"idempotency answers and sessions; when the store fails, calls with an idempotency_key\n" +
			"answer UNAVAILABLE (retry_after_ms) and other calls go on. docs/gateway.md has both.\n\n" +
			"Environment: MCPEEK_GATEWAY_MODE (for --mode), MCPEEK_GATEWAY_TOKEN (for --token),\n" +
			"MCPEEK_STORE_PASSWORD (the --store server's password).",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			f.tokenSet = cmd.Flags().Changed("token")
			return a.runGateway(cmd.Context(), f)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.mode, "mode", "", "Progressive or direct (default $MCPEEK_GATEWAY_MODE, else progressive)")
	fl.StringVar(&f.httpAddr, "http", "", "Serve streamable HTTP on ADDR (e.g. 127.0.0.1:8080) instead of stdio")
	fl.StringVar(&f.token, "token", "", "Require this bearer token over HTTP (default $MCPEEK_GATEWAY_TOKEN)")
	fl.BoolVar(&f.readOnly, "read-only", false, "Deny every op whose tool is not annotated readOnlyHint: true")
	fl.StringArrayVar(&f.allow, "allow", nil, "Allow only ops matching GLOB (repeatable), e.g. 'github.*'")
	fl.StringArrayVar(&f.deny, "deny", nil, "Deny ops matching GLOB (repeatable); wins over --allow")
	fl.StringVar(&f.eventsPath, "events", "", "Append one JSON line per call to FILE")
	fl.DurationVar(&f.deadline, "deadline", gateway.DefaultDeadline, "Deadline of one upstream call")
	fl.StringArrayVar(&f.serverDeadlines, "server-deadline", nil, "Deadline of one server's calls, NAME=DURATION (repeatable)")
	fl.StringArrayVar(&f.origins, "allow-origin", nil, "Also accept this Origin over HTTP (loopback origins always are)")
	fl.Int64Var(&f.maxBody, "max-body", gateway.DefaultMaxBodyBytes, "Largest HTTP request body, in bytes")
	fl.IntVar(&f.maxConns, "max-conns", gateway.DefaultMaxConns, "Connections served at once over HTTP; more wait to be accepted")
	fl.IntVar(&f.maxSessions, "max-sessions", gateway.DefaultMaxSessions, "Live sessions over HTTP; a new one beyond ends the least recently used")
	fl.StringVar(&f.store, "store", "", "Share idempotency answers and sessions with other replicas through a Redis or Valkey server: redis://HOST:PORT[/DB] or rediss:// (password in $MCPEEK_STORE_PASSWORD)")
	fl.DurationVar(&f.storeTimeout, "store-timeout", gateway.DefaultStoreTimeout, "With --store: the longest one store call may take")
	fl.StringVar(&f.lock, "lock", "", "Serve only the tools whose definitions match this lock file (from `mcpeek snapshot`)")
	fl.StringVar(&f.lockAllow, "lock-allow", "none", "With --lock: none, or compatible to also serve tools whose changes are all compatible (an edited description, annotation, _meta, or a difference diff does not classify never is)")
	return cmd
}

func (a *app) runGateway(ctx context.Context, f gatewayFlags) error {
	if f.mode == "" {
		f.mode = a.env.get("MCPEEK_GATEWAY_MODE")
	}
	mode, err := gateway.ParseMode(f.mode)
	if err != nil {
		return usageError("--mode: %v", err)
	}
	tokenFrom := "--token"
	if !f.tokenSet {
		f.token, tokenFrom = a.env.get("MCPEEK_GATEWAY_TOKEN"), "MCPEEK_GATEWAY_TOKEN"
	}
	if f.tokenSet && f.token == "" {
		return usageError("--token: the token is blank (leave the flag out to serve without one)")
	}
	if err := gateway.CheckToken(f.token); err != nil {
		return usageError("%s: %v", tokenFrom, err)
	}
	allow, err := gateway.ParseLockAllow(f.lockAllow)
	if err != nil {
		return usageError("--lock-allow: %v", err)
	}
	if f.lock == "" && allow != gateway.LockExact {
		return usageError("--lock-allow needs --lock FILE")
	}
	deadlines, longest, err := parseServerDeadlines(f.serverDeadlines, f.deadline)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()

	opts := gateway.Options{
		Mode:            mode,
		Policy:          gateway.Policy{ReadOnly: f.readOnly, Allow: f.allow, Deny: f.deny},
		Deadline:        f.deadline,
		ServerDeadlines: deadlines,
		Version:         version,
		HTTP: gateway.HTTPOptions{Token: f.token, AllowedOrigins: f.origins, MaxBodyBytes: f.maxBody,
			MaxConns: f.maxConns, MaxSessions: f.maxSessions},
	}
	if f.store != "" {
		if _, err := gateway.ParseStoreURL(f.store); err != nil {
			return usageError("--store: %v", err)
		}
		opts.Store = &gateway.StoreOptions{URL: f.store, Password: a.env.get("MCPEEK_STORE_PASSWORD"), Timeout: f.storeTimeout}
	}
	if f.lock != "" {
		opts.Lock = &gateway.LockOptions{Path: f.lock, Allow: allow, Sources: a.sourceFlags()}
	}
	if f.eventsPath != "" {
		file, err := os.OpenFile(f.eventsPath, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
		if err != nil {
			return fmt.Errorf("--events: %w", err)
		}
		defer file.Close()
		opts.Events = file
	}

	waitCtx, cancel := context.WithTimeout(ctx, gatewayStartWait)
	// The Manager's own call timeout must not cut a longer gateway deadline.
	// The gateway serves a client, not a person: a server that asks for a
	// login shows "needs login" in its health until `mcpeek auth login`.
	m, err := a.openManager(waitCtx, mcpclient.WithCallTimeout(longest+time.Second), mcpclient.WithAutoLogin(false),
		mcpclient.WithBackoff(time.Second, 5*time.Minute)) // a server that fails is retried while the gateway serves
	cancel()
	if ctx.Err() != nil {
		// Stopped (SIGTERM, ^C) while the upstreams were still connecting:
		// nothing was served, nothing failed.
		if m != nil {
			m.Close()
		}
		return nil
	}
	if err != nil {
		return err
	}
	defer m.Close()

	if f.httpAddr == "" {
		g, err := gateway.New(m, opts)
		if err != nil {
			return err
		}
		defer g.Close()
		if opts.Store != nil {
			a.noteStore(ctx, g, f.store)
		}
		go forwardEvents(m, g)
		return g.Serve(ctx, a.stdin, a.stdout)
	}
	runner := gateway.NewRunner(m, opts, 0)
	defer runner.Close()
	run, err := runner.Start(ctx, 0, f.httpAddr)
	if err != nil {
		return err
	}
	go forwardEvents(m, run.Gateway())
	a.note(fmt.Sprintf("gateway (%s mode) listening on %s", mode, run.URL()))
	if opts.Store != nil {
		a.noteStore(ctx, run.Gateway(), f.store)
	}
	<-run.Done() // the end of ctx (a signal) stops it
	return run.Err()
}

// noteStore says whether the shared store answers at start: a store that
// does not is not fatal (calls without an idempotency key go on).
func (a *app) noteStore(ctx context.Context, g *gateway.Gateway, url string) {
	if err := g.CheckStore(ctx); err != nil {
		a.note(fmt.Sprintf("the store %s does not answer (%v): calls with an idempotency_key answer UNAVAILABLE until it does", url, err))
		return
	}
	a.note("sharing idempotency answers and sessions through " + url)
}

// forwardEvents tells the gateway what the upstreams say: changed tools
// (a direct-mode gateway relists at once), changed resources and prompts,
// updated resources. It ends when the Manager closes its events.
func forwardEvents(m *mcpclient.Manager, g *gateway.Gateway) {
	for ev := range m.Events() {
		g.HandleEvent(ev)
	}
}

// parseServerDeadlines reads NAME=DURATION flags; it also returns the
// longest deadline of all.
func parseServerDeadlines(flags []string, dflt time.Duration) (map[string]time.Duration, time.Duration, error) {
	out := map[string]time.Duration{}
	longest := dflt
	for _, f := range flags {
		name, value, ok := strings.Cut(f, "=")
		d, err := time.ParseDuration(value)
		if !ok || name == "" || err != nil || d <= 0 {
			return nil, 0, usageError("--server-deadline %q: want NAME=DURATION, e.g. github=30s", f)
		}
		out[name] = d
		longest = max(longest, d)
	}
	return out, longest, nil
}
