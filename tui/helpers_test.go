package tui

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"mcpeek/assets"
	"mcpeek/model"
	"mcpeek/summarizer/tree"
)

// demoTools reads the embedded demo server's tools as the Manager lists them.
func demoTools(t testing.TB) []model.Tool {
	t.Helper()
	var raws []json.RawMessage
	if err := json.Unmarshal(assets.DemoTools(), &raws); err != nil {
		t.Fatal(err)
	}
	tools := make([]model.Tool, 0, len(raws))
	for _, raw := range raws {
		var d struct {
			Name, Title, Description string
			InputSchema              json.RawMessage `json:"inputSchema"`
			OutputSchema             json.RawMessage `json:"outputSchema"`
		}
		if err := json.Unmarshal(raw, &d); err != nil {
			t.Fatal(err)
		}
		tools = append(tools, model.Tool{Server: "demo", Name: d.Name, Title: d.Title, Description: d.Description,
			InputSchema: d.InputSchema, OutputSchema: d.OutputSchema, Raw: raw})
	}
	return tools
}

func demoTool(t testing.TB, name string) model.Tool {
	t.Helper()
	for _, tool := range demoTools(t) {
		if tool.Name == name {
			return tool
		}
	}
	t.Fatalf("no demo tool %q", name)
	return model.Tool{}
}

func parse(t testing.TB, b []byte) *model.Schema {
	t.Helper()
	s, err := model.ParseSchema(b)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// plainTree renders a tree without colour and trims trailing spaces.
func plainTree(tr *tree.Tree, width int, showDesc bool) string {
	st := NewStyles(true, true)
	out := treeView{styles: &st, width: width, focused: true, showDesc: showDesc}.render(tr)
	return trimLines(ansi.Strip(out))
}

func trimLines(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}

// findNode finds a materialised line by path.
func findNode(tr *tree.Tree, path string) *tree.Node {
	for n := tr.First(); n != nil; n = n.Next() {
		if n.Path == path && n.Kind != tree.KindMore {
			return n
		}
	}
	return nil
}
