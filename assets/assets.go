// Package assets holds the data files mcpeek ships inside its binary.
//
// Today that is the embedded demo MCP server's catalogue, under demo/:
//
//   - demo/tools.json: a JSON array of tool definitions exactly as an MCP
//     server lists them ({name, title, description, inputSchema,
//     outputSchema?, annotations?}). The output schemas are large, realistic
//     JSON Schemas (draft 2020-12, $defs + $ref, recursion, nullable refs,
//     oneOf variants, additionalProperties maps, an enveloped
//     {successful, data, error} response, a root that is an array, a
//     shorthand schema, and a tool with no output schema at all), so every
//     path of the summarizer and the TUI can be exercised offline.
//   - demo/results/<tool>.json: the canned structuredContent a call to that
//     tool returns. It validates against the tool's outputSchema; for a tool
//     without one it is a JSON value to return as text. The tools whose
//     names start with "stale_" (Drifted) are the exception, on purpose: their
//     results break their schemas (a required field missing, a wrong type, an
//     enum value not listed, a null not allowed, undeclared keys), as a real
//     server's drift would, and their descriptions say how.
//
// The bytes are returned as stored: callers that need declaration order
// must decode them with an order-preserving reader.
package assets

import (
	"embed"
	"io/fs"
	"strings"
)

//go:embed demo
var demoFS embed.FS

// DemoTools returns the raw tools.json bytes.
func DemoTools() []byte {
	b, err := demoFS.ReadFile("demo/tools.json")
	if err != nil {
		// The file is embedded at build time; its absence is a build defect.
		panic("assets: demo/tools.json is not embedded: " + err.Error())
	}
	return b
}

// DemoResult returns the canned structuredContent for a tool, and whether one exists.
func DemoResult(tool string) ([]byte, bool) {
	if tool == "" || strings.ContainsAny(tool, `/\`) || !fs.ValidPath(tool) {
		return nil, false
	}
	b, err := demoFS.ReadFile("demo/results/" + tool + ".json")
	if err != nil {
		return nil, false
	}
	return b, true
}

// driftedPrefix starts the name of every demo tool whose canned result
// drifts from its output schema (a server whose schemas went stale). The
// names are short, sort after the shop's tools and do not contain theirs,
// so that the explorer's tool list keeps its width and a filter for
// "order" or "shop_get" still lands on shop_get_order first.
const driftedPrefix = "stale_"

// Drifted reports whether a demo tool's canned result breaks its output
// schema on purpose.
func Drifted(tool string) bool { return strings.HasPrefix(tool, driftedPrefix) }
