package model

import (
	"bytes"
	"encoding/json"
	"mime"
	"strconv"
	"strings"

	"github.com/go-json-experiment/json/jsontext"
)

// Icon is one icon a server offers for itself, a tool, a prompt or a
// resource (2025-11-25 and later). mcpeek never fetches an icon: it shows
// that there is one and what kind.
type Icon struct {
	// Src is where the icon is: an https: URL or a data: URI.
	Src string `json:"src"`
	// MIMEType is the type the server declares, if any.
	MIMEType string `json:"mimeType,omitempty"`
	// Sizes are the sizes it declares ("48x48", "any").
	Sizes []string `json:"sizes,omitempty"`
	// Theme is "light" or "dark" when the icon is meant for one.
	Theme string `json:"theme,omitempty"`
}

// Kind is the icon's type, for a person to read: its declared MIME type,
// else the media type of a data: URI, else the scheme of its URL ("https
// URL"); then its sizes and theme. The text is sanitised; Src itself never
// appears in it, so nothing of a data: URI's payload reaches the terminal.
func (i Icon) Kind() string {
	kind := i.MIMEType
	if kind == "" {
		kind = dataMediaType(i.Src)
	}
	if kind == "" {
		scheme, _, ok := strings.Cut(i.Src, ":")
		switch {
		case ok && scheme != "" && len(scheme) <= 10:
			kind = strings.ToLower(scheme) + " URL"
		default:
			kind = "unknown type"
		}
	}
	parts := []string{kind}
	if len(i.Sizes) > 0 {
		parts = append(parts, strings.Join(i.Sizes, " "))
	}
	if i.Theme != "" {
		parts = append(parts, i.Theme)
	}
	return SanitizeLine(strings.Join(parts, " "))
}

// dataMediaType is the media type of a data: URI ("image/png"), or "".
func dataMediaType(src string) string {
	rest, ok := strings.CutPrefix(src, "data:")
	if !ok {
		return ""
	}
	head, _, _ := strings.Cut(rest, ",")
	head, _, _ = strings.Cut(head, ";")
	if mt, _, err := mime.ParseMediaType(head); err == nil {
		return mt
	}
	return ""
}

// IconsText says which icons there are in one line: "2 icons: image/png
// 48x48, image/svg+xml any", or "" for none.
func IconsText(icons []Icon) string {
	if len(icons) == 0 {
		return ""
	}
	kinds := make([]string, 0, min(len(icons), 4))
	for i, ic := range icons {
		if i == 4 {
			kinds = append(kinds, "…")
			break
		}
		kinds = append(kinds, ic.Kind())
	}
	n := "1 icon"
	if len(icons) > 1 {
		n = strconv.Itoa(len(icons)) + " icons"
	}
	return n + ": " + strings.Join(kinds, ", ")
}

// ReadIcons reads an icons array leniently: an entry that is not an object
// with a string src is left out, and anything but an array reads as none.
func ReadIcons(raw []byte) []Icon {
	var entries []json.RawMessage
	if json.Unmarshal(raw, &entries) != nil {
		return nil
	}
	var out []Icon
	for _, e := range entries {
		var ic struct {
			Src      any `json:"src"`
			MIMEType any `json:"mimeType"`
			Sizes    any `json:"sizes"`
			Theme    any `json:"theme"`
		}
		if json.Unmarshal(e, &ic) != nil {
			continue
		}
		src, ok := ic.Src.(string)
		if !ok {
			continue
		}
		icon := Icon{Src: src}
		icon.MIMEType, _ = ic.MIMEType.(string)
		icon.Theme, _ = ic.Theme.(string)
		if sizes, ok := ic.Sizes.([]any); ok {
			for _, s := range sizes {
				if s, ok := s.(string); ok {
					icon.Sizes = append(icon.Sizes, s)
				}
			}
		}
		out = append(out, icon)
	}
	return out
}

