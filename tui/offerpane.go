package tui

import (
	"cmp"
	"encoding/json"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"mcpeek/mcpclient"
	"mcpeek/model"
	"mcpeek/summarizer/schematree"
	"mcpeek/tui/kit"
	"mcpeek/tui/resultview"
	"mcpeek/tui/toolview"
)

// offerPane is the right pane of an offer row: the offer's details, then
// what reading it (a resource, a template filled in) or getting it (a
// prompt) returned, as a tree the result view's keys move through.
type offerPane struct {
	server string
	ref    offerRef
	// head are the detail lines, drawn above the result.
	head []string
	// result is the last read or get, nil before one; what says what was
	// read (the URI, the prompt and its arguments).
	result *toolview.TreePane
	what   string
	// schema is the tree of a JSON Schema in the resource's _meta (its
	// list entry's, or its contents'), the tree a tool's schema gets;
	// showSchema says v shows it in place of the result.
	schema     *toolview.TreePane
	schemaName string
	showSchema bool
	// waiting is the read or get under way, 0 for none; err the last one's
	// failure.
	waiting ticket
	err     string
	width   int
	height  int
}

// offerReadMsg is a read or get's answer, its tree built off the loop.
type offerReadMsg struct {
	server, key string
	ticket      ticket
	what        string
	tree        *schematree.Tree
	// schema is the tree of a JSON Schema in the contents' _meta, if any.
	schema     *schematree.Tree
	schemaName string
	err        error
}

// showOffer makes the right pane show the offer under the cursor, keeping
// the pane (and its last result) of an offer shown before.
func (m *Model) showOffer() tea.Cmd {
	srv, so, ref, ok := m.selectedOffer()
	if !ok {
		m.offers.shown = nil
		return nil
	}
	key := srv.Name + "\x00" + m.offers.Key(srv.Name, ref)
	if m.offers.panes == nil {
		m.offers.panes = map[string]*offerPane{}
	}
	p := m.offers.panes[key]
	if p == nil {
		p = &offerPane{server: srv.Name, ref: ref}
		m.offers.panes[key] = p
	}
	p.ref = ref // the lists may have been loaded again
	if p.schema == nil && ref.kind != offerPrompt {
		raw := so.templateOrResourceRaw(ref)
		var entry struct {
			Meta json.RawMessage `json:"_meta"`
		}
		if json.Unmarshal(raw, &entry) == nil {
			if name, t := resultview.MetaSchemaTree(entry.Meta); t != nil {
				p.schema, p.schemaName = toolview.NewTreePane(t, model.SanitizeLine(srv.Name)), name
			}
		}
	}
	p.head = offerDetails(&m.styles, so, ref, max(m.term.layout.rightW, 20))
	if p.schema != nil {
		p.head = append(p.head, m.styles.Accent.Render("a JSON Schema in _meta."+model.SanitizeLine(p.schemaName)+": v shows its tree"))
	}
	p.resize(m.term.layout.rightW, m.term.layout.bodyH)
	m.offers.shown = p
	return nil
}

func (p *offerPane) resize(width, height int) {
	p.width, p.height = width, height
	for _, t := range []*toolview.TreePane{p.result, p.schema} {
		if t != nil {
			t.Resize(width, max(height-len(p.head)-2, 1)) // the head, the line of what is shown
		}
	}
}

// shown is the tree the pane shows, nil before a read.
func (p *offerPane) shown() *toolview.TreePane {
	if p.showSchema && p.schema != nil {
		return p.schema
	}
	return p.result
}

// render draws the details, then the result or what is awaited.
func (p *offerPane) render(s *kit.Styles, focused bool) string {
	var b strings.Builder
	for i, l := range p.head {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(fit(l, p.width))
	}
	b.WriteByte('\n')
	switch {
	case p.showSchema && p.schema != nil:
		b.WriteString(fit(s.Dim.Render("─ the schema in _meta."+model.SanitizeLine(p.schemaName)+" (v: the contents)"), p.width) + "\n")
		b.WriteString(p.schema.Render(kit.Frame{Styles: s, Focused: focused}))
	case p.waiting != 0:
		b.WriteString(s.Dim.Render("asking the server…"))
	case p.err != "":
		b.WriteString(fit(s.ErrText.Render(p.err), p.width))
	case p.result != nil:
		b.WriteString(fit(s.Dim.Render("─ "+p.what), p.width) + "\n")
		b.WriteString(p.result.Render(kit.Frame{Styles: s, Focused: focused}))
	default:
		b.WriteString(s.Faint.Render(offerHint(p.ref.kind)))
	}
	return b.String()
}

func offerHint(k offerKind) string {
	switch k {
	case offerResource:
		return "enter: read · u: subscribe to updates (again: stop) · Y: copy the URI · i: details"
	case offerTemplate:
		return "enter: fill in the variables and read · Y: copy the template · i: details"
	}
	return "enter: fill in the arguments and get the messages · Y: copy the name · i: details"
}

