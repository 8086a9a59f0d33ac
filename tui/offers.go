package tui

import (
	"context"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"mcpeek/mcpclient"
	"mcpeek/model"
	"mcpeek/summarizer/search"
	"mcpeek/tui/logview"
	"mcpeek/tui/resourcemarks"
)

// Offerer is what the explorer needs of a Backend to show what servers
// offer besides tools: resources, resource templates and prompts, their
// completions and subscriptions, and the server's log level. An
// mcpclient.Manager is one; a Backend that is not shows tools alone.
type Offerer interface {
	mcpclient.Offers
	SetLogLevel(ctx context.Context, server, level string) error
}

// offerKind is what an offer row shows.
type offerKind uint8

const (
	offerNone offerKind = iota
	offerResource
	offerTemplate
	offerPrompt
)

func (k offerKind) String() string {
	switch k {
	case offerResource:
		return "resource"
	case offerTemplate:
		return "template"
	case offerPrompt:
		return "prompt"
	}
	return ""
}

// offerRef names one resource, template or prompt of a server by its
// place in the server's lists.
type offerRef struct {
	kind offerKind
	i    int
}

// serverOffers are the lists of one server, as last loaded.
type serverOffers struct {
	resources []mcpclient.Resource
	templates []mcpclient.ResourceTemplate
	prompts   []mcpclient.Prompt
	// cache are the lists' hints (resources, templates, prompts); loaded
	// is when they were loaded: a refresh within the shortest TTL keeps
	// them.
	cache  [3]mcpclient.CacheHint
	loaded time.Time
	// notes say what went wrong or was cut, sanitised.
	notes []string
	// texts are each offer's lower-case name and text, for the filter.
	texts map[offerRef][2]string
	// marks are the resources subscribed to (u), and those changed since
	// last read.
	marks *resourcemarks.Marks
}

// offerState is what the explorer holds of the servers' offers.
type offerState struct {
	by map[string]*serverOffers
	// loading are the loads under way, by server.
	loading map[string]ticket
	// matches are the offers that pass the tools pane's filter, by server.
	matches map[string]map[offerRef]search.Score
	// shown is the offer pane of the row last selected, if any; panes are
	// every offer's pane shown so far, by server and offer key, with its
	// last result.
	shown *offerPane
	panes map[string]*offerPane
	// logs are the servers' log messages, for the log screen (M).
	logs logview.Screen
}

// offersLoadedMsg carries a server's lists.
type offersLoadedMsg struct {
	server string
	ticket ticket
	offers *serverOffers
}

// get is a server's offers, nil when none are loaded.
func (o *offerState) get(server string) *serverOffers {
	if o == nil || o.by == nil {
		return nil
	}
	return o.by[server]
}

// wantsUpdate reports whether an update of a server's resource would
// refresh anything (see resourcemarks).
func (o *offerState) wantsUpdate(server, uri string) bool {
	so := o.get(server)
	return so != nil && so.marks.Wants(uri)
}

// count is how many rows a server's offers make.
func (s *serverOffers) count() int {
	if s == nil {
		return 0
	}
	return len(s.resources) + len(s.templates) + len(s.prompts)
}

// refs are a server's offers in the order their rows show them.
func (s *serverOffers) refs() []offerRef {
	if s == nil {
		return nil
	}
	out := make([]offerRef, 0, s.count())
	for i := range s.resources {
		out = append(out, offerRef{offerResource, i})
	}
	for i := range s.templates {
		out = append(out, offerRef{offerTemplate, i})
	}
	for i := range s.prompts {
		out = append(out, offerRef{offerPrompt, i})
	}
	return out
}

// name is an offer's name as the server gave it (unsanitised).
func (s *serverOffers) name(r offerRef) string {
	switch r.kind {
	case offerResource:
		return s.resources[r.i].Name
	case offerTemplate:
		return s.templates[r.i].Name
	case offerPrompt:
		return s.prompts[r.i].Name
	}
	return ""
}

// valid reports whether r names one of s's offers.
func (s *serverOffers) valid(r offerRef) bool {
	if s == nil {
		return false
	}
	switch r.kind {
	case offerResource:
		return r.i >= 0 && r.i < len(s.resources)
	case offerTemplate:
		return r.i >= 0 && r.i < len(s.templates)
	case offerPrompt:
		return r.i >= 0 && r.i < len(s.prompts)
	}
	return false
}

// index makes the filter's texts of every offer.
func (s *serverOffers) index() {
	s.texts = make(map[offerRef][2]string, s.count())
	for _, r := range s.refs() {
		var text string
		switch r.kind {
		case offerResource:
			x := s.resources[r.i]
			text = x.Title + " " + x.URI + " " + x.Description
		case offerTemplate:
			x := s.templates[r.i]
			text = x.Title + " " + x.URITemplate + " " + x.Description
		case offerPrompt:
			x := s.prompts[r.i]
			text = x.Title + " " + x.Description
		}
		s.texts[r] = [2]string{strings.ToLower(s.name(r)), strings.ToLower(text)}
	}
}

// fresh reports whether the lists are still within their servers' TTL at
// now: the shortest TTL given wins; lists without one are never fresh.
func (s *serverOffers) fresh(now time.Time) bool {
	var ttl time.Duration
	for _, h := range s.cache {
		if h.TTL > 0 && (ttl == 0 || h.TTL < ttl) {
			ttl = h.TTL
		}
	}
	return ttl > 0 && now.Sub(s.loaded) < ttl
}

