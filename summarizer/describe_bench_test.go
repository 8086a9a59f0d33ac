package summarizer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"mcpeek/assets"
	"mcpeek/model"
)

// BenchmarkDescribeAll1223 builds every planner descriptor of a 1,223-tool
// server, as `mcpeek tools --json` does once the tools are listed: the demo
// catalogue's tools with output schemas under 40 KB, cycled and compacted as
// a server sends them (the listing scripts/bench-listing serves).
func BenchmarkDescribeAll1223(b *testing.B) {
	tools := catalogueTools(b, 1223, 40<<10)
	b.ReportAllocs()
	for b.Loop() {
		_, errs := DescribeAll(tools, Options{})
		for _, err := range errs {
			if err != nil {
				b.Fatal(err)
			}
		}
	}
}

// catalogueTools makes n tools out of the demo catalogue, leaving out output
// schemas over maxSchema bytes as stored.
func catalogueTools(b *testing.B, n, maxSchema int) []model.Tool {
	var demo []struct {
		Description  string          `json:"description"`
		InputSchema  json.RawMessage `json:"inputSchema"`
		OutputSchema json.RawMessage `json:"outputSchema"`
	}
	if err := json.Unmarshal(assets.DemoTools(), &demo); err != nil {
		b.Fatal(err)
	}
	compact := func(raw []byte) json.RawMessage {
		if len(raw) == 0 {
			return nil
		}
		var buf bytes.Buffer
		if err := json.Compact(&buf, raw); err != nil {
			b.Fatal(err)
		}
		return buf.Bytes()
	}
	var kept []model.Tool
	for _, d := range demo {
		if len(d.OutputSchema) <= maxSchema {
			kept = append(kept, model.Tool{Server: "github", Description: d.Description,
				InputSchema: compact(d.InputSchema), OutputSchema: compact(d.OutputSchema)})
		}
	}
	tools := make([]model.Tool, n)
	for i := range tools {
		tools[i] = kept[i%len(kept)]
		tools[i].Name = fmt.Sprintf("tool_%04d", i)
	}
	return tools
}
