package lint

import "regexp"

// The documents the rules come from (docs/lint.md quotes what each says).
const (
	srcMCPToolNames   = "https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool-names"
	srcMCPSchema      = "https://modelcontextprotocol.io/specification/2025-11-25/schema#tool"
	srcMCPOutput      = "https://modelcontextprotocol.io/specification/2026-07-28/server/tools#output-schema"
	srcMCPHeaders     = "https://modelcontextprotocol.io/specification/2026-07-28/basic/transports#custom-headers-from-tool-parameters"
	srcJSONSchemaRef  = "https://json-schema.org/draft/2020-12/json-schema-core#section-8.2.3.1"
	srcOpenAITools    = "https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools"
	srcOpenAIDescCap  = "https://github.com/rusiaaman/wcgw/issues/51"
	srcOpenAIStrict   = "https://platform.openai.com/docs/guides/structured-outputs#supported-schemas"
	srcAnthropicTools = "https://platform.claude.com/docs/en/agents-and-tools/tool-use/implement-tool-use"
	srcClaudeCode     = "https://github.com/anthropics/claude-code/issues/2412"
	srcCursorNames    = "https://github.com/ComposioHQ/composio/issues/2788"
	srcGeminiFunction = "https://ai.google.dev/api/caching#FunctionDeclaration"
	srcGeminiSchema   = "https://ai.google.dev/api/caching#Schema"
)

// Name patterns, as the documents above write them.
var (
	mcpToolName       = regexp.MustCompile(`^[A-Za-z0-9_.-]{1,128}$`)
	openAIName        = regexp.MustCompile(`^[a-zA-Z0-9_-]{1,64}$`)
	anthropicToolName = regexp.MustCompile(`^[a-zA-Z0-9_-]{1,64}$`)
	geminiName        = regexp.MustCompile(`^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$`)
)

