package model

import (
	"encoding/json"
	"sync"
)

// Tool is one tool of one MCP server, with its definition kept byte for byte.
//
// InputSchema and OutputSchema hold the raw JSON the server sent; decoding
// them through a typed struct would drop keywords (root allOf, $defs, ...),
// so they are only ever read with the schema reader of this package.
type Tool struct {
	// Server is the name the user gave the server in its config.
	Server string
	// Name is the tool's name as the server declares it.
	Name string
	// Title is the optional human-readable title.
	Title string
	// Description is the tool's description as sent (unsanitised).
	Description string
	// InputSchema is the raw inputSchema object.
	InputSchema json.RawMessage
	// OutputSchema is the raw outputSchema object, or nil when the tool has none.
	OutputSchema json.RawMessage
	// Raw is the whole tool definition object exactly as listed by the server.
	Raw json.RawMessage
	// Icons are the icons the server gives for the tool, never fetched.
	Icons []Icon
	// App is what _meta says of the tool's MCP Apps interface; see IsApp.
	App AppUI
	// HeaderFault is why the tool's x-mcp-header annotations break the
	// 2026-07-28 rules, for which clients drop it; zero when they do not.
	// mcpeek shows such a tool, marked, and never calls it.
	HeaderFault HeaderFault

	// schemas are the schemas as read, once, by ParseTool: set where the
	// tool enters (ReadTool, ReadOnce), shared by every copy of the value.
	schemas *toolSchemas
}

// ID is the tool's identifier across servers.
func (t Tool) ID() ToolID { return ToolID{Server: t.Server, Tool: t.Name} }

// HasOutputSchema reports whether the server declared an output schema.
func (t Tool) HasOutputSchema() bool {
	return len(t.OutputSchema) > 0 && string(t.OutputSchema) != "null"
}

// toolSchemas holds a tool's schemas once read: any number of goroutines
// may ask at once, and the first reads them.
type toolSchemas struct {
	once          sync.Once
	in, out       *Schema
	inErr, outErr error
}

// ReadOnce is t set to read its schemas once, on the first ParseTool of
// it or of any copy of the returned value. ReadTool's tools are so
// already; a tool built by hand is read afresh by each ParseTool until
// passed through here.
func (t Tool) ReadOnce() Tool {
	t.schemas = &toolSchemas{}
	return t
}
