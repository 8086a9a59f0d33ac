package model

import (
	"strings"
	"testing"
)

// TestCheckHeadersRules: each rule of the 2026-07-28 specification on
// x-mcp-header annotations, one schema that breaks it and the pointer the
// fault names; valid annotations at any depth pass.
func TestCheckHeadersRules(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, schema, pointer, why string
	}{
		{name: "none", schema: `{"type":"object","properties":{"q":{"type":"string"}}}`},
		{name: "valid", schema: `{"type":"object","properties":{"region":{"type":"string","x-mcp-header":"Region"},"n":{"type":"integer","x-mcp-header":"N"},"b":{"type":"boolean","x-mcp-header":"Flag_1.x"}}}`},
		{name: "nested", schema: `{"type":"object","properties":{"o":{"type":"object","properties":{"id":{"type":"string","x-mcp-header":"Id"}}}}}`},
		{name: "root", schema: `{"type":"object","x-mcp-header":"Q"}`, pointer: "/inputSchema", why: "root"},
		{name: "items", schema: `{"type":"object","properties":{"ids":{"type":"array","items":{"type":"string","x-mcp-header":"Id"}}}}`,
			pointer: "/inputSchema/properties/ids/items", why: "no chain of properties"},
		{name: "anyOf", schema: `{"type":"object","properties":{"t":{"anyOf":[{"type":"string","x-mcp-header":"T"}]}}}`,
			pointer: "/inputSchema/properties/t/anyOf/0", why: "no chain of properties"},
		{name: "defs", schema: `{"type":"object","$defs":{"a/b":{"type":"string","x-mcp-header":"A"}},"properties":{"a":{"$ref":"#/$defs/a~1b"}}}`,
			pointer: "/inputSchema/$defs/a~1b", why: "no chain of properties"},
		{name: "then", schema: `{"type":"object","if":{},"then":{"properties":{"x":{"type":"string","x-mcp-header":"X"}}}}`,
			pointer: "/inputSchema/then/properties/x", why: "no chain of properties"},
		{name: "empty", schema: `{"type":"object","properties":{"r":{"type":"string","x-mcp-header":""}}}`,
			pointer: "/inputSchema/properties/r", why: "non-empty string"},
		{name: "not a string", schema: `{"type":"object","properties":{"r":{"type":"string","x-mcp-header":true}}}`,
			pointer: "/inputSchema/properties/r", why: "non-empty string"},
		{name: "space", schema: `{"type":"object","properties":{"r":{"type":"string","x-mcp-header":"Region Name"}}}`,
			pointer: "/inputSchema/properties/r", why: `"Region Name" is not an HTTP header name`},
		{name: "colon", schema: `{"type":"object","properties":{"r":{"type":"string","x-mcp-header":"A:B"}}}`, pointer: "/inputSchema/properties/r", why: "not an HTTP header name"},
		{name: "crlf", schema: `{"type":"object","properties":{"r":{"type":"string","x-mcp-header":"A\r\nX-Evil: 1"}}}`, pointer: "/inputSchema/properties/r", why: "not an HTTP header name"},
		{name: "non-ASCII", schema: `{"type":"object","properties":{"r":{"type":"string","x-mcp-header":"Régión"}}}`, pointer: "/inputSchema/properties/r", why: "not an HTTP header name"},
		{name: "number", schema: `{"type":"object","properties":{"r":{"type":"number","x-mcp-header":"R"}}}`,
			pointer: "/inputSchema/properties/r", why: `has type "number"`},
		{name: "object", schema: `{"type":"object","properties":{"r":{"type":"object","x-mcp-header":"R"}}}`, pointer: "/inputSchema/properties/r", why: `type "object"`},
		{name: "no type", schema: `{"type":"object","properties":{"r":{"x-mcp-header":"R"}}}`, pointer: "/inputSchema/properties/r", why: "no single type"},
		{name: "type list", schema: `{"type":"object","properties":{"r":{"type":["string","null"],"x-mcp-header":"R"}}}`, pointer: "/inputSchema/properties/r", why: "no single type"},
		{name: "duplicate", schema: `{"type":"object","properties":{"a":{"type":"string","x-mcp-header":"Region"},"b":{"type":"string","x-mcp-header":"REGION"}}}`,
			pointer: "/inputSchema/properties/b", why: `"REGION" repeats "Region"`},
		{name: "escaped key", schema: `{"type":"object","properties":{"r":{"type":"number","x\u002dmcp-header":"R"}}}`, pointer: "/inputSchema/properties/r", why: "number"},
		{name: "not JSON", schema: `{"x-mcp-header":`},
	} {
		f := CheckHeaders([]byte(c.schema))
		if c.why == "" {
			if !f.IsZero() {
				t.Errorf("%s: fault %q, want none", c.name, f)
			}
			continue
		}
		if f.Pointer != c.pointer || !strings.Contains(f.Why, c.why) {
			t.Errorf("%s: fault %q, want %s: …%s…", c.name, f, c.pointer, c.why)
		}
		if strings.ContainsAny(f.Why, "\r\n\x1b") {
			t.Errorf("%s: the reason carries control characters: %q", c.name, f.Why)
		}
	}
}

