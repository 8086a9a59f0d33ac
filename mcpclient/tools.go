package mcpclient

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"

	"mcpeek/model"
)

// defaultMaxPages bounds tools/list pagination, so that a server whose
// cursors never end cannot keep a connection listing forever.
const defaultMaxPages = 100

// listTools fetches every page of tools/list as raw JSON and keeps each tool
// object, and its inputSchema and outputSchema, byte for byte.
func (c *conn) listTools(ctx context.Context) ([]model.Tool, error) {
	maxPages := c.maxPages
	if maxPages <= 0 {
		maxPages = defaultMaxPages
	}
	var (
		tools  []model.Tool
		cursor string
		seen   = map[string]bool{}
	)
	for page := 1; ; page++ {
		params := map[string]any{}
		if cursor != "" {
			params["cursor"] = cursor
		}
		raw, err := c.request(ctx, string(mcp.MethodToolsList), params)
		if err != nil {
			return nil, err
		}
		var res struct {
			Tools      []json.RawMessage `json:"tools"`
			NextCursor string            `json:"nextCursor"`
		}
		if err := json.Unmarshal(raw, &res); err != nil {
			return nil, fmt.Errorf("tools/list: malformed result on page %d: %w", page, err)
		}
		for _, r := range res.Tools {
			if t, ok := decodeTool(c.name, r); ok {
				tools = append(tools, t)
			}
		}
		if res.NextCursor == "" {
			break
		}
		if seen[res.NextCursor] {
			return nil, fmt.Errorf("tools/list: page %d repeats cursor %q", page, Sanitize(res.NextCursor))
		}
		if page >= maxPages {
			return nil, fmt.Errorf("tools/list: still paginating after %d pages; giving up", maxPages)
		}
		seen[res.NextCursor] = true
		cursor = res.NextCursor
	}
	return c.keepTyped(tools), nil
}

// decodeTool reads the fields mcpeek needs from one raw tool object, leniently:
// only an object with a string name is required. The raw bytes are kept.
func decodeTool(server string, raw json.RawMessage) (model.Tool, bool) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil {
		return model.Tool{}, false
	}
	str := func(key string) string {
		var s string
		_ = json.Unmarshal(fields[key], &s)
		return s
	}
	t := model.Tool{
		Server:       server,
		Name:         str("name"),
		Title:        str("title"),
		Description:  str("description"),
		InputSchema:  nonNull(fields["inputSchema"]),
		OutputSchema: nonNull(fields["outputSchema"]),
		Raw:          raw,
	}
	if t.Name == "" {
		return model.Tool{}, false
	}
	if t.Title == "" {
		// Before 2025-06-18 the title lived in the annotations.
		var ann struct {
			Title string `json:"title"`
		}
		_ = json.Unmarshal(fields["annotations"], &ann)
		t.Title = ann.Title
	}
	return t, true
}

func nonNull(m json.RawMessage) json.RawMessage {
	if len(m) == 0 || string(m) == "null" {
		return nil
	}
	return m
}

// keepTyped remembers typed definitions where the protocol needs them: on a
// 2026-07-28 HTTP connection tools/call mirrors x-mcp-header parameters into
// headers, and a tool whose annotations break SEP-2243 must be left out of
// the list. Elsewhere it returns tools unchanged.
func (c *conn) keepTyped(tools []model.Tool) []model.Tool {
	if !c.modern() || !isHTTP(c.tr) {
		return tools
	}
	typed := make(map[string]*mcp.Tool, len(tools))
	kept := tools[:0:0]
	for _, t := range tools {
		var tool mcp.Tool
		if err := json.Unmarshal(t.Raw, &tool); err == nil {
			if mcp.ValidateParamHeaderAnnotations(&tool) != nil {
				continue
			}
			typed[t.Name] = &tool
		}
		kept = append(kept, t)
	}
	c.toolsMu.Lock()
	c.typed = typed
	c.toolsMu.Unlock()
	return kept
}

func (c *conn) typedTool(name string) *mcp.Tool {
	c.toolsMu.Lock()
	defer c.toolsMu.Unlock()
	return c.typed[name]
}

// callTool sends tools/call with args (a JSON object, or nil for none) and
// returns the raw result.
func (c *conn) callTool(ctx context.Context, name string, args json.RawMessage) (*CallResult, error) {
	if len(args) == 0 {
		args = json.RawMessage("{}")
	}
	if !json.Valid(args) {
		return nil, fmt.Errorf("tools/call %s: arguments are not valid JSON", name)
	}
	raw, err := c.request(ctx, string(mcp.MethodToolsCall), map[string]any{"name": name, "arguments": args})
	if err != nil {
		return nil, err
	}
	return parseCallResult(raw)
}
