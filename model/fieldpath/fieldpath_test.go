package fieldpath

import "testing"

func TestJoin(t *testing.T) {
	t.Parallel()
	for _, c := range [][3]string{
		{"", "a", "a"},
		{"a[]", "b" + Arrays(2), "a[].b[][]"},
		{"a", Name("x.y"), `a["x.y"]`},
		{"", Name("x.y"), `["x.y"]`},
		{"a", Name("g h"), "a.g h"},
		{"a", "[]", "a[]"},
	} {
		if got := Join(c[0], c[1]); got != c[2] {
			t.Errorf("Join(%q, %q) = %q, want %q", c[0], c[1], got, c[2])
		}
	}
}

func TestTrimArrayMarkers(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in, rest string
		n        int
	}{
		{"[].x", ".x", 1}, {"[0][*][]", "", 3}, {"[x]", "[x]", 0}, {"[", "[", 0}, {"abc", "abc", 0},
	} {
		if rest, n := TrimArrayMarkers(c.in); rest != c.rest || n != c.n {
			t.Errorf("TrimArrayMarkers(%q) = %q, %d", c.in, rest, n)
		}
	}
}

func TestPointerAndJQ(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ path, prefix, pointer, jq string }{
		{"line_items[].price_set", "", "/line_items/0/price_set", ".line_items[].price_set"},
		{"line_items[].price_set", "data", "/data/line_items/0/price_set", ".data.line_items[].price_set"},
		{"", "", "", "."},
		{"", "data", "/data", ".data"},
		{"[].id", "", "/0/id", ".[].id"},
		{"a/b.~c", "", "/a~1b/~0c", `.["a/b"].["~c"]`},
		{`["we\"ird"].x-y`, "", `/we"ird/x-y`, `.["we\"ird"].["x-y"]`},
		{"meta.<any key>", "", "/meta/{key}", ".meta[]"},
		{"_ok.a1", "", "/_ok/a1", "._ok.a1"},
		{"1st", "", "/1st", `.["1st"]`},
		{"x.anyOf[1].y", "", "/x/y", ".x.y"},
		{`["a.x"]`, "", "/a.x", `.["a.x"]`},
	} {
		p, err := Parse(c.path, Output)
		if err != nil {
			t.Fatal(err)
		}
		if c.prefix != "" {
			p = p.Within(c.prefix)
		}
		if got := p.Pointer(); got != c.pointer {
			t.Errorf("Pointer(%q, %q) = %q, want %q", c.path, c.prefix, got, c.pointer)
		}
		if got := p.JQ(); got != c.jq {
			t.Errorf("JQ(%q, %q) = %q, want %q", c.path, c.prefix, got, c.jq)
		}
	}
}

// Quoted quotes names holding the grammar's own characters and writes
// every other name (pointer escapes, spaces, Unicode) as it is; Parse
// reads back what Quoted writes. String writes every name as it is.
func TestOddNamesRoundTrip(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		names            []string
		items            int
		text, plain, ptr string
	}{
		{[]string{"a.x"}, 0, `["a.x"]`, "a.x", "/a.x"},
		{[]string{"a", "x"}, 0, "a.x", "a.x", "/a/x"},
		{[]string{"a", "x.y", "z"}, 0, `a["x.y"].z`, "a.x.y.z", "/a/x.y/z"},
		{[]string{"b[0]"}, 1, `["b[0]"][]`, "b[0][]", "/b[0]/0"},
		{[]string{"c]"}, 0, `["c]"]`, "c]", "/c]"},
		{[]string{"c/d~e"}, 0, "c/d~e", "c/d~e", "/c~1d~0e"},
		{[]string{"g h", "ü名"}, 0, "g h.ü名", "g h.ü名", "/g h/ü名"},
		{[]string{`q"t`, `b\s`}, 0, `q"t.b\s`, `q"t.b\s`, `/q"t/b\s`},
		{[]string{`q"t.`}, 0, `["q\"t."]`, `q"t.`, `/q"t.`},
		{[]string{""}, 0, `[""]`, "", "/"},
		{[]string{"<any key>"}, 0, `["<any key>"]`, "<any key>", "/<any key>"},
		{[]string{"tab\there"}, 0, `["tab\there"]`, "tab\there", "/tab\there"},
		{[]string{"nl\n"}, 0, `["nl\n"]`, "nl\n", "/nl\n"},
		{[]string{"ctl\x01"}, 0, `["ctl\u0001"]`, "ctl\x01", "/ctl\x01"},
		{nil, 2, "[][]", "[][]", "/0/0"},
	} {
		p := Root(Input)
		for _, n := range c.names {
			p = p.Prop(n)
		}
		p = p.Items(c.items)
		if got := p.Quoted(); got != c.text {
			t.Errorf("%q: Quoted = %q, want %q", c.names, got, c.text)
		}
		if got := p.String(); got != c.plain {
			t.Errorf("%q: String = %q, want %q", c.names, got, c.plain)
		}
		if got := p.Pointer(); got != c.ptr {
			t.Errorf("%q: Pointer = %q, want %q", c.names, got, c.ptr)
		}
		back, err := Parse(p.Quoted(), Input)
		if err != nil || !back.Equal(p) || back.Side() != Input {
			t.Errorf("%q: Parse(%q) = %v, %v", c.names, p.Quoted(), back.Steps(), err)
		}
	}
	p := Root(Output).Prop("a").Prop("ctl\x01\n")
	if got := p.Quoted(); got != `a["ctl\u0001\n"]` {
		t.Errorf("control characters: %q", got)
	}
	if back, err := Parse(p.Quoted(), Output); err != nil || !back.Equal(p) {
		t.Errorf("control characters back: %v %v", back, err)
	}
}

