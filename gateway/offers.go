package gateway

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/yosida95/uritemplate/v3"

	"mcpeek/mcpclient"
	"mcpeek/model"
)

// UpstreamOffers is what the gateway needs of its upstreams to offer their
// resources, resource templates and prompts besides their tools;
// *mcpclient.Manager is one. A gateway over Upstreams that are not offers
// none of them (and declares no resources or prompts capability).
type UpstreamOffers interface {
	ListResources(ctx context.Context, server string) (mcpclient.Listing[mcpclient.Resource], error)
	ListResourceTemplates(ctx context.Context, server string) (mcpclient.Listing[mcpclient.ResourceTemplate], error)
	ListPrompts(ctx context.Context, server string) (mcpclient.Listing[mcpclient.Prompt], error)
	ReadResource(ctx context.Context, server, uri string) (*mcpclient.ReadResult, error)
	GetPrompt(ctx context.Context, server, name string, args map[string]string) (*mcpclient.PromptResult, error)
	SubscribeResource(ctx context.Context, server, uri string) error
	UnsubscribeResource(ctx context.Context, server, uri string) error
	Complete(ctx context.Context, server string, ref mcpclient.CompletionRef, arg, value string, resolved map[string]string) (*mcpclient.Completion, error)
}

// The gateway lists what its upstreams list, from memory: each server's
// resources, templates and prompts are listed in the background when it
// connects and when it says they changed (list_changed), under the
// server's deadline, and the gateway's lists are rebuilt from what every
// server last answered. So a dead or hanging server never holds up a
// client's resources/list or prompts/list: it keeps what it last listed
// (nothing, if it never answered), as tools do.

// offerBook is what the gateway offers of its upstreams besides tools.
type offerBook struct {
	up UpstreamOffers

	mu      sync.Mutex
	servers map[string]*serverOffers
	// routes maps a gateway prompt name to the upstream prompt.
	routes map[string]promptRoute
	// shown is the last published lists, to tell a change from none.
	shown [3][]byte
	// subs maps a gateway resource URI to the sessions subscribed to it.
	subs map[string]map[string]bool

	publishMu sync.Mutex     // orders publishing
	wg        sync.WaitGroup // listings and subscriptions under way
	closed    bool           // wait was called: start starts nothing
}

// start runs f in the background unless the gateway is closing (life
// ended): wait waits for what was started.
func (b *offerBook) start(life context.Context, f func()) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed || life.Err() != nil {
		return
	}
	b.wg.Add(1)
	go func() {
		defer b.wg.Done()
		f()
	}()
}

// wait waits for the background work of a closing gateway; a nil book
// has none.
func (b *offerBook) wait() {
	if b == nil {
		return
	}
	b.mu.Lock()
	b.closed = true // no start is between its check and its Add
	b.mu.Unlock()
	b.wg.Wait()
}

// serverOffers is one server's lists as last answered.
type serverOffers struct {
	resources []mcpclient.Resource
	templates []mcpclient.ResourceTemplate
	prompts   []mcpclient.Prompt
	// listed says the last listing got every list the server offers; a
	// client's list starts another when it is false.
	listed bool
	// running and again coalesce listings: one at a time per server, and
	// one more when asked while one runs.
	running, again bool
	// first is closed when the server's first listing ended; it started
	// at since.
	first chan struct{}
	since time.Time
}

// firstListWait bounds how long after a server's first listing started a
// client's list waits for it (a gateway just started, a server just
// connected): past it lists answer without the server, and list_changed
// tells the clients once it is listed. So a hanging server delays lists
// by at most this, once.
const firstListWait = time.Second

type promptRoute struct{ server, name string }

// newOfferBook returns the book for up, or nil when up cannot offer.
func newOfferBook(up Upstreams) *offerBook {
	o, ok := up.(UpstreamOffers)
	if !ok {
		return nil
	}
	return &offerBook{up: o, servers: map[string]*serverOffers{}, routes: map[string]promptRoute{}, subs: map[string]map[string]bool{}}
}

