package schemadiff

import (
	"fmt"
	"slices"
	"strings"

	"mcpeek/model"
	"mcpeek/model/fieldpath"
)

// maxDefinitionChanges bounds the keyword-level entries of one tool: a
// definition rewritten whole lists its differences up to it, then one
// entry counts the rest.
const maxDefinitionChanges = 200

// textDiff is one place where two versions of a tool's definition differ:
// the member's JSON pointer into the definition, the field it is in (as
// far as properties and items lead), both values (nil where absent), and
// which classified changes, when the comparison of resolved shapes made
// one, already account for it (nil: none can).
type textDiff struct {
	pointer   string
	path      fieldpath.Path
	old, new  *model.Value
	explained func(Change) bool
	// label classes the difference when no classified change accounts
	// for it; nil: definition-changed, compatible.
	label *verdict
}

// definitionChanges lists what differs between two versions of a tool's
// definition that the changes classified so far (those of this tool) do
// not account for, as definition-changed changes: examples, defaults,
// constraints, unknown keywords (x-...), an unreferenced $defs entry,
// execution, icons, a $ref written inline. A difference at a keyword the
// shape comparison reads (a description, a type, properties, required,
// enum) is left to it when it reported a change of that sort on the same
// side; when it reported nothing, every difference is listed, so that a
// definition that differs once canonicalised (model.SameDefinition) is
// never "no change".
func definitionChanges(id model.ToolID, o, n []rawMember, po, pn model.ParsedTool, classified []Change) []Change {
	a, b, err := definitionValues(o, n, po, pn)
	if err != nil {
		return []Change{{Tool: id, Class: Unknown, Kind: DefinitionChanged, Detail: "the definition changed and one version is not JSON: it cannot be compared"}}
	}
	if a.SameText(b) {
		return nil
	}
	w := &textWalk{}
	w.tool(a, b)
	var out []Change
	for _, d := range w.diffs {
		if len(classified) > 0 && d.explained != nil && slices.ContainsFunc(classified, d.explained) {
			continue
		}
		if len(out) == maxDefinitionChanges {
			out = append(out, Change{Tool: id, Class: Compatible, Kind: DefinitionChanged,
				Detail: fmt.Sprintf("… and %d more differences in the definition", len(w.diffs)-maxDefinitionChanges)})
			break
		}
		where := d.pointer
		if where == "" {
			where = "the definition" // a name written twice in the tool itself
		}
		out = append(out, d.change(id, where))
	}
	return out
}

// change is the difference as a change of the tool id, at where.
func (d textDiff) change(id model.ToolID, where string) Change {
	c := Change{Tool: id, Path: d.path, Class: Compatible, Kind: DefinitionChanged, DefinitionPointer: d.pointer,
		Detail: fmt.Sprintf("%s: %s → %s", where, valueText(d.old), valueText(d.new))}
	if d.label == nil {
		return c
	}
	c.Class, c.Kind = d.label.class, d.label.kind
	if d.label.why != "" {
		c.Detail += " (" + d.label.why + ")"
	}
	if c.Class == Routing || c.Class == Unknown {
		c.Old, c.New = shownText(wordsOf(d.old)), shownText(wordsOf(d.new))
	}
	return c
}

// wordsOf is a value as a reader sees it: a string's text, any other
// value's JSON, "" where absent.
func wordsOf(v *model.Value) string {
	switch {
	case v == nil:
		return ""
	case v.Kind == model.JSONString:
		return v.Str
	}
	return string(v.AppendJSON(nil))
}

