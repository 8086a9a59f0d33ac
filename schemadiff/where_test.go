package schemadiff

import "testing"

func TestChangeWhere(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		change Change
		side   Side
		where  string
	}{
		{Change{Kind: InputAdded, Path: "a.b"}, OnInput, "a.b"},
		{Change{Kind: InputClosed}, OnInput, "(input root)"},
		{Change{Kind: OutputTypeChanged}, OnOutput, "(output root)"},
		{Change{Kind: OutputRemoved, Path: "items[].id"}, OnOutput, "items[].id"},
		// The output schema appearing or going is at the output's root,
		// where the explorer's diff trees mark it.
		{Change{Kind: OutputSchemaAdded}, OnOutput, "(output root)"},
		{Change{Kind: OutputSchemaRemoved}, OnOutput, "(output root)"},
		{Change{Kind: ToolRemoved}, OnTool, "(tool)"},
		{Change{Kind: DescriptionChanged}, OnTool, "(tool)"},
		{Change{Kind: SchemaUnreadable}, OnTool, "(tool)"},
	} {
		if got := c.change.Side(); got != c.side {
			t.Errorf("%s Side() = %s, want %s", c.change.Kind, got, c.side)
		}
		if got := c.change.Where(); got != c.where {
			t.Errorf("%s at %q: Where() = %q, want %q", c.change.Kind, c.change.Path, got, c.where)
		}
	}
}

func TestCount(t *testing.T) {
	t.Parallel()
	got := Count([]Change{
		{Tool: "s.a", Class: Breaking}, {Tool: "s.a", Class: Compatible},
		{Tool: "s.b", Class: Compatible}, {Tool: "s.c", Class: Breaking},
	})
	if want := (Counts{Breaking: 2, Compatible: 2, Tools: 3}); got != want {
		t.Errorf("Count = %+v, want %+v", got, want)
	}
	if got := Count(nil); got != (Counts{}) {
		t.Errorf("Count(nil) = %+v", got)
	}
}
