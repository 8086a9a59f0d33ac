package schemadiff

import (
	"bytes"
	"encoding/json"
	"mcpeek/internal/textpos"
	"mcpeek/model"
)

// Position is a line and column in a file, both 1-based (the column in
// bytes).
type Position struct {
	Line, Column int
}

// ToolPositions finds where each tool's definition starts in a lock file's
// text, by tool id, so that reports can point at it. It reads the
// text once; a text it cannot read gives what it found before the fault.
func ToolPositions(b []byte) map[model.ToolID]Position {
	out := map[model.ToolID]Position{}
	lines := textpos.NewCounter(b)
	dec := newDecoder(b)
	_ = eachMember(dec, func(name string) error {
		if name != "servers" {
			return dec.SkipValue()
		}
		return eachItem(dec, func() error {
			var server string
			var tools []struct {
				name string
				at   int
			}
			err := eachMember(dec, func(name string) error {
				switch name {
				case "name":
					v, err := dec.ReadValue()
					if err == nil {
						err = json.Unmarshal(v, &server)
					}
					return err
				case "tools":
					return eachItem(dec, func() error {
						before := int(dec.InputOffset())
						v, err := dec.ReadValue()
						if err != nil {
							return err
						}
						var t struct {
							Name string `json:"name"`
						}
						_ = json.Unmarshal(v, &t)
						tools = append(tools, struct {
							name string
							at   int
						}{t.Name, before + bytes.IndexByte(b[before:], '{')})
						return nil
					})
				}
				return dec.SkipValue()
			})
			for _, t := range tools {
				line, col := lines.At(t.at)
				out[model.ToolID{Server: server, Tool: t.name}] = Position{Line: line, Column: col}
			}
			return err
		})
	})
	return out
}
