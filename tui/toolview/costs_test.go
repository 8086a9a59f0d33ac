package toolview

import "testing"

func TestCompactCount(t *testing.T) {
	t.Parallel()
	for n, want := range map[int]string{0: "0", 812: "812", 1000: "1.0k", 1234: "1.2k", 12_345: "12k", 999_999: "999k", 1_300_000: "1.3M"} {
		if got := compactCount(n); got != want {
			t.Errorf("compactCount(%d) = %q, want %q", n, got, want)
		}
	}
}
