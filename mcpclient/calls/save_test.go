package calls

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mcpeek/model"
)

const itemsResult = `{"status": "paid", "total": 12.5, "note": null,
	"items": [{"sku": "A", "qty": 1, "tags": ["x"]}, {"sku": "B", "qty": 3, "tags": ["y", "z"]}],
	"ship": {"city": "Oslo"}}`

func valueAt(t *testing.T, res, path string) *model.Value {
	t.Helper()
	root, err := model.DecodeJSON([]byte(res))
	if err != nil {
		t.Fatal(err)
	}
	found := lookup(root, path)
	if len(found) == 0 {
		t.Fatalf("%s reaches nothing", path)
	}
	return found[0].value
}

// TestSuggest: equals for a scalar, count for an array, exists for an
// object; through [] with items that differ, the type (or exists), so
// that what is proposed holds on the result it came from.
func TestSuggest(t *testing.T) {
	t.Parallel()
	res := Result{Structured: json.RawMessage(itemsResult)}
	for _, tc := range []struct{ path, want string }{
		{"status", `status equals "paid"`},
		{"total", `total equals 12.5`},
		{"note", `note equals null`},
		{"items", `items count 2`},
		{"ship", `ship exists`},
		{"items[].sku", `items[].sku type string`},
		{"items[].tags", `items[].tags type array`},
		{"items[]", `items[] exists`},
	} {
		p := Suggest(tc.path, valueAt(t, itemsResult, tc.path), res)
		if p.String() != tc.want {
			t.Errorf("Suggest(%s) = %s, want %s", tc.path, p, tc.want)
		}
		if vs := p.Check(res); !Passed(vs) {
			t.Errorf("%s does not hold on its own result: %v", p, failures(vs))
		}
	}
	same := `{"items": [{"sku": "A"}, {"sku": "A"}]}`
	if p := Suggest("items[].sku", valueAt(t, same, "items[].sku"), Result{Structured: json.RawMessage(same)}); p.String() != `items[].sku equals "A"` {
		t.Errorf("items alike: %s", p)
	}
}

// TestWithExpected: the edited expectation is read as its kind wants it,
// and refused when it cannot be.
func TestWithExpected(t *testing.T) {
	t.Parallel()
	eq := PathAssert{Path: "status", Equals: json.RawMessage(`"paid"`)}
	if p, err := eq.WithExpected(` "refunded" `); err != nil || string(p.Equals) != `"refunded"` {
		t.Errorf("equals edit: %s %v", p.Equals, err)
	}
	if _, err := eq.WithExpected(`refunded`); err == nil || !strings.Contains(err.Error(), "JSON value") {
		t.Errorf("bare word taken: %v", err)
	}
	n := 2
	count := PathAssert{Path: "items", Count: &n}
	if count.Expected() != "2" {
		t.Errorf("count expected %q", count.Expected())
	}
	if p, err := count.WithExpected("5"); err != nil || *p.Count != 5 || *count.Count != 2 {
		t.Errorf("count edit: %v %v (the original %d)", p.Count, err, *count.Count)
	}
	if _, err := count.WithExpected("-1"); err == nil {
		t.Error("negative count taken")
	}
	if _, err := (PathAssert{Path: "x", Type: "string"}).WithExpected("strin"); err == nil {
		t.Error("unknown type taken")
	}
}

// TestAssertOn: an assertion joins the named call; one on a path the call
// asserts on already replaces that kind there and keeps the others; a
// call that is not there is an error; the file round-trips through Update
// and ReadFile.
func TestAssertOn(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), DefaultFile)
	if err := AppendToFile(path, Saved("order", "demo.get", json.RawMessage(`{"id": "1"}`), false)); err != nil {
		t.Fatal(err)
	}
	add := func(p PathAssert) error {
		return Update(path, func(f *File) error { return f.AssertOn("order", p) })
	}
	two := 2
	for _, p := range []PathAssert{
		{Path: "status", Equals: json.RawMessage(`"paid"`)},
		{Path: "items", Count: &two},
		{Path: "status", Type: "string"},
		{Path: "status", Equals: json.RawMessage(`"refunded"`)},
	} {
		if err := add(p); err != nil {
			t.Fatal(err)
		}
	}
	f, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	c := f.Find("order")
	var got []string
	for _, p := range c.Expect.Paths {
		got = append(got, p.String())
	}
	if want := []string{`status equals "refunded" type string`, `items count 2`}; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("paths %q, want %q", got, want)
	}
	if c.Expect.OutputSchema == nil || !*c.Expect.OutputSchema || compactText(c.Arguments) != `{"id":"1"}` {
		t.Errorf("the call changed: %+v", c)
	}
	before, _ := os.ReadFile(path)
	if err := Update(path, func(f *File) error { return f.AssertOn("nope", PathAssert{Path: "x", Exists: true}) }); err == nil || !strings.Contains(err.Error(), `no call named "nope"`) {
		t.Errorf("unknown call: %v", err)
	}
	if err := add(PathAssert{Path: "items[0]", Exists: true}); err == nil || !strings.Contains(err.Error(), "items[]") {
		t.Errorf("an index taken: %v", err)
	}
	if after, _ := os.ReadFile(path); string(before) != string(after) {
		t.Error("a refused change wrote the file")
	}
	validate(t, before)
}

// TestSavedAndSecrets: Saved asserts the defaults, and an error expected
// when the result was one; SecretLooking names literal credentials only.
func TestSavedAndSecrets(t *testing.T) {
	t.Parallel()
	if c := Saved("a", "s.t", nil, true); c.Expect.IsError == nil || !*c.Expect.IsError || !*c.Expect.OutputSchema {
		t.Errorf("saved from an error: %+v", c.Expect)
	}
	got := SecretLooking(json.RawMessage(`{"api_key": "k", "token": "${env:T}", "Password": "p", "q": "x"}`))
	if strings.Join(got, ",") != "Password,api_key" {
		t.Errorf("secret-looking %v", got)
	}
}
