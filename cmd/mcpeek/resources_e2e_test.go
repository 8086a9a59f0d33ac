package main

import (
	"encoding/json"
	"mcpeek/internal/bytesize"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEverythingResourcesAndPrompts lists, reads and completes
// server-everything's resources, templates and prompts through the CLI.
func TestEverythingResourcesAndPrompts(t *testing.T) {
	t.Parallel()
	cfg := everythingConfig(t)
	run := func(t *testing.T, args ...string) (string, string) {
		t.Helper()
		out, stderr, code := mcpeek(t, append(args, "--config", cfg)...)
		if code != 0 {
			t.Fatalf("%q: exit %d: %s", args, code, stderr)
		}
		return out, stderr
	}

	t.Run("servers", func(t *testing.T) {
		out, _ := run(t, "servers", "--json")
		var got []serverJSON
		if err := json.Unmarshal([]byte(out), &got); err != nil || len(got) != 1 {
			t.Fatalf("servers --json: %v\n%s", err, out)
		}
		if s := got[0]; s.Era != eraLegacy || s.Title == "" || strings.Join(s.Offers, " ") != "resources subscribe prompts completions logging tasks" {
			t.Errorf("servers --json: %+v", s)
		}
	})

	t.Run("resources", func(t *testing.T) {
		out, _ := run(t, "resources", "everything", "--json")
		var got struct {
			Resources []struct {
				URI, Name, MIMEType string
			}
			ResourceTemplates []struct {
				URITemplate, Name string
			}
		}
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatalf("resources --json: %v\n%s", err, out)
		}
		uris := map[string]bool{}
		for _, r := range got.Resources {
			uris[r.URI] = true
		}
		if len(got.Resources) < 5 || !uris["demo://resource/static/document/architecture.md"] {
			t.Errorf("listed %d resources: %v", len(got.Resources), uris)
		}
		var tmpls []string
		for _, tm := range got.ResourceTemplates {
			tmpls = append(tmpls, tm.URITemplate)
		}
		if want := "demo://resource/dynamic/blob/{resourceId}"; !strings.Contains(strings.Join(tmpls, " "), want) {
			t.Errorf("templates %v lack %s", tmpls, want)
		}
		text, _ := run(t, "resources", "everything")
		for _, want := range []string{"resource templates (", "Dynamic Text Resource", "architecture.md  text/markdown"} {
			if !strings.Contains(text, want) {
				t.Errorf("resources lacks %q:\n%s", want, text)
			}
		}
	})

	t.Run("read text", func(t *testing.T) {
		out, _ := run(t, "read", "everything", "demo://resource/static/document/architecture.md")
		if !strings.HasPrefix(out, "# ") {
			t.Errorf("read printed:\n%.300s", out)
		}
	})

	t.Run("read binary", func(t *testing.T) {
		const uri = "demo://resource/dynamic/blob/1"
		out, _ := run(t, "read", "everything", uri)
		if !strings.HasPrefix(out, "binary: ") || !strings.Contains(out, " B") {
			t.Errorf("read described the blob as:\n%s", out)
		}
		file := filepath.Join(t.TempDir(), "blob")
		run(t, "read", "everything", uri, "-o", file)
		b, err := os.ReadFile(file)
		if err != nil || len(b) == 0 {
			t.Fatalf("-o wrote %d bytes: %v", len(b), err)
		}
		if !strings.Contains(out, bytesize.Human(int64(len(b)))) {
			t.Errorf("described as %q, written %d bytes", out, len(b))
		}
	})

	t.Run("prompts", func(t *testing.T) {
		out, _ := run(t, "prompts", "everything")
		for _, want := range []string{"Simple Prompt (simple-prompt)", "city*: Name of the city", "resourceId*"} {
			if !strings.Contains(out, want) {
				t.Errorf("prompts lacks %q:\n%s", want, out)
			}
		}
		out, _ = run(t, "prompt", "everything.simple-prompt")
		if !strings.Contains(out, "[user]") {
			t.Errorf("simple-prompt:\n%s", out)
		}
		out, _ = run(t, "prompt", "everything.args-prompt", "--args", `{"city": "Paris"}`)
		if !strings.Contains(out, "Paris") {
			t.Errorf("args-prompt:\n%s", out)
		}
		out, _ = run(t, "prompt", "everything.resource-prompt", "--args", `{"resourceType": "Blob", "resourceId": "2"}`)
		if !strings.Contains(out, "(embedded resource demo://resource/dynamic/blob/2: binary") {
			t.Errorf("resource-prompt:\n%s", out)
		}
		_, stderr, code := mcpeek(t, "prompt", "everything.args-promt", "--config", cfg)
		if code == 0 || !strings.Contains(stderr, "did you mean everything.args-prompt?") {
			t.Errorf("a mistyped prompt: exit %d: %s", code, stderr)
		}
	})

	t.Run("complete", func(t *testing.T) {
		out, _ := run(t, "complete", "everything", "--prompt", "completable-prompt", "department=E")
		if strings.TrimSpace(out) != "Engineering" {
			t.Errorf("department=E completed to %q", out)
		}
		out, _ = run(t, "complete", "everything", "--prompt", "completable-prompt", "name=", "--context", "department=Engineering")
		if !strings.Contains(out, "Alice") {
			t.Errorf("name in Engineering completed to %q", out)
		}
		out, _ = run(t, "complete", "everything", "--template", "demo://resource/dynamic/text/{resourceId}", "resourceId=1", "--json")
		var c struct{ Values []string }
		if err := json.Unmarshal([]byte(out), &c); err != nil || len(c.Values) == 0 || !strings.HasPrefix(c.Values[0], "1") {
			t.Errorf("resourceId=1 completed to %s (%v)", out, err)
		}
	})
}
