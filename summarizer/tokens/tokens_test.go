package tokens

import (
	"math/rand/v2"
	"os"
	"strings"
	"testing"
)

// TestKnownCounts checks counts against values published for these
// encodings (OpenAI's tiktoken gives the same numbers).
func TestKnownCounts(t *testing.T) {
	t.Parallel()
	c := NewCounter()
	cl100k := map[string]int{
		"":                   0,
		"hello world":        2,
		"tiktoken is great!": 6, // [83, 1609, 5963, 374, 2294, 0], tiktoken's README
	}
	for text, want := range cl100k {
		if got := c.Measure(text); got.CL100K != want || got.Bytes != len(text) {
			t.Errorf("Measure(%q) = %+v, want %d cl100k tokens", text, got, want)
		}
	}
	for text, want := range cl100k {
		if got := c.CL100K(text); got != want {
			t.Errorf("CL100K(%q) = %d, want %d", text, got, want)
		}
	}
	o200k := map[string]int{"": 0, "hello world": 2}
	for text, want := range o200k {
		if got := c.Measure(text); got.O200K != want {
			t.Errorf("Measure(%q) = %+v, want %d o200k tokens", text, got, want)
		}
	}
}

// Counting a text a piece at a time gives the count of the whole text, in
// both encodings, whatever falls at the pieces' ends: JSON, contractions
// before and after a quote, capitals, digits, non-ASCII letters, white
// space and new lines. Pieces of a few bytes end at nearly every place
// where one may.
func TestCountInPiecesIsTheWholeCount(t *testing.T) {
	t.Parallel()
	schema, err := os.ReadFile("../../summarizer/testdata/payments.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	texts := map[string]string{
		"payments schema": string(schema)[:60_000],
		"mixed": strings.Repeat(`{"name":"it's","Name's":"fooBAR","ID":"x'd", "n":"12345678"`+
			`,"grüße":"Straße\"","é":"naïve"}`+"\n  \"tab\"\t\"end  \r\n\"don't\"'s\"ÉCOLE\"a\"\"\"b'\"", 40),
		"no place to end": strings.Repeat("a b c 123 ", 50),
	}
	c := NewCounter()
	c.load()
	if c.loadFailed != nil {
		t.Fatal(c.loadFailed)
	}
	for name, text := range texts {
		for _, codec := range []*encoding{c.cl100k, c.o200k} {
			want, err := codec.Count(text)
			if err != nil {
				t.Fatal(err)
			}
			for _, size := range []int{1, 2, 3, 7, 64, 1000} {
				for _, short := range []int{0, 8, shortBytes} {
					tl := &tally{codecs: []*encoding{codec}, piece: size, short: short}
					tl.add(text)
					if got := tl.total(0); got != want {
						t.Errorf("%s, %s, pieces of %d bytes, up to %d remembered: %d tokens, the whole text %d",
							name, codec.name, size, short, got, want)
					}
				}
			}
		}
	}
}

// A Meter handed a text in parts of any size gives the whole text's
// counts, whatever the piece size: on the texts above, a whole schema, and
// random text made of what decides where the encodings split (letters of
// both cases, quotes, apostrophes, digits, white space, non-ASCII).
func TestMeterIsTheWholeCount(t *testing.T) {
	t.Parallel()
	schema, err := os.ReadFile("../../summarizer/testdata/payments.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	rnd := rand.New(rand.NewPCG(1, 2))
	texts := map[string]string{
		"payments schema": string(schema),
		"random":          randomText(200_000),
		"no place to end": strings.Repeat("a b c 123 ", 10_000),
		"empty":           "",
	}
	c := NewCounter()
	for name, text := range texts {
		want := Size{Bytes: len(text), CL100K: wholeCount(t, c, "cl100k_base", text), O200K: wholeCount(t, c, "o200k_base", text)}
		for _, piece := range []int{1, 7, 1000, pieceBytes} {
			m := c.Meter()
			m.piece = piece
			for rest := text; len(rest) > 0; {
				n := min(len(rest), 1+rnd.IntN(3*piece))
				if rnd.IntN(2) == 0 {
					m.WriteString(rest[:n])
				} else {
					m.Write([]byte(rest[:n]))
				}
				rest = rest[n:]
			}
			if got := m.Size(); got != want {
				t.Errorf("%s, pieces of %d bytes: %+v, the whole text %+v", name, piece, got, want)
			}
		}
	}
}

// wholeCount counts text in one call to the encoding's codec.
func wholeCount(t *testing.T, c *Counter, enc string, text string) int {
	c.load()
	codec := c.cl100k
	if enc == "o200k_base" {
		codec = c.o200k
	}
	n, err := codec.Count(text)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// BenchmarkMeasure6MB counts a 6 MB JSON text (the payments schema 20
// times over, about a 1,223-tool tools/list) in both encodings. Its
// pieces repeat 20 times, which flatters the tally's memory of pieces:
// MeasureSchema and MeasureRandom count text that repeats less.
func BenchmarkMeasure6MB(b *testing.B) {
	schema, err := os.ReadFile("../../summarizer/testdata/payments.schema.json")
	if err != nil {
		b.Fatal(err)
	}
	text := strings.Repeat(string(schema), 20)
	c := NewCounter()
	c.Measure("")
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		c.Measure(text)
	}
}

// BenchmarkMeasureSchema counts the payments schema once (313 KB, 8,972
// pieces of which 2,250 are distinct) in both encodings.
func BenchmarkMeasureSchema(b *testing.B) {
	schema, err := os.ReadFile("../../summarizer/testdata/payments.schema.json")
	if err != nil {
		b.Fatal(err)
	}
	benchMeasure(b, string(schema))
}

// BenchmarkMeasureRandom counts 300 KB of random text made of what
// decides where the encodings split, whose short pieces seldom repeat.
func BenchmarkMeasureRandom(b *testing.B) {
	benchMeasure(b, randomText(300_000))
}

// randomText is about n bytes of what decides where the encodings split:
// letters of both cases, quotes, apostrophes, digits, white space and
// non-ASCII letters and marks, in the same order at every call.
func randomText(n int) string {
	rnd := rand.New(rand.NewPCG(3, 4))
	alphabet := []string{"a", "b", "Z", "Q", "\"", "\"", "'", "s", "t", "'s", "'T", "1", "23", " ", "  ", "\n", "\r\n", "\t",
		"{", "}", ":", ",", "/", "é", "ß", "É", "日本", "🙂", "\u0301"}
	var text strings.Builder
	for text.Len() < n {
		text.WriteString(alphabet[rnd.IntN(len(alphabet))])
	}
	return text.String()
}

func benchMeasure(b *testing.B, text string) {
	c := NewCounter()
	c.Measure("")
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		c.Measure(text)
	}
}
