package mcpclient

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// The scan over valid text finds the members the decoder finds: the same
// keys, values and offsets, the first of a repeated key kept.
func TestValidObjectMembersMatchTheDecoder(t *testing.T) {
	for _, text := range membersSeeds {
		checkMembersAgree(t, []byte(text))
	}
}

var membersSeeds = []string{
	`{}`,
	` { "a" : 1 , "b":[1,{"c":"}"}], "a": 2, "d\"e": "x\\", "f": null, "g": -1.5e3, "h": true }`,
	"{\n  \"mcpServers\": {\"s\": {\"command\": \"a\", \"args\": [\"--x\"]}},\n  \"projects\": {\"/p\": {}}\n}\n",
	`{"\u00e9": {"nested": [[[]]]}, "": ""}`,
}

func FuzzObjectMembers(f *testing.F) {
	for _, s := range membersSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		checkMembersAgree(t, []byte(text))
	})
}

func checkMembersAgree(t *testing.T, data []byte) {
	t.Helper()
	if at := skipSpace(data, 0); at >= len(data) || data[at] != '{' || !json.Valid(data) {
		return
	}
	keep := func(key string) bool { return len(key)%2 == 0 }
	for _, k := range []func(string) bool{nil, keep} {
		want, err := decodeObjectMembers(data, 7, k)
		if err != nil {
			t.Fatalf("the decoder refused valid %q: %v", data, err)
		}
		if got := validObjectMembers(data, 7, k); !reflect.DeepEqual(got, want) {
			t.Fatalf("%q:\nscan    %+v\ndecoder %+v", data, got, want)
		}
	}
}

// claudeState is a ~/.claude.json of projects with history, the shape that
// grows to hundreds of megabytes on a developer's machine, with servers in
// the project at dir.
func claudeState(projects int, dir string) []byte {
	state := map[string]any{"mcpServers": map[string]any{"user": map[string]any{"command": "u"}}}
	all := map[string]any{}
	history := make([]map[string]any, 10)
	for i := range history {
		history[i] = map[string]any{"display": fmt.Sprintf("%0200d", i), "pastedContents": map[string]any{}}
	}
	for i := range projects {
		all[fmt.Sprintf("/p/%d", i)] = map[string]any{"history": history, "mcpServers": map[string]any{}}
	}
	all[dir] = map[string]any{"mcpServers": map[string]any{"local": map[string]any{"command": "l"}}}
	state["projects"] = all
	b, _ := json.Marshal(state)
	return b
}

// BenchmarkObjectMembers reads the top level of a 10 MB ~/.claude.json
// and then its projects, as discovery does: with the decoder (the way
// before) and with the scan over valid text.
func BenchmarkObjectMembers(b *testing.B) {
	data := claudeState(4000, "/work/app")
	for _, c := range []struct {
		name string
		read func([]byte, int, func(string) bool) ([]member, error)
	}{
		{"decoder", decodeObjectMembers},
		{"scan", func(d []byte, base int, keep func(string) bool) ([]member, error) {
			return objectMembersWhere(d, base, keep)
		}},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				top, err := c.read(data, 0, func(k string) bool { return topKeys[k] })
				if err != nil || len(top) != 2 {
					b.Fatal(err, len(top))
				}
				projects, err := c.read(top[1].Value, top[1].ValueOffset, func(k string) bool { return k == "/work/app" })
				if err != nil || len(projects) != 1 {
					b.Fatal(err, len(projects))
				}
			}
		})
	}
}

// BenchmarkDiscoverClaudeState finds the servers of a project four
// directories below its repository root in a 10 MB ~/.claude.json.
func BenchmarkDiscoverClaudeState(b *testing.B) {
	home, root := b.TempDir(), b.TempDir()
	cwd := filepath.Join(root, "a", "b", "c", "d")
	if err := os.MkdirAll(filepath.Join(root, ".git"), 0o755); err != nil {
		b.Fatal(err)
	}
	if err := os.MkdirAll(cwd, 0o755); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(home, ".claude.json"), claudeState(4000, filepath.Join(root, "a")), 0o600); err != nil {
		b.Fatal(err)
	}
	none := func(string) (string, bool) { return "", false }
	b.ReportAllocs()
	for b.Loop() {
		cfg, err := discover(cwd, home, none)
		if err != nil || len(cfg.Servers) != 2 {
			b.Fatal(err, cfg.Servers)
		}
	}
}
