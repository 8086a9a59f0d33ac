package calls

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"mcpeek/mcpclient/secretmask"
	"mcpeek/model"
)

func TestReadExample(t *testing.T) {
	t.Parallel()
	f, err := ReadFile("testdata/example.calls.json")
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Calls) != 2 {
		t.Fatalf("%d calls, want 2", len(f.Calls))
	}
	c := f.Calls[0]
	if c.Name != "order-1001" || c.ToolIn(nil) != (model.ToolID{Server: "demo", Tool: "shop_get_order"}) || c.Line != 4 || c.Column != 5 {
		t.Errorf("first call read as %+v", c)
	}
	if f.Calls[1].Line != 21 {
		t.Errorf("second call on line %d, want 21", f.Calls[1].Line)
	}
	if len(c.Expect.Paths) != 6 || c.Expect.Paths[4].re == nil {
		t.Errorf("paths read as %+v", c.Expect.Paths)
	}
}

// TestBadFiles: each mistake is refused with an error that names the call
// (and its line) or the place in the text.
func TestBadFiles(t *testing.T) {
	t.Parallel()
	call := func(body string) string {
		return `{"mcpeek_calls": 1, "calls": [` + "\n" + body + `]}`
	}
	for _, tc := range []struct{ text, want string }{
		{`[]`, "not a calls file"},
		{`{"calls": []}`, `no "mcpeek_calls"`},
		{`{"mcpeek_calls": 2, "calls": []}`, "format 2"},
		{`{"mcpeek_calls": 1, "calls": [], "extra": 1}`, `unknown member "extra"`},
		{`{"mcpeek_calls": 1, "calls": [`, "not valid JSON"},
		{"{\"mcpeek_calls\": 1,\n \"calls\": [} ", "line 2, column"},
		{call(`{"tool": "a.b"}`), `call 1 (line 2): no "name"`},
		{call(`{"name": "x", "tool": "ab"}`), `call "x" (line 2): "tool" must be SERVER.TOOL`},
		{call(`{"name": "x", "tool": "a.b", "expect": {"pathz": []}}`), `call 1 (line 2): unknown field "pathz"`},
		{call(`{"name": "x", "tool": "a.b", "expect": {"max_ms": "fast"}}`), `must be a number`},
		{call(`{"name": "x", "tool": "a.b", "arguments": [1]}`), `"arguments" must be a JSON object`},
		{call(`{"name": "x", "tool": "a.b", "expect": {"paths": [{"path": "a"}]}}`), `paths[0] ("a"): no assertion`},
		{call(`{"name": "x", "tool": "a.b", "expect": {"paths": [{"path": "a", "matches": "(unclosed"}]}}`), "missing closing )"},
		{call(`{"name": "x", "tool": "a.b", "expect": {"paths": [{"path": "a", "matches": "` + strings.Repeat("a", MaxPatternSize+1) + `"}]}}`), "more than the 1024"},
		{call(`{"name": "x", "tool": "a.b", "expect": {"paths": [{"path": "a", "type": "text"}]}}`), `"type" must be one of`},
		{call(`{"name": "x", "tool": "a.b", "expect": {"paths": [{"path": "a", "absent": true, "equals": 1}]}}`), `"absent" cannot go with`},
		{call(`{"name": "x", "tool": "a.b", "expect": {"paths": [{"path": "a", "min": 5, "max": 1}]}}`), `"min" is above "max"`},
		{call(`{"name": "x", "tool": "a.b"},` + "\n" + `{"name": "x", "tool": "a.c"}`), `call "x" (line 3): the name is taken by the call on line 2`},
		{call(`{"name": "x\u001b[31m", "tool": "a.b"}`), "control characters"},
		{call(`{"name": "x", "tool": "a.b", "expect": {"paths": [{"path": "items[0].sku", "exists": true}]}}`), `"items[0]": a path reaches every item of an array with [], not one item by its index; write items[]`},
		{call(`{"name": "x", "tool": "a.b", "expect": {"paths": [{"path": "a.items[*]", "exists": true}]}}`), `write items[]`},
	} {
		_, err := Decode([]byte(tc.text))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Decode(%.70q) = %v, want an error containing %q", tc.text, err, tc.want)
		}
	}
}

// TestReadFileBounded: a file past MaxFileBytes is refused after reading
// just past the bound, naming the file.
func TestReadFileBounded(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "big.calls.json")
	if err := os.WriteFile(path, bytes.Repeat([]byte(" "), MaxFileBytes+10), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := ReadFile(path)
	if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "larger than 32 MiB") {
		t.Errorf("err = %v", err)
	}
}

// TestTenThousandCalls: a file of 10,000 calls is read whole, each call
// with its own line.
func TestTenThousandCalls(t *testing.T) {
	t.Parallel()
	f := &File{}
	for i := range 10_000 {
		if err := f.Add(Call{Name: fmt.Sprintf("c%05d", i), Tool: "demo.util_echo", Arguments: json.RawMessage(`{"text": "hi"}`)}); err != nil {
			t.Fatal(err)
		}
	}
	b, err := f.Encode()
	if err != nil {
		t.Fatal(err)
	}
	back, err := Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	if len(back.Calls) != 10_000 || back.Calls[9999].Name != "c09999" {
		t.Fatalf("read %d calls", len(back.Calls))
	}
	if first, last := back.Calls[0].Line, back.Calls[9999].Line; first != 4 || last <= first {
		t.Errorf("lines %d and %d", first, last)
	}
}

