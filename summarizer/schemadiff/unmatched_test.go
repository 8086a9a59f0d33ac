package schemadiff

import (
	"slices"
	"testing"

	"mcpeek/model"
)

func TestUnmatchedPicks(t *testing.T) {
	lock := Snapshot{Servers: []Server{{Name: "a", Tools: []model.Tool{{Name: "old"}}}}}
	live := Snapshot{Servers: []Server{{Name: "a", Tools: []model.Tool{{Name: "new"}}}}}
	got := lock.Unmatched(live, []string{"a", "a.old", "a.new", "a.typo"})
	if !slices.Equal(got, []string{"a.typo"}) {
		t.Errorf("Unmatched = %v, want [a.typo]", got)
	}
}
