//go:build linux

// Command benchlisting measures what listing a big stdio MCP server costs
// mcpeek's client, side by side for several mcpeek binaries and a minimal
// raw JSON-RPC client, in one interleaved run. scripts/bench-listing builds
// the binaries and runs it.
//
//	benchlisting serve                  the server: 1,223 GitHub-like tools over stdio
//	benchlisting raw CMD [ARG...]       the minimal client: initialize, tools/list, raw bytes
//	benchlisting compare [flags] NAME=BINARY...
//
// What is measured, per run of a client process: wall time from its start to
// its exit, its CPU time (user + system) and its peak resident set (ru_maxrss),
// both from wait4. Those figures would include the server, which the client
// starts and reaps; so the server detaches itself: the process the client
// starts is a small launcher that runs the real server as its own child,
// never reaps it, and exits when the server does. The client then reaps only
// the launcher (a few milliseconds of CPU, a resident set far below the
// client's), and the server's own cost stays out of the client's figures.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"mcpeek/assets"
)

func main() {
	if len(os.Args) < 2 {
		usage()
	}
	var err error
	switch os.Args[1] {
	case "serve":
		err = serve(os.Args[2:])
	case "raw":
		err = raw(os.Args[2:])
	case "compare":
		err = compare(os.Args[2:])
	default:
		usage()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchlisting:", err)
		os.Exit(1)
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: benchlisting serve | raw CMD [ARG...] | compare [flags] NAME=BINARY...")
	os.Exit(2)
}

// detachedEnv marks the server process that the launcher started.
const detachedEnv = "BENCHLISTING_DETACHED"

// serve runs the server. Without detachedEnv it is the launcher: it starts
// itself again as the server, with the same stdin, stdout and stderr, and
// waits for the server's end of a pipe to close instead of reaping it.
func serve(args []string) error {
	fs := flag.NewFlagSet("serve", flag.ExitOnError)
	tools := fs.Int("tools", 1223, "how many tools to list")
	maxSchema := fs.Int("max-schema", 40<<10, "leave out demo output schemas larger than this many bytes")
	_ = fs.Parse(args)
	if os.Getenv(detachedEnv) == "" {
		r, w, err := os.Pipe()
		if err != nil {
			return err
		}
		cmd := exec.Command(os.Args[0], os.Args[1:]...)
		cmd.Env = append(os.Environ(), detachedEnv+"=1")
		cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
		cmd.ExtraFiles = []*os.File{w}
		if err := cmd.Start(); err != nil {
			return err
		}
		w.Close()
		_, _ = io.Copy(io.Discard, r) // EOF: the server has exited
		return nil
	}
	srv, err := githubLike(*tools, *maxSchema)
	if err != nil {
		return err
	}
	return server.ServeStdio(srv)
}

// githubLike builds an mcp-go server listing n tools named like the GitHub
// server's (github_<area>_<verb>), whose schemas cycle through the demo
// server's catalogue, leaving out output schemas over maxSchema bytes. With
// the defaults tools/list is a 5.9 MB response.
func githubLike(n, maxSchema int) (*server.MCPServer, error) {
	var demo []struct {
		Description  string          `json:"description"`
		InputSchema  json.RawMessage `json:"inputSchema"`
		OutputSchema json.RawMessage `json:"outputSchema"`
	}
	if err := json.Unmarshal(assets.DemoTools(), &demo); err != nil {
		return nil, err
	}
	demo = slices.DeleteFunc(demo, func(d struct {
		Description  string          `json:"description"`
		InputSchema  json.RawMessage `json:"inputSchema"`
		OutputSchema json.RawMessage `json:"outputSchema"`
	}) bool {
		return len(d.OutputSchema) > maxSchema
	})
	areas := []string{"actions", "code_scanning", "dependabot", "discussions", "gists", "issues",
		"labels", "notifications", "orgs", "projects", "pull_requests", "releases", "repos",
		"search", "secret_scanning", "security_advisories", "stargazers", "teams", "users"}
	verbs := []string{"get", "list", "create", "update", "delete", "search", "add", "remove"}
	srv := server.NewMCPServer("github-like", "1", server.WithToolCapabilities(true))
	for i := range n {
		d := demo[i%len(demo)]
		name := fmt.Sprintf("github_%s_%s_%d", areas[i%len(areas)], verbs[(i/len(areas))%len(verbs)], i)
		srv.AddTool(mcp.Tool{Name: name, Description: d.Description,
			RawInputSchema: d.InputSchema, RawOutputSchema: d.OutputSchema},
			func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				return mcp.NewToolResultText("ok"), nil
			})
	}
	return srv, nil
}

