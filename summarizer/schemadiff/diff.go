package schemadiff

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"mcpeek/internal/par"
	"mcpeek/model"
	"mcpeek/model/fieldpath"
)

// Kind names what changed; docs/diff.md lists every kind with its class.
type Kind string

// The kinds of change to a tool as a whole.
const (
	ToolRemoved         Kind = "tool-removed"
	ToolRenamed         Kind = "tool-renamed"
	ToolAdded           Kind = "tool-added"
	TitleChanged        Kind = "title-changed"
	DescriptionChanged  Kind = "description-changed"
	AnnotationsChanged  Kind = "annotations-changed"
	MetaChanged         Kind = "meta-changed"
	OutputSchemaAdded   Kind = "output-schema-added"
	OutputSchemaRemoved Kind = "output-schema-removed"
	SchemaUnreadable    Kind = "schema-unreadable"
	// DefinitionChanged is a difference in the definition's text whose
	// meaning the diff found the same (a $ref written otherwise, a type
	// spelled as a list) or that nothing validates with (a constraint in
	// a definition no $ref uses).
	DefinitionChanged Kind = "definition-changed"
	IconsChanged      Kind = "icons-changed"
	ExecutionChanged  Kind = "execution-changed"
	MemberChanged     Kind = "member-changed"
)

// The kinds of change to a keyword of a schema that the comparison of
// shapes does not read.
const (
	SchemaWordsChanged        Kind = "schema-words-changed"
	ExamplesChanged           Kind = "examples-changed"
	DefaultChanged            Kind = "default-changed"
	ExtensionChanged          Kind = "extension-changed"
	InputConstraintTightened  Kind = "input-constraint-tightened"
	InputConstraintLoosened   Kind = "input-constraint-loosened"
	OutputConstraintLoosened  Kind = "output-constraint-loosened"
	OutputConstraintTightened Kind = "output-constraint-tightened"
	ConstraintChanged         Kind = "constraint-changed"
	KeywordNotCompared        Kind = "keyword-not-compared"
	AlternativesRestructured  Kind = "alternatives-restructured"
	RefUnresolvable           Kind = "ref-unresolvable"
)

// The kinds of change to an input field (what callers send).
const (
	InputAdded         Kind = "input-added"
	InputRequiredAdded Kind = "input-required-added"
	InputRemoved       Kind = "input-removed"
	InputRequired      Kind = "input-required"
	InputOptional      Kind = "input-optional"
	InputClosed        Kind = "input-closed"
	InputOpened        Kind = "input-opened"
	InputTypeNarrowed  Kind = "input-type-narrowed"
	InputTypeWidened   Kind = "input-type-widened"
	InputTypeChanged   Kind = "input-type-changed"
	InputNullRemoved   Kind = "input-null-removed"
	InputNullAdded     Kind = "input-null-added"
	InputEnumNarrowed  Kind = "input-enum-narrowed"
	InputEnumWidened   Kind = "input-enum-widened"
	InputDescription   Kind = "input-description-changed"
)

// The kinds of change to an output field (what callers read).
const (
	OutputAdded        Kind = "output-added"
	OutputRemoved      Kind = "output-removed"
	OutputOptional     Kind = "output-optional"
	OutputRequired     Kind = "output-required"
	OutputNullable     Kind = "output-nullable"
	OutputNotNullable  Kind = "output-not-nullable"
	OutputTypeChanged  Kind = "output-type-changed"
	OutputTypeNarrowed Kind = "output-type-narrowed"
	OutputEnumWidened  Kind = "output-enum-widened"
	OutputEnumNarrowed Kind = "output-enum-narrowed"
	OutputDescription  Kind = "output-description-changed"
)

