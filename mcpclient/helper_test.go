package mcpclient

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"go.uber.org/goleak"

	"mcpeek/internal/testkit"
)

// helperEnv selects the stdio server the test binary plays when re-executed.
const helperEnv = "MCPCLIENT_TEST_HELPER"

func TestMain(m *testing.M) {
	if mode := testkit.HelperMode(helperEnv); mode != "" {
		os.Exit(runHelper(mode))
	}
	// OAuth tokens go to a file of the test's own, never to the user's
	// keyring or config directory.
	dir, err := os.MkdirTemp("", "mcpclient-test-config")
	if err != nil {
		panic(err)
	}
	os.Setenv("XDG_CONFIG_HOME", dir)
	os.Setenv("MCPEEK_TOKEN_STORE", "file")
	defer os.RemoveAll(dir)
	// These tests mostly wait on deadlines, child processes and
	// connections, not on the CPU: more than two at a time (-parallel's
	// default here) makes the package several times faster.
	testkit.WaitingParallel(8)
	goleak.VerifyTestMain(m)
}

// helperConfig is a stdio entry that runs this test binary as the fake
// server of the given mode.
func helperConfig(name, mode string) ServerConfig {
	command, args, env := testkit.HelperCommand(helperEnv, mode)
	return ServerConfig{Name: name, Source: "test", Command: command, Args: args, Env: env}
}

// exactSchema is an outputSchema that mcp-go's typed mcp.Tool would mangle
// (root allOf, $defs, $schema), written with odd spacing and key order: it
// must reach model.Tool byte for byte.
const exactSchema = `{ "$schema" : "https://json-schema.org/draft/2020-12/schema",  "allOf":[{"$ref":"#/$defs/money"},{"required":["amount"] }],"$defs":{"money":{"type":"object","properties":{"amount":{"type":"string","pattern":"^\\d+<\u00e9>$"}}}} ,"title":"Money"}`

// helperTool is the raw tool object the fake server lists.
const helperTool = `{"name":"echo","description":"Echoes.","inputSchema":{"type":"object","properties":{"text":{"type":"string"}}},  "outputSchema": ` + exactSchema + `, "x-extra": [1, 2.50, true]}`

