package mcpclient

import "testing"

func TestTOMLString(t *testing.T) {
	t.Parallel()
	if got := tomlString("a\"b\\c\n<&>\x7f\x01"); got != `"a\"b\\c\n<&>\u007f\u0001"` {
		t.Errorf("got %s", got)
	}
}