// offerOptions are the server options of a gateway that offers resources
// and prompts: both capabilities with listChanged, resources with
// subscribe, and the hooks that pass subscriptions on and list lazily.
func (g *Gateway) offerOptions() []server.ServerOption {
	if g.offers == nil {
		return nil
	}
	hooks := &server.Hooks{}
	hooks.AddAfterSubscribe(func(ctx context.Context, _ any, req *mcp.SubscribeRequest, _ *mcp.EmptyResult) {
		g.subscribe(ctx, req.Params.URI, true)
	})
	hooks.AddAfterUnsubscribe(func(ctx context.Context, _ any, req *mcp.UnsubscribeRequest, _ *mcp.EmptyResult) {
		g.subscribe(ctx, req.Params.URI, false)
	})
	hooks.AddOnUnregisterSession(func(_ context.Context, s server.ClientSession) { g.dropSession(s.SessionID()) })
	// A server connected since it was last listed is listed now, for the
	// next request: an owner that does not pass on the Manager's events
	// (HandleEvent) still sees its servers' offers.
	hooks.AddBeforeListResources(func(ctx context.Context, _ any, _ *mcp.ListResourcesRequest) { g.beforeList(ctx) })
	hooks.AddBeforeListResourceTemplates(func(ctx context.Context, _ any, _ *mcp.ListResourceTemplatesRequest) { g.beforeList(ctx) })
	hooks.AddBeforeListPrompts(func(ctx context.Context, _ any, _ *mcp.ListPromptsRequest) { g.beforeList(ctx) })
	return []server.ServerOption{
		server.WithResourceCapabilities(true, true),
		server.WithPromptCapabilities(true),
		server.WithCompletions(),
		server.WithPromptCompletionProvider(offerCompletions{g}),
		server.WithResourceCompletionProvider(offerCompletions{g}),
		server.WithHooks(hooks),
	}
}

// HandleEvent tells the gateway what the owner of the upstreams heard
// from them (mcpclient.Manager.Events): changed tools rebuild the registry
// (as Refresh), a server that connected or said its resources or prompts
// changed is listed again, and a resource update is passed on to the
// clients subscribed to it. Other events are ignored.
func (g *Gateway) HandleEvent(ev mcpclient.Event) {
	switch ev.Kind {
	case mcpclient.EventToolsChanged:
		g.Refresh()
	case mcpclient.EventStateChanged:
		if ev.State == model.StateConnected {
			g.listOffers(ev.Server)
		}
	case mcpclient.EventResourcesChanged, mcpclient.EventPromptsChanged:
		g.listOffers(ev.Server)
	case mcpclient.EventResourceUpdated:
		g.resourceUpdated(ev.Server, ev.URI)
	}
}

// beforeList runs before a client's resources/list,
// resources/templates/list or prompts/list: it starts listing the servers
// not listed since they connected, and waits up to firstListWait for the
// first listings under way.
func (g *Gateway) beforeList(ctx context.Context) {
	g.listUnlisted()
	b := g.offers
	type firstListing struct {
		done  chan struct{}
		until time.Time
	}
	var pending []firstListing
	b.mu.Lock()
	for _, so := range b.servers {
		select {
		case <-so.first:
		default:
			pending = append(pending, firstListing{so.first, so.since.Add(firstListWait)})
		}
	}
	b.mu.Unlock()
	for _, p := range pending {
		wait := time.Until(p.until)
		if wait <= 0 {
			continue
		}
		t := time.NewTimer(wait)
		select {
		case <-p.done:
		case <-t.C:
		case <-ctx.Done():
		case <-g.life.Done():
		}
		t.Stop()
	}
}

// listUnlisted starts a listing of every connected server not listed since
// it connected. It does not wait for them.
func (g *Gateway) listUnlisted() {
	if g.offers == nil {
		return
	}
	for _, s := range g.up.Servers() {
		if s.State != model.StateConnected || !(s.Offers.Resources || s.Offers.Prompts) {
			continue
		}
		g.offers.mu.Lock()
		so := g.offers.servers[s.Name]
		listed := so != nil && (so.listed || so.running)
		g.offers.mu.Unlock()
		if !listed {
			g.listOffers(s.Name)
		}
	}
}

