package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mcpeek/internal/testkit"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"mcpeek/internal/npmpeers"
)

// The roles this test binary plays when the conformance suite runs it.
const (
	// roleClient: the client command of the suite, run with the scenario's
	// server URL; it runs the mcpeek binary as the scenario wants.
	roleClient = "conformance-client"
	// roleBrowser: $BROWSER, a headless browser that follows the
	// authorization URL to mcpeek's loopback redirect.
	roleBrowser = "conformance-browser"
	// roleDemoServer makes the test binary `mcpeek demo-server`: a real
	// stdio server for a config, without building mcpeek.
	roleDemoServer = "demo-server-role"
	// binEnv names the mcpeek binary for roleClient.
	binEnv = "MCPEEK_CONFORMANCE_BIN"
)

func TestMain(m *testing.M) {
	if len(os.Args) > 1 {
		switch os.Args[1] {
		case roleClient:
			os.Exit(conformanceClient(os.Args[2:]))
		case roleBrowser:
			os.Exit(headlessBrowser(os.Args[2:]))
		case roleDemoServer:
			os.Exit(run(context.Background(), []string{"demo-server"}, os.Stdin, os.Stdout, os.Stderr))
		}
	}
	// OAuth tokens of every test go to a file of the run's own, never to
	// the user's keyring or config directory.
	dir, err := os.MkdirTemp("", "mcpeek-test-config")
	if err != nil {
		panic(err)
	}
	os.Setenv("XDG_CONFIG_HOME", dir)
	os.Setenv("MCPEEK_TOKEN_STORE", "file")
	// These tests mostly wait on deadlines, child processes and
	// connections, not on the CPU: more than two at a time (-parallel's
	// default here) makes the package several times faster.
	testkit.WaitingParallel(8)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// headlessBrowser GETs the URL and follows its redirects, as a browser whose
// user approves at once would.
func headlessBrowser(args []string) int {
	if len(args) != 1 {
		fmt.Fprintln(os.Stderr, "usage: conformance-browser URL")
		return 2
	}
	resp, err := http.Get(args[0])
	if err != nil {
		fmt.Fprintln(os.Stderr, "browser:", err)
		return 1
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return 0
}

// conformanceClient runs mcpeek against the scenario's server: `tools
// --url` for most, a call for the scenarios that check a call, and a config
// entry with "oauth" settings for those that hand the client a pre-registered
// client (MCP_CONFORMANCE_CONTEXT) or want a client ID metadata document.
func conformanceClient(args []string) int {
	if len(args) != 1 {
		fmt.Fprintln(os.Stderr, "usage: conformance-client SERVER_URL")
		return 2
	}
	url := args[0]
	var ctx struct {
		ClientID     string `json:"client_id"`
		ClientSecret string `json:"client_secret"`
	}
	json.Unmarshal([]byte(os.Getenv("MCP_CONFORMANCE_CONTEXT")), &ctx)
	withOAuth := func(oauth map[string]any) []string {
		b, _ := json.Marshal(map[string]any{"mcpServers": map[string]any{"conformance": map[string]any{"type": "http", "url": url, "oauth": oauth}}})
		path := filepath.Join(os.TempDir(), fmt.Sprintf("mcpeek-conformance-%d.json", os.Getpid()))
		if err := os.WriteFile(path, b, 0o600); err != nil {
			panic(err)
		}
		return []string{"tools", "conformance", "--config", path}
	}
	var mcpeekArgs []string
	switch os.Getenv("MCP_CONFORMANCE_SCENARIO") {
	case "auth/scope-step-up":
		mcpeekArgs = []string{"call", "url.test-tool", "--url", url}
	case "sse-retry":
		// The scenario's server answers server/discover with an empty
		// success: pin the era it speaks (see TestConformanceClient).
		mcpeekArgs = []string{"--protocol", "2025-11-25", "call", "url.test_reconnection", "--url", url}
	case "auth/basic-cimd":
		mcpeekArgs = withOAuth(map[string]any{"clientMetadataUrl": "https://conformance-test.local/client-metadata.json"})
	case "auth/pre-registration":
		mcpeekArgs = withOAuth(map[string]any{"clientId": ctx.ClientID, "clientSecret": ctx.ClientSecret})
	case "auth/client-credentials-basic":
		mcpeekArgs = withOAuth(map[string]any{"grant": "client_credentials", "clientId": ctx.ClientID, "clientSecret": ctx.ClientSecret})
	default:
		mcpeekArgs = []string{"tools", "--url", url}
	}
	cmd := exec.Command(os.Getenv(binEnv), mcpeekArgs...)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		if ee, ok := err.(*exec.ExitError); ok {
			return ee.ExitCode()
		}
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// TestConformanceAuth runs the conformance suite's authorization scenarios
// in client mode with mcpeek as the client, logging in headlessly: $BROWSER
// is this test binary, following the authorization URL to the loopback
// redirect. Every scenario of the 2025-11-25 and 2025-03-26 sets passes, the
// cheap draft and extension ones, and sse-retry. No token or client secret
// of any scenario may appear in what mcpeek printed.
func TestConformanceAuth(t *testing.T) {
	t.Parallel()
	node, modules := npmpeers.Find(t)
	bin := mcpeekBinary(t)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	suite := filepath.Join(modules, "@modelcontextprotocol/conformance/dist/index.js")
	scenarios := []string{
		// 2025-11-25
		"auth/metadata-default", "auth/metadata-var1", "auth/metadata-var2", "auth/metadata-var3",
		"auth/basic-cimd", "auth/scope-from-www-authenticate", "auth/scope-from-scopes-supported",
		"auth/scope-omitted-when-undefined", "auth/scope-step-up", "auth/scope-retry-limit",
		"auth/token-endpoint-auth-basic", "auth/token-endpoint-auth-post", "auth/token-endpoint-auth-none",
		"auth/pre-registration",
		// 2025-03-26
		"auth/2025-03-26-oauth-metadata-backcompat", "auth/2025-03-26-oauth-endpoint-fallback",
		// draft and extension
		"auth/resource-mismatch", "auth/offline-access-scope", "auth/offline-access-not-supported",
		"auth/client-credentials-basic",
		"sse-retry",
	}
	for _, scenario := range scenarios {
		t.Run(scenario, func(t *testing.T) {
			out := t.TempDir()
			cmd := exec.Command(node, suite, "client", "--command", self+" "+roleClient, "--scenario", scenario, "-o", out)
			cmd.Env = append(os.Environ(),
				"BROWSER="+self+" "+roleBrowser,
				"XDG_CONFIG_HOME="+t.TempDir(),
				"MCPEEK_TOKEN_STORE=file",
				binEnv+"="+bin,
			)
			got, err := cmd.CombinedOutput()
			if err != nil || !strings.Contains(string(got), "OVERALL: PASSED") || strings.Contains(string(got), "Passed: 0/0") {
				t.Fatalf("conformance %s: %v\n%s", scenario, err, got)
			}
			// The suite saves what the client printed.
			read := 0
			filepath.WalkDir(out, func(path string, d os.DirEntry, err error) error {
				if err != nil || d.IsDir() || (d.Name() != "stdout.txt" && d.Name() != "stderr.txt") {
					return err
				}
				b, _ := os.ReadFile(path)
				read++
				for _, secret := range []string{"test-token-", "cc-token-", "test-client-secret", "test-secret-",
					"pre-registered-secret", "conformance-test-secret"} {
					if strings.Contains(string(b), secret) {
						t.Errorf("%s: mcpeek printed a secret (%s...):\n%s", d.Name(), secret, b)
					}
				}
				return nil
			})
			if read != 2 {
				t.Errorf("found %d of the client's two output files under %s", read, out)
			}
		})
	}
}