// TestAppendToFile: a new file is created; a second call is appended with
// the first kept as written; a taken name is refused and the file left.
func TestAppendToFile(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), DefaultFile)
	yes := true
	first := Call{Name: "a", Tool: "demo.x", Arguments: json.RawMessage(`{"q": "${env:TOKEN}", "n": 1.50}`), Expect: Expect{OutputSchema: &yes}}
	if err := AppendToFile(path, first); err != nil {
		t.Fatal(err)
	}
	if err := AppendToFile(path, Call{Name: "b", Tool: "demo.y"}); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(path)
	err := AppendToFile(path, Call{Name: "a", Tool: "demo.z"})
	if err == nil || !strings.Contains(err.Error(), `a call named "a" is in the file already (line 4)`) {
		t.Errorf("taken name: %v", err)
	}
	after, _ := os.ReadFile(path)
	if !bytes.Equal(before, after) {
		t.Error("a refused append changed the file")
	}
	f, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Calls) != 2 || !strings.Contains(string(f.Calls[0].Arguments), `"${env:TOKEN}"`) || !strings.Contains(string(f.Calls[0].Arguments), "1.50") {
		t.Errorf("read back %s", after)
	}
	validate(t, after)
}

// TestSchemaAgreesWithDecode: the shipped JSON Schema accepts the example
// and every file Encode writes, and refuses what Decode refuses for its
// shape.
func TestSchemaAgreesWithDecode(t *testing.T) {
	t.Parallel()
	b, _ := os.ReadFile("testdata/example.calls.json")
	validate(t, b)
	sch := compileSchema(t)
	for _, bad := range []string{
		`{"mcpeek_calls": 1, "calls": [{"name": "x", "tool": "a.b", "expect": {"pathz": []}}]}`,
		`{"mcpeek_calls": 1, "calls": [{"name": "x", "tool": "ab"}]}`,
		`{"mcpeek_calls": 1, "calls": [{"name": "x", "tool": "a.b", "expect": {"paths": [{"path": "a"}]}}]}`,
		`{"mcpeek_calls": 1, "calls": [{"name": "x", "tool": "a.b", "expect": {"paths": [{"path": "a", "type": "text"}]}}]}`,
	} {
		doc, _ := jsonschema.UnmarshalJSON(strings.NewReader(bad))
		if sch.Validate(doc) == nil {
			t.Errorf("the schema accepts %s", bad)
		}
		if _, err := Decode([]byte(bad)); err == nil {
			t.Errorf("Decode accepts %s", bad)
		}
	}
}

func compileSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(JSONSchema))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("schema.json", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("schema.json")
	if err != nil {
		t.Fatal(err)
	}
	return sch
}

func validate(t *testing.T, b []byte) {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if err := compileSchema(t).Validate(doc); err != nil {
		t.Errorf("the calls file breaks calls/schema.json: %v\n%s", err, b)
	}
}

func TestExpandEnv(t *testing.T) {
	t.Parallel()
	env := map[string]string{"TOKEN": `s3cr"et`, "EMPTY": ""}
	lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	for in, want := range map[string]string{
		`{"a": 1}`: `{"a": 1}`,
		`{"t": "Bearer ${env:TOKEN}", "n": [{"x": "${env:EMPTY}."}]}`:    `{"t":"Bearer s3cr\"et","n":[{"x":"."}]}`,
		`{"lit": "$${env:TOKEN}", "other": "${HOME} ${env:} ${env:1x}"}`: `{"lit":"${env:TOKEN}","other":"${HOME} ${env:} ${env:1x}"}`,
		`{"unclosed": "${env:TOKEN"}`:                                    `{"unclosed":"${env:TOKEN"}`,
	} {
		got, err := ExpandEnv(json.RawMessage(in), lookup)
		if err != nil || string(got) != want {
			t.Errorf("ExpandEnv(%s) = %s, %v; want %s", in, got, err, want)
		}
	}
	_, err := ExpandEnv(json.RawMessage(`{"k": "${env:MISSING}"}`), lookup)
	if err == nil || !strings.Contains(err.Error(), "${env:MISSING} is not set") {
		t.Errorf("missing variable: %v", err)
	}
	secrets := Secrets(json.RawMessage(`{"a": "${env:TOKEN}", "b": "${env:EMPTY}", "c": "${env:TOKEN}"}`), lookup)
	if strings.Join(secrets, " ") != `s3cr"et` {
		t.Errorf("Secrets = %q", secrets)
	}
	if got := secretmask.New(secrets).Hide(`got "s3cr\"et" (s3cr"et)`); got != `got "***" (***)` {
		t.Errorf("Hide = %s", got)
	}
	if names := EnvNames(json.RawMessage(`{"a": "${env:A}", "b": ["${env:B}"]}`)); strings.Join(names, ",") != "A,B" {
		t.Errorf("EnvNames = %v", names)
	}
}