// listOffers lists server's resources, templates and prompts in the
// background and publishes them. A listing already under way is followed
// by one more.
func (g *Gateway) listOffers(name string) {
	b := g.offers
	if b == nil {
		return
	}
	b.mu.Lock()
	so := b.servers[name]
	if so == nil {
		so = &serverOffers{first: make(chan struct{}), since: time.Now()}
		b.servers[name] = so
	}
	if so.running {
		so.again = true
		b.mu.Unlock()
		return
	}
	so.running = true
	b.mu.Unlock()
	b.start(g.life, func() {
		for {
			g.listServer(name)
			b.mu.Lock()
			select {
			case <-so.first:
			default:
				close(so.first)
			}
			b.mu.Unlock()
			b.mu.Lock()
			again := so.again && g.life.Err() == nil
			so.again = false
			so.running = again
			b.mu.Unlock()
			if !again {
				return
			}
		}
	})
}

// listServer lists one server under its deadline and publishes what
// changed. A list the server fails to give keeps what it gave before.
func (g *Gateway) listServer(name string) {
	var srv model.Server
	found := false
	for _, s := range g.up.Servers() {
		if s.Name == name {
			srv, found = s, true
		}
	}
	if !found || srv.State != model.StateConnected {
		return
	}
	ctx, cancel := context.WithTimeout(g.life, g.deadline(name))
	defer cancel()
	b := g.offers
	b.mu.Lock()
	so := b.servers[name]
	resources, templates, prompts := so.resources, so.templates, so.prompts
	b.mu.Unlock()
	ok := true
	if srv.Offers.Resources {
		if l, err := b.up.ListResources(ctx, name); err == nil {
			resources = l.Items
		} else {
			ok = false
		}
		// A server may offer resources and no templates.
		if l, err := b.up.ListResourceTemplates(ctx, name); err == nil {
			templates = l.Items
		} else {
			templates = nil
		}
	} else {
		resources, templates = nil, nil
	}
	if srv.Offers.Prompts {
		if l, err := b.up.ListPrompts(ctx, name); err == nil {
			prompts = l.Items
		} else {
			ok = false
		}
	} else {
		prompts = nil
	}
	b.mu.Lock()
	so.resources, so.templates, so.prompts = resources, templates, prompts
	so.listed = ok
	b.mu.Unlock()
	g.publishOffers()
}

// publishOffers rebuilds the gateway's resources, templates and prompts
// from every server's lists and the policy, and hands those that changed
// to mcp-go, which tells the clients (list_changed).
func (g *Gateway) publishOffers() {
	b := g.offers
	if b == nil {
		return
	}
	b.publishMu.Lock()
	defer b.publishMu.Unlock()
	g.regMu.Lock()
	policy := g.policy
	g.regMu.Unlock()

	b.mu.Lock()
	names := make([]string, 0, len(b.servers))
	for name := range b.servers {
		names = append(names, name)
	}
	slices.Sort(names)
	var (
		resources []server.ServerResource
		templates []server.ServerResourceTemplate
		prompts   []mcp.Prompt
		routes    []promptRoute
	)
	for _, name := range names {
		so := b.servers[name]
		for _, r := range so.resources {
			if res, ok := offerResource(name, r, policy); ok {
				resources = append(resources, server.ServerResource{Resource: res, Handler: g.readResource})
			}
		}
		for _, t := range so.templates {
			if tmpl, ok := offerTemplate(name, t, policy); ok {
				templates = append(templates, server.ServerResourceTemplate{Template: tmpl, Handler: g.readResource})
			}
		}
		for _, p := range so.prompts {
			if prompt, ok := offerPrompt(name, p, policy); ok {
				prompts = append(prompts, prompt)
				routes = append(routes, promptRoute{server: name, name: p.Name})
			}
		}
	}
	nameCollisions(prompts, routes)
	b.routes = map[string]promptRoute{}
	served := make([]server.ServerPrompt, len(prompts))
	for i, p := range prompts {
		b.routes[p.Name] = routes[i]
		served[i] = server.ServerPrompt{Prompt: p, Handler: g.getPrompt}
	}
	shown := [3][]byte{marshal(resourcesOf(resources)), marshal(templatesOf(templates)), marshal(prompts)}
	changed := [3]bool{}
	for i := range shown {
		changed[i] = !bytes.Equal(shown[i], b.shown[i])
	}
	b.shown = shown
	b.mu.Unlock()

	if changed[0] {
		g.srv.SetResources(resources...)
	}
	if changed[1] {
		g.srv.SetResourceTemplates(templates...)
	}
	if changed[2] {
		g.srv.SetPrompts(served...)
	}
}