// raw is the minimal client: it starts the server, writes initialize, the
// initialized notification and tools/list, reads lines until the reply to
// tools/list (found by its id, nothing else decoded), closes the server's
// stdin and waits for it to exit, like mcpeek does.
func raw(args []string) error {
	if len(args) == 0 {
		return fmt.Errorf("raw: no server command")
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	r := bufio.NewReaderSize(stdout, 1<<20)
	reply := func(id string) ([]byte, error) {
		for {
			line, err := r.ReadBytes('\n')
			if err != nil {
				return nil, fmt.Errorf("reading the reply %s: %w", id, err)
			}
			if bytes.Contains(line[:min(len(line), 64)], []byte(`"id":`+id)) {
				return line, nil
			}
		}
	}
	if _, err := io.WriteString(stdin, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`+"\n"); err != nil {
		return err
	}
	if _, err := reply("1"); err != nil {
		return err
	}
	if _, err := io.WriteString(stdin, `{"jsonrpc":"2.0","method":"notifications/initialized"}`+"\n"+
		`{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}}`+"\n"); err != nil {
		return err
	}
	list, err := reply("2")
	if err != nil {
		return err
	}
	stdin.Close()
	if err := cmd.Wait(); err != nil {
		return err
	}
	fmt.Printf("%d bytes\n", len(list))
	return nil
}

// sample is one run of one client.
type sample struct {
	wall, cpu time.Duration
	maxRSS    int64 // KiB
}

// contender is one client command line.
type contender struct {
	name    string
	command string // the mcpeek command, "" for the raw client
	argv    []string
	runs    []sample
}

func compare(args []string) error {
	fs := flag.NewFlagSet("compare", flag.ExitOnError)
	n := fs.Int("n", 7, "runs of every client")
	cmds := fs.String("cmds", "tools --json;servers --json", "mcpeek commands to run, separated by ';'")
	_ = fs.Parse(args)
	if fs.NArg() == 0 {
		return fmt.Errorf("compare: name at least one mcpeek binary as NAME=PATH")
	}
	self, err := os.Executable()
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "benchlisting")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	cfg := filepath.Join(dir, "mcp.json")
	server := []string{self, "serve"}
	encoded, _ := json.Marshal(map[string]any{"mcpServers": map[string]any{
		"github": map[string]any{"command": self, "args": []string{"serve"}}}})
	if err := os.WriteFile(cfg, encoded, 0o644); err != nil {
		return err
	}
	// Orphaned servers come to us, to be reaped between runs.
	if _, _, errno := syscall.RawSyscall(syscall.SYS_PRCTL, 36 /* PR_SET_CHILD_SUBREAPER */, 1, 0); errno != 0 {
		return fmt.Errorf("prctl: %w", errno)
	}

	all := []*contender{{name: "raw JSON-RPC client", argv: append([]string{self, "raw"}, server...)}}
	for _, c := range strings.Split(*cmds, ";") {
		for _, b := range fs.Args() {
			name, path, ok := strings.Cut(b, "=")
			if !ok {
				return fmt.Errorf("compare: %q is not NAME=PATH", b)
			}
			argv := append(append([]string{path}, strings.Fields(c)...), "--config", cfg)
			all = append(all, &contender{name: name + ": mcpeek " + c, command: c, argv: argv})
		}
	}
	for i := range *n {
		// Rotate the order so that no client always runs first.
		for j := range all {
			c := all[(i+j)%len(all)]
			s, err := run(c.argv)
			if err != nil {
				return fmt.Errorf("%s: %w", c.name, err)
			}
			c.runs = append(c.runs, s)
			reapOrphans()
		}
	}
	report(os.Stdout, all, *n)
	return nil
}

func run(argv []string) (sample, error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	start := time.Now()
	if err := cmd.Run(); err != nil {
		return sample{}, fmt.Errorf("%w: %s", err, stderr.Bytes())
	}
	wall := time.Since(start)
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	cpu := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	return sample{wall: wall, cpu: cpu, maxRSS: ru.Maxrss}, nil
}

func reapOrphans() {
	for {
		var status syscall.WaitStatus
		pid, err := syscall.Wait4(-1, &status, syscall.WNOHANG, nil)
		if pid <= 0 || err != nil {
			return
		}
	}
}

// report prints, for each client, the median and range of each figure and,
// from the second binary on, the median's ratio to the first binary's on
// the same command.
func report(w io.Writer, all []*contender, n int) {
	figures := []func(sample) float64{
		func(s sample) float64 { return float64(s.wall) / 1e6 },
		func(s sample) float64 { return float64(s.cpu) / 1e6 },
		func(s sample) float64 { return float64(s.maxRSS) / 1024 },
	}
	first := map[string][][3]float64{} // command -> the first binary's figures
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "client (%d runs each)\twall ms\tCPU ms (user+sys)\tpeak RSS MiB\t\n", n)
	for _, c := range all {
		ref, seen := first[c.command]
		var figs [][3]float64
		fmt.Fprintf(tw, "%s\t", c.name)
		for i, f := range figures {
			st := stats(c.runs, f)
			figs = append(figs, st)
			cell := fmt.Sprintf("%.0f [%.0f–%.0f]", st[1], st[0], st[2])
			if seen && c.command != "" {
				cell += fmt.Sprintf(" (%.2fx)", st[1]/ref[i][1])
			}
			fmt.Fprintf(tw, "%s\t", cell)
		}
		fmt.Fprintln(tw)
		if !seen {
			first[c.command] = figs
		}
	}
	tw.Flush()
}

// stats returns the minimum, median and maximum of f over runs.
func stats(runs []sample, f func(sample) float64) [3]float64 {
	v := make([]float64, len(runs))
	for i, s := range runs {
		v[i] = f(s)
	}
	slices.Sort(v)
	return [3]float64{v[0], v[len(v)/2], v[len(v)-1]}
}