// definitionValues decodes two versions of a tool's definition for the
// text comparison, reading each schema that changed once: a schema the two
// versions write the same (once compacted) is not decoded, both sides
// holding one placeholder that compares equal at once (unless a schema's
// name is written twice, when each is decoded); one that differs is
// the document of the tool's parse (model.ParseTool), else is decoded
// here. The definitions come as their members (topMembers).
func definitionValues(ma, mb []rawMember, pa, pb model.ParsedTool) (va, vb *model.Value, err error) {
	same := &model.Value{}
	schemas := func(members []rawMember, other []rawMember, p model.ParsedTool) (*model.Value, error) {
		v := &model.Value{Kind: model.JSONObject}
		for _, m := range members {
			var x *model.Value
			var err error
			isSchema := m.name == "inputSchema" || m.name == "outputSchema"
			switch o := lastRaw(other, m.name); {
			case isSchema && o != nil && once(members, m.name) && once(other, m.name) && sameText(m.value, o):
				x = same
			case isSchema:
				x, err = schemaDoc(m.value, p)
			default:
				x, err = model.DecodeJSON(m.value)
			}
			if err != nil {
				return nil, err
			}
			v.Members = append(v.Members, model.Member{Name: m.name, Value: x})
		}
		return v, nil
	}
	if va, err = schemas(ma, mb, pa); err != nil {
		return nil, nil, err
	}
	if vb, err = schemas(mb, ma, pb); err != nil {
		return nil, nil, err
	}
	return va, vb, nil
}

// once reports whether members holds exactly one member called name.
func once(members []rawMember, name string) bool {
	n := 0
	for _, m := range members {
		if m.name == name {
			n++
		}
	}
	return n == 1
}

// schemaDoc is a schema's decoded document: the one of the tool's parse
// when raw is the schema the tool was read with, else decoded now.
func schemaDoc(raw []byte, p model.ParsedTool) (*model.Value, error) {
	for _, s := range []struct {
		raw    []byte
		schema *model.Schema
	}{{p.Tool.InputSchema, p.In}, {p.Tool.OutputSchema, p.Out}} {
		if s.schema != nil && len(raw) > 0 && len(s.raw) == len(raw) && &s.raw[0] == &raw[0] {
			return s.schema.Source(), nil
		}
	}
	return model.DecodeJSON(raw)
}

func valueText(v *model.Value) string {
	if v == nil {
		return "(none)"
	}
	return clip(string(v.AppendJSON(nil)))
}

// textWalk walks two decoded versions of a definition side by side and
// records where they differ, as deep as both versions are objects (or
// arrays of one length), in name order.
type textWalk struct {
	diffs []textDiff
}

func (w *textWalk) add(ptr []string, path fieldpath.Path, a, b *model.Value, explained func(Change) bool, label *verdict) {
	w.diffs = append(w.diffs, textDiff{pointer: pointerOf(ptr), path: path, old: a, new: b, explained: explained, label: label})
}

// pointerOf writes the tokens of a path into a definition as a JSON pointer.
func pointerOf(ptr []string) string {
	p := ""
	for _, tok := range ptr {
		p += "/" + fieldpath.EscapeToken(tok)
	}
	return p
}

// tool compares the members of the definition: the words, annotations and
// _meta that the diff classifies as a whole, the schemas, and the rest
// (execution, icons, anything else) that only this comparison sees.
func (w *textWalk) tool(a, b *model.Value) {
	root := fieldpath.Root(OnTool)
	if !w.pairs(nil, a, b, func(name string, x, y *model.Value, ptr []string) {
		switch name {
		case "title":
			w.value(ptr, root, x, y, kinds(OnTool, TitleChanged), routing(TitleChanged))
		case "description":
			w.value(ptr, root, x, y, kinds(OnTool, DescriptionChanged), routing(DescriptionChanged))
		case "annotations":
			w.value(ptr, root, x, y, kinds(OnTool, AnnotationsChanged, TitleChanged), routing(AnnotationsChanged))
		case "_meta":
			w.value(ptr, root, x, y, kinds(OnTool, MetaChanged), nil)
		case "icons":
			w.value(ptr, root, x, y, nil, routing(IconsChanged))
		case "execution":
			w.value(ptr, root, x, y, nil, executionVerdict(x, y))
		case "inputSchema", "outputSchema":
			side := OnInput
			if name == "outputSchema" {
				side = OnOutput
			}
			if x == nil || y == nil || x.Kind == model.JSONNull || y.Kind == model.JSONNull {
				w.value(ptr, fieldpath.Root(side), x, y, kinds(side, OutputSchemaAdded, OutputSchemaRemoved), nil)
				return
			}
			s := schemaWalk{textWalk: w, side: side, base: len(ptr), refs: refsOf(x, refsOf(y, nil)), oldRoot: x, newRoot: y}
			s.schema(ptr, fieldpath.Root(side), x, y, true, true)
		case "name":
			w.value(ptr, root, x, y, nil, nil)
		default:
			w.value(ptr, root, x, y, nil, &verdict{Unknown, MemberChanged, "a member the protocol does not define: what clients do with it cannot be told"})
		}
	}) {
		w.add(nil, root, a, b, nil, nil)
	}
}

