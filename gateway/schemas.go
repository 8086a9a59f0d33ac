package gateway

import (
	"bytes"
	"sync"

	"mcpeek/model"
	"mcpeek/toolargs"
)

// opSchemas are an op's schemas, ready to check arguments and results
// against. Each compiles at its first use, once: registries share an op's
// opSchemas with the next registry's op while the tool's definition stays
// byte for byte the same, so that a schema compiles once per definition,
// however often the upstreams relist.
type opSchemas struct {
	in  *toolargs.Schema
	out *toolargs.Schema // nil when the tool declares no output schema

	paramsOnce sync.Once
	params     []string
}

func newOpSchemas(t model.Tool) *opSchemas {
	s := &opSchemas{in: toolargs.New(t.InputSchema)}
	if raw := t.OutputSchema; len(bytes.TrimSpace(raw)) > 0 && string(raw) != "null" {
		s.out = toolargs.New(raw)
	}
	return s
}
