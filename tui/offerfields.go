package tui

import (
	"encoding/json"
	"strings"

	tea "charm.land/bubbletea/v2"

	"mcpeek/mcpclient"
	"mcpeek/model"
	"mcpeek/model/fieldpath"
	"mcpeek/summarizer/search"
	"mcpeek/tui/resultview"
	"mcpeek/tui/toollist"
)

// The field search (f) finds fields in resources, templates and prompts
// too, where they have a schema: a JSON Schema in a resource's or
// template's _meta is searched as an output schema, a template's
// variables and a prompt's arguments as inputs. Each such offer enters
// the index as a tool named "KIND:NAME" of its server ("o.prompt:greet"),
// and the hit leads back to its row.

// offerLists are a server's lists of offers, taken on the UI loop for the
// index to read off it (the lists are replaced, never changed, on a new
// load).
type offerLists struct {
	server    string
	resources []mcpclient.Resource
	templates []mcpclient.ResourceTemplate
	prompts   []mcpclient.Prompt
}

// offerListsOf takes the servers' lists, and how many offers they hold.
func (m *Model) offerListsOf() ([]offerLists, int) {
	var out []offerLists
	n := 0
	for _, srv := range m.fleet.servers {
		so := m.offers.get(srv.Name)
		if so == nil {
			continue
		}
		out = append(out, offerLists{server: srv.Name, resources: so.resources, templates: so.templates, prompts: so.prompts})
		n += len(so.resources) + len(so.templates) + len(so.prompts)
	}
	return out, n
}

// offerTools are the offers that have a schema, as tools for the index,
// and the row each one's id leads to.
func offerTools(lists []offerLists) ([]model.Tool, map[string]toollist.Key) {
	var tools []model.Tool
	keys := map[string]toollist.Key{}
	add := func(server string, kind offerKind, name string, in, out json.RawMessage) {
		t := model.Tool{Server: server, Name: kind.String() + ":" + name, InputSchema: in, OutputSchema: out}
		tools = append(tools, t)
		keys[t.ID().String()] = toollist.Key{Server: server, Offer: t.Name}
	}
	for _, l := range lists {
		for _, r := range l.resources {
			if _, raw := resultview.MetaSchema(metaOf(r.Raw)); raw != nil {
				add(l.server, offerResource, r.Name, nil, raw)
			}
		}
		for _, t := range l.templates {
			_, raw := resultview.MetaSchema(metaOf(t.Raw))
			in := stringsSchema(templateVars(t.URITemplate), nil, nil)
			if raw != nil || in != nil {
				add(l.server, offerTemplate, t.Name, in, raw)
			}
		}
		for _, p := range l.prompts {
			names, descs := make([]string, len(p.Arguments)), make([]string, len(p.Arguments))
			var required []string
			for i, a := range p.Arguments {
				names[i], descs[i] = a.Name, a.Description
				if a.Required {
					required = append(required, a.Name)
				}
			}
			if in := stringsSchema(names, descs, required); in != nil {
				add(l.server, offerPrompt, p.Name, in, nil)
			}
		}
	}
	return tools, keys
}

// metaOf is an entry's _meta, nil when it has none.
func metaOf(raw json.RawMessage) json.RawMessage {
	var e struct {
		Meta json.RawMessage `json:"_meta"`
	}
	_ = json.Unmarshal(raw, &e)
	return e.Meta
}

// stringsSchema is an object schema of string properties named names
// (a template's variables, a prompt's arguments); nil for none.
func stringsSchema(names, descs, required []string) json.RawMessage {
	if len(names) == 0 {
		return nil
	}
	props := map[string]any{}
	for i, n := range names {
		p := map[string]any{"type": "string"}
		if i < len(descs) && descs[i] != "" {
			p["description"] = descs[i]
		}
		props[n] = p
	}
	s := map[string]any{"type": "object", "properties": props}
	if len(required) > 0 {
		s["required"] = required
	}
	b, _ := json.Marshal(s)
	return b
}

// jumpToOffer selects the offer row a hit leads to and, for a field of a
// schema in _meta, shows it in the offer's schema tree.
func (m *Model) jumpToOffer(h search.Hit, k toollist.Key) tea.Cmd {
	if !m.tools.Reveal(m.fleet.servers, m.toolInfoOf, k) {
		return m.setStatus(model.SanitizeLine(h.ToolID.String())+" is gone", true)
	}
	m.term.focus = focusTools
	cmd := m.showSelected()
	p := m.offers.shown
	what := model.SanitizeLine(h.Path) + " of " + model.SanitizeLine(k.Offer)
	if h.Side == search.Input || p == nil || p.schema == nil {
		kind, _, _ := strings.Cut(k.Offer, ":")
		noun := "argument "
		if kind == offerTemplate.String() {
			noun = "variable "
		}
		return tea.Batch(cmd, m.setStatus(noun+what+": enter opens its form", false))
	}
	p.showSchema, m.term.focus = true, focusView
	if _, ok := p.schema.Tree().JumpTo(h.Field.On(fieldpath.Output)); !ok {
		return tea.Batch(cmd, m.setStatus("no line "+what+" in its schema", true))
	}
	return cmd
}
