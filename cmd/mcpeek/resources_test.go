package main

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// serveHTTP serves srv over streamable HTTP and returns a config naming it
// "s".
func serveHTTP(t *testing.T, srv *server.MCPServer) string {
	t.Helper()
	ts := httptest.NewServer(server.NewStreamableHTTPServer(srv))
	t.Cleanup(ts.Close)
	cfg := filepath.Join(t.TempDir(), "mcp.json")
	if err := os.WriteFile(cfg, fmt.Appendf(nil, `{"mcpServers": {"s": {"type": "http", "url": %q}}}`, ts.URL), 0o600); err != nil {
		t.Fatal(err)
	}
	return cfg
}

func textResource(uri, name, text string) (mcp.Resource, server.ResourceHandlerFunc) {
	return mcp.NewResource(uri, name, mcp.WithMIMEType("text/plain")),
		func(context.Context, mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
			return []mcp.ResourceContents{mcp.TextResourceContents{URI: uri, MIMEType: "text/plain", Text: text}}, nil
		}
}

// TestResourcesListedUpToTheCap: a server with one resource more than the
// cap is listed up to it, and both outputs say the listing stopped.
func TestResourcesListedUpToTheCap(t *testing.T) {
	t.Parallel()
	srv := server.NewMCPServer("many", "1", server.WithResourceCapabilities(false, false))
	for i := range 10_001 {
		srv.AddResource(textResource(fmt.Sprintf("mem://r/%05d", i), fmt.Sprintf("r%d", i), "x"))
	}
	cfg := serveHTTP(t, srv)
	out, stderr, code := mcpeek(t, "--config", cfg, "resources", "s", "--json")
	var got struct {
		Resources []json.RawMessage
		Stopped   []string
	}
	if code != 0 || json.Unmarshal([]byte(out), &got) != nil {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if len(got.Resources) != 10_000 || len(got.Stopped) != 1 || !strings.Contains(stderr, "more than 10000") {
		t.Errorf("listed %d, stopped %q, stderr %q\n%.300s", len(got.Resources), got.Stopped, stderr, out[len(out)-300:])
	}
	out, _, code = mcpeek(t, "--config", cfg, "resources", "s")
	if code != 0 || !strings.HasPrefix(out, "resources (10000)") {
		t.Errorf("exit %d: %.200s", code, out)
	}
}

// TestHugeResourceRefusedOrWritten: a 50 MB text resource is refused by
// read (it says how to get it) and written whole with -o.
func TestHugeResourceRefusedOrWritten(t *testing.T) {
	t.Parallel()
	const size = 50 << 20
	srv := server.NewMCPServer("huge", "1", server.WithResourceCapabilities(false, false))
	srv.AddResource(textResource("mem://huge", "huge", strings.Repeat("a", size)))
	cfg := serveHTTP(t, srv)
	// 50 MB through the race detector on a busy machine can take past the
	// default minute.
	out, stderr, code := mcpeek(t, "--config", cfg, "read", "s", "mem://huge", "--timeout", "10m")
	if code == 0 || out != "" || !strings.Contains(stderr, "mem://huge is 50.0 MiB of text, more than --max-bytes (4.0 MiB): write it to a file with -o FILE") {
		t.Errorf("exit %d, %d bytes out, stderr %q", code, len(out), stderr)
	}
	file := filepath.Join(t.TempDir(), "huge.txt")
	if _, stderr, code := mcpeek(t, "--config", cfg, "read", "s", "mem://huge", "-o", file, "--timeout", "10m"); code != 0 {
		t.Fatalf("-o: exit %d: %s", code, stderr)
	}
	if st, err := os.Stat(file); err != nil || st.Size() != size {
		t.Errorf("-o wrote %v (%v), want %d bytes", st, err, size)
	}
	_, stderr, code = mcpeek(t, "--config", cfg, "--max-message-bytes", "1048576", "read", "s", "mem://huge", "-o", file+"2")
	if code == 0 || !strings.Contains(stderr, "over the limit of 1 MiB (--max-message-bytes)") {
		t.Errorf("over --max-message-bytes: exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(file + "2"); err == nil {
		t.Error("a resource over the message cap was written")
	}
}

// TestServerTextNeverReachesTheTerminalRaw: escape sequences and BiDi
// controls in every text field of resources, templates, prompts, prompt
// messages, contents and completions reach neither stdout nor stderr, in
// text or JSON.
func TestServerTextNeverReachesTheTerminalRaw(t *testing.T) {
	t.Parallel()
	const evil = "\x1b]52;c;cHduZWQ=\x07\x1b[2J\x1b[31mred\u202efdp.exe\x9b1m"
	srv := server.NewMCPServer("evil"+evil, "1"+evil, server.WithTitle("title"+evil),
		server.WithResourceCapabilities(false, false), server.WithPromptCapabilities(false), server.WithCompletions(),
		server.WithPromptCompletionProvider(evilCompletions{evil}), server.WithResourceCompletionProvider(evilCompletions{evil}))
	const uri = "mem://e"
	srv.AddResource(mcp.NewResource(uri, "name"+evil, mcp.WithResourceDescription("desc"+evil), mcp.WithMIMEType("text/"+evil)),
		func(context.Context, mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
			return []mcp.ResourceContents{
				mcp.TextResourceContents{URI: uri + evil, MIMEType: "text/" + evil, Text: "text" + evil},
				mcp.BlobResourceContents{URI: uri + evil, MIMEType: "image/" + evil, Blob: base64.StdEncoding.EncodeToString([]byte(evil))},
			}, nil
		})
	srv.AddResourceTemplate(mcp.NewResourceTemplate("mem://t/{id}", "tmpl"+evil, mcp.WithTemplateDescription("d"+evil), mcp.WithTemplateMIMEType("m"+evil)),
		func(context.Context, mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) { return nil, nil })
	srv.AddPrompt(mcp.NewPrompt("p", mcp.WithPromptTitle("t"+evil), mcp.WithPromptDescription("d"+evil),
		mcp.WithArgument("a", mcp.ArgumentDescription("ad"+evil))),
		func(context.Context, mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			return mcp.NewGetPromptResult("r"+evil, []mcp.PromptMessage{
				mcp.NewPromptMessage(mcp.Role("user"+evil), mcp.NewTextContent("m"+evil)),
				mcp.NewPromptMessage(mcp.RoleUser, mcp.NewImageContent("AAAA", "image/"+evil)),
				mcp.NewPromptMessage(mcp.RoleUser, mcp.NewEmbeddedResource(mcp.TextResourceContents{URI: uri + evil, MIMEType: evil, Text: evil})),
				mcp.NewPromptMessage(mcp.RoleUser, mcp.NewResourceLink(uri+evil, "n"+evil, "d"+evil, "m"+evil)),
			}), nil
		})
	cfg := serveHTTP(t, srv)
	for _, args := range [][]string{
		{"resources", "s"}, {"resources", "s", "--json"},
		{"read", "s", uri}, {"read", "s", uri, "--json"},
		{"prompts", "s"}, {"prompts", "s", "--json"},
		{"prompt", "s.p"}, {"prompt", "s.p", "--json"},
		{"prompt", "s.p" + evil}, {"prompt", "s.p", "--args", `{"a` + evil + `": "x"}`},
		{"complete", "s", "--prompt", "p", "a=x"}, {"complete", "s", "--prompt", "p", "a=x", "--json"},
		{"complete", "s", "--template", "mem://t/{id}", "id=x"},
		{"servers"}, {"servers", "--json"},
	} {
		out, stderr, code := mcpeek(t, append([]string{"--config", cfg}, args...)...)
		for name, s := range map[string]string{"stdout": out, "stderr": stderr} {
			if i := strings.IndexFunc(s, func(r rune) bool { return r == 0x1b || r == 0x07 || r == 0x9b || r == '\u202e' }); i >= 0 {
				t.Errorf("%q (exit %d): a control reached %s at %d: %q", args, code, name, i, s[max(0, i-40):min(len(s), i+40)])
			}
		}
		if code != 0 && args[0] != "prompt" {
			t.Errorf("%q: exit %d: %s", args, code, stderr)
		}
	}
}

type evilCompletions struct{ evil string }

func (e evilCompletions) CompletePromptArgument(context.Context, string, mcp.CompleteArgument, mcp.CompleteContext) (*mcp.Completion, error) {
	return &mcp.Completion{Values: []string{"v" + e.evil}}, nil
}

func (e evilCompletions) CompleteResourceArgument(context.Context, string, mcp.CompleteArgument, mcp.CompleteContext) (*mcp.Completion, error) {
	return &mcp.Completion{Values: []string{"v" + e.evil}}, nil
}

// TestTemplateWithAThousandVariables: a template with 1,000 variables is
// listed (its cell cut to the table's width) and its last variable
// completed.
func TestTemplateWithAThousandVariables(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString("mem://t")
	for i := range 1000 {
		fmt.Fprintf(&b, "/{v%d}", i)
	}
	tmpl := b.String()
	srv := server.NewMCPServer("vars", "1", server.WithResourceCapabilities(false, false), server.WithCompletions(),
		server.WithResourceCompletionProvider(echoCompletion{}))
	srv.AddResourceTemplate(mcp.NewResourceTemplate(tmpl, "many"),
		func(context.Context, mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) { return nil, nil })
	cfg := serveHTTP(t, srv)
	out, stderr, code := mcpeek(t, "--config", cfg, "resources", "s")
	if code != 0 || !strings.Contains(out, "resource templates (1)\n  mem://t/{v0}/") || strings.Contains(out, "{v999}") {
		t.Errorf("exit %d: %s%s", code, out, stderr)
	}
	for _, line := range strings.Split(out, "\n") {
		if len(line) > 200 {
			t.Errorf("a line of %d bytes: %.100s...", len(line), line)
		}
	}
	out, stderr, code = mcpeek(t, "--config", cfg, "complete", "s", "--template", tmpl, "v999=ab")
	if code != 0 || out != "v999:ab\n" {
		t.Errorf("complete: exit %d: %q %s", code, out, stderr)
	}
}

type echoCompletion struct{}

func (echoCompletion) CompleteResourceArgument(_ context.Context, _ string, arg mcp.CompleteArgument, _ mcp.CompleteContext) (*mcp.Completion, error) {
	return &mcp.Completion{Values: []string{arg.Name + ":" + arg.Value}}, nil
}