// offers reports whether a server's capabilities say it has lists to load.
func offers(srv model.Server) bool {
	return srv.State == model.StateConnected && (srv.Offers.Resources || srv.Offers.Prompts)
}

// loadOffers starts the loads the servers lack: a connected server that
// offers resources or prompts and has no lists yet. A server that is no
// longer connected forgets its lists, so that a reconnect loads them anew.
func (m *Model) loadOffers() tea.Cmd {
	o := m.offerer()
	if o == nil {
		return nil
	}
	st := &m.offers
	if st.by == nil {
		st.by, st.loading = map[string]*serverOffers{}, map[string]ticket{}
	}
	var cmds []tea.Cmd
	for _, srv := range m.fleet.servers {
		if !offers(srv) {
			if _, had := st.by[srv.Name]; had {
				delete(st.by, srv.Name)
				m.tools.Rebuild(m.fleet.servers, m.toolInfoOf)
			}
			delete(st.loading, srv.Name)
			continue
		}
		if st.by[srv.Name] != nil || st.loading[srv.Name] != 0 {
			continue
		}
		cmds = append(cmds, m.loadServerOffers(o, srv))
	}
	return tea.Batch(cmds...)
}

// refreshOffers lists the selected server's offers again (U), unless the
// server said its lists are still fresh.
func (m *Model) refreshOffers() tea.Cmd {
	o := m.offerer()
	srv, ok := m.selectedServer()
	if o == nil || !ok || !offers(srv) {
		return m.setStatus("no resources or prompts to list here", true)
	}
	if so := m.offers.get(srv.Name); so != nil && so.fresh(m.clock.now()) {
		return m.setStatus(srv.Name+": the lists are still fresh (the server's ttlMs); not asked again", false)
	}
	return tea.Batch(m.setStatus("listing "+srv.Name+"'s resources and prompts…", false), m.loadServerOffers(o, srv))
}

// loadServerOffers lists one server's resources, templates and prompts
// off the UI loop.
func (m *Model) loadServerOffers(o Offerer, srv model.Server) tea.Cmd {
	t := m.tickets.next()
	m.offers.loading[srv.Name] = t
	ctx, name, has, now := m.life.ctx, srv.Name, srv.Offers, m.clock.now
	return func() tea.Msg {
		so := &serverOffers{marks: &resourcemarks.Marks{}}
		note := func(what string, l interface{ stopped() (string, int) }, err error) {
			if err != nil {
				so.notes = append(so.notes, what+": "+model.SanitizeLine(err.Error()))
			}
			if stopped, skipped := l.stopped(); stopped != "" || skipped > 0 {
				if stopped != "" {
					so.notes = append(so.notes, what+": "+model.SanitizeLine(stopped))
				}
				if skipped > 0 {
					so.notes = append(so.notes, what+": "+plural(skipped, "malformed entry")+" skipped")
				}
			}
		}
		if has.Resources {
			rs, err := o.ListResources(ctx, name)
			so.resources, so.cache[0] = rs.Items, rs.Cache
			note("resources", listingOf(rs), err)
			ts, err := o.ListResourceTemplates(ctx, name)
			so.templates, so.cache[1] = ts.Items, ts.Cache
			note("templates", listingOf(ts), err)
		}
		if has.Prompts {
			ps, err := o.ListPrompts(ctx, name)
			so.prompts, so.cache[2] = ps.Items, ps.Cache
			note("prompts", listingOf(ps), err)
		}
		so.loaded = now()
		so.index()
		return offersLoadedMsg{server: name, ticket: t, offers: so}
	}
}

// listing is a Listing's stop reasons, whatever its entries.
type listing struct {
	why     string
	skipped int
}

func (l listing) stopped() (string, int) { return l.why, l.skipped }

func listingOf[T any](l mcpclient.Listing[T]) listing { return listing{l.Stopped, l.Skipped} }

// offersLoaded takes a server's lists, keeping what the user did with the
// old ones (subscriptions, updates).
func (m *Model) offersLoaded(msg offersLoadedMsg) tea.Cmd {
	if stale(msg.ticket, m.offers.loading[msg.server]) {
		return nil
	}
	delete(m.offers.loading, msg.server)
	if old := m.offers.by[msg.server]; old != nil {
		msg.offers.marks = old.marks
	}
	m.offers.by[msg.server] = msg.offers
	m.offers.matches = nil // the filter is tested against the new lists
	m.tools.Rebuild(m.fleet.servers, m.toolInfoOf)
	m.fitTools()
	return m.showOffer()
}

// offerer is the Backend's Offerer, if it is one.
func (m *Model) offerer() Offerer {
	o, _ := m.backend.(Offerer)
	return o
}

// selectedOffer is the offer under the tools pane's cursor, if any.
func (m *Model) selectedOffer() (model.Server, *serverOffers, offerRef, bool) {
	r, ok := m.tools.Row()
	if !ok || !r.IsOffer() || r.Server >= len(m.fleet.servers) {
		return model.Server{}, nil, offerRef{}, false
	}
	srv := m.fleet.servers[r.Server]
	so := m.offers.get(srv.Name)
	if !so.valid(r.Offer) {
		return model.Server{}, nil, offerRef{}, false
	}
	return srv, so, r.Offer, true
}