// pairs calls each for every member name of two objects, in name order,
// with each version's value (nil where absent). It reports false, calling
// nothing, when either object writes a name twice: such objects are
// compared whole.
func (w *textWalk) pairs(ptr []string, a, b *model.Value, each func(name string, x, y *model.Value, ptr []string)) bool {
	if a.HasDuplicateNames() || b.HasDuplicateNames() {
		return false
	}
	names := make([]string, 0, len(a.Members)+len(b.Members))
	for _, m := range a.Members {
		names = append(names, m.Name)
	}
	for _, m := range b.Members {
		names = append(names, m.Name)
	}
	slices.Sort(names)
	for _, name := range slices.Compact(names) {
		x, y := a.Get(name), b.Get(name)
		if x.SameText(y) {
			continue
		}
		each(name, x, y, append(slices.Clip(ptr), name))
	}
	return true
}

// value compares two values that carry no schema, down to the members (or
// items, when the arrays have one length) that differ.
func (w *textWalk) value(ptr []string, path fieldpath.Path, a, b *model.Value, explained func(Change) bool, label *verdict) {
	switch {
	case a.SameText(b):
	case a != nil && b != nil && a.Kind == model.JSONObject && b.Kind == model.JSONObject:
		if !w.pairs(ptr, a, b, func(_ string, x, y *model.Value, ptr []string) { w.value(ptr, path, x, y, explained, label) }) {
			w.add(ptr, path, a, b, explained, label)
		}
	case a != nil && b != nil && a.Kind == model.JSONArray && b.Kind == model.JSONArray && len(a.Items) == len(b.Items):
		for i := range a.Items {
			w.value(append(slices.Clip(ptr), fmt.Sprint(i)), path, a.Items[i], b.Items[i], explained, label)
		}
	default:
		w.add(ptr, path, a, b, explained, label)
	}
}

// schemaWalk compares two versions of one schema of a tool, keyword by
// keyword.
type schemaWalk struct {
	*textWalk
	side Side
	// base is where the schema starts in a pointer: $refs are relative to it.
	base int
	// refs are the $ref texts either version holds anywhere.
	refs map[string]bool
	// oldRoot and newRoot are the two versions of the whole schema, which
	// a $ref resolves in.
	oldRoot, newRoot *model.Value
}

// schema compares two versions of a (sub)schema at ptr. read says whether
// the shape comparison reads it (the schema of a property, items, an
// alternative, a referenced definition): outside, nothing it reports can
// account for a difference. root is the schema's root.
func (s *schemaWalk) schema(ptr []string, path fieldpath.Path, a, b *model.Value, read, root bool) {
	if a.SameText(b) {
		return
	}
	if a == nil || b == nil || a.Kind != model.JSONObject || b.Kind != model.JSONObject {
		s.value(ptr, path, a, b, s.when(read, s.shape), nil)
		return
	}
	envelope := root && s.side == OnOutput && isEnvelope(a) && isEnvelope(b)
	if !s.pairs(ptr, a, b, func(name string, x, y *model.Value, ptr []string) {
		s.keyword(ptr, path, name, x, y, read, envelope)
	}) {
		s.add(ptr, path, a, b, s.when(read, s.shape), nil)
	}
}

