package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"mcpeek/internal/registrytest"
	"mcpeek/mcpclient"
)

// keyedAnswer answers the look-up of io.example/keyed with an entry named
// name instead.
func keyedAnswer(reg *registrytest.Registry, name string) {
	reg.Override(func(w http.ResponseWriter, r *http.Request) bool {
		if !strings.Contains(r.URL.EscapedPath(), "io.example%2Fkeyed/versions/") {
			return false
		}
		quoted, _ := json.Marshal(name)
		fmt.Fprintf(w, `{"server":{"name":%s,"description":"x","version":"1.0.0",
			"packages":[{"registryType":"npm","identifier":"@modelcontextprotocol/server-everything","version":"2026.8.31","transport":{"type":"stdio"}}]}}`, quoted)
		return true
	})
}

// TestAddWritesTheNameAskedFor: a registry that answers a look-up with
// another server's entry, or with the name carrying escape sequences, a
// newline and quotes, is refused before anything is written, for a TOML
// config as for a JSON one; an answer naming the server asked for is
// written under the name asked for.
func TestAddWritesTheNameAskedFor(t *testing.T) {
	r, home, _ := addRegistry(t)
	reg := r.URL
	codex := filepath.Join(home, ".codex", "config.toml")
	claude := filepath.Join(home, ".claude.json")
	for _, hostile := range []string{
		"io.example/keyed\u001b]0;owned\u0007\n[mcp_servers.evil]\ncommand = \"sh\"",
		"io.example/keyed\n",
		"io.other/keyed",
		"io.example/KEYED",
	} {
		keyedAnswer(r, hostile)
		t.Setenv("XDG_CACHE_HOME", t.TempDir()) // each answer asked for afresh
		for _, client := range []string{"codex", "claude-code"} {
			_, stderr, code := mcpeek(t, "add", "io.example/keyed", "--client", client, "--yes", "--registry", reg)
			if code == 0 || !strings.Contains(stderr, "the registry answered io.example/keyed with the entry of") || strings.ContainsAny(stderr, "\u001b\u0007") {
				t.Errorf("%q to %s: exit %d: %q", hostile, client, code, stderr)
			}
		}
		for _, f := range []string{codex, claude} {
			if _, err := os.Stat(f); err == nil {
				b, _ := os.ReadFile(f)
				t.Fatalf("%q: %s written:\n%s", hostile, f, b)
			}
		}
	}
	keyedAnswer(r, "io.example/keyed")
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	if _, stderr, code := mcpeek(t, "add", "io.example/keyed", "--client", "codex", "--yes", "--registry", reg); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if b, _ := os.ReadFile(codex); !strings.Contains(string(b), "[mcp_servers.keyed]\n") {
		t.Errorf("codex:\n%s", b)
	}
}

// TestExplorerAddRefusesAHostileName: a in the registry pane on an entry
// whose name carries escape sequences plans nothing.
func TestExplorerAddRefusesAHostileName(t *testing.T) {
	reg := localRegistry(t)
	reg.Add(t, []byte(`{"name":"io.evil/run\u001b]0;owned\u0007\n[x]","description":"x","version":"1.0.0",
		"packages":[{"registryType":"npm","identifier":"@modelcontextprotocol/server-everything","version":"2026.8.31","transport":{"type":"stdio"}}]}`), time.Now())
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	r, _, _ := explorerOn(t, reg.URL)
	res, err := r.Search(context.Background(), "io.evil/run")
	if err != nil || len(res.Entries) != 1 {
		t.Fatalf("search: %v %v", res.Entries, err)
	}
	_, err = r.PlanAdd(context.Background(), res.Entries[0], "codex", nil)
	if err == nil || !strings.Contains(err.Error(), "is not a registry name") {
		t.Errorf("err = %v", err)
	}
	if _, err := os.Stat(filepath.Join(home, ".codex", "config.toml")); err == nil {
		t.Error("written")
	}
}

// TestExplorerTryRefusesAHostileName: t in the registry pane on an entry
// whose name carries escape sequences prepares nothing, as a does.
func TestExplorerTryRefusesAHostileName(t *testing.T) {
	reg := localRegistry(t)
	reg.Add(t, []byte(`{"name":"io.evil/run\u001b]0;owned\u0007\n[x]","description":"x","version":"1.0.0",
		"remotes":[{"type":"streamable-http","url":"http://127.0.0.1:1/mcp"}]}`), time.Now())
	r, m, _ := explorerOn(t, reg.URL)
	res, err := r.Search(context.Background(), "io.evil/run")
	if err != nil || len(res.Entries) != 1 {
		t.Fatalf("search: %v %v", res.Entries, err)
	}
	_, err = r.Try(context.Background(), res.Entries[0], nil, func(line string) { t.Errorf("progress %q before refusing", line) })
	if err == nil || !strings.Contains(err.Error(), "is not a registry name") {
		t.Errorf("err = %v", err)
	}
	if len(m.Servers()) != 0 {
		t.Errorf("added: %v", m.Servers())
	}
}

