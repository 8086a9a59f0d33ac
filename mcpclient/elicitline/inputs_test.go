package elicitline

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"mcpeek/mcpclient/registry"
	"mcpeek/mcpclient/registry/sandbox"
)

// TestAskInputs: each input is asked once on the prompt stream; a secret
// goes through readSecret (which does not echo) and never through the
// line reader; an empty answer leaves the input missing.
func TestAskInputs(t *testing.T) {
	t.Parallel()
	needs := []registry.Need{
		{Key: "allowed_directory", Label: "argument <allowed_directory>", Description: "A directory\nsecond line"},
		{Key: "token", Label: "variable {token}", Secret: true},
		{Key: "REGION", Label: "environment REGION", Choices: []string{"eu", "us"}},
		{Key: "allowed_directory", Label: "argument <allowed_directory>"},
		{Key: "EMPTY", Label: "environment EMPTY"},
	}
	var prompts bytes.Buffer
	got, err := AskInputs(strings.NewReader("/srv\neu\n\n"), &prompts, needs, func() ([]byte, error) { return []byte("t0k"), nil }, nil)
	if err != nil {
		t.Fatal(err)
	}
	if v := got.Values; v["allowed_directory"] != "/srv" || v["token"] != "t0k" || v["REGION"] != "eu" || v["EMPTY"] != "" || got.Binds != nil {
		t.Errorf("answers: %+v", got)
	}
	want := "mcpeek: argument <allowed_directory> (A directory): mcpeek: variable {token}, secret, not shown: \n" +
		"mcpeek: environment REGION [eu|us]: mcpeek: environment EMPTY: "
	if prompts.String() != want || strings.Contains(prompts.String(), "t0k") {
		t.Errorf("prompts:\n%q\nwant\n%q", prompts.String(), want)
	}
}

// TestAskInputsOffersToShowAPath: for a sandboxed server, the first path
// asked says what the sandbox holds; a path it does not show is offered
// to be shown, read-only by default, writable when asked, not at all on
// n; a path it shows is not asked about; "~/" is expanded.
func TestAskInputsOffersToShowAPath(t *testing.T) {
	t.Parallel()
	home, err := os.UserHomeDir()
	if err != nil {
		t.Skip(err)
	}
	sight := &Sight{Inside: "an empty scratch /tmp", Unseen: func(p string) string {
		if strings.HasPrefix(p, "/usr") {
			return ""
		}
		return "the sandbox hides it"
	}}
	needs := []registry.Need{
		{Key: "a", Label: "argument <a>", Path: true},
		{Key: "b", Label: "argument <b>", Path: true},
		{Key: "c", Label: "argument <c>", Path: true},
		{Key: "d", Label: "argument <d>", Path: true},
		{Key: "name", Label: "environment NAME"},
	}
	var prompts bytes.Buffer
	got, err := AskInputs(strings.NewReader("/srv/a\n\n~/b\nw\n/srv/c\nn\n/usr/share\nplain\n"), &prompts, needs, nil, sight)
	if err != nil {
		t.Fatal(err)
	}
	want := []sandbox.Bind{{Dir: "/srv/a"}, {Dir: filepath.Join(home, "b"), Write: true}}
	if !slices.Equal(got.Binds, want) || got.Values["b"] != filepath.Join(home, "b") || got.Values["d"] != "/usr/share" || got.Values["name"] != "plain" {
		t.Errorf("answers: %+v", got)
	}
	p := prompts.String()
	if strings.Count(p, "it sees an empty scratch /tmp") != 1 || strings.Count(p, "show it to the server? [R]ead-only, [w]ritable, [n]o") != 3 ||
		!strings.Contains(p, "does not show /srv/a (the sandbox hides it)") {
		t.Errorf("prompts:\n%s", p)
	}
}
