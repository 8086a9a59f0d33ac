package schemadiff

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"mcpeek/model"
)

// TestSnapshotRoundTrip: a snapshot is sorted, encodes to the same bytes
// every time, and reads back with each definition byte for byte (member
// order, number spelling and escapes kept, even those encoding/json would
// rewrite).
func TestSnapshotRoundTrip(t *testing.T) {
	t.Parallel()
	raws := []string{
		`{"name":"zeta","inputSchema":{"type":"object","properties":{"b":{"type":"number","default":1.50},"a":{"type":"string","pattern":"<a&b>"}}},"description":"caf\u00e9 \u003c"}`,
		`{"name":"alpha","title":"Alpha","inputSchema":{"type":"object"},"outputSchema":{"type":"object","properties":{"x":{"type":"integer"}}},"annotations":{"readOnlyHint":true}}`,
	}
	var tools []model.Tool
	for _, r := range raws {
		tool, err := ParseTool("s", []byte(r))
		if err != nil {
			t.Fatal(err)
		}
		tools = append(tools, tool)
	}
	snap := FromServers([]model.Server{
		{Name: "s", Implementation: model.Implementation{Name: "srv", Version: "1.2.3"}, ProtocolVersion: "2025-11-25", Tools: tools},
		{Name: "empty"},
	})
	if snap.Servers[0].Name != "empty" || snap.Servers[1].Tools[0].Name != "alpha" {
		t.Fatalf("not sorted: %+v", snap)
	}
	b, err := snap.Encode()
	if err != nil {
		t.Fatal(err)
	}
	again, _ := snap.Encode()
	if !bytes.Equal(b, again) {
		t.Error("two encodings differ")
	}
	for _, want := range []string{`"mcpeek_snapshot": 1`, `"server_info": {"name": "srv", "version": "1.2.3"}`,
		`"protocol_version": "2025-11-25"`, `"default": 1.50`, `"pattern": "<a&b>"`, `caf\u00e9 \u003c`, "\n          \"inputSchema\": {"} {
		if !strings.Contains(string(b), want) {
			t.Errorf("the lock file lacks %q:\n%s", want, b)
		}
	}
	back, err := Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	s := back.Servers[1]
	if s.Name != "s" || s.Implementation.Version != "1.2.3" || s.ProtocolVersion != "2025-11-25" || len(s.Tools) != 2 {
		t.Fatalf("read back %+v", s)
	}
	if got := string(s.Tools[1].Raw); got != raws[0] {
		t.Errorf("definition not kept byte for byte:\n got %s\nwant %s", got, raws[0])
	}
	if a := s.Tools[0]; a.Server != "s" || a.Title != "Alpha" || !a.HasOutputSchema() {
		t.Errorf("tool fields: %+v", a)
	}
	if changes := Diff(snap, back); len(changes) != 0 {
		t.Errorf("a snapshot and its file differ: %v", changes)
	}
}

func TestDecodeRefusesWhatIsNotASnapshot(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		`{"servers": []}`:                       `no "mcpeek_snapshot"`,
		`{"mcpeek_snapshot": 2, "servers": []}`: "format 2 is not supported",
		`[1]`:                                   "want an object",
		`{"mcpeek_snapshot": 1, "servers": [{"tools": []}]}`:                      "has no name",
		`{"mcpeek_snapshot": 1, "servers": [{"name": "s", "tools": [{"x": 1}]}]}`: "tool 1",
	} {
		if _, err := Decode([]byte(in)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want an error containing %q", in, err, want)
		}
	}
}

// TestDecodeToolFaultBeforeLaterSyntaxError: the tools are parsed apart
// from reading the file, but a broken tool is still told before a syntax
// error that follows it, and counted in the whole server.
func TestDecodeToolFaultBeforeLaterSyntaxError(t *testing.T) {
	t.Parallel()
	in := `{"mcpeek_snapshot": 1, "servers": [{"name": "s", "tools": [{"name": "a"}], "tools": [{"name": "b"}, {"x": 1}, {"name": "c"} oops`
	_, err := Decode([]byte(in))
	if err == nil || !strings.Contains(err.Error(), `server "s", tool 3: a tool definition has no name`) {
		t.Errorf("got %v, want the third tool's fault", err)
	}
	in = `{"mcpeek_snapshot": 1, "servers": [{"name": "s", "tools": [{"name": "b"}, {"name": "c"} oops`
	if _, err := Decode([]byte(in)); err == nil || !strings.Contains(err.Error(), "invalid character 'o'") {
		t.Errorf("got %v, want the syntax error", err)
	}
}

// TestDecodeWithoutSpaceFirst: reading a lock file with its white space
// taken out first gives exactly what reading it as written gives.
func TestDecodeWithoutSpaceFirst(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob("testdata/diff/*/*.json")
	old, _ := benchSnapshots(t, "typical", "")
	bench, err := old.Encode()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range append(files, "bench") {
		b := bench
		if name != "bench" {
			if b, err = os.ReadFile(name); err != nil {
				t.Fatal(err)
			}
		}
		want, wantErr := decode(b, asWritten)
		if strings.HasSuffix(name, "want.json") {
			if wantErr == nil {
				t.Errorf("%s: read as a snapshot", name)
			}
			continue
		}
		text, ok := withoutSpace(nil, b)
		if !ok {
			t.Fatalf("%s: white space refused", name)
		}
		got, err := decode(text, compacted)
		if err != nil || wantErr != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: without space first, %v; as written, %v; or they differ", name, err, wantErr)
		}
		own := bytes.Clone(b)
		inPlace, ok := withoutSpace(own[:0], own)
		if !ok || !bytes.Equal(inPlace, text) {
			t.Errorf("%s: compacted where it lies, the text differs", name)
		}
	}
}
