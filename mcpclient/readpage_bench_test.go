package mcpclient

import (
	"os"
	"testing"
)

// BenchmarkReadToolsPage reads the demo server's 60-odd tools as one
// tools/list page, byte-exactly (model.ReadTool for each).
func BenchmarkReadToolsPage(b *testing.B) {
	list, err := os.ReadFile("../assets/demo/tools.json")
	if err != nil {
		b.Fatal(err)
	}
	page := append(append([]byte(`{"tools":`), list...), '}')
	b.SetBytes(int64(len(page)))
	b.ReportAllocs()
	for b.Loop() {
		if tools, _, err := readToolsPage("demo", page, nil); err != nil || len(tools) == 0 {
			b.Fatal(len(tools), err)
		}
	}
}