func resourcesOf(rs []server.ServerResource) []mcp.Resource {
	out := make([]mcp.Resource, len(rs))
	for i, r := range rs {
		out[i] = r.Resource
	}
	return out
}

func templatesOf(ts []server.ServerResourceTemplate) []mcp.ResourceTemplate {
	out := make([]mcp.ResourceTemplate, len(ts))
	for i, t := range ts {
		out[i] = t.Template
	}
	return out
}

// offerScheme is the scheme of the gateway's resource URIs:
// mcpeek://<server>/<the upstream's URI>.
const offerScheme = "mcpeek://"

// offerURI is the gateway's URI (or URI template) for an upstream's: the
// server's name, percent-encoded outside letters, digits and "-._~", as
// the authority, and the upstream's URI whole as the path. Reading it
// back needs no table: the part after the server is what the upstream is
// asked for, which is what lets a template's expansions be routed.
func offerURI(server, uri string) string {
	return offerScheme + escapeServer(server) + "/" + uri
}

// splitOfferURI reads a gateway URI back: the server and its URI.
func splitOfferURI(uri string) (server, upstream string, ok bool) {
	rest, ok := strings.CutPrefix(uri, offerScheme)
	if !ok {
		return "", "", false
	}
	enc, upstream, ok := strings.Cut(rest, "/")
	if !ok || enc == "" {
		return "", "", false
	}
	server, ok = unescapeServer(enc)
	return server, upstream, ok
}

func escapeServer(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '-', c == '.', c == '_', c == '~':
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

func unescapeServer(s string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			b.WriteByte(s[i])
			continue
		}
		if i+2 >= len(s) {
			return "", false
		}
		var c byte
		if _, err := fmt.Sscanf(s[i+1:i+3], "%02X", &c); err != nil {
			return "", false
		}
		b.WriteByte(c)
		i += 2
	}
	return b.String(), true
}

// offerID is the name an upstream's resource, template or prompt has at
// the gateway, as an op id: "<server>.<name>". The policy's globs match it.
func offerID(server, name string) string { return server + "." + name }

// allows reports whether the policy's globs let id through (read-only
// does not apply: reading a resource or getting a prompt changes nothing).
func (p Policy) allows(id string) bool {
	for _, g := range p.Deny {
		if globMatch(g, id) {
			return false
		}
	}
	if len(p.Allow) == 0 {
		return true
	}
	for _, g := range p.Allow {
		if globMatch(g, id) {
			return true
		}
	}
	return false
}

// offerResource is r as the gateway lists it: its URI and name prefixed,
// the rest as the server gave it.
func offerResource(server string, r mcpclient.Resource, p Policy) (mcp.Resource, bool) {
	var res mcp.Resource
	if err := json.Unmarshal(r.Raw, &res); err != nil || r.URI == "" {
		return res, false
	}
	res.Name = offerID(server, r.Name)
	if !p.allows(res.Name) {
		return res, false
	}
	res.URI = offerURI(server, r.URI)
	return res, true
}