// offerDetails are the lines that describe an offer: kind and name, title,
// where it is, mime type and size, arguments, description, and what the
// server said of caching its list. All text is sanitised.
func offerDetails(s *kit.Styles, so *serverOffers, r offerRef, width int) []string {
	line := func(k, v string) string { return s.Dim.Render(k+" ") + model.SanitizeLine(v) }
	var out []string
	var title, desc string
	var icons []mcpclient.Icon
	switch r.kind {
	case offerResource:
		x := so.resources[r.i]
		title, desc, icons = x.Title, x.Description, x.Icons
		out = append(out, s.Title.Render(model.SanitizeLine(x.Name))+s.Dim.Render("  resource"), line("uri", x.URI))
		meta := model.SanitizeLine(x.MIMEType)
		if x.Size >= 0 {
			meta = strings.TrimSpace(meta + "  " + resultview.ByteSize(int(min(x.Size, 1<<40))))
		}
		if meta != "" {
			out = append(out, line("type", meta))
		}
		switch {
		case so.marks.Changed(x.URI):
			out = append(out, s.Accent.Render("updated since last read: enter reads it again"))
		case so.marks.Subscribed(x.URI):
			out = append(out, s.Dim.Render("subscribed to its updates"))
		}
	case offerTemplate:
		x := so.templates[r.i]
		title, desc, icons = x.Title, x.Description, x.Icons
		out = append(out, s.Title.Render(model.SanitizeLine(x.Name))+s.Dim.Render("  resource template"), line("uri", x.URITemplate))
		if x.MIMEType != "" {
			out = append(out, line("type", x.MIMEType))
		}
		if vars := templateVars(x.URITemplate); len(vars) > 0 {
			out = append(out, line("variables", joinCut(vars, width)))
		}
	case offerPrompt:
		x := so.prompts[r.i]
		title, desc, icons = x.Title, x.Description, x.Icons
		out = append(out, s.Title.Render(model.SanitizeLine(x.Name))+s.Dim.Render("  prompt"))
		if len(x.Arguments) > 0 {
			names := make([]string, len(x.Arguments))
			for i, a := range x.Arguments {
				names[i] = a.Name
				if a.Required {
					names[i] += "*"
				}
			}
			out = append(out, line("arguments", joinCut(names, width)))
		}
	}
	if title != "" {
		out = append(out, line("title", title))
	}
	if len(icons) > 0 {
		types := make([]string, len(icons))
		for i, ic := range icons {
			types[i] = cmp.Or(ic.MIMEType, "icon")
		}
		out = append(out, line("icons", joinCut(types, width)))
	}
	if hint := cacheText(so.cache[cacheSlot(r.kind)]); hint != "" {
		out = append(out, line("list cache", hint))
	}
	for i, l := range wrapText(model.SanitizeLine(desc), width) {
		if i == 4 {
			out = append(out, s.Faint.Render("… (i: the whole description)"))
			break
		}
		out = append(out, s.Faint.Render(l))
	}
	return out
}

// joinCut joins names with commas, cut to about width cells (a template
// with 1,000 variables is one line).
func joinCut(names []string, width int) string {
	var b strings.Builder
	for i, n := range names {
		if b.Len() > width {
			b.WriteString("… " + plural(len(names)-i, "more"))
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(n)
	}
	return b.String()
}

// cacheSlot is the list an offer kind comes from, in serverOffers.cache.
func cacheSlot(k offerKind) int {
	switch k {
	case offerTemplate:
		return 1
	case offerPrompt:
		return 2
	}
	return 0
}

// cacheText says a list's cache hints, "" when there are none.
func cacheText(h mcpclient.CacheHint) string {
	var parts []string
	if h.TTL > 0 {
		parts = append(parts, "fresh for "+h.TTL.Round(time.Millisecond).String())
	}
	if h.Scope != "" {
		parts = append(parts, "scope "+h.Scope)
	}
	return strings.Join(parts, " · ")
}

// readOffer reads the resource at uri, or gets prompt name with args, for
// the pane p; what says what was asked.
func (m *Model) readOffer(p *offerPane, uri, prompt string, args map[string]string, what string) tea.Cmd {
	o := m.offerer()
	if o == nil {
		return nil
	}
	t := m.tickets.next()
	p.waiting, p.err = t, ""
	ctx, server, key := m.life.ctx, p.server, m.offers.Key(p.server, p.ref)
	return func() tea.Msg {
		msg := offerReadMsg{server: server, key: key, ticket: t, what: what}
		if prompt != "" {
			res, err := o.GetPrompt(ctx, server, prompt, args)
			if msg.err = err; err == nil {
				msg.tree = resultview.PromptTree(res)
			}
		} else {
			res, err := o.ReadResource(ctx, server, uri)
			if msg.err = err; err == nil {
				msg.tree = resultview.ContentsTree(res.Contents)
				for _, c := range res.Contents {
					if msg.schemaName, msg.schema = resultview.MetaSchemaTree(c.Meta); msg.schema != nil {
						break
					}
				}
			}
		}
		return msg
	}
}

// offerRead lands a read or get in its pane, unless the pane asked again
// since.
func (m *Model) offerRead(msg offerReadMsg) tea.Cmd {
	p := m.offers.panes[msg.server+"\x00"+msg.key]
	if p == nil || stale(msg.ticket, p.waiting) {
		return nil
	}
	p.waiting = 0
	if msg.err != nil {
		p.err = model.SanitizeLine(msg.err.Error())
		return m.setStatus(p.err, true)
	}
	p.result = toolview.NewTreePane(msg.tree, model.SanitizeLine(msg.server))
	p.what = model.SanitizeLine(msg.what)
	if msg.schema != nil {
		p.schema, p.schemaName = toolview.NewTreePane(msg.schema, model.SanitizeLine(msg.server)), msg.schemaName
	}
	p.showSchema = false
	if p.ref.kind == offerResource {
		if so := m.offers.get(msg.server); so.valid(p.ref) {
			so.marks.Read(so.resources[p.ref.i].URI)
		}
	}
	if m.offers.shown == p {
		m.showOffer() // the details say it is no longer updated
	}
	p.resize(p.width, p.height)
	return nil
}

// templateOrResourceRaw is a resource's or template's list entry.
func (s *serverOffers) templateOrResourceRaw(r offerRef) json.RawMessage {
	switch r.kind {
	case offerResource:
		return s.resources[r.i].Raw
	case offerTemplate:
		return s.templates[r.i].Raw
	}
	return nil
}
