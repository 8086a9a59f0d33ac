package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"mcpeek/internal/npmpeers"
)

// remoteServer is a streamable HTTP MCP server with one tool, "ping", that
// answers only requests carrying the header Authorization: Bearer t0k.
func remoteServer(t *testing.T) string {
	srv := server.NewMCPServer("weather", "1.0.0")
	srv.AddTool(mcp.NewTool("ping", mcp.WithDescription("Answers pong")), func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText("pong"), nil
	})
	h := server.NewStreamableHTTPServer(srv, server.WithStreamableHTTPLogger(slog.New(slog.NewTextHandler(io.Discard, nil))))
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer t0k" {
			http.Error(w, "no token", http.StatusForbidden)
			return
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(ts.Close)
	return ts.URL
}

func TestRegistryServerRemote(t *testing.T) {
	reg := localRegistry(t)
	base := remoteServer(t)
	reg.Add(t, fmt.Appendf(nil, `{"name":"io.example/weather-local","description":"x","version":"2.0.0",
		"remotes":[{"type":"streamable-http","url":"{base}/mcp","variables":{"base":{"default":%q}},
		"headers":[{"name":"Authorization","isRequired":true,"isSecret":true,"value":"Bearer {token}","variables":{"token":{"isRequired":true,"isSecret":true}}}]}]}`, base), time.Now())
	args := []string{"tools", "--json", "--registry", reg.URL, "--registry-server", "io.example/weather-local"}
	_, stderr, code := mcpeek(t, args...)
	if code == 0 || !strings.Contains(stderr, "io.example/weather-local needs variable {token}: give each with --registry-input KEY=VALUE") {
		t.Fatalf("without the token: exit %d: %s", code, stderr)
	}
	out, stderr, code := mcpeek(t, append(args, "--registry-input", "token=t0k")...)
	var tools []toolJSON
	if code != 0 || json.Unmarshal([]byte(out), &tools) != nil || len(tools) != 1 || tools[0].ToolID != "weather-local.ping" {
		t.Fatalf("tools: exit %d\n%s\n%s", code, out, stderr)
	}
	if strings.Contains(stderr, "t0k") || !strings.Contains(stderr, "io.example/weather-local@2.0.0 from the registry, as weather-local: streamable-http "+base+"/mcp\n") {
		t.Errorf("note on stderr: %s", stderr)
	}
}

func TestRegistryServerRefusals(t *testing.T) {
	reg := localRegistry(t)
	reg.Add(t, []byte(`{"name":"io.evil/etc","description":"x","version":"1.0.0",
		"packages":[{"registryType":"npm","identifier":"../../etc","version":"1.0.0"},{"registryType":"cargo","identifier":"x","version":"1"}]}`), time.Now())
	for args, want := range map[string]string{
		"tools --registry-server io.github.modelcontextprotocol/server-filesystem": "io.github.modelcontextprotocol/server-filesystem needs argument <allowed_directory>: give each with --registry-input",
		"tools --registry-server io.evil/etc":                                      `io.evil/etc has nothing mcpeek can run: "../../etc" is not an npm package name: cannot be started by mcpeek; a "cargo" package cannot be started by mcpeek: npm, pypi, oci, nuget and mcpb ones are`,
		"tools --registry-server io.evil/huge":                                     "io.evil/huge has no packages and no remotes: there is nothing to run",
		"tools --registry-server io.x/none":                                        "--registry-server: io.x/none@latest: not found in the registry (Server not found)",
		"tools --registry-server x --url http://localhost/":                        "give either --registry-server or --url, not both",
		"tools --registry-server bad":                                              `--registry-server: "bad" is not a registry name`,
		"tools --registry-server io.x/y --registry-input =":                        `--registry-input "=" is not KEY=VALUE`,
	} {
		_, stderr, code := mcpeek(t, append(strings.Fields(args), "--registry", reg.URL)...)
		if code == 0 || !strings.Contains(stderr, want) {
			t.Errorf("%s: exit %d: %s", args, code, stderr)
		}
	}
}

// TestRegistryServerNPMPeersThroughNPX runs the npm peers with
// --no-sandbox as their registry entries say: npx -y
// @modelcontextprotocol/server-NAME@2026.8.31 with the package arguments
// and environment variables. From the e2e folder npx finds the installed
// packages at those versions, so the test needs no network.
func TestRegistryServerNPMPeersThroughNPX(t *testing.T) {
	node, modules := npmpeers.Find(t)
	if _, err := exec.LookPath("npx"); err != nil {
		t.Skip("npx is not installed")
	}
	reg := localRegistry(t)
	t.Setenv("PATH", filepath.Dir(node)+string(filepath.ListSeparator)+os.Getenv("PATH"))
	t.Chdir(filepath.Dir(modules))
	dir := t.TempDir()
	for _, tc := range []struct {
		server string
		inputs []string
		tools  int
		runs   string
	}{
		{"server-everything@2026.8.31", nil, everythingToolsNoRoots, "npx -y @modelcontextprotocol/server-everything@2026.8.31 stdio"},
		{"server-filesystem", []string{"--registry-input", "allowed_directory=" + dir}, 0, "npx -y @modelcontextprotocol/server-filesystem@2026.8.31 " + dir},
		{"server-memory", []string{"--registry-input", "MEMORY_FILE_PATH=" + filepath.Join(dir, "memory.jsonl")}, 0,
			"MEMORY_FILE_PATH=" + filepath.Join(dir, "memory.jsonl") + " npx -y @modelcontextprotocol/server-memory@2026.8.31"},
	} {
		name, _, _ := strings.Cut(tc.server, "@")
		args := append([]string{"tools", "--json", "--no-sandbox", "--registry", reg.URL, "--registry-server", "io.github.modelcontextprotocol/" + tc.server}, tc.inputs...)
		out, stderr, code := mcpeek(t, args...)
		var tools []toolJSON
		if code != 0 || json.Unmarshal([]byte(out), &tools) != nil || len(tools) == 0 {
			t.Errorf("%s: exit %d\n%s\n%s", tc.server, code, out, stderr)
			continue
		}
		if tc.tools > 0 && len(tools) != tc.tools {
			t.Errorf("%s: %d tools, want %d", tc.server, len(tools), tc.tools)
		}
		if !strings.HasPrefix(tools[0].ToolID, name+".") {
			t.Errorf("%s: the first tool is %q, want %s.TOOL", tc.server, tools[0].ToolID, name)
		}
		if !strings.Contains(stderr, "as "+name+": "+tc.runs+" (no sandbox") {
			t.Errorf("%s: stderr: %s", tc.server, stderr)
		}
	}
}
