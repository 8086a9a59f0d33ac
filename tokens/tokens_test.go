package tokens

import "testing"

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