// TestReadToolMeta: ReadTool reads icons, the MCP Apps resource (current
// and older key) and the header check into the tool.
func TestReadToolMeta(t *testing.T) {
	t.Parallel()
	tool, err := readOne(t, `{"name":"a","icons":[{"src":"data:image/png;base64,AAAA","sizes":["48x48"]},{"src":"https://x/i.svg","mimeType":"image/svg+xml","theme":"dark"},{"src":7},"x"],
		"_meta":{"ui":{"resourceUri":"ui://a/view.html","visibility":["app",3]}},
		"inputSchema":{"type":"object","properties":{"r":{"type":"array","x-mcp-header":"R"}}}}`)
	if err != nil {
		t.Fatal(err)
	}
	if got := IconsText(tool.Icons); got != "2 icons: image/png 48x48, image/svg+xml dark" {
		t.Errorf("icons: %q", got)
	}
	if !tool.App.IsApp() || tool.App.ResourceURI != "ui://a/view.html" || len(tool.App.Visibility) != 1 {
		t.Errorf("app: %+v", tool.App)
	}
	if tool.HeaderFault.Pointer != "/inputSchema/properties/r" {
		t.Errorf("header fault: %q", tool.HeaderFault)
	}
	old, _ := readOne(t, `{"name":"b","_meta":{"ui/resourceUri":"ui://b"}}`)
	if old.App.ResourceURI != "ui://b" || !old.HeaderFault.IsZero() {
		t.Errorf("older key: %+v", old)
	}
	notUI, _ := readOne(t, `{"name":"c","_meta":{"ui":{"resourceUri":"https://c"}},"icons":{"src":"x"}}`)
	if notUI.App.IsApp() || notUI.Icons != nil {
		t.Errorf("not an app: %+v", notUI)
	}
}

// TestIconKindNeverShowsSrc: an icon's kind comes from its declared type,
// its data: URI's media type or its scheme, never from the source text.
func TestIconKindNeverShowsSrc(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		icon Icon
		want string
	}{
		{Icon{Src: "https://evil/\x1b[31m.png"}, "https URL"},
		{Icon{Src: "data:image/webp;base64,\x1b]0;x\x07"}, "image/webp"},
		{Icon{Src: "data:,%1b"}, "data URL"},
		{Icon{Src: "no scheme"}, "unknown type"},
		{Icon{Src: "x", MIMEType: "image/png\x1b[2J", Theme: "light"}, "image/png light"},
	} {
		if got := c.icon.Kind(); got != c.want {
			t.Errorf("%q: %q, want %q", c.icon.Src, got, c.want)
		}
	}
}
