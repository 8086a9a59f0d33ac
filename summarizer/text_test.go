package summarizer

import (
	"mcpeek/model"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestPlainText(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ name, in, want string }{
		{"stripe html", "\n\n<p>Retrieves the details of a charge that has previously been created.</p>\n<p>Supply the unique <code>charge</code> ID &amp; Stripe returns it.</p>",
			"Retrieves the details of a charge that has previously been created.\n\nSupply the unique `charge` ID & Stripe returns it."},
		{"markdown stays", "Get a pull request\n\n## Notes\n\n- **draft** pull requests\n- `merged` flag",
			"Get a pull request\n\n## Notes\n\n- **draft** pull requests\n- `merged` flag"},
		{"placeholders are text", "GET repos/<owner>/<repo>/pulls <not a tag", "GET repos/<owner>/<repo>/pulls <not a tag"},
		{"entities", "AT&amp;T &lt;b&gt; &#x27;x&#39; Q&A", "AT&T <b> 'x' Q&A"},
		{"br and lists", "One<br/>two<ul><li>a</li><li>b</li></ul>end", "One\ntwo\n\n- a\n- b\n\nend"},
		{"script dropped", "<p>ok</p><script>alert(1)</script><style>p{}</style>", "ok"},
		{"spaces", "  a \t b  \r\n\n\n\n c  ", "a b\n\nc"},
		{"pre keeps its text", "<pre><code>x := 1</code></pre>", "x := 1"},
		{"links keep their words", `See <a href="https://x">the docs</a>.`, "See the docs."},
		{"empty", "", ""},
	} {
		if got := PlainText(c.in); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}
}

func TestFirstSentenceOfRichText(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ in, want string }{
		{"Get a pull request\n\nDraft pull requests are available in public repositories.", "Get a pull request"},
		{"\n\n<p>Retrieves the details of a charge. Supply the ID.</p>", "Retrieves the details of a charge."},
		{"Lists things, e.g. orders. Then more.", "Lists things, e.g. orders."},
		{"One line\nwrapped here. Next.", "One line wrapped here."},
		{strings.Repeat("word ", 100), strings.Repeat("word ", 31) + "word…"},
	} {
		if got := FirstSentence(c.in); got != c.want {
			t.Errorf("FirstSentence(%q)\n got %q\nwant %q", c.in, got, c.want)
		}
	}
}

// FuzzPlainText: any text comes out as valid UTF-8, no longer than the
// input by more than invalid bytes turned into U+FFFD.
func FuzzPlainText(f *testing.F) {
	for _, s := range []string{"<p>a</p>", "<code>x", "&amp;&#0;&#xD800;", "<owner>/<repo>", "<<p>>", "<script>", "a\x00b", "\xff<br>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := PlainText(s)
		if !utf8.ValidString(out) && utf8.ValidString(s) {
			t.Fatalf("invalid UTF-8 from %q: %q", s, out)
		}
		if len(out) > 3*len(s)+8 { // invalid bytes become U+FFFD
			t.Fatalf("%d bytes from %d", len(out), len(s))
		}
		_ = FirstSentence(s)
	})
}

// The planner descriptor carries the whole description as text.
func TestDescriptorDescriptionIsText(t *testing.T) {
	t.Parallel()
	tool := model.Tool{Server: "stripe", Name: "get_charge", InputSchema: []byte(`{"type":"object"}`),
		Description: "\n\n<p>Retrieves the details of a charge.</p>\n\n<p>Supply the <code>id</code>&nbsp;only.</p>"}
	d, err := Describe(tool, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if want := "Retrieves the details of a charge.\n\nSupply the `id` only."; d.Description != want {
		t.Errorf("description %q, want %q", d.Description, want)
	}
}