// offerTemplate is t as the gateway lists it; a template that is not an
// RFC 6570 template is left out (no client could expand it).
func offerTemplate(server string, t mcpclient.ResourceTemplate, p Policy) (mcp.ResourceTemplate, bool) {
	var tmpl mcp.ResourceTemplate
	if err := json.Unmarshal(t.Raw, &tmpl); err != nil || t.URITemplate == "" {
		return tmpl, false
	}
	tmpl.Name = offerID(server, t.Name)
	if !p.allows(tmpl.Name) {
		return tmpl, false
	}
	parsed, err := uritemplate.New(offerURI(server, t.URITemplate))
	if err != nil {
		return tmpl, false
	}
	tmpl.URITemplate = &mcp.URITemplate{Template: parsed}
	return tmpl, true
}

// offerPrompt is p as the gateway lists it, named "<server>.<prompt>".
func offerPrompt(server string, p mcpclient.Prompt, pol Policy) (mcp.Prompt, bool) {
	var prompt mcp.Prompt
	if err := json.Unmarshal(p.Raw, &prompt); err != nil || p.Name == "" {
		return prompt, false
	}
	prompt.Name = offerID(server, p.Name)
	return prompt, pol.allows(prompt.Name)
}

// nameCollisions gives every prompt whose name another shares (server
// names with dots: "a.b" + "c" and "a" + "b.c") "_" and 8 hex digits of
// a hash of its server and name, as direct mode does for tools.
func nameCollisions(prompts []mcp.Prompt, routes []promptRoute) {
	count := map[string]int{}
	for _, p := range prompts {
		count[p.Name]++
	}
	for i := range prompts {
		if count[prompts[i].Name] > 1 {
			prompts[i].Name = hashedName(prompts[i].Name, routes[i].server+"\x00"+routes[i].name)
		}
	}
}

// readResource passes a resources/read on to the server the URI names,
// under its deadline; the contents' URIs come back in the gateway's form.
func (g *Gateway) readResource(ctx context.Context, req mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
	name, uri, ok := splitOfferURI(req.Params.URI)
	if !ok {
		return nil, fmt.Errorf("%s is not a resource of the gateway (mcpeek://SERVER/URI)", req.Params.URI)
	}
	ctx, cancel, d := g.offerContext(ctx, name)
	defer cancel()
	res, err := g.offers.up.ReadResource(ctx, name, uri)
	if err != nil {
		return nil, offerError(ctx, name, d, err)
	}
	parsed, err := mcp.ParseReadResourceResult(&res.Raw)
	if err != nil {
		return nil, fmt.Errorf("%s answered resources/read badly: %w", name, err)
	}
	for i, c := range parsed.Contents {
		parsed.Contents[i] = offerContents(name, c)
	}
	return parsed.Contents, nil
}

// offerContents is c with its URI in the gateway's form.
func offerContents(server string, c mcp.ResourceContents) mcp.ResourceContents {
	switch c := c.(type) {
	case mcp.TextResourceContents:
		c.URI = offerURI(server, c.URI)
		return c
	case mcp.BlobResourceContents:
		c.URI = offerURI(server, c.URI)
		return c
	}
	return c
}

// getPrompt passes a prompts/get on to the prompt's server, with the
// caller's arguments, under the server's deadline.
func (g *Gateway) getPrompt(ctx context.Context, req mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	g.offers.mu.Lock()
	route, ok := g.offers.routes[req.Params.Name]
	g.offers.mu.Unlock()
	if !ok {
		return nil, errNoOffer("prompt", req.Params.Name)
	}
	ctx, cancel, d := g.offerContext(ctx, route.server)
	defer cancel()
	res, err := g.offers.up.GetPrompt(ctx, route.server, route.name, req.Params.Arguments)
	if err != nil {
		return nil, offerError(ctx, route.server, d, err)
	}
	parsed, err := mcp.ParseGetPromptResult(&res.Raw)
	if err != nil {
		return nil, fmt.Errorf("%s answered prompts/get badly: %w", route.server, err)
	}
	// The resources a message embeds or links are named as the gateway
	// offers them, so that the client can read them through it.
	for i, m := range parsed.Messages {
		switch c := m.Content.(type) {
		case mcp.EmbeddedResource:
			c.Resource = offerContents(route.server, c.Resource)
			parsed.Messages[i].Content = c
		case mcp.ResourceLink:
			c.URI = offerURI(route.server, c.URI)
			parsed.Messages[i].Content = c
		}
	}
	return parsed, nil
}

