package shellword

import "testing"

func TestJoin(t *testing.T) {
	got := Join("mcpeek", "lock", "update", "a.b", "--config", "/tmp/my dir/it's.json", "")
	want := `mcpeek lock update a.b --config '/tmp/my dir/it'\''s.json' ''`
	if got != want {
		t.Errorf("Join = %s, want %s", got, want)
	}
}
