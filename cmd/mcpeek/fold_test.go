package main

import (
	"strings"
	"testing"
)

// TestFoldIsStable holds `mcpeek fold` to golden files: the summary tree
// with folds opened by path, by depth, and behind the `*` line.
func TestFoldIsStable(t *testing.T) {
	t.Parallel()
	cases := map[string][]string{
		"fold-open.txt":     {"fold", "--schema", orderSchema, "--max-fields", "10", "--open", "line_items[0].price_set", "--open", "shipping_address"},
		"fold-depth.txt":    {"fold", "--schema", orderSchema, "--max-fields", "4", "--depth", "2"},
		"fold-overflow.txt": {"fold", "--schema", orderSchema, "--max-fields", "3", "--open", "variants[0].sku"},
		"fold-default.txt":  {"fold", "--schema", orderSchema},
	}
	for name, args := range cases {
		t.Run(name, func(t *testing.T) {
			out, stderr, code := mcpeek(t, args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			if strings.Contains(out, "\x1b") {
				t.Error("plain output (not a terminal) must carry no escape sequences")
			}
			assertGolden(t, name, out)
		})
	}
}

// With nothing opened, the tree's top level is the summary, line for line.
func TestFoldTopLevelIsTheSummary(t *testing.T) {
	t.Parallel()
	out, _, code := mcpeek(t, "fold", "--schema", orderSchema, "--max-fields", "7")
	sum, _, _ := mcpeek(t, "summary", "--schema", orderSchema, "--max-fields", "7", "--json")
	if code != 0 {
		t.Fatal(code)
	}
	var top []string
	for _, l := range strings.Split(out, "\n") {
		if name, ok := strings.CutPrefix(l, "├── "); ok {
			top = append(top, strings.TrimSpace(strings.TrimLeft(name, "▸▾↻ ")))
		} else if name, ok := strings.CutPrefix(l, "└── "); ok {
			top = append(top, strings.TrimSpace(strings.TrimLeft(name, "▸▾↻ ")))
		}
	}
	if strings.Count(sum, "\n    \"") != len(top) {
		t.Errorf("%d top-level lines for the summary:\n%s\n%s", len(top), out, sum)
	}
}

func TestFoldBadPath(t *testing.T) {
	t.Parallel()
	_, stderr, code := mcpeek(t, "fold", "--schema", orderSchema, "--open", "line_items[].nope")
	if code != 1 || !strings.Contains(stderr, `"line_items[]" has children`) {
		t.Errorf("exit %d: %s", code, stderr)
	}
}

// A top-level property named "a.x" is a top-level line of the tree, not
// the child x of the object a; names holding "[", "/", "~", spaces,
// quotes and Unicode keep their own lines, and --open takes them as they
// are or quoted.
func TestFoldOddNames(t *testing.T) {
	t.Parallel()
	const schema = "testdata/odd-names.schema.json"
	out, stderr, code := mcpeek(t, "fold", "--schema", schema, "--open", "a", "--open", `["b[0]"].g h`)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	want := strings.Join([]string{
		schema,
		"├──   a.x: string",
		"├── ▾ a: object",
		"│   ├──   x: integer",
		"│   └── ▾ y: object",
		"│       └──   z: string",
		"├── ▾ b[0]: object",
		"│   ├──   c/d~e: string",
		"│   └──   g h: string",
		"├──   ü名: string",
		`└──   q"t: string`,
	}, "\n") + "\n"
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	// The summary and the inspector write names as they are; a path is
	// read by the longest property name first (a.x is the top-level
	// a.x), a quoted step names exactly that property.
	sum, _, _ := mcpeek(t, "summary", "--schema", schema)
	if !strings.Contains(sum, "\n  a.x: string\n") || !strings.Contains(sum, "\n  a.x: integer\n") ||
		!strings.Contains(sum, "\n  b[0].c/d~e: string\n") || strings.Contains(sum, `["`) {
		t.Errorf("summary:\n%s", sum)
	}
	for path, want := range map[string]string{
		"a.x":     `"field_path": "a.x",` + "\n" + `  "node_type": "string"`,
		`["a.x"]`: `"field_path": "a.x",` + "\n" + `  "node_type": "string"`,
		`a["x"]`:  `"field_path": "a.x",` + "\n" + `  "node_type": "integer"`,
		"b[0]":    `"field_path": "b[0]",` + "\n" + `  "node_type": "object"`,
	} {
		ins, stderr, code := mcpeek(t, "inspect", "--schema", schema, path, "--json")
		if code != 0 || !strings.Contains(ins, want) {
			t.Errorf("inspect %s: exit %d %s%s", path, code, ins, stderr)
		}
	}
}

// The contract of paths (docs/summary.md#paths): summary lines write
// property names as they are, joined by "."; the inspector matches a
// name holding "." or "[" by trying the longest property name first, and
// reads a quoted step (an extension) as exactly that property; the fold
// tree draws the top-level "a.x" beside the object a.
func TestPathsContractDottedNames(t *testing.T) {
	t.Parallel()
	const schema = "testdata/dot-names.schema.json"
	sum, stderr, code := mcpeek(t, "summary", "--schema", schema)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	want := schema + "\n  id: string\n  a.x: string\n  a: object\n  b[c]: string\n  a.x: integer\n  a.y: boolean\n"
	if !strings.HasPrefix(sum, want) {
		t.Errorf("summary\n%s\nwant it to start\n%s", sum, want)
	}
	for path, want := range map[string]string{
		"a.x":     "a.x  string\n",
		`["a.x"]`: "a.x  string\n",
		`a["x"]`:  "a.x  integer\n",
		"b[c]":    "b[c]  string\n",
	} {
		ins, stderr, code := mcpeek(t, "inspect", "--schema", schema, path)
		if code != 0 || !strings.HasPrefix(ins, want) {
			t.Errorf("inspect %s: exit %d %q%s, want %q first", path, code, ins, stderr, want)
		}
	}
	out, stderr, code := mcpeek(t, "fold", "--schema", schema, "--open", "a")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	tree := strings.Join([]string{
		schema,
		"├──   id: string",
		"├──   a.x: string",
		"├── ▾ a: object",
		"│   ├──   x: integer",
		"│   └──   y: boolean",
		"└──   b[c]: string",
	}, "\n") + "\n"
	if out != tree {
		t.Errorf("fold\n%s\nwant\n%s", out, tree)
	}
}
