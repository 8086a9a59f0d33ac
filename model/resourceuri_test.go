package model

import "testing"

func TestUpdateConcerns(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		uri, subscribed string
		want            bool
	}{
		{"mem://r/0", "mem://r/0", true},
		{"mem://r/0/part", "mem://r/0", true},
		{"mem://r/0?page=2", "mem://r/0", true},
		{"mem://r/0#top", "mem://r/0", true},
		{"file:///logs/today", "file:///logs/", true},
		{"mem://r/0x", "mem://r/0", false},
		{"mem://r/1", "mem://r/0", false},
		{"mem://r", "mem://r/0", false},
		{"anything", "", false},
	} {
		if got := UpdateConcerns(c.uri, c.subscribed); got != c.want {
			t.Errorf("UpdateConcerns(%q, %q) = %v", c.uri, c.subscribed, got)
		}
	}
}
