package gateway

import (
	"bytes"
	"sync"

	"mcpeek/model"
	"mcpeek/model/toolargs"
)

// opSchemas are an op's schemas, ready to check arguments and results
// against. Each compiles at its first use, once: registries share an op's
// opSchemas with the next registry's op while the tool's definition stays
// byte for byte the same, so that a schema compiles once per definition,
// however often the upstreams relist.
type opSchemas struct {
	in  *toolargs.Schema
	out *toolargs.Schema // nil when the tool declares no output schema

	tool       model.Tool
	parsedOnce sync.Once
	parsedTool model.ParsedTool

	paramsOnce sync.Once
	params     []string
}

func newOpSchemas(t model.Tool) *opSchemas {
	s := &opSchemas{in: toolargs.Input(t), tool: t}
	if raw := t.OutputSchema; len(bytes.TrimSpace(raw)) > 0 && string(raw) != "null" {
		s.out = toolargs.Output(t)
	}
	return s
}

// parsed is the op's tool with its schemas read, at the first help,
// inspection or argument check that needs them (model.ParseTool reads a
// listed tool's schemas once, for every copy of it), then kept.
func (s *opSchemas) parsed() model.ParsedTool {
	s.parsedOnce.Do(func() { s.parsedTool = model.ParseTool(s.tool) })
	return s.parsedTool
}
