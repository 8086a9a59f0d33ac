package jsonscan

import "testing"

func TestStringEnd(t *testing.T) {
	for _, c := range []struct {
		in     string
		end    int
		closed bool
	}{
		{`"abc",`, 5, true},
		{`""`, 2, true},
		{`"a\"b"x`, 6, true},
		{`"a\\"x`, 5, true},
		{`"a\\\"b"`, 8, true},
		{`"abc`, 4, false},
		{`"ab\"`, 5, false},
		{`"`, 1, false},
	} {
		end, closed := StringEnd([]byte(c.in), 0)
		if end != c.end || closed != c.closed {
			t.Errorf("StringEnd(%s) = %d, %v; want %d, %v", c.in, end, closed, c.end, c.closed)
		}
	}
}

func TestValueEnd(t *testing.T) {
	for _, c := range []struct {
		text string
		at   int
		want string
	}{
		{`{"a": [1, "]}", {"b": "\"}"}]} , 2`, 0, `{"a": [1, "]}", {"b": "\"}"}]}`},
		{`  "x\\" ,`, 0, `  "x\\"`},
		{`[1,2], 3`, 0, `[1,2]`},
		{`[1, 12.5e3, true]`, 4, `12.5e3`},
		{`[1, null]`, 3, ` null`},
		{`[]`, 0, `[]`},
		{`{"open": [1, 2`, 0, `{"open": [1, 2`},
	} {
		if got := c.text[c.at:ValueEnd([]byte(c.text), c.at)]; got != c.want {
			t.Errorf("ValueEnd(%q, %d) cut %q, want %q", c.text, c.at, got, c.want)
		}
	}
}