// AppUI is what a tool's _meta says of its MCP Apps user interface: the
// ui:// resource a host renders when the tool is called, and who may call
// the tool.
type AppUI struct {
	// ResourceURI is _meta.ui.resourceUri, or the older
	// _meta["ui/resourceUri"] when the first is absent.
	ResourceURI string
	// Visibility is _meta.ui.visibility: "model" (the agent may call the
	// tool), "app" (the app may); absent means both.
	Visibility []string
}

// IsApp reports whether the tool is an MCP App's: its resource is a ui://
// resource.
func (a AppUI) IsApp() bool { return strings.HasPrefix(a.ResourceURI, "ui://") }

// AppMIMEType is the MIME type of an MCP App's HTML resource.
const AppMIMEType = "text/html;profile=mcp-app"

// ReadAppUI reads a tool's _meta object for its MCP Apps fields, leniently:
// a member of the wrong type reads as absent.
func ReadAppUI(meta []byte) AppUI {
	var m struct {
		UI     json.RawMessage `json:"ui"`
		Legacy any             `json:"ui/resourceUri"`
	}
	if json.Unmarshal(meta, &m) != nil {
		return AppUI{}
	}
	var ui struct {
		ResourceURI any `json:"resourceUri"`
		Visibility  any `json:"visibility"`
	}
	var a AppUI
	if json.Unmarshal(m.UI, &ui) == nil {
		a.ResourceURI, _ = ui.ResourceURI.(string)
		if vis, ok := ui.Visibility.([]any); ok {
			for _, v := range vis {
				if v, ok := v.(string); ok {
					a.Visibility = append(a.Visibility, v)
				}
			}
		}
	}
	if a.ResourceURI == "" {
		a.ResourceURI, _ = m.Legacy.(string)
	}
	return a
}

// HeaderFault is why a tool's x-mcp-header annotations break the rules of
// the 2026-07-28 specification (SEP-2243), which tell clients to drop such
// a tool from tools/list. The zero value means there is nothing wrong.
type HeaderFault struct {
	// Pointer is the JSON pointer of the annotated schema in the tool's
	// definition ("/inputSchema/properties/region").
	Pointer string
	// Why says which rule the annotation breaks.
	Why string
}

// IsZero reports whether there is no fault.
func (f HeaderFault) IsZero() bool { return f.Why == "" }

// String is the pointer and the reason: "/inputSchema/properties/region:
// x-mcp-header ...".
func (f HeaderFault) String() string {
	if f.IsZero() {
		return ""
	}
	return f.Pointer + ": " + f.Why
}

// headerKey is the annotation SEP-2243 adds to input schema properties.
const headerKey = "x-mcp-header"

// CheckHeaders finds the first x-mcp-header annotation of an input schema
// that breaks the specification's rules (basic/transports, "Custom headers
// from tool parameters"):
//
//   - it sits on a property reached from the root through properties
//     alone, never under items, a composition, a conditional or $defs, nor
//     on the root itself;
//   - its value is a non-empty string of HTTP token characters (RFC 9110
//     tchar: no space, no ":", no control characters);
//   - the property's type is one of string, integer and boolean (number is
//     excluded by name);
//   - no two annotations are equal ignoring case.
//
// Schemas that never mention the annotation are not decoded: the check
// costs a byte search on them. A schema that is not JSON has no fault here
// (other checks report it).
func CheckHeaders(input []byte) HeaderFault {
	// An escaped member name (\u002d) spells the key without its bytes.
	if !bytes.Contains(input, []byte(headerKey)) && !bytes.Contains(input, []byte(`\u`)) {
		return HeaderFault{}
	}
	v, err := DecodeJSON(input)
	if err != nil {
		return HeaderFault{}
	}
	return CheckHeadersValue(v)
}

// CheckHeadersValue is CheckHeaders over an input schema already decoded.
func CheckHeadersValue(input *Value) HeaderFault {
	w := headerWalk{seen: map[string]string{}}
	w.visit(input, "/inputSchema", true, true)
	return w.fault
}

type headerWalk struct {
	seen  map[string]string // lower-cased header -> as written
	fault HeaderFault
}

