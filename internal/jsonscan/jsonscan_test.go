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
