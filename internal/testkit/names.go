package testkit

import "math/rand/v2"

// UnknownName is n bytes of a tool or op name that no server lists, with
// the letters and separators of real ones (the same bytes every run), for
// tests and benchmarks of "did you mean".
func UnknownName(n int) string {
	rng := rand.New(rand.NewPCG(5, 6))
	b := make([]byte, n)
	for i := range b {
		b[i] = "abcdefghijklmnopqrstuvwxyz_."[rng.IntN(28)]
	}
	return string(b)
}

// UnknownSizes are the lengths of unknown names those benchmarks try: a
// typo, a long paste, a body near the message limit.
var UnknownSizes = []struct {
	Name string
	N    int
}{{"10B", 10}, {"300KB", 300_000}, {"4MB", 4_000_000}}
