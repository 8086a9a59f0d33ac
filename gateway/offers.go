package gateway

import (
	"bytes"
	"context"
	"slices"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"mcpeek/mcpclient"
	"mcpeek/model"
)

// The gateway lists what its upstreams list, from memory: each server's
// resources, templates and prompts are listed in the background when it
// connects and when it says they changed (list_changed), under the
// server's deadline, and the gateway's lists are rebuilt from what every
// server last answered. So a dead or hanging server never holds up a
// client's resources/list or prompts/list: it keeps what it last listed
// (nothing, if it never answered), as tools do.

// offerBook is what the gateway offers of its upstreams besides tools.
type offerBook struct {
	up mcpclient.Offers

	mu      sync.Mutex
	servers map[string]*serverOffers
	// routes maps a gateway prompt name to the upstream prompt.
	routes map[string]promptRoute
	// shown is the last published lists, to tell a change from none.
	shown [3][]byte
	// subs maps a gateway resource URI to the clients subscribed to it.
	subs map[string]map[resourceSub]bool

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
	o, ok := up.(mcpclient.Offers)
	if !ok {
		return nil
	}
	return &offerBook{up: o, servers: map[string]*serverOffers{}, routes: map[string]promptRoute{}, subs: map[string]map[resourceSub]bool{}}
}

// offerOptions are the server options of a gateway that offers resources
// and prompts: both capabilities with listChanged, resources with
// subscribe, and the hooks that pass subscriptions on and list lazily.
func (g *Gateway) offerOptions() []server.ServerOption {
	if g.offers == nil {
		return nil
	}
	hooks := &server.Hooks{}
	g.subscriptionHooks(hooks)
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
