package schemadiff

import (
	"bytes"
	"strings"
	"testing"

	"mcpeek/internal/styled"
	"mcpeek/model"
)

func TestTextCountsTheChanges(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	Text(styled.Printer{W: &buf}, nil)
	if buf.String() != "no changes\n" {
		t.Errorf("no changes: %q", buf.String())
	}
	buf.Reset()
	changes := []Change{
		{Tool: model.ToolID{Server: "shop", Tool: "a"}, Class: Breaking, Kind: "tool-removed"},
		{Tool: model.ToolID{Server: "shop", Tool: "b"}, Class: Compatible, Kind: "tool-added"},
	}
	Text(styled.Printer{W: &buf}, changes)
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 5 || lines[0] != "shop.a" || !strings.HasPrefix(lines[1], "  breaking  ") || lines[2] != "shop.b" ||
		lines[4] != "1 breaking and 1 compatible changes in 2 tools" {
		t.Errorf("%q", lines)
	}
}