// unreachableKeywords hold subschemas that no chain of properties reaches:
// an annotation under any of them is invalid.
var unreachableKeywords = []string{"items", "prefixItems", "contains", "additionalProperties",
	"unevaluatedProperties", "unevaluatedItems", "propertyNames", "patternProperties",
	"dependentSchemas", "oneOf", "anyOf", "allOf", "not", "if", "then", "else", "$defs", "definitions"}

func (w *headerWalk) visit(v *Value, ptr string, reachable, root bool) {
	if w.fault.Why != "" || v == nil || v.Kind != JSONObject {
		return
	}
	if h := v.Get(headerKey); h != nil {
		if why := w.check(v, h, reachable, root); why != "" {
			w.fault = HeaderFault{Pointer: ptr, Why: why}
			return
		}
	}
	if props := v.Get("properties"); props != nil && props.Kind == JSONObject {
		for _, m := range props.Members {
			w.visit(m.Value, ptr+"/properties/"+escapePointer(m.Name), reachable, false)
		}
	}
	for _, k := range unreachableKeywords {
		sub := v.Get(k)
		if sub == nil {
			continue
		}
		switch {
		case sub.Kind == JSONArray:
			for i, it := range sub.Items {
				w.visit(it, ptr+"/"+k+"/"+strconv.Itoa(i), false, false)
			}
		case k == "patternProperties" || k == "dependentSchemas" || k == "$defs" || k == "definitions":
			if sub.Kind == JSONObject {
				for _, m := range sub.Members {
					w.visit(m.Value, ptr+"/"+k+"/"+escapePointer(m.Name), false, false)
				}
			}
		default:
			w.visit(sub, ptr+"/"+k, false, false)
		}
	}
}

// check is why the annotation h on schema v breaks a rule, or "".
func (w *headerWalk) check(v, h *Value, reachable, root bool) string {
	switch {
	case root:
		return "x-mcp-header sits on the schema's root, not on a parameter"
	case !reachable:
		return "x-mcp-header sits where no chain of properties reaches (under items, a composition, a conditional or $defs)"
	case h.Kind != JSONString || h.Str == "":
		return "x-mcp-header must be a non-empty string"
	case !isToken(h.Str):
		return "x-mcp-header " + quoteClean(h.Str) + " is not an HTTP header name (RFC 9110 token: letters, digits and !#$%&'*+-.^_`|~)"
	}
	t := v.Get("type")
	if t == nil || t.Kind != JSONString || (t.Str != "string" && t.Str != "integer" && t.Str != "boolean") {
		got := "no single type"
		if t != nil && t.Kind == JSONString {
			got = "type " + quoteClean(t.Str)
		}
		return "x-mcp-header is only allowed on a string, integer or boolean parameter; this one has " + got
	}
	lower := strings.ToLower(h.Str)
	if prior, ok := w.seen[lower]; ok {
		return "x-mcp-header " + quoteClean(h.Str) + " repeats " + quoteClean(prior) + " (header names are compared ignoring case)"
	}
	w.seen[lower] = h.Str
	return ""
}

// isToken reports whether s is an RFC 9110 token (1*tchar).
func isToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9', c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z':
		case strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0:
		default:
			return false
		}
	}
	return true
}

// quoteClean quotes s for a message, sanitised and cut to 60 characters.
func quoteClean(s string) string {
	s = SanitizeLine(s)
	if r := []rune(s); len(r) > 60 {
		s = string(r[:59]) + "…"
	}
	return strconv.Quote(s)
}

// escapePointer escapes a member name for a JSON pointer (RFC 6901).
func escapePointer(name string) string {
	return strings.ReplaceAll(strings.ReplaceAll(name, "~", "~0"), "/", "~1")
}

// readToolMeta reads a tool's icons or _meta member into t.
func readToolMeta(dec *jsontext.Decoder, member string, t *Tool) error {
	v, err := dec.ReadValue()
	if err != nil {
		return err
	}
	if member == "icons" {
		t.Icons = ReadIcons(v)
	} else {
		t.App = ReadAppUI(v)
	}
	return nil
}