func errNoOffer(what, name string) error {
	return fmt.Errorf("%s %q is not offered by the gateway", what, name)
}

// offerContext bounds a request to server by its deadline and by the
// gateway's life.
func (g *Gateway) offerContext(ctx context.Context, server string) (context.Context, context.CancelFunc, time.Duration) {
	d := g.deadline(server)
	ctx, cancel := context.WithTimeout(ctx, d)
	stop := context.AfterFunc(g.life, cancel)
	return ctx, func() { stop(); cancel() }, d
}

// offerError is the error a request to server answers: the upstream's
// own (which names the server and carries its message), or that the
// deadline passed.
func offerError(ctx context.Context, server string, d time.Duration, err error) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return fmt.Errorf("%s did not answer within the %s deadline", server, d)
	}
	return err
}

// subscribe records that the caller's session subscribes to (or
// unsubscribes from) uri, and passes the first subscription and the last
// unsubscription on to the upstream, in the background: mcp-go has
// already answered the client.
func (g *Gateway) subscribe(ctx context.Context, uri string, on bool) {
	session := server.ClientSessionFromContext(ctx)
	name, upstream, ok := splitOfferURI(uri)
	if session == nil || !ok {
		return
	}
	b := g.offers
	b.mu.Lock()
	sessions := b.subs[uri]
	before := len(sessions)
	if on {
		if sessions == nil {
			sessions = map[string]bool{}
			b.subs[uri] = sessions
		}
		sessions[session.SessionID()] = true
	} else {
		delete(sessions, session.SessionID())
		if len(sessions) == 0 {
			delete(b.subs, uri)
		}
	}
	after := len(sessions)
	b.mu.Unlock()
	if (before == 0) == (after == 0) {
		return
	}
	g.upstreamSubscription(name, upstream, after > 0)
}

// upstreamSubscription subscribes to (or unsubscribes from) a resource of
// server, in the background, under the server's deadline.
func (g *Gateway) upstreamSubscription(name, uri string, on bool) {
	g.offers.start(g.life, func() {
		ctx, cancel := context.WithTimeout(g.life, g.deadline(name))
		defer cancel()
		if on {
			_ = g.offers.up.SubscribeResource(ctx, name, uri)
		} else {
			_ = g.offers.up.UnsubscribeResource(ctx, name, uri)
		}
	})
}

// dropSession forgets a session's subscriptions when it ends.
func (g *Gateway) dropSession(id string) {
	b := g.offers
	var gone []string
	b.mu.Lock()
	for uri, sessions := range b.subs {
		if sessions[id] {
			delete(sessions, id)
			if len(sessions) == 0 {
				delete(b.subs, uri)
				gone = append(gone, uri)
			}
		}
	}
	b.mu.Unlock()
	for _, uri := range gone {
		if name, upstream, ok := splitOfferURI(uri); ok {
			g.upstreamSubscription(name, upstream, false)
		}
	}
}

// resourceUpdated tells each session subscribed to the resource that it
// changed (notifications/resources/updated, with the gateway's URI).
func (g *Gateway) resourceUpdated(name, uri string) {
	b := g.offers
	if b == nil {
		return
	}
	gw := offerURI(name, uri)
	b.mu.Lock()
	var sessions []string
	for id := range b.subs[gw] {
		sessions = append(sessions, id)
	}
	b.mu.Unlock()
	for _, id := range sessions {
		_ = g.srv.SendNotificationToSpecificClient(id, string(mcp.MethodNotificationResourceUpdated), map[string]any{"uri": gw})
	}
}
