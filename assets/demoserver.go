package assets

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// DemoServerName is the name the embedded demo server goes by in mcpeek.
const DemoServerName = "demo"

// demoInstructions tell a client what the demo server is for.
const demoInstructions = "mcpeek's embedded demo server: a shop, a document editor, a mailbox, a chat " +
	"workspace, a CRM and analytics, with large realistic output schemas. Calls return canned, " +
	"schema-conforming results, except the stale_* tools, whose results break their schemas on " +
	"purpose; nothing is stored."

// NewDemoServer builds the embedded demo MCP server from demo/tools.json.
// Its schemas are served as stored (compacted by the JSON encoder, every
// keyword kept); each call returns the tool's canned result as
// structuredContent, with the same JSON as text for older clients.
func NewDemoServer(version string) (*server.MCPServer, error) {
	var defs []struct {
		Name         string              `json:"name"`
		Title        string              `json:"title"`
		Description  string              `json:"description"`
		InputSchema  json.RawMessage     `json:"inputSchema"`
		OutputSchema json.RawMessage     `json:"outputSchema"`
		Annotations  *mcp.ToolAnnotation `json:"annotations"`
	}
	if err := json.Unmarshal(DemoTools(), &defs); err != nil {
		return nil, fmt.Errorf("demo tools: %w", err)
	}
	s := server.NewMCPServer("mcpeek-demo", version,
		server.WithToolCapabilities(true),
		server.WithInstructions(demoInstructions))
	for _, d := range defs {
		tool := mcp.Tool{
			Name:            d.Name,
			Title:           d.Title,
			Description:     d.Description,
			RawInputSchema:  d.InputSchema,
			RawOutputSchema: d.OutputSchema,
		}
		if d.Annotations != nil {
			tool.Annotations = *d.Annotations
		}
		s.AddTool(tool, demoHandler(d.Name, len(d.OutputSchema) > 0))
	}
	return s, nil
}

func demoHandler(name string, structured bool) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		result, ok := DemoResult(name)
		if !ok {
			return mcp.NewToolResultError("the demo server has no canned result for " + name), nil
		}
		if !structured {
			return mcp.NewToolResultText(string(result)), nil
		}
		return mcp.NewToolResultStructured(json.RawMessage(result), string(result)), nil
	}
}
