package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"mcpeek/internal/registrytest"
)

// TestRegistryURLPrecedence: --registry over $MCPEEK_REGISTRY over the
// settings file's "registry" over the official registry; a bad value
// names where it came from.
func TestRegistryURLPrecedence(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	cfg := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", cfg)
	t.Setenv(RegistryEnv, "")
	regs := map[string]*registrytest.Registry{}
	for _, name := range []string{"settings", "env", "flag"} {
		regs[name] = registrytest.New(t)
		regs[name].Add(t, []byte(`{"name":"io.example/from-`+name+`","description":"x","version":"1.0.0"}`), time.Now())
	}
	if err := os.MkdirAll(filepath.Join(cfg, "mcpeek"), 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(text string) {
		if err := os.WriteFile(filepath.Join(cfg, "mcpeek", "settings.json"), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	search := func(args ...string) (string, string) {
		out, stderr, _ := mcpeek(t, append([]string{"registry", "search", "--max-age", "0"}, args...)...)
		return out, stderr
	}
	write(`{"registry": "` + regs["settings"].URL + `", "other": 1}`)
	if out, stderr := search(); !strings.Contains(out, "from-settings") {
		t.Errorf("settings: %s %s", out, stderr)
	}
	t.Setenv(RegistryEnv, regs["env"].URL)
	if out, stderr := search(); !strings.Contains(out, "from-env") {
		t.Errorf("env: %s %s", out, stderr)
	}
	if out, stderr := search("--registry", regs["flag"].URL); !strings.Contains(out, "from-flag") {
		t.Errorf("flag: %s %s", out, stderr)
	}
	t.Setenv(RegistryEnv, "")
	write(`{"registry": "ftp://x"}`)
	if _, stderr := search(); !strings.Contains(stderr, `settings.json ("registry"):`) {
		t.Errorf("a bad setting: %s", stderr)
	}
	write(`{"registry": `)
	if _, stderr := search(); !strings.Contains(stderr, "settings.json: unexpected end of JSON input") {
		t.Errorf("a broken file: %s", stderr)
	}
}