// Clients returns every client profile, in the order reports list them.
// The "mcp" profile holds the specification's rules and the JSON Schema
// features no client can use (remote or broken $refs, cycles); the others
// each add one client's published limits.
func Clients() []Client {
	return []Client{
		{Name: "mcp", Title: "MCP specification and any client", rules: []Rule{
			{ID: "tool-name", Severity: Warning, Source: srcMCPToolNames,
				Summary: "tool names SHOULD be 1-128 characters of A-Z a-z 0-9 _ - .",
				check:   nameMatches(mcpToolName, "the MCP specification says tool names SHOULD be 1 to 128 characters of A-Z, a-z, 0-9, _, - and .")},
			{ID: "input-root-object", Severity: Error, Source: srcMCPSchema,
				Summary: `inputSchema is a JSON Schema object with "type": "object"`, check: rootObject("inputSchema")},
			{ID: "output-root-object", Severity: Warning, Source: srcMCPOutput,
				Summary: `outputSchema, when present, has "type": "object" (required before 2026-07-28)`, check: rootObject("outputSchema")},
			{ID: "x-mcp-header", Severity: Error, Source: srcMCPHeaders,
				Summary: "x-mcp-header only on a string, integer or boolean property reached through properties, a unique HTTP token",
				check:   headerAnnotations},
			{ID: "remote-ref", Severity: Error, Source: srcJSONSchemaRef,
				Summary: "no $ref to another document: clients do not fetch schemas", check: remoteRefs},
			{ID: "unresolvable-ref", Severity: Error, Source: srcJSONSchemaRef,
				Summary: "every local $ref points at a schema in the document", check: brokenRefs},
			{ID: "ref-cycle", Severity: Warning, Source: srcJSONSchemaRef,
				Summary: "no recursive $ref in the input schema: clients that inline references cannot", check: cycles},
			{ID: "boolean-schema", Severity: Warning, Source: srcGeminiSchema,
				Summary: "no true or false in place of an input subschema (beyond additionalProperties)", check: booleanSchemas},
			{ID: "type-array", Severity: Warning, Source: srcGeminiSchema,
				Summary: `no "type" list in the input schema: some clients take a single type`, check: typeArrays},
		}},
		{Name: "openai", Title: "OpenAI function calling", rules: []Rule{
			{ID: "function-name", Severity: Error, Source: srcOpenAITools,
				Summary: "function names match ^[a-zA-Z0-9_-]{1,64}$",
				check:   nameMatches(openAIName, "OpenAI function names must match ^[a-zA-Z0-9_-]{1,64}$: the request is refused")},
			{ID: "description-length", Severity: Warning, Source: srcOpenAIDescCap,
				Summary: "descriptions of at most 1,024 characters (reported, not documented)", check: descriptionCap(1024)},
		}},
		{Name: "openai-strict", Title: "OpenAI strict mode (Structured Outputs)", OptIn: true, rules: []Rule{
			{ID: "root-anyof", Severity: Error, Source: srcOpenAIStrict,
				Summary: "the root is an object, not anyOf", check: strictRootAnyOf},
			{ID: "all-required", Severity: Error, Source: srcOpenAIStrict,
				Summary: "every property is listed in required", check: strictAllRequired},
			{ID: "additional-properties", Severity: Error, Source: srcOpenAIStrict,
				Summary: "every object sets additionalProperties: false", check: strictClosed},
			{ID: "unsupported-keyword", Severity: Error, Source: srcOpenAIStrict,
				Summary: "no allOf, not, if, then, else, dependentRequired, dependentSchemas", check: strictUnsupported},
			{ID: "unlisted-keyword", Severity: Warning, Source: srcOpenAIStrict,
				Summary: "only the keywords the guide lists as supported", check: strictUnlisted},
			{ID: "nesting-depth", Severity: Error, Source: srcOpenAIStrict,
				Summary: "at most 10 levels of nested objects", check: strictDepth(10)},
			{ID: "property-count", Severity: Error, Source: srcOpenAIStrict,
				Summary: "at most 5,000 object properties in all", check: strictProperties(5000)},
			{ID: "string-budget", Severity: Error, Source: srcOpenAIStrict,
				Summary: "at most 120,000 characters of property names, definition names, enum and const values",
				check:   strictStrings(120000)},
			{ID: "enum-count", Severity: Error, Source: srcOpenAIStrict,
				Summary: "at most 1,000 enum values in all", check: strictEnumCount(1000)},
			{ID: "large-enum-size", Severity: Error, Source: srcOpenAIStrict,
				Summary: "a string enum of more than 250 values holds at most 15,000 characters",
				check:   strictLargeEnum(250, 15000)},
		}},
		{Name: "anthropic", Title: "Claude API (Anthropic)", rules: []Rule{
			{ID: "tool-name", Severity: Error, Source: srcAnthropicTools,
				Summary: "tool names match ^[a-zA-Z0-9_-]{1,64}$",
				check:   nameMatches(anthropicToolName, "Claude's tool names must match ^[a-zA-Z0-9_-]{1,64}$: the request is refused")},
		}},
		{Name: "claude-code", Title: "Claude Code", rules: []Rule{
			{ID: "prefixed-name-length", Severity: Error, Source: srcClaudeCode,
				Summary: "mcp__SERVER__TOOL is at most 64 characters", check: prefixedLength("mcp__", "__", 64)},
		}},
		{Name: "cursor", Title: "Cursor", rules: []Rule{
			{ID: "combined-name-length", Severity: Error, Source: srcCursorNames,
				Summary: "server name and tool name together under 60 characters", check: combinedLength(60)},
		}},
		{Name: "gemini", Title: "Gemini function declarations", OptIn: true, rules: []Rule{
			{ID: "function-name", Severity: Error, Source: srcGeminiFunction,
				Summary: "function names start with a letter or _, then A-Z a-z 0-9 _ . : -, at most 64",
				check:   nameMatches(geminiName, "Gemini function names must start with a letter or _ and hold at most 64 of A-Z, a-z, 0-9, _, ., : and -")},
			{ID: "schema-field", Severity: Error, Source: srcGeminiSchema,
				Summary: "only the fields of Gemini's Schema (an OpenAPI 3.0 subset)", check: geminiFieldsRule},
			{ID: "single-type", Severity: Error, Source: srcGeminiSchema,
				Summary: `"type" is a single name (nullable: true for null)`, check: geminiSingleType},
			{ID: "enum-strings", Severity: Error, Source: srcGeminiSchema,
				Summary: "enum values are strings", check: geminiEnumStrings},
		}},
	}
}
