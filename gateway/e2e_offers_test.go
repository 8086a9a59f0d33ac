package gateway

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestInspectorReadsUpstreamOffers puts the real server-everything (it has
// resources, resource templates and prompts) and a server that cannot
// start behind the gateway, and reads them through the official MCP
// Inspector in CLI mode: over stdio in progressive mode, over HTTP in
// direct mode.
func TestInspectorReadsUpstreamOffers(t *testing.T) {
	t.Parallel()
	node, modules, bin, _ := e2eSetup(t)
	cfg := filepath.Join(t.TempDir(), "mcp.json")
	b, _ := json.Marshal(map[string]any{"mcpServers": map[string]any{
		"everything": map[string]any{"command": node, "args": []string{filepath.Join(modules, "@modelcontextprotocol/server-everything/dist/index.js"), "stdio"}},
		"dead":       map[string]any{"command": filepath.Join(t.TempDir(), "no-such-server")},
	}})
	if err := os.WriteFile(cfg, b, 0o644); err != nil {
		t.Fatal(err)
	}
	inspector := filepath.Join(modules, "@modelcontextprotocol/inspector/clients/launcher/build/index.js")
	url, _ := startHTTPGateway(t, bin, "--config", cfg, "--mode", "direct")
	for _, target := range [][]string{{"--", bin, "gateway", "--config", cfg}, {url}} {
		// run asks the inspector and decodes its JSON answer into v; it
		// returns the output and whether the inspector succeeded.
		run := func(v any, args ...string) (string, bool) {
			t.Helper()
			argv := append([]string{inspector, "--cli"}, args...)
			if target[0] == "--" {
				argv = append(argv, target...)
			} else {
				argv = append(argv[:2], append(target, argv[2:]...)...)
			}
			out, err := runNode(t, node, argv...)
			if i := strings.Index(out, "{"); i >= 0 && v != nil {
				if jerr := json.Unmarshal([]byte(out[i:]), v); jerr != nil && err == nil {
					t.Fatalf("%v: %v\n%s", args, jerr, out)
				}
			}
			return out, err == nil
		}

		var resources struct {
			Resources []struct{ URI, Name string } `json:"resources"`
		}
		if out, ok := run(&resources, "--method", "resources/list"); !ok || !slices.ContainsFunc(resources.Resources, func(r struct{ URI, Name string }) bool {
			return r.URI == "mcpeek://everything/demo://resource/static/document/architecture.md" && r.Name == "everything.architecture.md"
		}) {
			t.Fatalf("%v resources/list:\n%s", target, out)
		}
		var templates struct {
			ResourceTemplates []struct {
				URITemplate string `json:"uriTemplate"`
			} `json:"resourceTemplates"`
		}
		if out, ok := run(&templates, "--method", "resources/templates/list"); !ok || !slices.ContainsFunc(templates.ResourceTemplates, func(r struct {
			URITemplate string `json:"uriTemplate"`
		}) bool {
			return r.URITemplate == "mcpeek://everything/demo://resource/dynamic/text/{resourceId}"
		}) {
			t.Fatalf("%v resources/templates/list:\n%s", target, out)
		}
		var read struct {
			Contents []struct{ URI, Text string } `json:"contents"`
		}
		if out, ok := run(&read, "--method", "resources/read", "--uri", "mcpeek://everything/demo://resource/dynamic/text/3"); !ok || len(read.Contents) != 1 ||
			read.Contents[0].URI != "mcpeek://everything/demo://resource/dynamic/text/3" || !strings.HasPrefix(read.Contents[0].Text, "Resource 3:") {
			t.Fatalf("%v resources/read:\n%s", target, out)
		}
		var prompts struct {
			Prompts []struct {
				Name      string `json:"name"`
				Arguments []struct {
					Name     string `json:"name"`
					Required bool   `json:"required"`
				} `json:"arguments"`
			} `json:"prompts"`
		}
		out, ok := run(&prompts, "--method", "prompts/list")
		i := slices.IndexFunc(prompts.Prompts, func(p struct {
			Name      string `json:"name"`
			Arguments []struct {
				Name     string `json:"name"`
				Required bool   `json:"required"`
			} `json:"arguments"`
		}) bool {
			return p.Name == "everything.args-prompt"
		})
		if !ok || i < 0 || len(prompts.Prompts[i].Arguments) != 2 || !prompts.Prompts[i].Arguments[0].Required {
			t.Fatalf("%v prompts/list:\n%s", target, out)
		}
		var got struct {
			Messages []struct {
				Content struct{ Text string } `json:"content"`
			} `json:"messages"`
		}
		if out, ok := run(&got, "--method", "prompts/get", "--prompt-name", "everything.args-prompt", "--prompt-args", "city=Paris", "state=TX"); !ok ||
			len(got.Messages) != 1 || got.Messages[0].Content.Text != "What's weather in Paris, TX?" {
			t.Fatalf("%v prompts/get:\n%s", target, out)
		}
		// The upstream refuses: its message comes back.
		if out, ok := run(nil, "--method", "prompts/get", "--prompt-name", "everything.resource-prompt", "--prompt-args", "resourceType=Nope", "resourceId=1"); ok ||
			!strings.Contains(out, "Invalid resourceType: Nope") {
			t.Fatalf("%v prompts/get of a bad argument:\n%s", target, out)
		}
	}
}
