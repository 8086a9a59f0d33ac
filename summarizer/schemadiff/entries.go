package schemadiff

import (
	"fmt"
	"slices"

	"mcpeek/model"
	"mcpeek/model/fieldpath"
)

// EntryKind says what a change is of: a tool ("", the default), or the
// server's other parts a lock file holds.
type EntryKind string

// The entries of a server besides its tools.
const (
	OfServer           EntryKind = "server"
	OfPrompt           EntryKind = "prompt"
	OfResourceTemplate EntryKind = "resource-template"
)

// The kinds of change to a server as a whole and to its prompts and
// resource templates.
const (
	CapabilityRemoved      Kind = "capability-removed"
	CapabilityAdded        Kind = "capability-added"
	ProtocolChanged        Kind = "protocol-changed"
	PromptRemoved          Kind = "prompt-removed"
	PromptAdded            Kind = "prompt-added"
	PromptArgumentRemoved  Kind = "prompt-argument-removed"
	PromptArgumentAdded    Kind = "prompt-argument-added"
	PromptArgumentRequired Kind = "prompt-argument-required"
	PromptArgumentOptional Kind = "prompt-argument-optional"
	TemplateRemoved        Kind = "resource-template-removed"
	TemplateAdded          Kind = "resource-template-added"
	TemplateURIChanged     Kind = "resource-template-uri-changed"
	EntryWordsChanged      Kind = "entry-words-changed"
	EntryMemberChanged     Kind = "entry-member-changed"
)

// diffWhole compares what a lock file holds of a server besides its tools,
// when both versions were snapshotted whole: its capabilities, its
// protocol, its prompts and resource templates.
func diffWhole(o, n Server) []Change {
	if !o.Whole || !n.Whole {
		return nil
	}
	var out []Change
	server := func(class Class, kind Kind, format string, args ...any) {
		out = append(out, Change{Tool: model.ToolID{Server: n.Name}, Entry: OfServer, Class: class, Kind: kind, Detail: fmt.Sprintf(format, args...)})
	}
	for _, c := range o.Capabilities {
		if !slices.Contains(n.Capabilities, c) {
			server(Breaking, CapabilityRemoved, "the server no longer declares %s: clients that use it fail", c)
		}
	}
	for _, c := range n.Capabilities {
		if !slices.Contains(o.Capabilities, c) {
			server(Compatible, CapabilityAdded, "the server now declares %s", c)
		}
	}
	if o.ProtocolVersion != n.ProtocolVersion {
		if model.EraOf(o.ProtocolVersion) != model.EraOf(n.ProtocolVersion) {
			server(Unknown, ProtocolChanged, "protocol %s → %s, another era: whether every client still speaks it cannot be told", o.ProtocolVersion, n.ProtocolVersion)
		} else {
			server(Compatible, ProtocolChanged, "protocol %s → %s, the same era", o.ProtocolVersion, n.ProtocolVersion)
		}
	}
	out = diffEntries(out, n.Name, OfPrompt, o.Prompts, n.Prompts)
	return diffEntries(out, n.Name, OfResourceTemplate, o.ResourceTemplates, n.ResourceTemplates)
}

// diffEntries compares two versions of a server's prompts or resource
// templates, by name, member by member.
func diffEntries(out []Change, server string, of EntryKind, old, new []Entry) []Change {
	oldBy, newBy := map[string]Entry{}, map[string]Entry{}
	var names []string
	for _, e := range old {
		oldBy[e.Name] = e
		names = append(names, e.Name)
	}
	for _, e := range new {
		newBy[e.Name] = e
		names = append(names, e.Name)
	}
	slices.Sort(names)
	for _, name := range slices.Compact(names) {
		id := model.ToolID{Server: server, Tool: name}
		o, inOld := oldBy[name]
		n, inNew := newBy[name]
		switch {
		case !inNew:
			kind := PromptRemoved
			if of == OfResourceTemplate {
				kind = TemplateRemoved
			}
			out = append(out, Change{Tool: id, Entry: of, Class: Breaking, Kind: kind, Detail: fmt.Sprintf("the %s is no longer listed: its users fail", of)})
		case !inOld:
			kind := PromptAdded
			if of == OfResourceTemplate {
				kind = TemplateAdded
			}
			v, _ := model.DecodeJSON(n.Raw)
			out = append(out, Change{Tool: id, Entry: of, Class: Routing, Kind: kind,
				Detail: fmt.Sprintf("a new %s: a model may read its description", of), New: shownText(v.Get("description").Text())})
		case !model.SameDefinition(o.Raw, n.Raw):
			out = append(out, entryChanges(id, of, o.Raw, n.Raw)...)
		}
	}
	return out
}

