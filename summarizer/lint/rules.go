package lint

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"mcpeek/model"
)

// nameMatches checks the tool's name against a client's pattern.
func nameMatches(re *regexp.Regexp, why string) func(*tool, func(string, string, string)) {
	return func(t *tool, report func(pointer, why, fix string)) {
		if re.MatchString(t.Name) {
			return
		}
		report("/name", fmt.Sprintf("%s; this one is %q (%d characters)", why, t.Name, utf8.RuneCountInString(t.Name)),
			fmt.Sprintf("rename the tool, for example to %q", suggestName(re, t.Name)))
	}
}

// suggestName rewrites a name to match re: each character the pattern
// refuses becomes "_", a leading one that may not start a name is
// preceded by "_", and the result is cut to the longest length re allows.
func suggestName(re *regexp.Regexp, name string) string {
	var b strings.Builder
	for _, r := range name {
		if re.MatchString(string(r)) || re.MatchString("a"+string(r)) {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	s := b.String()
	if s == "" {
		s = "tool"
	}
	if !re.MatchString(s[:1]) && !re.MatchString(s[:1]+"a") {
		s = "_" + s
	}
	for len(s) > 1 && !re.MatchString(s) {
		s = s[:len(s)-1]
	}
	return s
}

// usedFor says what clients do with each schema of a tool.
var usedFor = map[string]string{
	"inputSchema":  "clients hand it to models as the function's parameters",
	"outputSchema": "clients validate structuredContent against it",
}

// rootObject checks that the named schema is an object schema of type
// "object"; the input schema must exist, the output schema may not.
func rootObject(member string) func(*tool, func(string, string, string)) {
	return func(t *tool, report func(pointer, why, fix string)) {
		ptr := "/" + member
		if t.readErr != nil {
			if member == "inputSchema" {
				report("", fmt.Sprintf("the tool's definition cannot be read: %v", t.readErr), "fix the server's tools/list answer")
			}
			return
		}
		s := t.input
		if member == "outputSchema" {
			s = t.output
		}
		switch {
		case s == nil && member == "inputSchema":
			report(ptr, "the tool has no inputSchema; the specification requires one", `declare {"type": "object"} for a tool that takes no arguments`)
		case s == nil:
		case s.Kind != model.JSONObject:
			report(ptr, fmt.Sprintf("%s is not a JSON object, so clients cannot describe the tool's %s", member, strings.TrimSuffix(member, "Schema")),
				`make it a schema object with "type": "object"`)
		case member == "outputSchema" && (s.Get("type") == nil || s.Get("type").Text() != "object"):
			// 2026-07-28 (SEP-2106) lets a result be any JSON value;
			// clients of 2025-11-25 and older take only an object.
			what := ` declares no "type"`
			if s.Get("type") != nil {
				ptr += "/type"
				what = fmt.Sprintf(`'s "type" is %s`, s.Get("type").AppendJSON(nil))
			}
			report(ptr, fmt.Sprintf(`outputSchema%s: the 2026-07-28 specification allows a result of any JSON type, but clients of 2025-11-25 and older take only "type": "object" and may drop the tool's structured result`, what),
				`for older clients, use "type": "object" and wrap other values in a property`)
		case s.Get("type") == nil:
			report(ptr, fmt.Sprintf(`%s declares no "type"; the specification's schema requires "type": "object", and %s`, member, usedFor[member]),
				`add "type": "object"`)
		case s.Get("type").Text() != "object":
			report(ptr+"/type", fmt.Sprintf(`%s's "type" is %s, not "object": a tool's arguments are a JSON object`, member, s.Get("type").AppendJSON(nil)),
				`use "type": "object" and wrap other values in a property`)
		}
	}
}

func remoteRefs(t *tool, report func(pointer, why, fix string)) {
	for _, s := range t.schemas(true) {
		refs(s, func(ref, ptr string) {
			if !isLocalRef(ref) {
				report(ptr+"/$ref", fmt.Sprintf("$ref %q points to another document; no client fetches it, so the schema the model or validator gets is incomplete", ref),
					"copy the definition under $defs and point to it with #/$defs/NAME")
			}
		})
	}
}

func brokenRefs(t *tool, report func(pointer, why, fix string)) {
	for _, s := range t.schemas(true) {
		lookup := lookupIn(s)
		refs(s, func(ref, ptr string) {
			if isLocalRef(ref) && lookup(ref) == nil {
				report(ptr+"/$ref", fmt.Sprintf("$ref %q points at nothing in this schema: validators refuse to compile it and models see an unknown reference", refTarget(ref)),
					"fix the pointer or add the definition it names")
			}
		})
	}
}

func cycles(t *tool, report func(pointer, why, fix string)) {
	for _, s := range t.schemas(false) {
		for _, ptr := range refCycles(s, lookupIn(s)) {
			report(ptr+"/$ref", "this $ref closes a cycle (a recursive schema): clients that inline every reference before sending the schema to a model cannot expand it",
				`bound the recursion: replace the innermost reference with {"type": "object"}, or unroll a fixed depth`)
		}
	}
}

// booleanSchemaPlaces are where true or false is the usual way to say it.
var booleanSchemaPlaces = []string{"", "additionalProperties", "unevaluatedProperties", "additionalItems", "unevaluatedItems"}

func booleanSchemas(t *tool, report func(pointer, why, fix string)) {
	for _, s := range t.schemas(false) {
		walk(s, func(v *model.Value, ptr, keyword string, _ int) {
			if v.Kind == model.JSONBool && !slices.Contains(booleanSchemaPlaces, keyword) {
				report(ptr, fmt.Sprintf("a boolean schema (%t) in place of a subschema: Gemini's Schema and OpenAI's strict mode take schema objects only", v.Bool),
					"write {} for true; for false remove the property or alternative")
			}
		})
	}
}

func typeArrays(t *tool, report func(pointer, why, fix string)) {
	for _, s := range t.schemas(false) {
		walk(s, func(v *model.Value, ptr, _ string, _ int) {
			if ty := v.Get("type"); ty != nil && ty.Kind == model.JSONArray {
				report(ptr+"/type", fmt.Sprintf(`"type" lists several types (%s): Gemini's function declarations take one, and some converters keep only the first`, ty.AppendJSON(nil)),
					`use one type, with "nullable": true or an anyOf alternative for null`)
			}
		})
	}
}

func descriptionCap(most int) func(*tool, func(string, string, string)) {
	return func(t *tool, report func(pointer, why, fix string)) {
		if n := utf8.RuneCountInString(t.Description); n > most {
			report("/description", fmt.Sprintf("the description is %d characters; OpenAI has refused function descriptions over %d (string_above_max_length)", n, most),
				fmt.Sprintf("cut it to %d characters; move the details into the parameters' descriptions", most))
		}
	}
}

// The keywords of OpenAI's strict mode: those its guide lists as not
// supported, and those it lists as supported (with the annotations any
// schema carries).
var (
	strictUnsupportedKeywords = []string{"allOf", "not", "dependentRequired", "dependentSchemas", "if", "then", "else"}
	strictSupportedKeywords   = []string{"type", "properties", "required", "additionalProperties", "items", "enum", "const",
		"anyOf", "$ref", "$defs", "definitions", "description", "title", "$comment", "pattern", "format",
		"multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum", "minItems", "maxItems"}
)

// strictInput walks the input schema when there is one.
func strictInput(t *tool, f visit) {
	for _, s := range t.schemas(false) {
		walk(s, f)
	}
}

func strictRootAnyOf(t *tool, report func(pointer, why, fix string)) {
	if t.input != nil && t.input.Has("anyOf") {
		report("/inputSchema/anyOf", "the root schema is an anyOf: strict mode requires an object at the root",
			"make the root an object and move the alternatives into a property")
	}
}

func strictAllRequired(t *tool, report func(pointer, why, fix string)) {
	strictInput(t, func(v *model.Value, ptr, _ string, _ int) {
		props := v.Get("properties")
		if props == nil || props.Kind != model.JSONObject {
			return
		}
		required := stringList(v.Get("required"))
		for _, p := range props.Members {
			if !slices.Contains(required, p.Name) {
				report(ptr+"/properties/"+escape(p.Name), fmt.Sprintf("%q is optional: strict mode requires every property to be listed in required", p.Name),
					`list it in required and let it be null ("type": [T, "null"]) to keep it optional`)
			}
		}
	})
}

func strictClosed(t *tool, report func(pointer, why, fix string)) {
	strictInput(t, func(v *model.Value, ptr, _ string, _ int) {
		if !isObjectSchema(v) {
			return
		}
		if ap := v.Get("additionalProperties"); ap == nil || ap.Kind != model.JSONBool || ap.Bool {
			report(ptr, "an object without additionalProperties: false: strict mode requires it on every object",
				`add "additionalProperties": false`)
		}
	})
}

func strictUnsupported(t *tool, report func(pointer, why, fix string)) {
	strictInput(t, func(v *model.Value, ptr, _ string, _ int) {
		for _, m := range v.Members {
			if slices.Contains(strictUnsupportedKeywords, m.Name) {
				report(ptr+"/"+escape(m.Name), fmt.Sprintf("%s is not supported in strict mode", m.Name),
					"merge allOf parts into one object, and express conditions with anyOf or in the description")
			}
		}
	})
}

func strictUnlisted(t *tool, report func(pointer, why, fix string)) {
	strictInput(t, func(v *model.Value, ptr, _ string, _ int) {
		for _, m := range v.Members {
			if !slices.Contains(strictSupportedKeywords, m.Name) && !slices.Contains(strictUnsupportedKeywords, m.Name) {
				report(ptr+"/"+escape(m.Name), fmt.Sprintf("%s is not among the keywords the guide lists as supported: strict mode may refuse the schema", m.Name),
					"remove it and state the constraint in the description")
			}
		}
	})
}

func strictDepth(most int) func(*tool, func(string, string, string)) {
	return func(t *tool, report func(pointer, why, fix string)) {
		reported := false
		strictInput(t, func(v *model.Value, ptr, _ string, depth int) {
			if depth > most && !reported {
				reported = true
				report(ptr, fmt.Sprintf("objects nest %d levels deep here (counted as written, $ref not followed); strict mode allows %d", depth, most),
					"flatten the structure or move the deepest objects into string fields")
			}
		})
	}
}

func strictProperties(most int) func(*tool, func(string, string, string)) {
	return func(t *tool, report func(pointer, why, fix string)) {
		count := 0
		strictInput(t, func(v *model.Value, _, _ string, _ int) {
			if p := v.Get("properties"); p != nil && p.Kind == model.JSONObject {
				count += len(p.Members)
			}
		})
		if count > most {
			report("/inputSchema", fmt.Sprintf("the schema declares %d properties in all; strict mode allows %d", count, most),
				"split the tool, or take the rarely used parts as one string")
		}
	}
}

func strictStrings(most int) func(*tool, func(string, string, string)) {
	return func(t *tool, report func(pointer, why, fix string)) {
		total := 0
		strictInput(t, func(v *model.Value, _, _ string, _ int) {
			for _, key := range []string{"properties", "$defs", "definitions"} {
				if m := v.Get(key); m != nil && m.Kind == model.JSONObject {
					for _, p := range m.Members {
						total += utf8.RuneCountInString(p.Name)
					}
				}
			}
			if e := v.Get("enum"); e != nil && e.Kind == model.JSONArray {
				for _, x := range e.Items {
					total += utf8.RuneCountInString(x.Text())
				}
			}
			total += utf8.RuneCountInString(v.Get("const").Text())
		})
		if total > most {
			report("/inputSchema", fmt.Sprintf("property names, definition names, enum and const values add up to %d characters; strict mode allows %d", total, most),
				"shorten the longest enums, or take those values as free strings")
		}
	}
}

func strictEnumCount(most int) func(*tool, func(string, string, string)) {
	return func(t *tool, report func(pointer, why, fix string)) {
		total := 0
		strictInput(t, func(v *model.Value, _, _ string, _ int) {
			if e := v.Get("enum"); e != nil && e.Kind == model.JSONArray {
				total += len(e.Items)
			}
		})
		if total > most {
			report("/inputSchema", fmt.Sprintf("the schema's enums hold %d values in all; strict mode allows %d", total, most),
				"take the largest enums as free strings, listing the common values in the description")
		}
	}
}

func strictLargeEnum(values, chars int) func(*tool, func(string, string, string)) {
	return func(t *tool, report func(pointer, why, fix string)) {
		strictInput(t, func(v *model.Value, ptr, _ string, _ int) {
			e := v.Get("enum")
			if e == nil || e.Kind != model.JSONArray || len(e.Items) <= values {
				return
			}
			total := 0
			for _, x := range e.Items {
				total += utf8.RuneCountInString(x.Text())
			}
			if total > chars {
				report(ptr+"/enum", fmt.Sprintf("an enum of %d values holding %d characters; strict mode allows %d characters in an enum of more than %d values", len(e.Items), total, chars, values),
					"take the value as a free string, listing the common values in the description")
			}
		})
	}
}

func prefixedLength(prefix, sep string, most int) func(*tool, func(string, string, string)) {
	return func(t *tool, report func(pointer, why, fix string)) {
		full := prefix + t.Server + sep + t.Name
		if n := utf8.RuneCountInString(full); n > most {
			report("/name", fmt.Sprintf("Claude Code calls it %q, %d characters; the Claude API refuses tool names over %d", full, n, most),
				fmt.Sprintf("shorten the tool's name to %d characters, or give the server a shorter name in the config", max(1, most-n+utf8.RuneCountInString(t.Name))))
		}
	}
}

func combinedLength(limit int) func(*tool, func(string, string, string)) {
	return func(t *tool, report func(pointer, why, fix string)) {
		n := utf8.RuneCountInString(t.Server) + utf8.RuneCountInString(t.Name)
		if n >= limit {
			report("/name", fmt.Sprintf("the server's and the tool's names are %d characters together; Cursor leaves out tools whose combined name reaches %d", n, limit),
				fmt.Sprintf("shorten the tool's name to %d characters, or give the server a shorter name in the config", max(1, limit-1-utf8.RuneCountInString(t.Server))))
		}
	}
}

// geminiFields are the fields of Gemini's Schema object.
var geminiFields = []string{"type", "format", "title", "description", "nullable", "enum", "maxItems", "minItems",
	"properties", "required", "minProperties", "maxProperties", "minLength", "maxLength", "pattern", "example",
	"anyOf", "propertyOrdering", "default", "items", "minimum", "maximum"}

// geminiFix says how to express a JSON Schema keyword in Gemini's subset.
var geminiFix = map[string]string{
	"$ref":                 "inline the definition it points to",
	"$defs":                "inline each definition where it is used, then remove $defs",
	"definitions":          "inline each definition where it is used, then remove definitions",
	"const":                "use an enum of one value",
	"oneOf":                "use anyOf",
	"allOf":                "merge the parts into one schema",
	"additionalProperties": "remove it (declare the known properties, or take a free-form value as a string)",
}

func geminiFieldsRule(t *tool, report func(pointer, why, fix string)) {
	for _, s := range t.schemas(false) {
		walk(s, func(v *model.Value, ptr, _ string, _ int) {
			if strings.Contains(ptr, "/$defs/") || strings.Contains(ptr, "/definitions/") {
				return // $defs itself is reported
			}
			for _, m := range v.Members {
				if slices.Contains(geminiFields, m.Name) {
					continue
				}
				fix := geminiFix[m.Name]
				if fix == "" {
					fix = "remove it; state the constraint in the description"
				}
				report(ptr+"/"+escape(m.Name), fmt.Sprintf("%s is not a field of Gemini's Schema (a subset of OpenAPI 3.0): the API answers \"Invalid JSON payload received. Unknown name\"", m.Name), fix)
			}
		})
	}
}

func geminiSingleType(t *tool, report func(pointer, why, fix string)) {
	for _, s := range t.schemas(false) {
		walk(s, func(v *model.Value, ptr, _ string, _ int) {
			if ty := v.Get("type"); ty != nil && ty.Kind == model.JSONArray {
				report(ptr+"/type", fmt.Sprintf(`"type" is a list (%s): Gemini's Schema takes one type`, ty.AppendJSON(nil)),
					`use one type; for null add "nullable": true`)
			}
		})
	}
}

func geminiEnumStrings(t *tool, report func(pointer, why, fix string)) {
	for _, s := range t.schemas(false) {
		walk(s, func(v *model.Value, ptr, _ string, _ int) {
			e := v.Get("enum")
			if e == nil || e.Kind != model.JSONArray {
				return
			}
			for _, x := range e.Items {
				if x.Kind != model.JSONString {
					report(ptr+"/enum", fmt.Sprintf("the enum holds %s, not a string: Gemini's Schema takes string enums only", x.AppendJSON(nil)),
						`write the values as strings ("type": "string"), or drop the enum and list the values in the description`)
					return
				}
			}
		})
	}
}

// headerAnnotations reports the first x-mcp-header annotation that breaks
// the 2026-07-28 rules: clients drop the whole tool from tools/list (the
// Streamable HTTP transport must; mcpeek refuses to call it on any).
func headerAnnotations(t *tool, report func(pointer, why, fix string)) {
	if t.input == nil {
		return
	}
	f := model.CheckHeadersValue(t.input)
	if f.IsZero() {
		return
	}
	report(f.Pointer, f.Why+"; clients drop a tool whose x-mcp-header breaks the specification's rules, so it is never offered",
		"put x-mcp-header only on a string, integer or boolean property reached through properties alone, named with letters, digits and !#$%&'*+-.^_`|~, unique ignoring case; or remove it")
}