// Change is one difference between two versions of a tool.
type Change struct {
	// Tool is the tool's id, written SERVER.TOOL (the old name for a tool
	// removed or renamed); for a prompt or resource template the server
	// and the entry's name, for the server itself the server alone.
	Tool model.ToolID `json:"tool"`
	// Entry says what Tool names when it is not a tool: a prompt, a
	// resource template, the server; "" for a tool.
	Entry EntryKind `json:"entry,omitempty"`
	// Path is where the change is: its side (input, output, or none for
	// the tool itself) and its field path, written in JSON as mcpeek
	// writes paths ("line_items[].price_set"), "" for the tool itself or
	// a schema's root.
	Path   fieldpath.Path `json:"path"`
	Class  Class          `json:"class"`
	Kind   Kind           `json:"kind"`
	Detail string         `json:"detail"`
	// DefinitionPointer is, for a change found keyword by keyword, the
	// RFC 6901 JSON pointer of the member that differs in the tool's
	// definition ("/inputSchema/properties/to/default"); "" for the
	// changes of shapes.
	DefinitionPointer string `json:"definition_pointer,omitempty"`
	// Old and New are, for a change of words (a routing change: what a
	// model reads), the text before and after, whole up to maxShownText
	// bytes; "" where absent or for other changes.
	Old string `json:"old,omitempty"`
	New string `json:"new,omitempty"`
}

// MarshalJSON writes the change with its path's side ("input", "output",
// or "tool" for the tool itself) and JSON pointer (Path.Pointer) after
// the path: the path's text writes every name as it is, so a field
// named "a.x" and the field x of an object a share it; their pointers
// ("/a.x", "/a/x") differ.
func (c Change) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Tool    model.ToolID   `json:"tool"`
		Entry   EntryKind      `json:"entry,omitempty"`
		Side    string         `json:"side"`
		Path    fieldpath.Path `json:"path"`
		Pointer string         `json:"pointer"`
		Class   Class          `json:"class"`
		Kind    Kind           `json:"kind"`
		Detail  string         `json:"detail"`
		Def     string         `json:"definition_pointer,omitempty"`
		Old     string         `json:"old,omitempty"`
		New     string         `json:"new,omitempty"`
	}{c.Tool, c.Entry, c.Path.Side().String(), c.Path, c.Path.Pointer(), c.Class, c.Kind, c.Detail, c.DefinitionPointer, c.Old, c.New})
}

// Worst returns the most serious class among changes, or 0 when there are none.
func Worst(changes []Change) Class {
	var w Class
	for _, c := range changes {
		w = max(w, c.Class)
	}
	return w
}

// Diff lists what changed from old to new, server by server (by name) and
// tool by tool (by name), in that order. A server missing from either side
// counts as a server with no tools there: compare only what both sides
// hold by restricting the snapshots first. Tools are compared on every
// core; the result does not depend on it.
func Diff(old, new Snapshot) []Change {
	var steps []step
	for _, name := range serverNames(old, new) {
		o, _ := old.Server(name)
		n, _ := new.Server(name)
		steps = planServer(steps, name, o.Tools, n.Tools)
		if whole := diffWhole(o, n); len(whole) > 0 {
			steps = append(steps, step{changes: whole, done: true})
		}
	}
	par.Each(len(steps), func(i int) {
		if st := &steps[i]; st.change == nil && !st.done {
			st.changes = diffTool(nil, st.id, st.old, st.new)
		}
	})
	var out []Change
	for _, st := range steps {
		if st.change != nil {
			out = append(out, *st.change)
		}
		out = append(out, st.changes...)
	}
	return out
}

// step is one tool of the comparison, in report order: a change known
// from the listings alone (removed, renamed, added), or two versions to
// compare.
type step struct {
	change   *Change
	id       model.ToolID
	old, new model.Tool
	changes  []Change
	// done says changes are known already (the server's other parts).
	done bool
}