// entryChanges lists the differences of one prompt or resource template,
// member by member: words (routing), a prompt's arguments by name, a
// template's URI (breaking), and anything else (unknown).
func entryChanges(id model.ToolID, of EntryKind, oldRaw, newRaw []byte) []Change {
	a, errA := model.DecodeJSON(oldRaw)
	b, errB := model.DecodeJSON(newRaw)
	if errA != nil || errB != nil {
		return []Change{{Tool: id, Entry: of, Class: Unknown, Kind: EntryMemberChanged, Detail: "the entry changed and one version is not JSON"}}
	}
	w := &textWalk{}
	root := fieldpath.Root(OnTool)
	if !w.pairs(nil, a, b, func(name string, x, y *model.Value, ptr []string) {
		switch {
		case name == "title" || name == "description" || name == "icons" || name == "annotations":
			w.value(ptr, root, x, y, nil, routing(EntryWordsChanged))
		case name == "_meta":
			w.value(ptr, root, x, y, nil, nil)
		case name == "uriTemplate" && of == OfResourceTemplate:
			w.add(ptr, root, x, y, nil, &verdict{Breaking, TemplateURIChanged, "reads of the old URIs may fail"})
		case name == "arguments" && of == OfPrompt:
			promptArguments(w, ptr, x, y)
		default:
			w.value(ptr, root, x, y, nil, &verdict{Unknown, EntryMemberChanged, "what a client does with " + name + " cannot be told"})
		}
	}) {
		w.add(nil, root, a, b, nil, &verdict{Unknown, EntryMemberChanged, "a name is written twice"})
	}
	var out []Change
	for _, d := range w.diffs {
		where := d.pointer
		if where == "" {
			where = "the entry"
		}
		c := d.change(id, where)
		c.Entry = of
		out = append(out, c)
	}
	return out
}

// promptArguments compares a prompt's arguments by name: one removed, or
// added required, or made required, breaks its callers.
func promptArguments(w *textWalk, ptr []string, x, y *model.Value) {
	root := fieldpath.Root(OnTool)
	args := func(v *model.Value) ([]string, map[string]*model.Value, bool) {
		if v == nil {
			return nil, map[string]*model.Value{}, true
		}
		if v.Kind != model.JSONArray {
			return nil, nil, false
		}
		var names []string
		by := map[string]*model.Value{}
		for _, it := range v.Items {
			name := it.Get("name").Text()
			if name == "" || by[name] != nil {
				return nil, nil, false
			}
			names = append(names, name)
			by[name] = it
		}
		return names, by, true
	}
	na, ba, okA := args(x)
	nb, bb, okB := args(y)
	if !okA || !okB {
		w.add(ptr, root, x, y, nil, &verdict{Unknown, EntryMemberChanged, "the arguments are not a list of named objects"})
		return
	}
	at := func(name string) []string { return append(slices.Clip(ptr), name) }
	required := func(v *model.Value) bool {
		r := v.Get("required")
		return r != nil && r.Kind == model.JSONBool && r.Bool
	}
	for _, name := range na {
		p, q := ba[name], bb[name]
		switch {
		case q == nil:
			w.add(at(name), root, p, nil, nil, &verdict{Breaking, PromptArgumentRemoved, "callers that pass it may be refused"})
			continue
		case !required(p) && required(q):
			w.add(append(at(name), "required"), root, p.Get("required"), q.Get("required"), nil, &verdict{Breaking, PromptArgumentRequired, "callers that leave it out are refused"})
		case required(p) && !required(q):
			w.add(append(at(name), "required"), root, p.Get("required"), q.Get("required"), nil, &verdict{Compatible, PromptArgumentOptional, ""})
		}
		w.pairs(at(name), p, q, func(member string, u, v *model.Value, ptr []string) {
			switch member {
			case "required":
			case "title", "description":
				w.value(ptr, root, u, v, nil, routing(EntryWordsChanged))
			default:
				w.value(ptr, root, u, v, nil, &verdict{Unknown, EntryMemberChanged, "what a client does with " + member + " cannot be told"})
			}
		})
	}
	for _, name := range nb {
		if ba[name] != nil {
			continue
		}
		if required(bb[name]) {
			w.add(at(name), root, nil, bb[name], nil, &verdict{Breaking, PromptArgumentAdded, "a new required argument: callers that leave it out are refused"})
		} else {
			w.add(at(name), root, nil, bb[name], nil, &verdict{Routing, PromptArgumentAdded, "a new optional argument: a model reads its description"})
		}
	}
}
