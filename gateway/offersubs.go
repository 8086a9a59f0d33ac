package gateway

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Resource subscriptions, in both eras. A 2025 client subscribes with
// resources/subscribe on its session, and is told on that session. A
// 2026-07-28 client names the resources in a subscriptions/listen request,
// whose stream lasts as long as the request: it is told on that stream,
// and its subscriptions end with it. mcp-go answers both itself (it keeps
// no subscriptions); the gateway follows them through hooks and passes the
// first subscription to a resource, and the end of the last, on to its
// server.

// resourceSub is a client subscribed to resources: a 2025 session by its
// id, or a 2026-07-28 listen stream by its session.
type resourceSub struct {
	id     string
	listen server.ClientSession
}

// subscriptionHooks follows subscriptions: resources/subscribe and
// resources/unsubscribe, sessions that end, and listen streams.
func (g *Gateway) subscriptionHooks(hooks *server.Hooks) {
	hooks.AddAfterSubscribe(func(ctx context.Context, _ any, req *mcp.SubscribeRequest, _ *mcp.EmptyResult) {
		if s := server.ClientSessionFromContext(ctx); s != nil {
			g.subscribe(resourceSub{id: s.SessionID()}, req.Params.URI, true)
		}
	})
	hooks.AddAfterUnsubscribe(func(ctx context.Context, _ any, req *mcp.UnsubscribeRequest, _ *mcp.EmptyResult) {
		if s := server.ClientSessionFromContext(ctx); s != nil {
			g.subscribe(resourceSub{id: s.SessionID()}, req.Params.URI, false)
		}
	})
	hooks.AddOnUnregisterSession(func(_ context.Context, s server.ClientSession) { g.unsubscribeAll(resourceSub{id: s.SessionID()}) })
	hooks.AddBeforeSubscriptionsListen(func(ctx context.Context, _ any, req *mcp.SubscriptionsListenRequest) {
		s := server.ClientSessionFromContext(ctx)
		uris := req.Params.Notifications.ResourceSubscriptions
		if s == nil || len(uris) == 0 {
			return
		}
		sub := resourceSub{listen: s}
		for _, uri := range uris {
			g.subscribe(sub, uri, true)
		}
		// The stream is the request: its subscriptions end with it.
		context.AfterFunc(ctx, func() { g.unsubscribeAll(sub) })
	})
}

// subscribe records that sub subscribes to (or unsubscribes from) uri, and
// passes the first subscription and the last unsubscription on to the
// upstream, in the background: mcp-go has already answered the client.
func (g *Gateway) subscribe(sub resourceSub, uri string, on bool) {
	name, upstream, ok := splitOfferURI(uri)
	if !ok {
		return
	}
	b := g.offers
	b.mu.Lock()
	subs := b.subs[uri]
	before := len(subs)
	if on {
		if subs == nil {
			subs = map[resourceSub]bool{}
			b.subs[uri] = subs
		}
		subs[sub] = true
	} else {
		delete(subs, sub)
		if len(subs) == 0 {
			delete(b.subs, uri)
		}
	}
	after := len(subs)
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

// unsubscribeAll forgets sub's subscriptions (its session or stream
// ended).
func (g *Gateway) unsubscribeAll(sub resourceSub) {
	b := g.offers
	var gone []string
	b.mu.Lock()
	for uri, subs := range b.subs {
		if subs[sub] {
			delete(subs, sub)
			if len(subs) == 0 {
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

// resourceUpdated tells each client subscribed to the resource that it
// changed (notifications/resources/updated, with the gateway's URI). A
// stream too slow to take it misses it, as mcp-go's own notifications do.
func (g *Gateway) resourceUpdated(name, uri string) {
	b := g.offers
	if b == nil {
		return
	}
	gw := offerURI(name, uri)
	b.mu.Lock()
	subs := make([]resourceSub, 0, len(b.subs[gw]))
	for sub := range b.subs[gw] {
		subs = append(subs, sub)
	}
	b.mu.Unlock()
	params := map[string]any{"uri": gw}
	for _, sub := range subs {
		if sub.listen == nil {
			_ = g.srv.SendNotificationToSpecificClient(sub.id, string(mcp.MethodNotificationResourceUpdated), params)
			continue
		}
		n := mcp.JSONRPCNotification{JSONRPC: mcp.JSONRPC_VERSION, Notification: mcp.Notification{
			Method: string(mcp.MethodNotificationResourceUpdated),
			Params: mcp.NotificationParams{AdditionalFields: params},
		}}
		select {
		case sub.listen.NotificationChannel() <- n:
		default:
		}
	}
}
