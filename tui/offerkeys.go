package tui

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"mcpeek/model"
	"mcpeek/tui/dialog"
	"mcpeek/tui/resultview"
)

// ResourceUpdatedMsg tells the model that a subscribed resource changed
// (the bridge sends it for mcpclient.EventResourceUpdated).
type ResourceUpdatedMsg struct {
	Server, URI string
}

// subscribedMsg is the answer to a subscribe (u), or to an unsubscribe
// (u again: off).
type subscribedMsg struct {
	server, uri string
	off         bool
	err         error
}

// offerKey handles the keys of the log screen and of an offer row (and
// its pane); handled says the key was taken.
func (m *Model) offerKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	k := &m.keys
	if m.offers.logs.Open || key.Matches(msg, k.Logs) {
		return m.logsKey(msg), true
	}
	if key.Matches(msg, k.RefreshLists) {
		if _, ok := m.selectedServer(); ok {
			return m.refreshOffers(), true
		}
	}
	srv, so, ref, ok := m.selectedOffer()
	p := m.offers.shown
	if !ok || p == nil {
		return nil, false
	}
	if key.Matches(msg, k.View) && p.schema != nil {
		p.showSchema = !p.showSchema
		return nil, true
	}
	if m.term.focus == focusView {
		t := p.shown()
		switch {
		case key.Matches(msg, k.Pane), t == nil:
			m.term.focus = focusTools
			return nil, key.Matches(msg, k.Pane)
		}
		return m.act(t.Key(msg, k)), true
	}
	switch {
	case key.Matches(msg, k.Toggle), key.Matches(msg, k.Unfold), key.Matches(msg, k.CallForm):
		if ref.kind == offerResource {
			uri := so.resources[ref.i].URI
			return m.readOffer(p, uri, "", nil, uri), true
		}
		return m.openOfferForm(p, srv, so), true
	case key.Matches(msg, k.Subscribe):
		return m.subscribe(srv, so, ref), true
	case key.Matches(msg, k.CopyValue):
		return m.copyText(offerCopyText(so, ref), "the "+ref.kind.String()+"'s name"), true
	case key.Matches(msg, k.Details):
		m.dialogs.Open(dialog.NewDetails(m.offerDetailLines(so, ref)))
		return nil, true
	case key.Matches(msg, k.Pane):
		if p.shown() != nil {
			m.term.focus = focusView
		}
		return nil, true
	case key.Matches(msg, k.Fold):
		m.tools.UpToServer()
		return m.showSelected(), true
	case key.Matches(msg, k.Copy), key.Matches(msg, k.Planner), key.Matches(msg, k.Compare),
		key.Matches(msg, k.Result), key.Matches(msg, k.Diff), key.Matches(msg, k.Findings),
		key.Matches(msg, k.CallAgain), key.Matches(msg, k.Save), key.Matches(msg, k.SaveCall), key.Matches(msg, k.View):
		return m.setStatus("a tool's key: select a tool", false), true
	}
	return nil, false
}

// offerCopyText is what Y copies of an offer: a resource's URI, a
// template's URI template, a prompt's name.
func offerCopyText(so *serverOffers, r offerRef) string {
	switch r.kind {
	case offerResource:
		return so.resources[r.i].URI
	case offerTemplate:
		return so.templates[r.i].URITemplate
	}
	return so.name(r)
}

// offerDetailLines are the details dialog of an offer (i): its details
// with the whole description, then the entry as the server sent it.
func (m *Model) offerDetailLines(so *serverOffers, r offerRef) []string {
	s := &m.styles
	width := max(min(m.term.width-4, 100), 30) - 4
	lines := offerDetails(s, so, r, width)
	var desc string
	var raw []byte
	switch r.kind {
	case offerResource:
		desc, raw = so.resources[r.i].Description, so.resources[r.i].Raw
	case offerTemplate:
		desc, raw = so.templates[r.i].Description, so.templates[r.i].Raw
	case offerPrompt:
		desc, raw = so.prompts[r.i].Description, so.prompts[r.i].Raw
	}
	lines = append(lines, "")
	for _, l := range wrapText(model.SanitizeLine(desc), width) {
		lines = append(lines, l)
	}
	lines = append(lines, "", s.Dim.Render("as the server sent it"))
	for _, l := range resultview.TextNodes(resultview.PrettyJSON(raw)) {
		lines = append(lines, fit(l.Name, width))
	}
	for _, n := range so.notes {
		lines = append(lines, s.ErrText.Render(fit(n, width)))
	}
	return lines
}

// subscribe asks the server for the updates of the resource (u), or to
// stop them when it is subscribed to already.
func (m *Model) subscribe(srv model.Server, so *serverOffers, r offerRef) tea.Cmd {
	o := m.offerer()
	if r.kind != offerResource || o == nil {
		return m.setStatus("u subscribes to a resource's updates", true)
	}
	if !srv.Offers.Subscribe {
		return m.setStatus(srv.Name+" does not offer subscriptions", true)
	}
	uri := so.resources[r.i].URI
	ctx, server, off := m.life.ctx, srv.Name, so.marks.Subscribed(uri)
	return func() tea.Msg {
		if off {
			return subscribedMsg{server: server, uri: uri, off: true, err: o.UnsubscribeResource(ctx, server, uri)}
		}
		return subscribedMsg{server: server, uri: uri, err: o.SubscribeResource(ctx, server, uri)}
	}
}

func (m *Model) subscribed(msg subscribedMsg) tea.Cmd {
	verb := "subscribe"
	if msg.off {
		verb = "unsubscribe"
	}
	if msg.err != nil {
		return m.setStatus(errorf("%s: %w", verb, msg.err).Error(), true)
	}
	so := m.offers.get(msg.server)
	if so == nil {
		return nil
	}
	if msg.off {
		so.marks.Unsubscribe(msg.uri)
		so.marks.Read(msg.uri)
		m.showOffer()
		return m.setStatus("unsubscribed from "+model.SanitizeLine(msg.uri), false)
	}
	so.marks.Subscribe(msg.uri)
	m.showOffer()
	return m.setStatus("subscribed to "+model.SanitizeLine(msg.uri)+": a change marks it (u again stops)", false)
}

// subscriptionEndedMsg tells the model that a subscription ended without
// u: a new connection could not make it again
// (mcpclient.EventSubscriptionEnded).
type subscriptionEndedMsg struct {
	server, uri, err string
}

// subscriptionEnded drops the subscribed mark of a resource whose
// subscription the server's new connection refused, and says so.
func (m *Model) subscriptionEnded(msg subscriptionEndedMsg) tea.Cmd {
	if so := m.offers.get(msg.server); so != nil {
		so.marks.Unsubscribe(msg.uri)
		m.showOffer()
	}
	return m.setStatus(fmt.Sprintf("%s: updates of %s stopped: %s (u subscribes again)",
		msg.server, model.SanitizeLine(msg.uri), msg.err), true)
}

// resourceUpdated marks a subscribed resource the server says changed
// (or a part of it); enter reads it again. An update that refreshes
// nothing does nothing (see resourcemarks; Filter drops it before it
// gets here).
func (m *Model) resourceUpdated(msg ResourceUpdatedMsg) tea.Cmd {
	so := m.offers.get(msg.Server)
	if so == nil {
		return nil
	}
	uri, refresh := so.marks.Take(msg.URI)
	if !refresh {
		return nil
	}
	m.showOffer()
	what := model.SanitizeLine(uri)
	if uri != msg.URI {
		what = model.SanitizeLine(msg.URI) + ", a part of " + what + ","
	}
	return m.setStatus(msg.Server+": "+what+" changed (enter reads it again)", false)
}
