package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/spf13/pflag"
)

// A flag's help text is one paragraph: the help reflows it to the
// terminal's width, and a line break written into it lands mid-line at
// 80 columns (--lock-allow's did).
func TestFlagTextsHoldNoLineBreak(t *testing.T) {
	t.Parallel()
	for _, c := range everyCommand() {
		c.LocalFlags().VisitAll(func(f *pflag.Flag) {
			if strings.Contains(f.Usage, "\n") {
				t.Errorf("%s --%s: a line break in %q", c.CommandPath(), f.Name, f.Usage)
			}
		})
	}
}

// A long description is wrapped at spaces only: fang's wrapping of its
// own also breaks after a hyphen, which at 80 columns cut "--store" and
// "--max-sessions" at the end of a line.
func TestLongHelpWrapsAtSpacesOnly(t *testing.T) {
	t.Parallel()
	root := (&app{}).rootCommand()
	reflowLong(root)
	wrapLong(root, 78)
	for _, c := range everyCommand() {
		c, _, err := root.Find(strings.Fields(c.CommandPath())[1:])
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(c.Long, "\n") {
			if strings.HasSuffix(line, "-") && !strings.HasSuffix(line, " -") {
				t.Errorf("%s: a line ends inside a word: %q", c.CommandPath(), line)
			}
			if w := ansi.StringWidth(line); w > 78 && strings.Contains(line, " ") {
				t.Errorf("%s: a line of %d columns: %q", c.CommandPath(), w, line)
			}
		}
	}
	if got := wrapWords("With --store, replicas behind a balancer share --max-sessions", 12); got != "With\n--store,\nreplicas\nbehind a\nbalancer\nshare\n--max-sessions" {
		t.Errorf("wrapWords: %q", got)
	}
}

// Each command's help shows its usage as written: the help moves what is
// in brackets to the end of the line, which turned "try NAME[@VERSION]"
// into "try NAME [@VERSION]", two arguments that try refuses.
func TestUsageShowsAsWritten(t *testing.T) {
	t.Parallel()
	for _, c := range everyCommand() {
		if c.Runnable() && c.HasParent() {
			want := c.Parent().CommandPath() + " " + c.Use
			if help := helpOf(t, c); !strings.Contains(help, want) {
				t.Errorf("%s --help does not show %q", c.CommandPath(), want)
			}
		}
	}
}

// lock update --dry-run on a lock file not written yet does not say it
// writes it, and writes nothing.
func TestLockUpdateDryRunSaysItWritesNothing(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	cfg, lock := filepath.Join(dir, "mcp.json"), filepath.Join(dir, "team.lock.json")
	os.WriteFile(cfg, fmt.Appendf(nil, `{"mcpServers": {"shop": {"command": %q, "args": [%q]}}}`, os.Args[0], roleDemoServer), 0o644)
	_, stderr, code := mcpeek(t, "--config", cfg, "lock", "update", "--dry-run", "--lock", lock)
	if code != 0 || strings.Contains(stderr, "writing it") || !strings.Contains(stderr, "--dry-run: it is not written") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	if _, err := os.Stat(lock); err == nil {
		t.Error("--dry-run wrote the lock file")
	}
}

// A command that takes every server's tools (snapshot, lint) and stops at
// one that fails says how to take only those that connect; diff says
// that an argument is neither a file nor a server.
func TestAFailedServerSaysHowToLeaveItOut(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	cfg := filepath.Join(dir, "mcp.json")
	os.WriteFile(cfg, fmt.Appendf(nil, `{"mcpServers": {"broken": {"command": "/nonexistent/mcp-server"}, "shop": {"command": %q, "args": [%q]}}}`,
		os.Args[0], roleDemoServer), 0o644)
	for _, args := range [][]string{{"snapshot", "-o", filepath.Join(dir, "lock.json")}, {"lint"}} {
		_, stderr, code := mcpeek(t, append([]string{"--config", cfg}, args...)...)
		if code == 0 || !strings.Contains(stderr, "(to take only the servers that connect, name them: shop)") {
			t.Errorf("%s: exit %d, stderr %q", args[0], code, stderr)
		}
	}
	_, stderr, _ := mcpeek(t, "--config", cfg, "diff", "old.lock", "shop")
	if !strings.Contains(stderr, `"old.lock" is neither a snapshot file nor a server`) {
		t.Errorf("diff: %q", stderr)
	}
}
