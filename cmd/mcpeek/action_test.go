package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"mcpeek/internal/ghactions"
	"mcpeek/model"
	"mcpeek/summarizer/schemadiff"
)

// TestActionScript runs the action's script (scripts/action/ci.sh, which
// action.yml calls) as the runner would, with the variables GitHub sets,
// with the mcpeek the package's end-to-end tests build (the script's
// own build from the checkout is `go build ./cmd/mcpeek`), against a lock file that lists a
// tool the demo server does not: the check fails (status 1, in the
// step's outputs), the removed tool is an error annotation on its line of
// the lock file, the job summary holds the report, and SARIF is written.
func TestActionScript(t *testing.T) {
	t.Parallel()
	bin := mcpeekBinary(t)
	demo := useDemo(t)
	work := t.TempDir()
	lockPath := filepath.Join(work, "mcpeek.lock.json")
	if _, stderr, status := demo.mcpeek(t, "snapshot", "-o", lockPath); status != 0 {
		t.Fatalf("snapshot: %s", stderr)
	}
	lock, err := schemadiff.ReadFile(lockPath, 0)
	if err != nil {
		t.Fatal(err)
	}
	gone, err := schemadiff.ParseTool("demo", []byte(`{"name": "aaa_gone", "description": "Gone.", "inputSchema": {"type": "object"}}`))
	if err != nil {
		t.Fatal(err)
	}
	lock.Servers[0].Tools = append([]model.Tool{gone}, lock.Servers[0].Tools...)
	b, err := lock.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(lockPath, b, 0o644); err != nil {
		t.Fatal(err)
	}

	repo, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	runner := t.TempDir()
	output, summary := filepath.Join(runner, "output"), filepath.Join(runner, "summary.md")
	cmd := exec.Command(filepath.Join(repo, "scripts/action/ci.sh"))
	cmd.Dir = work
	cmd.Env = append(os.Environ(),
		"HOME="+demo.vars["HOME"], "XDG_CONFIG_HOME="+demo.vars["XDG_CONFIG_HOME"],
		"GITHUB_ACTIONS=true", "GITHUB_ACTION_PATH="+repo, "GITHUB_WORKSPACE="+work, "RUNNER_TEMP="+runner,
		"GITHUB_OUTPUT="+output, "GITHUB_STEP_SUMMARY="+summary,
		"INPUT_LOCK=mcpeek.lock.json", "INPUT_SARIF=mcpeek.sarif", "INPUT_FAIL_ON=breaking", "INPUT_SERVERS=demo",
		"INPUT_CONFIG=", "INPUT_CLIENTS=", "INPUT_CALLS=", "INPUT_RELEASE_URL=", "MCPEEK_BIN="+bin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	if exit, ok := err.(*exec.ExitError); !ok || exit.ExitCode() != 1 {
		t.Fatalf("want exit 1, got %v\nstdout:\n%s\nstderr:\n%s", err, stdout.String(), stderr.String())
	}
	if b, _ := os.ReadFile(output); !strings.Contains(string(b), "status=1\n") || !strings.Contains(string(b), "sarif=mcpeek.sarif\n") {
		t.Errorf("step outputs %q", b)
	}
	found := false
	for _, line := range strings.Split(stdout.String(), "\n") {
		if !strings.HasPrefix(line, "::") {
			continue
		}
		a, err := ghactions.Parse(line)
		if err != nil {
			t.Fatal(err)
		}
		if a.Level == ghactions.Error && strings.Contains(a.Title, "tool-removed") {
			found = a.File == "mcpeek.lock.json" && strings.Contains(strings.Split(string(b), "\n")[a.Line-1], `"aaa_gone"`)
		}
	}
	if !found {
		t.Errorf("no error annotation on aaa_gone's line:\n%s", stdout.String())
	}
	if b, _ := os.ReadFile(summary); !strings.Contains(string(b), "## mcpeek ci: **failing**") || !strings.Contains(string(b), "`demo.aaa_gone`") {
		t.Errorf("job summary:\n%s", b)
	}
	if _, err := os.Stat(filepath.Join(work, "mcpeek.sarif")); err != nil {
		t.Errorf("no SARIF: %v", err)
	}
}
