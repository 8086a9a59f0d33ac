package elicitline

import (
	"bytes"
	"strings"
	"testing"

	"mcpeek/mcpclient/registry"
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
	got, err := AskInputs(strings.NewReader("/srv\neu\n\n"), &prompts, needs, func() ([]byte, error) { return []byte("t0k"), nil })
	if err != nil {
		t.Fatal(err)
	}
	if got["allowed_directory"] != "/srv" || got["token"] != "t0k" || got["REGION"] != "eu" || got["EMPTY"] != "" {
		t.Errorf("answers: %v", got)
	}
	want := "mcpeek: argument <allowed_directory> (A directory): mcpeek: variable {token}, secret, not shown: \n" +
		"mcpeek: environment REGION [eu|us]: mcpeek: environment EMPTY: "
	if prompts.String() != want || strings.Contains(prompts.String(), "t0k") {
		t.Errorf("prompts:\n%q\nwant\n%q", prompts.String(), want)
	}
}