// keyword compares one keyword of a schema in its two versions: the
// keywords of shapes are left to the shape comparison where it reads
// them; every other keyword is classed here (keywordVerdict).
func (s *schemaWalk) keyword(ptr []string, path fieldpath.Path, name string, x, y *model.Value, read, envelope bool) {
	bothObjects := x != nil && y != nil && x.Kind == model.JSONObject && y.Kind == model.JSONObject
	switch name {
	case "description":
		s.value(ptr, path, x, y, s.when(read, s.words), routing(SchemaWordsChanged))
	case "type", "nullable", "enum", "const", "required":
		s.value(ptr, path, x, y, s.when(read, s.shape), nil)
	case "$ref":
		if read && (!resolves(s.oldRoot, x) || !resolves(s.newRoot, y)) {
			s.add(ptr, path, x, y, nil, &verdict{Unknown, RefUnresolvable, "the $ref does not resolve in its schema: what it points to cannot be compared"})
			return
		}
		s.value(ptr, path, x, y, s.when(read, s.shape), nil)
	case "properties":
		if !bothObjects {
			s.value(ptr, path, x, y, s.when(read, s.shape), nil)
			return
		}
		if !s.pairs(ptr, x, y, func(prop string, p, q *model.Value, ptr []string) {
			at := path.Prop(prop)
			if envelope && prop == "data" {
				at = path // outputs' paths start at the data root, as summaries write them
			}
			if p == nil || q == nil {
				s.value(ptr, at, p, q, s.when(read, s.shape), nil)
				return
			}
			s.schema(ptr, at, p, q, read, false)
		}) {
			s.add(ptr, path, x, y, s.when(read, s.shape), nil)
		}
	case "items", "additionalProperties", "unevaluatedProperties":
		if !bothObjects {
			s.value(ptr, path, x, y, s.when(read, s.shape), nil)
			return
		}
		at := path.Items(1)
		if name != "items" {
			at = path.AnyKey()
		}
		s.schema(ptr, at, x, y, read, false)
	case "anyOf", "oneOf", "allOf":
		if x == nil || y == nil || x.Kind != model.JSONArray || y.Kind != model.JSONArray || len(x.Items) != len(y.Items) || name != "allOf" && reordered(x, y) {
			if read && name != "allOf" {
				s.add(ptr, path, x, y, nil, &verdict{Unknown, AlternativesRestructured,
					"alternatives added, removed or moved: they are paired by type, which cannot tell a moved alternative from a changed one"})
			}
			s.value(ptr, path, x, y, s.when(read, s.shape), nil)
			return
		}
		for i := range x.Items {
			at := path
			if name != "allOf" {
				at = path.Alt(fmt.Sprintf("%s[%d]", name, i))
			}
			s.schema(append(slices.Clip(ptr), fmt.Sprint(i)), at, x.Items[i], y.Items[i], read, false)
		}
	case "$defs", "definitions":
		if !bothObjects {
			s.value(ptr, path, x, y, nil, nil)
			return
		}
		if !s.pairs(ptr, x, y, func(def string, p, q *model.Value, ptr []string) {
			used := read && s.referenced(ptr)
			at := s.refSite(ptr)
			if p == nil || q == nil {
				s.value(ptr, at, p, q, s.when(used, s.shape), nil)
				return
			}
			s.schema(ptr, at, p, q, used, false)
		}) {
			s.add(ptr, path, x, y, nil, nil)
		}
	case "prefixItems", "patternProperties":
		// read by the schema reader, not compared by meaning
		s.value(ptr, path, x, y, s.when(read, s.shape), keywordVerdict(name, s.side, x, y, read))
	default:
		// Words, examples, defaults, constraints, formats, unknown
		// keywords, and the subschemas the shape comparison does not
		// read (not, if/then/else, contains, ...): only this comparison
		// sees them, and keywordVerdict classes them.
		s.value(ptr, path, x, y, nil, keywordVerdict(name, s.side, x, y, read))
	}
}

// reordered reports whether two lists of alternatives of one length hold
// an alternative of one at another place in the other.
func reordered(x, y *model.Value) bool {
	for i, a := range x.Items {
		if a.SameText(y.Items[i]) {
			continue
		}
		for j, b := range y.Items {
			if j != i && a.SameText(b) {
				return true
			}
		}
	}
	return false
}