func serverNames(a, b Snapshot) []string {
	var names []string
	for _, s := range a.Servers {
		names = append(names, s.Name)
	}
	for _, s := range b.Servers {
		names = append(names, s.Name)
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// planServer lists the steps of one server's tools, by name. A removed
// tool whose schemas are exactly those of one added tool is renamed.
func planServer(steps []step, server string, old, new []model.Tool) []step {
	oldBy, newBy := byName(old), byName(new)
	var removed, added []model.Tool
	for _, t := range old {
		if _, ok := newBy[t.Name]; !ok {
			removed = append(removed, t)
		}
	}
	for _, t := range new {
		if _, ok := oldBy[t.Name]; !ok {
			added = append(added, t)
		}
	}
	renamedTo := renames(removed, added)
	renamedFrom := map[string]bool{}
	for _, to := range renamedTo {
		renamedFrom[to] = true
	}

	var names []string
	for _, t := range old {
		names = append(names, t.Name)
	}
	for _, t := range new {
		names = append(names, t.Name)
	}
	slices.Sort(names)
	for _, name := range slices.Compact(names) {
		id := model.ToolID{Server: server, Tool: name}
		o, inOld := oldBy[name]
		n, inNew := newBy[name]
		switch {
		case inOld && inNew:
			steps = append(steps, step{id: id, old: o, new: n})
		case inOld && renamedTo[name] != "":
			steps = append(steps, step{change: &Change{Tool: id, Class: Breaking, Kind: ToolRenamed,
				Detail: fmt.Sprintf("renamed to %s.%s (same schemas): callers of %s fail", server, renamedTo[name], name)}})
		case inOld:
			steps = append(steps, step{change: &Change{Tool: id, Class: Breaking, Kind: ToolRemoved, Detail: "the tool is no longer listed"}})
		case !renamedFrom[name]:
			steps = append(steps, step{change: &Change{Tool: id, Class: Routing, Kind: ToolAdded,
				Detail: "a new tool: a model reads its name and description to choose it", New: shownText(n.Description)}})
		}
	}
	return steps
}

func byName(tools []model.Tool) map[string]model.Tool {
	m := make(map[string]model.Tool, len(tools))
	for _, t := range tools {
		if _, dup := m[t.Name]; !dup {
			m[t.Name] = t
		}
	}
	return m
}

// renames pairs removed tools with added ones whose input and output
// schemas mean the same JSON (members in any order), when exactly one added
// tool has them. It maps old name to new name.
func renames(removed, added []model.Tool) map[string]string {
	if len(removed) == 0 || len(added) == 0 {
		return nil
	}
	byPrint := map[string][]string{}
	for _, t := range added {
		p := fingerprint(t)
		byPrint[p] = append(byPrint[p], t.Name)
	}
	out := map[string]string{}
	taken := map[string]bool{}
	for _, t := range removed {
		if cands := byPrint[fingerprint(t)]; len(cands) == 1 && !taken[cands[0]] {
			out[t.Name] = cands[0]
			taken[cands[0]] = true
		}
	}
	return out
}

func fingerprint(t model.Tool) string {
	return string(canonical(t.InputSchema)) + "\x00" + string(canonical(t.OutputSchema))
}

// diffTool compares two versions of one tool: its words, then its input
// and output schemas as resolved shapes, then what else differs in the
// text of its definition.
func diffTool(out []Change, id model.ToolID, o, n model.Tool) []Change {
	if bytes.Equal(o.Raw, n.Raw) {
		return out
	}
	start := len(out)
	if o.Title != n.Title {
		out = append(out, wordsChange(Change{Tool: id, Kind: TitleChanged}, o.Title, n.Title, ""))
	}
	if o.Description != n.Description {
		out = append(out, wordsChange(Change{Tool: id, Kind: DescriptionChanged}, o.Description, n.Description, ""))
	}
	ma, mb := topMembers(o.Raw), topMembers(n.Raw)
	if a, b := memberOf(ma, "annotations"), memberOf(mb, "annotations"); !model.EqualJSON(a, b) {
		out = append(out, Change{Tool: id, Class: Routing, Kind: AnnotationsChanged,
			Detail: fmt.Sprintf("annotations %s → %s", clip(orNone(a)), clip(orNone(b))), Old: shownText(string(a)), New: shownText(string(b))})
	}
	if a, b := memberOf(ma, "_meta"), memberOf(mb, "_meta"); !model.EqualJSON(a, b) {
		out = append(out, Change{Tool: id, Class: Compatible, Kind: MetaChanged,
			Detail: fmt.Sprintf("_meta %s → %s", clip(orNone(a)), clip(orNone(b)))})
	}
	po, pn := model.ParseTool(o), model.ParseTool(n)
	out = diffSchema(out, id, input, side{o.InputSchema, po.In, po.InErr}, side{n.InputSchema, pn.In, pn.InErr})
	switch {
	case o.HasOutputSchema() && !n.HasOutputSchema():
		out = append(out, Change{Tool: id, Path: fieldpath.Root(fieldpath.Output), Class: Breaking, Kind: OutputSchemaRemoved,
			Detail: "the tool no longer declares an output schema: callers lose structuredContent's shape"})
	case !o.HasOutputSchema() && n.HasOutputSchema():
		out = append(out, Change{Tool: id, Path: fieldpath.Root(fieldpath.Output), Class: Compatible, Kind: OutputSchemaAdded, Detail: "the tool now declares an output schema"})
	case o.HasOutputSchema():
		out = diffSchema(out, id, output, side{o.OutputSchema, po.Out, po.OutErr}, side{n.OutputSchema, pn.Out, pn.OutErr})
	}
	return append(out, definitionChanges(id, ma, mb, po, pn, out[start:])...)
}

// side is one version of one schema of a tool: its bytes and their parse
// (model.ParseTool's, read where the tool entered).
type side struct {
	raw    []byte
	schema *model.Schema
	err    error
}

// orText is s's bytes, "{}" when the tool declares none.
func (s side) orText() []byte {
	if len(s.raw) == 0 {
		return []byte("{}")
	}
	return s.raw
}

// orAnything is s, or the empty schema when the tool declares none (a tool
// with no input schema takes anything).
func (s side) orAnything() side {
	if len(s.raw) > 0 {
		return s
	}
	raw := []byte("{}")
	schema, err := model.ParseSchema(raw)
	return side{raw, schema, err}
}

// diffSchema compares one schema of a tool: nothing when the bytes are the
// same once compacted, else the resolved shapes from their roots (the data
// roots of outputs, as summaries write paths, when both are envelopes).
func diffSchema(out []Change, id model.ToolID, dir direction, a, b side) []Change {
	if len(a.raw) == 0 && len(b.raw) == 0 || sameText(a.orText(), b.orText()) {
		return out
	}
	a, b = a.orAnything(), b.orAnything()
	sa, errA := a.schema, a.err
	sb, errB := b.schema, b.err
	if errA != nil || errB != nil {
		err := errB
		if err == nil {
			err = errA
		}
		return append(out, Change{Tool: id, Class: Breaking, Kind: SchemaUnreadable,
			Detail: fmt.Sprintf("the %s schema changed and one version cannot be read as JSON Schema: %v", dir, err)})
	}
	return walk(out, id, dir, sa, sb, newSources(sa, sb))
}

// walk compares two parsed versions of a schema from their roots (the data
// roots of outputs when both are envelopes), skipping what sources finds
// written the same.
func walk(out []Change, id model.ToolID, dir direction, sa, sb *model.Schema, same *sources) []Change {
	ra, rb := sa.Root(), sb.Root()
	if dir == output {
		da, envA := sa.DataRoot()
		db, envB := sb.DataRoot()
		if envA && envB {
			ra, rb = da, db
		}
	}
	c := comparer{tool: id, dir: dir, out: out, seen: map[[2]*model.Node]bool{}, sources: same}
	c.node(fieldpath.Root(dir.side()), ra, rb)
	return c.out
}

func orNone(b []byte) string {
	if len(b) == 0 {
		return "(none)"
	}
	return string(b)
}

// wordsChanged describes a change of text briefly: both versions from a
// little before where they start to differ, each cut.
func wordsChanged(a, b string) string {
	ra, rb := []rune(strings.Join(strings.Fields(a), " ")), []rune(strings.Join(strings.Fields(b), " "))
	same := 0
	for same < len(ra) && same < len(rb) && ra[same] == rb[same] {
		same++
	}
	const context = 20
	if same <= context {
		return fmt.Sprintf("%q → %q", clip(string(ra)), clip(string(rb)))
	}
	from := same - context
	for from > 0 && ra[from-1] != ' ' { // start at a word
		from--
	}
	return fmt.Sprintf("%q → %q", "…"+clip(string(ra[from:])), "…"+clip(string(rb[from:])))
}

// clip cuts s to a length a report line can hold.
func clip(s string) string {
	const most = 80
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > most {
		return string(r[:most-1]) + "…"
	}
	return s
}
