package schemadiff

import (
	"bytes"
	"encoding/json"
)

// Position is a line and column in a file, both 1-based (the column in
// bytes).
type Position struct {
	Line, Column int
}

// ToolPositions finds where each tool's definition starts in a lock file's
// text, by SERVER.TOOL, so that reports can point at it. It reads the
// text once; a text it cannot read gives what it found before the fault.
func ToolPositions(b []byte) map[string]Position {
	out := map[string]Position{}
	lines := lineCounter{b: b, line: 1}
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
				out[server+"."+t.name] = lines.at(t.at)
			}
			return err
		})
	})
	return out
}

// lineCounter turns increasing byte offsets into positions, counting each
// newline once however many tools the file holds.
type lineCounter struct {
	b                    []byte
	off, line, lineStart int
}

func (c *lineCounter) at(off int) Position {
	for c.off < off {
		i := bytes.IndexByte(c.b[c.off:off], '\n')
		if i < 0 {
			break
		}
		c.off += i + 1
		c.line++
		c.lineStart = c.off
	}
	c.off = max(c.off, off)
	return Position{Line: c.line, Column: off - c.lineStart + 1}
}
