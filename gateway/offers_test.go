package gateway

import (
	"context"
	"errors"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"mcpeek/mcpclient"
)

// offerServer is an upstream with a resource and a prompt of the same
// names as every other offerServer's, a template, a prompt that fails and
// a resource that never answers.
func offerServer(name string) *server.MCPServer {
	srv := server.NewMCPServer(name, "1", server.WithResourceCapabilities(true, true), server.WithPromptCapabilities(true))
	srv.AddResource(mcp.NewResource("test://doc", "doc", mcp.WithMIMEType("text/plain")),
		func(_ context.Context, req mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
			return []mcp.ResourceContents{mcp.TextResourceContents{URI: req.Params.URI, MIMEType: "text/plain", Text: "the doc of " + name}}, nil
		})
	srv.AddResource(mcp.NewResource("test://hang", "hang"),
		func(ctx context.Context, _ mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
			<-ctx.Done()
			return nil, ctx.Err()
		})
	srv.AddResource(mcp.NewResource("test://broken", "broken"),
		func(context.Context, mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
			return nil, errors.New("the disk is on fire")
		})
	srv.AddResourceTemplate(mcp.NewResourceTemplate("test://item/{id}", "item"),
		func(_ context.Context, req mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
			return []mcp.ResourceContents{mcp.TextResourceContents{URI: req.Params.URI, Text: "item " + req.Params.URI[len("test://item/"):] + " of " + name}}, nil
		})
	srv.AddPrompt(mcp.NewPrompt("greet", mcp.WithArgument("who", mcp.RequiredArgument())),
		func(_ context.Context, req mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			return mcp.NewGetPromptResult("a greeting", []mcp.PromptMessage{
				mcp.NewPromptMessage(mcp.RoleUser, mcp.NewTextContent("hello "+req.Params.Arguments["who"]+" from "+name)),
			}), nil
		})
	srv.AddPrompt(mcp.NewPrompt("cite"), func(context.Context, mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		return mcp.NewGetPromptResult("", []mcp.PromptMessage{
			mcp.NewPromptMessage(mcp.RoleUser, mcp.NewEmbeddedResource(mcp.TextResourceContents{URI: "test://doc", Text: "the doc"})),
			mcp.NewPromptMessage(mcp.RoleUser, mcp.NewResourceLink("test://item/7", "item", "", "")),
		}), nil
	})
	srv.AddPrompt(mcp.NewPrompt("fail"), func(context.Context, mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		return nil, errors.New("no prompt today")
	})
	return srv
}