// runHelper is a hand-written legacy (2025-11-25) stdio MCP server, so that
// tests control every byte it writes. Modes:
//
//	basic      echo, crash (exits with status 3), sleep (never answers),
//	           deaf (never answers nor reads anything again), big (a long reply)
//	hang-list  never answers tools/list
//	garbage    writes junk lines to stdout around every reply
//	escapes    tool name, description and stderr full of escape sequences
//	loop       tools/list always returns the same cursor
//	endless    tools/list always returns a new cursor
//	pages3     three pages of tools
//	exit-early writes to stderr and exits before answering anything
//	stubborn   basic, but ignores SIGTERM and stays after stdin closes
//	leak       basic, but logs the value of $API_KEY to stderr first
//	leak-exit  logs the value of $API_KEY to stderr and exits
//	parent     a Manager of one stubborn child, for killing from outside
//	tasks2026  a 2026-07-28 server of the tasks extension (tasks_test.go)
//	mcpgo-tasks an mcp-go server of 2025-11-25 tasks (tasks_test.go)
//	mcpgo      a real mcp-go server (2026-07-28 era) over stdio
//	mcpgo-caps the same, with tools that ask things of the client
func runHelper(mode string) int {
	if mode == "mcpgo" || mode == "mcpgo-caps" {
		return runMCPGoHelper(mode == "mcpgo-caps")
	}
	if mode == "bench" {
		return runBenchHelper()
	}
	if mode == "tasks2026" {
		return runTasks2026Helper()
	}
	if mode == "mcpgo-tasks" {
		return runMCPGoTasksHelper()
	}
	out := bufio.NewWriter(os.Stdout)
	write := func(s string) {
		out.WriteString(s + "\n")
		out.Flush()
	}
	fmt.Fprintln(os.Stderr, "helper starting in mode", mode)
	fmt.Fprintln(os.Stderr, "pid", os.Getpid())
	switch mode {
	case "leak-encoded":
		forms := testkit.SecretEncodings(os.Getenv("API_KEY"))
		for _, name := range slices.Sorted(maps.Keys(forms)) {
			fmt.Fprintf(os.Stderr, "%s: %s\n", name, forms[name])
		}
		return 1
	case "leak", "leak-exit":
		fmt.Fprintln(os.Stderr, "using key", os.Getenv("API_KEY"))
		if mode == "leak-exit" {
			return 1
		}
	case "parent":
		return runParentHelper()
	}
	if mode == "exit-early" {
		fmt.Fprintln(os.Stderr, "fatal: \x1b[31mmissing API key\x1b[0m")
		return 1
	}
	if mode == "stubborn" {
		signal.Ignore(syscall.SIGTERM)
		defer func() {
			// Stay until killed (a signal channel also keeps the runtime
			// from calling this a deadlock).
			never := make(chan os.Signal, 1)
			signal.Notify(never, os.Interrupt)
			<-never
		}()
	}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<20)
	for in.Scan() {
		var msg struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
			Params struct {
				Name            string `json:"name"`
				Cursor          string `json:"cursor"`
				ProtocolVersion string `json:"protocolVersion"`
			} `json:"params"`
		}
		if err := json.Unmarshal(in.Bytes(), &msg); err != nil || msg.ID == nil {
			continue // notifications
		}
		reply := func(result string) {
			if mode == "garbage" {
				write("this is not JSON")
				write("\x1b[2J\x1b]0;pwned\x07")
				write(`[1, 2, 3]`)
				write(`{"jsonrpc": "2.0", "method"`)
				fmt.Fprintln(os.Stderr, "noise on stderr")
			}
			write(fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":%s}`, msg.ID, result))
		}
		switch msg.Method {
		case "server/discover":
			write(fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"error":{"code":-32601,"message":"Method not found"}}`, msg.ID))
		case "initialize":
			reply(fmt.Sprintf(`{"protocolVersion":%q,"capabilities":{"tools":{"listChanged":true}},"serverInfo":{"name":"helper","version":"1"},"instructions":"Helper %s."}`, msg.Params.ProtocolVersion, mode))
		case "tools/list":
			switch mode {
			case "hang-list":
				fmt.Fprintln(os.Stderr, "ignoring tools/list")
			case "escapes":
				fmt.Fprintln(os.Stderr, "log \x1b[31mred\x1b[0m \x1b]0;title\x07 line")
				reply(`{"tools":[{"name":"evil\u001b[2Jname","description":"\u001b[31mRed\u001b[0m text \u001b]8;;https://evil.example\u0007link\u001b]8;;\u0007 and \u0007bell","inputSchema":{"type":"object"}}]}`)
			case "loop":
				reply(`{"tools":[` + helperTool + `],"nextCursor":"again"}`)
			case "endless":
				reply(`{"tools":[],"nextCursor":"c` + msg.Params.Cursor + `x"}`)
			case "pages3":
				next := map[string]string{"": "p2", "p2": "p3", "p3": ""}[msg.Params.Cursor]
				page := map[string]string{"": "1", "p2": "2", "p3": "3"}[msg.Params.Cursor]
				tool := fmt.Sprintf(`{"name":"tool_%s","inputSchema":{"type":"object"}}`, page)
				if next == "" {
					reply(`{"tools":[` + tool + `]}`)
				} else {
					reply(fmt.Sprintf(`{"tools":[%s],"nextCursor":%q}`, tool, next))
				}
			default:
				reply(`{"tools":[` + helperTool + `]}`)
			}
		case "tools/call":
			switch msg.Params.Name {
			case "crash":
				fmt.Fprintln(os.Stderr, "boom: crashing on purpose")
				return 3
			case "sleep":
				// never answers
			case "deaf":
				// never reads its stdin again
				fmt.Fprintln(os.Stderr, "deaf from now on")
				never := make(chan os.Signal, 1)
				signal.Notify(never, os.Interrupt)
				<-never
			case "big":
				// One reply line of bigReply bytes and more.
				reply(`{"content":[{"type":"text","text":"` + strings.Repeat("a", bigReply) + `"}]}`)
			default:
				reply(`{"content":[{"type":"text","text":"hello"}],"structuredContent":{"b":1, "a":[2.50]},"isError":false}`)
			}
		default:
			write(fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"error":{"code":-32601,"message":"Method not found"}}`, msg.ID))
		}
	}
	return 0
}

// bigReply is the size of the text in the reply of the tool "big".
const bigReply = 2 << 20

// runParentHelper runs a Manager with one stubborn child (which ignores
// SIGTERM and outlives its stdin), prints the child's pid on stdout and
// waits to be killed: what happens to the child then is up to the kernel.
func runParentHelper() int {
	cfg := helperConfig("child", "stubborn")
	m, err := NewManager(Config{Servers: []ServerConfig{cfg}})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if err := m.Start(context.Background()); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	// The child's stderr is read asynchronously: look until its pid shows.
	pid := ""
	for pid == "" {
		time.Sleep(10 * time.Millisecond)
		s, _ := m.Server("child")
		for _, l := range s.Stderr {
			if p, ok := strings.CutPrefix(l, "pid "); ok {
				pid = p
			}
		}
	}
	fmt.Println("child", pid)
	never := make(chan os.Signal, 1)
	signal.Notify(never, os.Interrupt)
	<-never
	return 0
}

// runMCPGoHelper serves a real mcp-go server over stdio: the client then
// negotiates the 2026-07-28 era (unless the entry pins an older one) and
// sends every request with its _meta. Calling "grow" adds a tool, which
// sends tools/list_changed. With caps it also has the tools of
// addCapsTools, which ask things of the client, "wait" saying on stderr
// when it is cancelled.
func runMCPGoHelper(caps bool) int {
	srv := server.NewMCPServer("mcpgo-helper", "1", server.WithToolCapabilities(true), server.WithLogging())
	if caps {
		addCapsTools(srv, func() { fmt.Fprintln(os.Stderr, "wait: cancelled") })
	}
	srv.AddTool(mcp.NewTool("grow", mcp.WithDescription("Adds a tool.")),
		func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			srv.AddTool(mcp.NewTool("grown"), func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				return mcp.NewToolResultText("grown"), nil
			})
			return mcp.NewToolResultText("grew"), nil
		})
	if err := server.ServeStdio(srv); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}
