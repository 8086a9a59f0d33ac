package schemadiff

import (
	"testing"

	"mcpeek/model"
	"mcpeek/model/fieldpath"
)

func TestChangeWhere(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		change Change
		side   Side
		where  string
	}{
		{Change{Kind: InputAdded, Path: fieldpath.MustParse("a.b", OnInput)}, OnInput, "a.b"},
		{Change{Kind: InputClosed, Path: fieldpath.Root(OnInput)}, OnInput, "(input root)"},
		{Change{Kind: OutputTypeChanged, Path: fieldpath.Root(OnOutput)}, OnOutput, "(output root)"},
		{Change{Kind: OutputRemoved, Path: fieldpath.MustParse("items[].id", OnOutput)}, OnOutput, "items[].id"},
		{Change{Kind: OutputRemoved, Path: fieldpath.Root(OnOutput).Prop("a.x")}, OnOutput, "a.x"}, // names as they are
		// The output schema appearing or going is at the output's root,
		// where the explorer's diff trees mark it.
		{Change{Kind: OutputSchemaAdded, Path: fieldpath.Root(OnOutput)}, OnOutput, "(output root)"},
		{Change{Kind: OutputSchemaRemoved, Path: fieldpath.Root(OnOutput)}, OnOutput, "(output root)"},
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
		{Tool: model.ToolID{Server: "s", Tool: "a"}, Class: Breaking}, {Tool: model.ToolID{Server: "s", Tool: "a"}, Class: Compatible},
		{Tool: model.ToolID{Server: "s", Tool: "b"}, Class: Compatible}, {Tool: model.ToolID{Server: "s", Tool: "c"}, Class: Breaking},
	})
	if want := (Counts{Breaking: 2, Compatible: 2, Tools: 3}); got != want {
		t.Errorf("Count = %+v, want %+v", got, want)
	}
	if got := Count(nil); got != (Counts{}) {
		t.Errorf("Count(nil) = %+v", got)
	}
}
