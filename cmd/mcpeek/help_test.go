package main

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// everyCommand is the command tree of mcpeek, depth first.
func everyCommand() []*cobra.Command {
	var out []*cobra.Command
	var walk func(*cobra.Command)
	walk = func(c *cobra.Command) {
		out = append(out, c)
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk((&app{}).rootCommand())
	return out
}

// helpOf is `mcpeek PATH... --help`, written to a file as to a pipe (an
// *os.File, which the help's writers treat apart from other writers).
func helpOf(t *testing.T, c *cobra.Command) string {
	t.Helper()
	path := strings.Fields(c.CommandPath())[1:]
	f, err := os.Create(filepath.Join(t.TempDir(), "help"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var stderr strings.Builder
	if code := run(context.Background(), append(path, "--help"), strings.NewReader(""), f, &stderr); code != 0 {
		t.Fatalf("%s --help: exit %d: %s", c.CommandPath(), code, stderr.String())
	}
	out, err := os.ReadFile(f.Name())
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// Help is not padded with spaces to the width of a terminal that is not
// there (fang pads to 120 columns).
func TestHelpLinesEndWithoutSpaces(t *testing.T) {
	t.Parallel()
	for _, c := range everyCommand() {
		for i, l := range strings.Split(helpOf(t, c), "\n") {
			if strings.HasSuffix(l, " ") {
				t.Errorf("%s --help, line %d ends in spaces: %q", c.CommandPath(), i+1, l)
				break
			}
		}
	}
}

// Every flag's text is a sentence as written, and help shows it as
// written: fang title-cases the first word, which made "MCP servers ..."
// read "Mcp servers ...".
func TestFlagTextsReadAsWritten(t *testing.T) {
	t.Parallel()
	for _, c := range everyCommand() {
		help := helpOf(t, c)
		flags := pflag.NewFlagSet(c.Name(), pflag.ContinueOnError)
		flags.AddFlagSet(c.LocalFlags())
		flags.AddFlagSet(c.InheritedFlags())
		flags.VisitAll(func(f *pflag.Flag) {
			if f.Hidden || f.Name == "help" {
				return
			}
			first, _ := utf8.DecodeRuneInString(f.Usage)
			if !unicode.IsUpper(first) {
				t.Errorf("%s --%s: %q does not start a sentence", c.CommandPath(), f.Name, f.Usage)
			}
			line, _, _ := strings.Cut(f.Usage, "\n")
			if !strings.Contains(help, line) {
				t.Errorf("%s --help does not show --%s as written: %q", c.CommandPath(), f.Name, line)
			}
		})
	}
}

// auth and its commands list only the global flags that apply to them.
func TestAuthHelpListsTheFlagsThatApply(t *testing.T) {
	t.Parallel()
	global := (&app{}).rootCommand().PersistentFlags()
	for _, c := range everyCommand() {
		if !strings.HasPrefix(c.CommandPath(), "mcpeek auth") {
			continue
		}
		want := []string{"config", "url"}
		if c.Name() == "login" {
			want = append(want, "connect-timeout", "max-message-bytes", "protocol", "root")
		}
		help := helpOf(t, c)
		global.VisitAll(func(f *pflag.Flag) {
			shown := strings.Contains(help, "--"+f.Name+" ")
			if shown != slices.Contains(want, f.Name) {
				t.Errorf("%s --help: --%s shown %t", c.CommandPath(), f.Name, shown)
			}
		})
	}
}
