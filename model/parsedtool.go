package model

import "bytes"

// ParsedTool is a tool with its schemas read: what every part that reads
// a tool's schemas takes, so that none parses them again.
type ParsedTool struct {
	Tool Tool
	// In and Out are nil when the schema is absent or cannot be read.
	In, Out       *Schema
	InErr, OutErr error
}

// ParseTool reads a tool's input and output schemas. A tool read by
// ReadTool (or made ReadOnce) is read once: every ParseTool of it, or of a
// copy, after the first gets the same schemas, so the parsed tool travels
// with the tool from where it entered to every part that reads it, with
// no table to look it up in. A Schema is safe for concurrent readers.
func ParseTool(t Tool) ParsedTool {
	s := t.schemas
	if s == nil {
		s = &toolSchemas{}
	}
	s.once.Do(func() {
		if len(bytes.TrimSpace(t.InputSchema)) > 0 {
			s.in, s.inErr = ParseSchema(t.InputSchema)
		}
		if t.HasOutputSchema() {
			s.out, s.outErr = ParseSchema(t.OutputSchema)
		}
	})
	return ParsedTool{Tool: t, In: s.in, Out: s.out, InErr: s.inErr, OutErr: s.outErr}
}
