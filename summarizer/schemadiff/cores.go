package schemadiff

import (
	"fmt"

	"github.com/go-json-experiment/json/jsontext"

	"mcpeek/internal/par"
	"mcpeek/model"
)

// parseTools reads the tool definitions of one server of a lock file (see
// ParseTool), each made compact unless the text already is, on every core.
// The error is the first tool's, counted from first (the number of tools
// read before).
func parseTools(server string, raws []jsontext.Value, first int, text layout) ([]model.Tool, error) {
	tools := make([]model.Tool, len(raws))
	errs := make([]error, len(raws))
	par.Each(len(raws), func(i int) {
		raw := raws[i]
		if text == compacted {
			raw = raw[:len(raw):len(raw)] // its own, though it shares the text
		} else {
			raw = compact(raw)
		}
		tools[i], errs[i] = ParseTool(server, raw)
	})
	for i, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("server %q, tool %d: %w", server, first+i+1, err)
		}
	}
	return tools, nil
}
