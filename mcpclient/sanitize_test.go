package mcpclient

import "testing"

func TestSanitize(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, in, want string }{
		{"plain", "list_orders", "list_orders"},
		{"newline and tab kept", "a\n\tb", "a\n\tb"},
		{"unicode kept", "café ✓ 日本", "café ✓ 日本"},
		{"csi colour", "\x1b[31mred\x1b[0m", "red"},
		{"csi clear screen and cursor", "\x1b[2J\x1b[Hx\x1b[10;5Hy", "xy"},
		{"osc title with bel", "\x1b]0;pwned\x07title", "title"},
		{"osc hyperlink with st", "\x1b]8;;https://evil\x1b\\link\x1b]8;;\x1b\\", "link"},
		{"osc 52 clipboard", "\x1b]52;c;ZXZpbA==\x07ok", "ok"},
		{"dcs", "\x1bPq#0;2;0;0;0\x1b\\after", "after"},
		{"unterminated osc swallows the rest", "safe\x1b]0;never ends", "safe"},
		{"c0 controls", "a\x00b\x07c\x08d\re\x0ef", "abcdef"},
		{"del", "a\x7fb", "ab"},
		{"c1 as utf-8", "a\u009b31mb\u0085c", "a31mbc"},
		{"raw 8-bit csi", "a\x9b31mb", "ab"},
		{"invalid utf-8", "a\xffb\xc3", "ab\ufffd"},
		{"truncated utf-8 before text", "a\xe6\x97b", "a\ufffd\ufffdb"},
		{"escape then text", "\x1bcreset", "reset"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Sanitize(tt.in); got != tt.want {
				t.Errorf("Sanitize(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestLineRing(t *testing.T) {
	t.Parallel()
	r := newLineRing(3, nil)
	_, _ = r.Write([]byte("one\ntw"))
	_, _ = r.Write([]byte("o\n\x1b[31mthree\x1b[0m\nfour\nfive"))
	r.Flush()
	got := r.Lines()
	want := []string{"three", "four", "five"}
	if len(got) != len(want) {
		t.Fatalf("Lines() = %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("Lines() = %q, want %q", got, want)
		}
	}
	long := newLineRing(2, nil)
	buf := make([]byte, maxStderrLine+10)
	for i := range buf {
		buf[i] = 'x'
	}
	_, _ = long.Write(append(buf, '\n'))
	if l := long.Lines()[0]; len(l) != maxStderrLine+len("…") {
		t.Errorf("long line kept %d bytes", len(l))
	}
}