// String writes a top-level "a.x" and a's x alike, as the contract of
// summaries does; their Keys and Quoted texts stay apart.
func TestStringIsPlainKeyIsNot(t *testing.T) {
	t.Parallel()
	top, nested := Root(Output).Prop("a.x"), Root(Output).Prop("a").Prop("x")
	if top.String() != "a.x" || nested.String() != "a.x" {
		t.Errorf("String: %q and %q, want a.x twice", top.String(), nested.String())
	}
	if top.Key() == nested.Key() || top.Quoted() == nested.Quoted() {
		t.Errorf("Key %v and %v, Quoted %q and %q: not apart", top.Key(), nested.Key(), top.Quoted(), nested.Quoted())
	}
	for in, want := range map[string]string{`["a.x"].b`: "a.x.b", `a["x"]`: "a.x", "items[0]": "items[0]", `["bad`: `["bad`, "": ""} {
		if got := Plain(in); got != want {
			t.Errorf("Plain(%q) = %q, want %q", in, got, want)
		}
	}
	if b, _ := top.MarshalText(); string(b) != "a.x" {
		t.Errorf("MarshalText = %q", b)
	}
}

func TestParse(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"a[0].b[*][]":     "a[].b[][]",
		`a.["x.y"]`:       `a["x.y"]`,
		"x.anyOf[1].y":    "x.anyOf[1].y",
		"m.<any key>[].v": "m.<any key>[].v",
		"[].id":           "[].id",
		`[]["a.b"]`:       `[]["a.b"]`,
		"":                "",
	} {
		p, err := Parse(in, Output)
		if err != nil || p.Quoted() != want {
			t.Errorf("Parse(%q) = %q, %v; want %q", in, p.Quoted(), err, want)
		}
	}
	for _, bad := range []string{"a..b", "a.", ".a", "a]b", `["a`, `["a"`, `["a"]x`, "a[x]", "a.[]", `["\q"]`} {
		if p, err := Parse(bad, Output); err == nil {
			t.Errorf("Parse(%q) = %q, want an error", bad, p.String())
		}
	}
}

func TestParentAndName(t *testing.T) {
	t.Parallel()
	for in, want := range map[string][2]string{
		"a[].b[]":       {"a[]", "b[]"},
		"a":             {"", "a"},
		`a["x.y"]`:      {"a", "x.y"},
		"[]":            {"", "[]"},
		"[].id":         {"[]", "id"},
		"x.anyOf[0].y":  {"x.anyOf[0]", "y"},
		"x.anyOf[0]":    {"x", "anyOf[0]"},
		"m.<any key>[]": {"m", "<any key>[]"},
		"":              {"", ""},
	} {
		p := MustParse(in, Output)
		if got := p.Parent().String(); got != want[0] {
			t.Errorf("Parent(%q) = %q, want %q", in, got, want[0])
		}
		if got := p.Name(); got != want[1] {
			t.Errorf("Name(%q) = %q, want %q", in, got, want[1])
		}
	}
	// Paths extended from one parent do not share their steps.
	base := Root(Output).Prop("a").Prop("b")
	x, y := base.Parent().Prop("x"), base.Parent().Prop("y")
	if x.String() != "a.x" || y.String() != "a.y" || base.String() != "a.b" {
		t.Errorf("shared steps: %s %s %s", x, y, base)
	}
}

func TestCutData(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"data": "", "data.x": "x", "data[].x": "[].x", "database": "", "x": ""} {
		rest, ok := CutData(in)
		if ok != (want != "" || in == "data") || (ok && rest != want) {
			t.Errorf("CutData(%q) = %q, %v", in, rest, ok)
		}
	}
}
