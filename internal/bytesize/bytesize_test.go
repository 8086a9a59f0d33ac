package bytesize

import "testing"

func TestLimit(t *testing.T) {
	for n, want := range map[int64]string{1 << 30: "1 GiB", 256 << 20: "256 MiB", 4 << 10: "4 KiB", 1500: "1500 bytes", 0: "0 bytes"} {
		if got := Limit(n); got != want {
			t.Errorf("Limit(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestHuman(t *testing.T) {
	for n, want := range map[int64]string{512: "512 B", 1536: "1.5 KiB", 50 << 20: "50.0 MiB", 3 << 30: "3.0 GiB"} {
		if got := Human(n); got != want {
			t.Errorf("Human(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestParse(t *testing.T) {
	for in, want := range map[string]int64{"300000000": 300000000, "512MiB": 512 << 20, "1 GiB": 1 << 30, "2kb": 2 << 10, "7B": 7} {
		if got, err := Parse(in); err != nil || got != want {
			t.Errorf("Parse(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "0", "-1", "MiB", "1.5 GiB", "9999999999 GiB"} {
		if _, err := Parse(in); err == nil {
			t.Errorf("Parse(%q) = nil error", in)
		}
	}
}
