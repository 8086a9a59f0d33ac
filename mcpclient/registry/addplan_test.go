package registry

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// keyed is an npm server that asks for a secret API_KEY.
func keyed(t *testing.T) Entry {
	t.Helper()
	e, err := ParseEntry([]byte(`{"server":{"name":"io.example/keyed","description":"x","version":"1.0.0",
		"packages":[{"registryType":"npm","identifier":"@modelcontextprotocol/server-everything","version":"2026.8.31","transport":{"type":"stdio"},
		"environmentVariables":[{"name":"API_KEY","isRequired":true,"isSecret":true},{"name":"REGION","default":"eu"}]}]}}`))
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func TestSecretReferencesStandForSecrets(t *testing.T) {
	t.Parallel()
	var warned []string
	values := map[string]string{"API_KEY": "s3cret"}
	secrets := SecretReferences(keyed(t), values, false, func(w string) { warned = append(warned, w) })
	if values["API_KEY"] != "${API_KEY}" || !secrets["API_KEY"] || len(warned) != 1 {
		t.Errorf("values %v, secrets %v, warned %q", values, secrets, warned)
	}
	values = map[string]string{"API_KEY": "s3cret"}
	if secrets := SecretReferences(keyed(t), values, true, nil); len(secrets) != 0 || values["API_KEY"] != "s3cret" {
		t.Errorf("asked to write secrets: values %v, secrets %v", values, secrets)
	}
}

// TestPlanAddWritesNothingUntilAsked: the plan's new file lies beside the
// project's config until Write puts it in place, keeping the old as .bak.
func TestPlanAddWritesNothingUntilAsked(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	t.Setenv("HOME", dir)
	cfg := filepath.Join(dir, ".mcp.json")
	os.WriteFile(cfg, []byte(`{"mcpServers": {}}`), 0o644)
	e := keyed(t)
	values := map[string]string{}
	secrets := SecretReferences(e, values, false, nil)
	p, err := PlanAdd("io.example/keyed", e, AddTo{Client: "claude-code", Project: true}, values, secrets)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Discard()
	if p.Server != "keyed" || p.ShownPath() != ".mcp.json" && p.ShownPath() != cfg || !strings.Contains(p.Diff, "${API_KEY}") {
		t.Errorf("%+v", p)
	}
	if b, _ := os.ReadFile(cfg); string(b) != `{"mcpServers": {}}` {
		t.Errorf("written before Write: %s", b)
	}
	if err := p.Write(); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(cfg); !strings.Contains(string(b), `"keyed"`) {
		t.Errorf("not written: %s", b)
	}
	if b, _ := os.ReadFile(cfg + ".bak"); string(b) != `{"mcpServers": {}}` {
		t.Errorf("no backup: %s", b)
	}
	if _, err := PlanAdd("io.example/other", e, AddTo{Client: "claude-code", Project: true}, values, secrets); err == nil {
		t.Error("an entry that is not the server asked for was planned")
	}
}
