package gateway

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"mcpeek/internal/npmpeers"
	"mcpeek/mcpclient"
	"mcpeek/model"
	"mcpeek/summarizer/schemadiff"
)

// TestApproveHintRunsAsWritten pins server-everything with a lock that
// lacks get-sum, under a config and a lock that are not the defaults: the
// command the gateway's TOOL_CHANGED answer tells to run, run as written
// from another folder with an empty home, approves the tool, and the
// gateway serves it.
func TestApproveHintRunsAsWritten(t *testing.T) {
	node, modules := npmpeers.Find(t)
	bin, err := gatewayBin()
	if err != nil {
		t.Fatal(err)
	}
	dir, home := t.TempDir(), t.TempDir()
	cfg, lock := filepath.Join(dir, "mcp.json"), filepath.Join(dir, "gw.lock.json")
	b, _ := json.Marshal(map[string]any{"mcpServers": map[string]any{"everything": map[string]any{
		"command": node, "args": []string{filepath.Join(modules, "@modelcontextprotocol/server-everything/dist/index.js"), "stdio"}}}})
	if err := os.WriteFile(cfg, b, 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) (string, error) {
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Dir = home
		cmd.Env = append(os.Environ(), "HOME="+home, "XDG_CONFIG_HOME="+home, "PATH="+filepath.Dir(bin)+":"+os.Getenv("PATH"))
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	if out, err := run(bin, "snapshot", "--config", cfg, "-o", lock); err != nil {
		t.Fatalf("snapshot: %v: %s", err, out)
	}
	snap, err := schemadiff.ReadFile(lock, 0)
	if err != nil {
		t.Fatal(err)
	}
	snap.Servers[0].Tools = slices.DeleteFunc(snap.Servers[0].Tools, func(tl model.Tool) bool { return tl.Name == "get-sum" })
	if b, err = snap.Encode(); err != nil || os.WriteFile(lock, b, 0o644) != nil {
		t.Fatal(err)
	}

	m, err := mcpclient.NewManager(mcpclient.Config{Servers: []mcpclient.ServerConfig{{
		Name: "gw", Command: bin, Args: []string{"gateway", "--config", cfg, "--lock", lock},
		Env: map[string]string{"HOME": home, "XDG_CONFIG_HOME": home},
	}}})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if err := m.Start(ctx); err != nil {
		t.Fatal(err)
	}
	exec := func() envelope {
		res, err := m.CallTool(ctx, "gw", "tool_exec", json.RawMessage(`{"op":"everything.get-sum","args":{"a":1,"b":2}}`))
		if err != nil {
			t.Fatal(err)
		}
		var env envelope
		if err := json.Unmarshal(res.StructuredContent, &env); err != nil {
			t.Fatalf("%v: %s", err, res.Raw)
		}
		return env
	}
	env := exec()
	mustCode(t, env, CodeToolChanged)
	approve, _ := env.Error.Details["approve"].(string)
	if !strings.Contains(env.Error.Message, approve) || !strings.Contains(approve, "--config") {
		t.Fatalf("the hint does not name the gateway's config and lock: %q in %s", approve, env.Error.Message)
	}
	out, err := run("sh", "-c", approve)
	if err != nil || !strings.Contains(out, "wrote "+lock) {
		t.Fatalf("%s, run as written: %v\n%s", approve, err, out)
	}
	eventually(t, "the approved tool served", func() bool { return exec().OK })
}
