package lint

import (
	"bytes"
	"testing"

	"mcpeek/internal/styled"
	"mcpeek/model"
)

func TestTextGroupsFindingsByTool(t *testing.T) {
	t.Parallel()
	findings := []Finding{
		{Tool: model.ToolID{Server: "shop", Tool: "a"}, Client: "openai", Severity: Error, Pointer: "/inputSchema", Rule: "r1", Why: "why1", Fix: "fix1"},
		{Tool: model.ToolID{Server: "shop", Tool: "a"}, Client: "mcp", Severity: Warning, Pointer: "/name", Rule: "r2", Why: "why2", Fix: "fix2"},
	}
	var buf bytes.Buffer
	Text(styled.Printer{W: &buf}, findings)
	want := "shop.a\n" +
		"  error    openai  r1  /inputSchema\n           why1\n           fix: fix1\n" +
		"  warning  mcp  r2  /name\n           why2\n           fix: fix2\n"
	_, _, refused := Verdict(findings)
	want += "1 error and 1 warning; refused by " + refused + "\n"
	if buf.String() != want {
		t.Errorf("got\n%s\nwant\n%s", buf.String(), want)
	}
}