// TestAddWritesThroughASymlinkedConfig: a client's config kept in a
// dotfiles folder and linked from home stays a link; the file it names
// gets the server, and the backup is kept beside it.
func TestAddWritesThroughASymlinkedConfig(t *testing.T) {
	reg, home, _ := addHome(t)
	dots := filepath.Join(home, "dotfiles")
	if err := os.MkdirAll(dots, 0o755); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(dots, "claude.json")
	if err := os.WriteFile(target, []byte(`{"mcpServers": {"old": {"command": "old-server"}}}`+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(home, ".claude.json")
	if err := os.Symlink("dotfiles/claude.json", link); err != nil {
		t.Fatal(err)
	}
	out, stderr, code := mcpeek(t, "add", "io.github.modelcontextprotocol/server-memory", "--client", "claude-code", "--yes", "--registry", reg)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("%s is no longer a link (%v, %v)", link, st.Mode(), err)
	}
	cfg, err := mcpclient.Load(target)
	if err != nil || len(cfg.Servers) != 2 {
		t.Errorf("the target read back: %+v %v", cfg.Servers, err)
	}
	if b, err := os.ReadFile(target + ".bak"); err != nil || !strings.Contains(string(b), "old-server") {
		t.Errorf("no backup beside the target: %v", err)
	}
	if !strings.Contains(out+stderr, target) {
		t.Errorf("the file written is not named:\n%s\n%s", out, stderr)
	}
	entries, _ := os.ReadDir(home)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".claude.json") && e.Name() != ".claude.json" {
			t.Errorf("left in home: %s", e.Name())
		}
	}
}

// TestTryNamesTheServerAskedFor: try and --registry-server refuse, as add
// does, a registry that answers a look-up with another server's entry or
// with the name carrying escape sequences, a newline and quotes, before
// anything is asked, installed or started; an answer naming the server
// asked for is started under the name asked for.
func TestTryNamesTheServerAskedFor(t *testing.T) {
	reg := localRegistry(t)
	base := remoteServer(t)
	answer := func(name string) {
		quoted, _ := json.Marshal(name)
		reg.Override(func(w http.ResponseWriter, r *http.Request) bool {
			if !strings.Contains(r.URL.EscapedPath(), "io.example%2Fkeyed/versions/") {
				return false
			}
			fmt.Fprintf(w, `{"server":{"name":%s,"description":"x","version":"1.0.0",
				"remotes":[{"type":"streamable-http","url":%q,"headers":[{"name":"Authorization","value":"Bearer t0k"}]}]}}`, quoted, base+"/mcp")
			return true
		})
		t.Setenv("XDG_CACHE_HOME", t.TempDir()) // each answer asked for afresh
	}
	commands := [][]string{
		{"try", "io.example/keyed", "--no-tui"},
		{"tools", "--registry-server", "io.example/keyed"},
	}
	for _, hostile := range []string{
		"io.example/keyed\u001b]0;owned\u0007\n[mcp_servers.evil]\ncommand = \"sh\"",
		"io.example/keyed\n",
		"io.other/keyed",
		"io.example/KEYED",
	} {
		answer(hostile)
		for _, args := range commands {
			out, stderr, code := mcpeek(t, append(args, "--registry", reg.URL)...)
			if code == 0 || !strings.Contains(stderr, "the registry answered io.example/keyed with the entry of") || strings.ContainsAny(out+stderr, "\u001b\u0007") || strings.Contains(out, "ping") {
				t.Errorf("%q, %s: exit %d:\n%s\n%s", hostile, args[0], code, out, stderr)
			}
		}
	}
	answer("io.example/keyed")
	for _, args := range commands {
		out, stderr, code := mcpeek(t, append(args, "--registry", reg.URL)...)
		if code != 0 || !strings.Contains(out, "ping()") || !strings.Contains(stderr, "io.example/keyed@1.0.0 from the registry, as keyed:") {
			t.Errorf("%s: exit %d:\n%s\n%s", args[0], code, out, stderr)
		}
	}
}