// offerHarness is a gateway over upstreams a and b (and more), the
// Manager's events passed on as `mcpeek gateway` does, and a client.
func offerHarness(t *testing.T, opts Options, ups map[string]*server.MCPServer) (*mcpclient.Manager, *Gateway, *mcpclient.Manager) {
	t.Helper()
	var upOpts []mcpclient.Option
	for name, srv := range ups {
		upOpts = append(upOpts, mcpclient.WithInProcess(name, srv))
	}
	up := startUpstreams(t, mcpclient.Config{}, upOpts...)
	g, err := New(up, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	go func() {
		for ev := range up.Events() {
			g.HandleEvent(ev)
		}
	}()
	client := startUpstreams(t, mcpclient.Config{}, mcpclient.WithInProcess("gw", g.MCPServer()))
	return up, g, client
}

func startUpstreams(t *testing.T, cfg mcpclient.Config, opts ...mcpclient.Option) *mcpclient.Manager {
	t.Helper()
	m, err := mcpclient.NewManager(cfg, opts...)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := m.Start(ctx); err != nil {
		m.Close()
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	return m
}

// eventuallyNil retries f until it is nil (the gateway lists its upstreams
// in the background), and fails with its last error after waitLimit.
func eventuallyNil(t *testing.T, what string, f func() error) {
	t.Helper()
	end := time.Now().Add(waitLimit)
	for {
		err := f()
		if err == nil {
			return
		}
		if time.Now().After(end) {
			t.Fatalf("%s: %v", what, err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func resourceURIs(l mcpclient.Listing[mcpclient.Resource]) []string {
	var out []string
	for _, r := range l.Items {
		out = append(out, r.URI)
	}
	return out
}

func promptNames(l mcpclient.Listing[mcpclient.Prompt]) []string {
	var out []string
	for _, p := range l.Items {
		out = append(out, p.Name)
	}
	return out
}

// TestUpstreamResourcesAndPrompts: two upstreams with the same resource
// URIs and prompt names are offered side by side, each read and got from
// its own server with the caller's arguments, in both modes.
func TestUpstreamResourcesAndPrompts(t *testing.T) {
	t.Parallel()
	for _, mode := range []Mode{ModeProgressive, ModeDirect} {
		t.Run(string(mode), func(t *testing.T) {
			t.Parallel()
			_, _, client := offerHarness(t, Options{Mode: mode}, map[string]*server.MCPServer{"a": offerServer("a"), "b": offerServer("b")})
			ctx := context.Background()
			eventuallyNil(t, "resources/list", func() error {
				l, err := client.ListResources(ctx, "gw")
				if got := resourceURIs(l); err != nil || !slices.Contains(got, "mcpeek://a/test://doc") || !slices.Contains(got, "mcpeek://b/test://doc") {
					return errors.New(strings.Join(got, " "))
				}
				return nil
			})
			l, _ := client.ListResources(ctx, "gw")
			for _, r := range l.Items {
				if r.URI == "mcpeek://a/test://doc" && (r.Name != "a.doc" || r.MIMEType != "text/plain") {
					t.Errorf("a's doc is listed as %s", r.Raw)
				}
			}
			templates, err := client.ListResourceTemplates(ctx, "gw")
			if err != nil || len(templates.Items) != 2 || templates.Items[0].URITemplate != "mcpeek://a/test://item/{id}" {
				t.Fatalf("templates: %v %+v", err, templates.Items)
			}
			prompts, err := client.ListPrompts(ctx, "gw")
			if got := promptNames(prompts); err != nil || !slices.Equal(got, []string{"a.cite", "a.fail", "a.greet", "b.cite", "b.fail", "b.greet"}) {
				t.Fatalf("prompts: %v %v", err, got)
			}
			if prompts.Items[2].Arguments[0].Name != "who" || !prompts.Items[2].Arguments[0].Required {
				t.Errorf("a.greet's arguments: %+v", prompts.Items[2].Arguments)
			}

			res, err := client.ReadResource(ctx, "gw", "mcpeek://b/test://doc")
			if err != nil || len(res.Contents) != 1 || *res.Contents[0].Text != "the doc of b" || res.Contents[0].URI != "mcpeek://b/test://doc" {
				t.Fatalf("read b's doc: %v %s", err, res.Raw)
			}
			res, err = client.ReadResource(ctx, "gw", "mcpeek://a/test://item/42")
			if err != nil || *res.Contents[0].Text != "item 42 of a" || res.Contents[0].URI != "mcpeek://a/test://item/42" {
				t.Fatalf("read a's item 42: %v %s", err, res.Raw)
			}
			p, err := client.GetPrompt(ctx, "gw", "b.greet", map[string]string{"who": "Ada"})
			if err != nil || len(p.Messages) != 1 || p.Messages[0].Content.Text != "hello Ada from b" || p.Description != "a greeting" {
				t.Fatalf("get b.greet: %v %s", err, p.Raw)
			}
			p, err = client.GetPrompt(ctx, "gw", "b.cite", nil)
			if err != nil || len(p.Messages) != 2 || p.Messages[0].Content.Resource.URI != "mcpeek://b/test://doc" || p.Messages[1].Content.URI != "mcpeek://b/test://item/7" {
				t.Fatalf("get b.cite: %v %s", err, p.Raw)
			}
		})
	}
}

// TestUpstreamOfferErrors: an upstream's error comes back as an MCP error
// with its message; a resource that never answers answers at the server's
// deadline; a name or URI the gateway does not offer is not found.
func TestUpstreamOfferErrors(t *testing.T) {
	t.Parallel()
	_, _, client := offerHarness(t, Options{ServerDeadlines: map[string]time.Duration{"a": 200 * time.Millisecond}},
		map[string]*server.MCPServer{"a": offerServer("a")})
	ctx := context.Background()
	eventuallyNil(t, "prompts/list", func() error {
		l, err := client.ListPrompts(ctx, "gw")
		if len(l.Items) != 3 {
			return errors.Join(err, errors.New("not listed yet"))
		}
		return nil
	})
	var rpc *mcpclient.RPCError
	if _, err := client.GetPrompt(ctx, "gw", "a.fail", nil); !errors.As(err, &rpc) || !strings.Contains(rpc.Message, "no prompt today") {
		t.Errorf("a.fail: %v", err)
	}
	if _, err := client.ReadResource(ctx, "gw", "mcpeek://a/test://broken"); !errors.As(err, &rpc) || !strings.Contains(rpc.Message, "the disk is on fire") {
		t.Errorf("a's broken resource: %v", err)
	}
	if _, err := client.ReadResource(ctx, "gw", "mcpeek://a/test://hang"); !errors.As(err, &rpc) || !strings.Contains(rpc.Message, "a did not answer within the 200ms deadline") {
		t.Errorf("a's hanging resource: %v", err)
	}
	if _, err := client.ReadResource(ctx, "gw", "test://doc"); !errors.As(err, &rpc) || rpc.Code != mcp.INVALID_PARAMS && rpc.Code != mcp.RESOURCE_NOT_FOUND {
		t.Errorf("an upstream URI read as is: %v", err)
	}
	if _, err := client.GetPrompt(ctx, "gw", "greet", nil); !errors.As(err, &rpc) || rpc.Code != mcp.INVALID_PARAMS {
		t.Errorf("an upstream prompt name got as is: %v", err)
	}
}

// TestHangingUpstreamDoesNotStallListing: a server whose resources/list
// and prompts/list never answer leaves the others' listed.
func TestHangingUpstreamDoesNotStallListing(t *testing.T) {
	t.Parallel()
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	hooks := &server.Hooks{}
	hooks.AddBeforeListResources(func(context.Context, any, *mcp.ListResourcesRequest) { <-release })
	hooks.AddBeforeListPrompts(func(context.Context, any, *mcp.ListPromptsRequest) { <-release })
	stuck := server.NewMCPServer("stuck", "1", server.WithResourceCapabilities(false, false), server.WithPromptCapabilities(false), server.WithHooks(hooks))
	stuck.AddPrompt(mcp.NewPrompt("never"), func(context.Context, mcp.GetPromptRequest) (*mcp.GetPromptResult, error) { return nil, nil })
	_, _, client := offerHarness(t, Options{ServerDeadlines: map[string]time.Duration{"stuck": 100 * time.Millisecond}},
		map[string]*server.MCPServer{"a": offerServer("a"), "stuck": stuck})
	ctx := context.Background()
	eventuallyNil(t, "a's prompts", func() error {
		l, err := client.ListPrompts(ctx, "gw")
		if err != nil {
			return err
		}
		if got := promptNames(l); !slices.Equal(got, []string{"a.cite", "a.fail", "a.greet"}) {
			return errors.New(strings.Join(got, " "))
		}
		return nil
	})
}

// TestUpstreamListChanged: an upstream's new prompt and resource reach
// the gateway's clients, who are told with list_changed. (The event
// waited for may be the first listing's; the listing is what is checked.)
func TestUpstreamListChanged(t *testing.T) {
	t.Parallel()
	a := offerServer("a")
	_, _, client := offerHarness(t, Options{}, map[string]*server.MCPServer{"a": a})
	ctx := context.Background()
	eventuallyNil(t, "first listing", func() error {
		if l, _ := client.ListPrompts(ctx, "gw"); len(l.Items) != 3 {
			return errors.New("not yet")
		}
		return nil
	})
	a.AddPrompt(mcp.NewPrompt("later"), func(context.Context, mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		return mcp.NewGetPromptResult("", nil), nil
	})
	waitClientEvent(t, client, mcpclient.EventPromptsChanged)
	eventuallyNil(t, "a.later", func() error {
		if l, _ := client.ListPrompts(ctx, "gw"); !slices.Contains(promptNames(l), "a.later") {
			return errors.New(strings.Join(promptNames(l), " "))
		}
		return nil
	})
	a.AddResource(mcp.NewResource("test://later", "later"), func(context.Context, mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
		return nil, nil
	})
	waitClientEvent(t, client, mcpclient.EventResourcesChanged)
	eventuallyNil(t, "test://later", func() error {
		if l, _ := client.ListResources(ctx, "gw"); !slices.Contains(resourceURIs(l), "mcpeek://a/test://later") {
			return errors.New(strings.Join(resourceURIs(l), " "))
		}
		return nil
	})
}

func waitClientEvent(t *testing.T, m *mcpclient.Manager, kind mcpclient.EventKind) {
	t.Helper()
	timeout := time.After(waitLimit)
	for {
		select {
		case ev := <-m.Events():
			if ev.Server == "gw" && ev.Kind == kind {
				return
			}
		case <-timeout:
			t.Fatalf("no %s event from the gateway", kind)
		}
	}
}

// TestPolicyCoversOffers: the allow and deny globs match resources and
// prompts by "<server>.<name>".
func TestPolicyCoversOffers(t *testing.T) {
	t.Parallel()
	_, _, client := offerHarness(t, Options{Policy: Policy{Allow: []string{"a.*"}, Deny: []string{"a.fail", "a.cite"}}},
		map[string]*server.MCPServer{"a": offerServer("a"), "b": offerServer("b")})
	ctx := context.Background()
	eventuallyNil(t, "a's prompts", func() error {
		l, _ := client.ListPrompts(ctx, "gw")
		if got := promptNames(l); !slices.Equal(got, []string{"a.greet"}) {
			return errors.New(strings.Join(got, " "))
		}
		return nil
	})
	l, _ := client.ListResources(ctx, "gw")
	for _, uri := range resourceURIs(l) {
		if !strings.HasPrefix(uri, "mcpeek://a/") {
			t.Errorf("%s is listed", uri)
		}
	}
	if _, err := client.GetPrompt(ctx, "gw", "a.fail", nil); err == nil || !strings.Contains(err.Error(), "not found") {
		t.Errorf("a denied prompt: %v", err)
	}
}

// TestUpstreamResourceSubscription: a client's subscription reaches the
// upstream, and the upstream's notifications/resources/updated comes back
// under the gateway's URI: a 2025-11-25 client (resources/subscribe) and a
// 2026-07-28 one (subscriptions/listen) over HTTP, and a 2026-07-28 one in
// process. When the client goes, the upstream is unsubscribed.
func TestUpstreamResourceSubscription(t *testing.T) {
	t.Parallel()
	for _, era := range []string{"2025-11-25 over HTTP", "2026-07-28 over HTTP", "2026-07-28 in process"} {
		t.Run(era, func(t *testing.T) {
			t.Parallel()
			a := offerServer("a")
			subscribed := make(chan string, 4)
			hooks := &server.Hooks{}
			hooks.AddAfterSubscribe(func(_ context.Context, _ any, req *mcp.SubscribeRequest, _ *mcp.EmptyResult) {
				subscribed <- "+" + req.Params.URI
			})
			hooks.AddAfterUnsubscribe(func(_ context.Context, _ any, req *mcp.UnsubscribeRequest, _ *mcp.EmptyResult) {
				subscribed <- "-" + req.Params.URI
			})
			server.WithHooks(hooks)(a)
			// A 2025-11-25 upstream: mcp-go broadcasts resources/updated
			// to its legacy sessions.
			upHTTP := httptest.NewServer(server.NewStreamableHTTPServer(a))
			t.Cleanup(upHTTP.Close)
			up := startUpstreams(t, mcpclient.Config{Servers: []mcpclient.ServerConfig{{Name: "a", URL: upHTTP.URL + "/mcp", ProtocolVersion: mcp.ProtocolVersion20251125}}})
			g, err := New(up, Options{})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { g.Close() })
			go func() {
				for ev := range up.Events() {
					g.HandleEvent(ev)
				}
			}()
			gwHTTP := httptest.NewServer(g)
			t.Cleanup(gwHTTP.Close)
			var client *mcpclient.Manager
			switch era {
			case "2025-11-25 over HTTP":
				client = startUpstreams(t, mcpclient.Config{Servers: []mcpclient.ServerConfig{{Name: "gw", URL: gwHTTP.URL + "/mcp", ProtocolVersion: mcp.ProtocolVersion20251125}}})
			case "2026-07-28 over HTTP":
				client = startUpstreams(t, mcpclient.Config{Servers: []mcpclient.ServerConfig{{Name: "gw", URL: gwHTTP.URL + "/mcp", ProtocolVersion: mcp.ProtocolVersion20260728}}})
			default:
				client = startUpstreams(t, mcpclient.Config{}, mcpclient.WithInProcess("gw", g.MCPServer()))
			}
			ctx := context.Background()
			if err := client.SubscribeResource(ctx, "gw", "mcpeek://a/test://doc"); err != nil {
				t.Fatal(err)
			}
			wantUpstream := func(want string) {
				t.Helper()
				select {
				case got := <-subscribed:
					if got != want {
						t.Fatalf("the upstream saw %q, want %q", got, want)
					}
				case <-time.After(waitLimit):
					t.Fatalf("the upstream did not see %q", want)
				}
			}
			wantUpstream("+test://doc")
			a.SendNotificationToAllClients(string(mcp.MethodNotificationResourceUpdated), map[string]any{"uri": "test://doc"})
			timeout := time.After(waitLimit)
		wait:
			for {
				select {
				case ev := <-client.Events():
					if ev.Kind == mcpclient.EventResourceUpdated {
						if ev.URI != "mcpeek://a/test://doc" {
							t.Fatalf("updated %q", ev.URI)
						}
						break wait
					}
				case <-timeout:
					t.Fatal("the update did not reach the gateway's client")
				}
			}
			if err := client.UnsubscribeResource(ctx, "gw", "mcpeek://a/test://doc"); err != nil {
				t.Fatal(err)
			}
			wantUpstream("-test://doc")
		})
	}
}

func TestOfferURIs(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ server, uri, want string }{
		{"everything", "demo://resource/static/document/1", "mcpeek://everything/demo://resource/static/document/1"},
		{"my server/x", "file:///a?b#c", "mcpeek://my%20server%2Fx/file:///a?b#c"},
		{"a.b_c-d~", "x", "mcpeek://a.b_c-d~/x"},
	} {
		got := offerURI(c.server, c.uri)
		if got != c.want {
			t.Errorf("offerURI(%q, %q) = %q, want %q", c.server, c.uri, got, c.want)
		}
		server, uri, ok := splitOfferURI(got)
		if !ok || server != c.server || uri != c.uri {
			t.Errorf("splitOfferURI(%q) = %q, %q, %v", got, server, uri, ok)
		}
	}
	for _, bad := range []string{"demo://x", "mcpeek://", "mcpeek:///x", "mcpeek://a%2", "mcpeek://a%zz/x", "mcpeek://noslash"} {
		if s, u, ok := splitOfferURI(bad); ok {
			t.Errorf("splitOfferURI(%q) = %q, %q", bad, s, u)
		}
	}
}

// TestFirstListWaitsForTheFirstListing: a client that lists as soon as
// the gateway starts sees a server that takes a moment (here 200 ms) to
// list its prompts, without retrying.
func TestFirstListWaitsForTheFirstListing(t *testing.T) {
	t.Parallel()
	hooks := &server.Hooks{}
	hooks.AddBeforeListPrompts(func(context.Context, any, *mcp.ListPromptsRequest) { time.Sleep(200 * time.Millisecond) })
	a := offerServer("a")
	server.WithHooks(hooks)(a)
	_, _, client := offerHarness(t, Options{}, map[string]*server.MCPServer{"a": a})
	l, err := client.ListPrompts(context.Background(), "gw")
	if got := promptNames(l); err != nil || !slices.Equal(got, []string{"a.cite", "a.fail", "a.greet"}) {
		t.Fatalf("first prompts/list: %v %v", err, got)
	}
}

// completer offers, for any argument, its prefix followed by the server's
// name and what it completes.
type completer string

func (c completer) CompletePromptArgument(_ context.Context, name string, arg mcp.CompleteArgument, _ mcp.CompleteContext) (*mcp.Completion, error) {
	return &mcp.Completion{Values: []string{arg.Value + "-" + string(c) + "-" + name + "-" + arg.Name}}, nil
}

func (c completer) CompleteResourceArgument(_ context.Context, uri string, arg mcp.CompleteArgument, _ mcp.CompleteContext) (*mcp.Completion, error) {
	return &mcp.Completion{Values: []string{arg.Value + "-" + string(c) + "-" + uri + "-" + arg.Name}}, nil
}

// TestUpstreamCompletion: completion/complete of a gateway prompt's
// argument or template's variable is the upstream's.
func TestUpstreamCompletion(t *testing.T) {
	t.Parallel()
	a := offerServer("a")
	for _, opt := range []server.ServerOption{server.WithCompletions(), server.WithPromptCompletionProvider(completer("a")), server.WithResourceCompletionProvider(completer("a"))} {
		opt(a)
	}
	_, _, client := offerHarness(t, Options{}, map[string]*server.MCPServer{"a": a, "b": offerServer("b")})
	ctx := context.Background()
	if _, err := client.ListPrompts(ctx, "gw"); err != nil {
		t.Fatal(err)
	}
	c, err := client.Complete(ctx, "gw", mcpclient.CompletionRef{Prompt: "a.greet"}, "who", "Ad", nil)
	if err != nil || !slices.Equal(c.Values, []string{"Ad-a-greet-who"}) {
		t.Errorf("a.greet's who: %v %+v", err, c)
	}
	c, err = client.Complete(ctx, "gw", mcpclient.CompletionRef{Template: "mcpeek://a/test://item/{id}"}, "id", "4", nil)
	if err != nil || !slices.Equal(c.Values, []string{"4-a-test://item/{id}-id"}) {
		t.Errorf("a's item id: %v %+v", err, c)
	}
	// b declares no completions: no values, no error.
	c, err = client.Complete(ctx, "gw", mcpclient.CompletionRef{Prompt: "b.greet"}, "who", "Ad", nil)
	if err != nil || len(c.Values) != 0 {
		t.Errorf("b.greet's who: %v %+v", err, c)
	}
}