// when returns explained when the shape comparison reads the place, else nil.
func (s *schemaWalk) when(read bool, explained func(Change) bool) func(Change) bool {
	if !read {
		return nil
	}
	return explained
}

// words accounts for a description: a field's description changed on this side.
func (s *schemaWalk) words(c Change) bool {
	return c.Path.Side() == s.side && (c.Kind == InputDescription || c.Kind == OutputDescription)
}

// shape accounts for a keyword of the shape: any change on this side other
// than a description.
func (s *schemaWalk) shape(c Change) bool {
	return c.Path.Side() == s.side && c.Kind != InputDescription && c.Kind != OutputDescription && c.Kind != DefinitionChanged
}

// referenced reports whether a $ref of either version points into the
// definition at ptr (a member of $defs or definitions).
func (s *schemaWalk) referenced(ptr []string) bool {
	target := "#"
	for _, tok := range ptr[s.base:] {
		target += "/" + fieldpath.EscapeToken(tok)
	}
	for ref := range s.refs {
		if ref == target || strings.HasPrefix(ref, target+"/") {
			return true
		}
	}
	return false
}

// refSite is the path of the first field (in declaration order, of the
// new version, else the old) whose schema is a $ref to the definition at
// ptr: where a change inside the definition shows. The schema's root
// when no field's is.
func (s *schemaWalk) refSite(ptr []string) fieldpath.Path {
	target := "#"
	for _, tok := range ptr[s.base:] {
		target += "/" + fieldpath.EscapeToken(tok)
	}
	root := fieldpath.Root(s.side)
	for _, doc := range []*model.Value{s.newRoot, s.oldRoot} {
		if at, ok := findRef(doc, target, root, 0); ok {
			return at
		}
	}
	return root
}

// findRef looks for a $ref to target through properties, items and
// alternatives (not through other $refs), no deeper than maxRefSiteDepth.
func findRef(v *model.Value, target string, at fieldpath.Path, depth int) (fieldpath.Path, bool) {
	const maxRefSiteDepth = 32
	if v == nil || v.Kind != model.JSONObject || depth > maxRefSiteDepth {
		return at, false
	}
	if v.Get("$ref").Text() == target && depth > 0 {
		return at, true
	}
	if props := v.Get("properties"); props != nil && props.Kind == model.JSONObject {
		for _, m := range props.Members {
			if p, ok := findRef(m.Value, target, at.Prop(m.Name), depth+1); ok {
				return p, true
			}
		}
	}
	if p, ok := findRef(v.Get("items"), target, at.Items(1), depth+1); ok {
		return p, true
	}
	for _, name := range []string{"anyOf", "oneOf", "allOf"} {
		if alts := v.Get(name); alts != nil && alts.Kind == model.JSONArray {
			for i, alt := range alts.Items {
				next := at
				if name != "allOf" {
					next = at.Alt(fmt.Sprintf("%s[%d]", name, i))
				}
				if p, ok := findRef(alt, target, next, depth+1); ok {
					return p, true
				}
			}
		}
	}
	return at, false
}

// refsOf adds the text of every $ref in v to refs.
func refsOf(v *model.Value, refs map[string]bool) map[string]bool {
	if refs == nil {
		refs = map[string]bool{}
	}
	if v == nil {
		return refs
	}
	for _, it := range v.Items {
		refsOf(it, refs)
	}
	for _, m := range v.Members {
		if m.Name == "$ref" && m.Value.Kind == model.JSONString {
			refs[m.Value.Str] = true
		}
		refsOf(m.Value, refs)
	}
	return refs
}

// isEnvelope reports whether a raw output schema is a {successful, data,
// error} envelope, as model.Schema.DataRoot tells it.
func isEnvelope(v *model.Value) bool {
	props := v.Get("properties")
	return props.Has("data") && (props.Has("successful") || props.Has("error"))
}

// kinds accounts for a difference by a change of one of these kinds on side.
func kinds(side Side, ks ...Kind) func(Change) bool {
	return func(c Change) bool { return c.Path.Side() == side && slices.Contains(ks, c.Kind) }
}
