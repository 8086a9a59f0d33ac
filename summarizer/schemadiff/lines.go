package schemadiff

import (
	"slices"
	"strconv"
	"strings"

	"mcpeek/internal/textpos"
	"mcpeek/model"
	"mcpeek/model/fieldpath"
)

// Locate finds, for each change, the line of a lock file's text where it
// shows: the member that changed when the file has it (its JSON pointer
// in the definition, or the schema a field path leads to), else the
// nearest enclosing member that is there (the field, the tool, the
// server). snap is the text decoded (it gives each tool's and entry's
// place). A change of nothing the file holds (a tool it does not list)
// gets the zero Position. The text is read once.
func Locate(text []byte, snap Snapshot, changes []Change) []Position {
	wanted := make([]string, len(changes))
	prefixes := map[string]bool{}
	for i, c := range changes {
		wanted[i] = filePointer(snap, c)
		if wanted[i] == "" {
			continue
		}
		p := wanted[i]
		for {
			prefixes[p] = true
			cut := strings.LastIndexByte(p, '/')
			if cut <= 0 {
				break
			}
			p = p[:cut]
		}
	}
	found := valueOffsets(text, prefixes)
	lines := textpos.NewCounter(text)
	type located struct {
		off int
		i   int
	}
	var order []located
	for i, p := range wanted {
		for p != "" {
			if off, ok := found[p]; ok {
				order = append(order, located{off, i})
				break
			}
			p = p[:max(strings.LastIndexByte(p, '/'), 0)]
		}
	}
	// the counter moves forward: ask it in the order of the text
	slices.SortFunc(order, func(a, b located) int { return a.off - b.off })
	out := make([]Position, len(changes))
	for _, l := range order {
		line, col := lines.At(l.off)
		out[l.i] = Position{Line: line, Column: col}
	}
	return out
}

// filePointer is the JSON pointer in a lock file of what a change is of:
// "/servers/0/tools/3/inputSchema/properties/id/pattern"; "" when the
// file does not hold it.
func filePointer(snap Snapshot, c Change) string {
	server := c.Tool.Server
	si := slices.IndexFunc(snap.Servers, func(s Server) bool { return s.Name == server })
	if si < 0 {
		return ""
	}
	s := snap.Servers[si]
	base := "/servers/" + strconv.Itoa(si)
	name := c.Tool.Tool
	entry := func(list string, entries []Entry) string {
		j := slices.IndexFunc(entries, func(e Entry) bool { return e.Name == name })
		if j < 0 {
			return ""
		}
		return base + "/" + list + "/" + strconv.Itoa(j) + c.DefinitionPointer
	}
	switch c.Entry {
	case OfServer:
		if c.Kind == CapabilityRemoved || c.Kind == CapabilityAdded {
			return base + "/capabilities"
		}
		return base + "/protocol_version"
	case OfPrompt:
		return entry("prompts", s.Prompts)
	case OfResourceTemplate:
		return entry("resource_templates", s.ResourceTemplates)
	}
	j := slices.IndexFunc(s.Tools, func(t model.Tool) bool { return t.Name == name })
	if j < 0 {
		return ""
	}
	tool := base + "/tools/" + strconv.Itoa(j)
	switch {
	case c.DefinitionPointer != "":
		return tool + c.DefinitionPointer
	case c.Side() == OnTool:
		return tool + toolMember[c.Kind]
	}
	return tool + schemaPointer(c.Path)
}

// toolMember is the member of a tool's definition a change of the tool as
// a whole shows on: its name for the tool removed or renamed.
var toolMember = map[Kind]string{
	ToolRemoved: "/name", ToolRenamed: "/name", ToolAdded: "/name", TitleChanged: "/title",
	DescriptionChanged: "/description", AnnotationsChanged: "/annotations", MetaChanged: "/_meta",
}

// schemaPointer is where a field path leads in a tool's definition, as
// far as properties, items and alternatives written inline lead:
// "/inputSchema/properties/a/items".
func schemaPointer(p fieldpath.Path) string {
	var b strings.Builder
	switch p.Side() {
	case OnInput:
		b.WriteString("/inputSchema")
	case OnOutput:
		b.WriteString("/outputSchema")
	default:
		return ""
	}
	for _, st := range p.Steps() {
		switch st.Kind {
		case fieldpath.Property:
			b.WriteString("/properties/" + fieldpath.EscapeToken(st.Name))
		case fieldpath.Items:
			b.WriteString("/items")
		case fieldpath.AnyKeyStep:
			b.WriteString("/additionalProperties")
		case fieldpath.Alternative:
			name, index, _ := strings.Cut(strings.TrimSuffix(st.Name, "]"), "[")
			b.WriteString("/" + name + "/" + index)
		}
	}
	return b.String()
}

// valueOffsets reads a JSON text once and returns where each value whose
// pointer is in want starts.
func valueOffsets(text []byte, want map[string]bool) map[string]int {
	out := map[string]int{}
	dec := newDecoder(text)
	type frame struct {
		array bool
		index int
		name  string
	}
	var stack []frame
	pointer := func() string {
		var b strings.Builder
		for _, f := range stack {
			b.WriteByte('/')
			if f.array {
				b.WriteString(strconv.Itoa(f.index))
			} else {
				b.WriteString(fieldpath.EscapeToken(f.name))
			}
		}
		return b.String()
	}
	expectName := false
	for {
		before := int(dec.InputOffset())
		tok, err := dec.ReadToken()
		if err != nil {
			return out
		}
		kind := tok.Kind()
		if expectName && kind == '"' {
			stack[len(stack)-1].name = tok.String()
			expectName = false
			continue
		}
		if kind == '}' || kind == ']' {
			stack = stack[:len(stack)-1]
			if len(stack) > 0 && !stack[len(stack)-1].array {
				expectName = true
			} else if len(stack) > 0 {
				stack[len(stack)-1].index++
			}
			continue
		}
		// a value starts here
		if p := pointer(); want[p] {
			if _, seen := out[p]; !seen {
				at := before
				for at < len(text) && strings.IndexByte(" \t\r\n,:", text[at]) >= 0 {
					at++
				}
				out[p] = at
			}
		}
		switch kind {
		case '{':
			stack = append(stack, frame{})
			expectName = true
		case '[':
			stack = append(stack, frame{array: true})
		default:
			if len(stack) > 0 && stack[len(stack)-1].array {
				stack[len(stack)-1].index++
			} else if len(stack) > 0 {
				expectName = true
			}
		}
	}
}
