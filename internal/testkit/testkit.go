// Package testkit holds what tests of several packages share: the embedded
// demo server's tools, schema parsing that fails the test on error, a test
// binary started again as a helper process (see HelperMode), more tests
// at a time for packages whose tests mostly wait (WaitingParallel), and
// directories that a sandbox sees where they lie (SeenDir).
package testkit

import (
	"encoding/json"
	"testing"

	"mcpeek/assets"
	"mcpeek/model"
)

// DemoTools reads every tool of the embedded demo server, as server
// "demo": each reads its schemas once (model.Tool.ReadOnce), as a tool
// the client lists does.
func DemoTools(t testing.TB) []model.Tool {
	t.Helper()
	var raws []struct {
		Name         string          `json:"name"`
		Title        string          `json:"title"`
		Description  string          `json:"description"`
		InputSchema  json.RawMessage `json:"inputSchema"`
		OutputSchema json.RawMessage `json:"outputSchema"`
	}
	b := assets.DemoTools()
	if err := json.Unmarshal(b, &raws); err != nil {
		t.Fatal(err)
	}
	var defs []json.RawMessage
	if err := json.Unmarshal(b, &defs); err != nil {
		t.Fatal(err)
	}
	tools := make([]model.Tool, len(raws))
	for i, r := range raws {
		tools[i] = model.Tool{Server: "demo", Name: r.Name, Title: r.Title, Description: r.Description,
			InputSchema: r.InputSchema, OutputSchema: r.OutputSchema, Raw: defs[i]}.ReadOnce()
	}
	return tools
}

// DemoTool is one tool of the embedded demo server.
func DemoTool(t testing.TB, name string) model.Tool {
	t.Helper()
	for _, tool := range DemoTools(t) {
		if tool.Name == name {
			return tool
		}
	}
	t.Fatalf("no demo tool %q", name)
	return model.Tool{}
}

// Parse reads a schema, failing the test when it cannot be read.
func Parse(t testing.TB, b []byte) *model.Schema {
	t.Helper()
	s, err := model.ParseSchema(b)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
