package registry_test

import (
	"slices"
	"strings"
	"testing"

	"mcpeek/mcpclient/registry"
)

func TestTheDocumentsFollowTheSchema(t *testing.T) {
	t.Parallel()
	for _, name := range append(peers, "remote-weather") {
		s, err := registry.ParseServer(doc(t, name))
		if err != nil {
			t.Fatal(err)
		}
		if p := s.Problems(); len(p) > 0 {
			t.Errorf("%s: %v", name, p)
		}
	}
}

func TestProblemsNameTheField(t *testing.T) {
	t.Parallel()
	s, err := registry.ParseServer([]byte(`{"name":"../x y","description":"` + strings.Repeat("d", 101) + `","version":"^1.0",
		"repository":{"url":"https://x"},
		"packages":[{"registryType":"mcpb","identifier":"https://x/a.mcpb","version":"latest","transport":{"type":"ftp"},
			"packageArguments":[{"type":"flag"},{"type":"positional"},{"type":"named","format":"date"}],
			"environmentVariables":[{"description":"no name"}]}],
		"remotes":[{"type":"streamable-http","url":"file:///etc/passwd"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"name is not namespace/name in reverse-DNS form (letters, digits, dots, dashes; 3 to 200 characters)",
		"description has 101 characters; the schema allows at most 100",
		`version "^1.0" is a range, not one version`,
		"repository needs both url and source",
		`packages[0].version is "latest": it must be one exact version`,
		"packages[0].fileSha256 is required for mcpb packages",
		`packages[0].transport.type "ftp" is not one of streamable-http, sse, stdio`,
		`packages[0].packageArguments[0].type "flag" is not positional or named`,
		"packages[0].packageArguments[1] is positional with neither valueHint nor value",
		"packages[0].packageArguments[2].name is missing",
		`packages[0].packageArguments[2].format "date" is not string, number, boolean or filepath`,
		"packages[0].environmentVariables[0].name is missing",
		"remotes[0].url is not an http(s) URL or a {variable} template",
	}
	if got := s.Problems(); !slices.Equal(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
