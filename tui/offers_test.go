package tui

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"mcpeek/mcpclient"
	"mcpeek/tui/dialog"
	"mcpeek/tui/toollist"
)

// offersServer is an in-process server with n resources (their names and
// descriptions carry escape sequences), a JSON resource, a template with
// vars variables, a prompt with an argument, completions for both, and a
// resource that is big bytes long.
func offersServer(n, vars, big int) *server.MCPServer {
	srv := server.NewMCPServer("offers", "1", server.WithResourceCapabilities(true, false),
		server.WithPromptCapabilities(false), server.WithCompletions(), server.WithLogging(),
		server.WithToolCapabilities(false),
		server.WithPromptCompletionProvider(completer{}), server.WithResourceCompletionProvider(completer{}))
	srv.AddTool(mcp.NewTool("echo"), func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText("ok"), nil
	})
	for i := range n {
		uri := fmt.Sprintf("mem://r/%d", i)
		srv.AddResource(mcp.NewResource(uri, fmt.Sprintf("r%d\x1b[31mred\x1b]0;title\a", i),
			mcp.WithResourceDescription("about\x1b[2J "+uri), mcp.WithMIMEType("text/plain")),
			func(context.Context, mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
				return []mcp.ResourceContents{mcp.TextResourceContents{URI: uri, MIMEType: "text/plain", Text: "line one of " + uri + "\nline\x1b[31m two"}}, nil
			})
	}
	srv.AddResource(mcp.NewResource("mem://json", "config", mcp.WithMIMEType("application/json")),
		func(context.Context, mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
			return []mcp.ResourceContents{mcp.TextResourceContents{URI: "mem://json", MIMEType: "application/json", Text: `{"port": 8080, "hosts": ["a", "b"]}`,
				Meta: map[string]any{"schema": map[string]any{"type": "object", "properties": map[string]any{
					"port": map[string]any{"type": "integer", "description": "where it listens"}, "hosts": map[string]any{"type": "array", "items": map[string]any{"type": "string"}}}}}}}, nil
		})
	if big > 0 {
		srv.AddResource(mcp.NewResource("mem://big", "big", mcp.WithMIMEType("text/plain")),
			func(context.Context, mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
				return []mcp.ResourceContents{mcp.TextResourceContents{URI: "mem://big", Text: strings.Repeat("0123456789abcdef\n", big/17)}}, nil
			})
	}
	names := make([]string, vars)
	for i := range names {
		names[i] = fmt.Sprintf("v%d", i)
	}
	tpl := "mem://t/{" + strings.Join(names, "}/{") + "}"
	srv.AddResourceTemplate(mcp.NewResourceTemplate(tpl, "by id"),
		func(_ context.Context, req mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
			return []mcp.ResourceContents{mcp.TextResourceContents{URI: req.Params.URI, Text: "templated " + req.Params.URI}}, nil
		})
	srv.AddPrompt(mcp.NewPrompt("greet", mcp.WithArgument("who", mcp.RequiredArgument())),
		func(_ context.Context, req mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			return mcp.NewGetPromptResult("a greeting", []mcp.PromptMessage{
				mcp.NewPromptMessage(mcp.RoleUser, mcp.NewTextContent("hello "+req.Params.Arguments["who"])),
			}), nil
		})
	return srv
}

// completer completes every argument from a fixed list, by prefix.
type completer struct{}

func (completer) CompletePromptArgument(_ context.Context, _ string, arg mcp.CompleteArgument, _ mcp.CompleteContext) (*mcp.Completion, error) {
	return complete(arg.Value), nil
}

func (completer) CompleteResourceArgument(_ context.Context, _ string, arg mcp.CompleteArgument, _ mcp.CompleteContext) (*mcp.Completion, error) {
	return complete(arg.Value), nil
}

func complete(prefix string) *mcp.Completion {
	var out []string
	for _, v := range []string{"ada", "alan", "grace"} {
		if strings.HasPrefix(v, prefix) {
			out = append(out, v)
		}
	}
	return &mcp.Completion{Values: out}
}

// offersHarness is a harness over a real Manager serving srv in process;
// the debounce of completions fires at once.
func offersHarness(t testing.TB, srv *server.MCPServer, w, h int) (*harness, *mcpclient.Manager) {
	mgr, err := mcpclient.NewManager(mcpclient.Config{}, mcpclient.WithInProcess("o", srv))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { mgr.Close() })
	if err := mgr.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	hs := newHarness(t, mgr, w, h)
	hs.m.clock.after = func(_ time.Duration, msg tea.Msg) tea.Cmd {
		if _, ok := msg.(completeDueMsg); ok {
			return func() tea.Msg { return msg }
		}
		return nil
	}
	hs.send(ServerChangedMsg{Server: "o"})
	return hs, mgr
}

// selectOffer puts the cursor on the offer row named kind:name.
func (h *harness) selectOffer(kind, name string) {
	h.t.Helper()
	h.m.term.focus = focusTools
	if !h.m.tools.Select(h.m.fleet.servers, toollist.Key{Server: "o", Offer: kind + ":" + name}) {
		h.t.Fatalf("no %s %q row:\n%s", kind, name, h.screen())
	}
	h.run(h.m.showSelected())
}

// TestOffersInTheExplorer: resources, a template and a prompt are rows
// under their server beside its tool, sanitised; enter reads a resource
// into the pane, JSON as a value tree; the template's form completes as
// the user types and reads the filled-in URI; the prompt's form gets the
// messages; the filter finds offers; the tool row is unchanged.
func TestOffersInTheExplorer(t *testing.T) {
	h, _ := offersHarness(t, offersServer(3, 1, 0), 120, 40)
	screen := h.screen()
	for _, want := range []string{"echo", "▤ r0red", "▤ config", "▦ by id", "» greet"} {
		if !strings.Contains(screen, want) {
			t.Errorf("no %q in:\n%s", want, screen)
		}
	}
	if strings.Contains(h.m.View().Content, "\x1b]0;") || strings.Contains(h.m.View().Content, "\x1b[2J") {
		t.Error("an escape sequence from the server reached the screen")
	}

	h.selectOffer("resource", "config")
	h.keys("enter")
	if s := h.screen(); !strings.Contains(s, "port") || !strings.Contains(s, "8080") || !strings.Contains(s, "application/json") {
		t.Errorf("the JSON resource is not shown as a tree:\n%s", s)
	}
	h.keys("v")
	if s := h.screen(); !strings.Contains(s, "the schema in _meta.schema") || !strings.Contains(s, "port: integer") {
		t.Errorf("v does not show the schema tree:\n%s", s)
	}
	h.keys("v")

	h.selectOffer("template", "by id")
	h.keys("enter")
	f, ok := h.m.dialogs.Top().(*offerForm)
	if !ok {
		t.Fatalf("no form:\n%s", h.screen())
	}
	h.typeText("a")
	if !strings.Contains(h.screen(), "alan") || strings.Contains(h.screen(), "grace") {
		t.Errorf("no completions for a:\n%s", h.screen())
	}
	h.typeText("l")
	if len(f.suggestions) != 1 || f.suggestions[0] != "alan" {
		t.Errorf("completions after al = %q", f.suggestions)
	}
	h.keys("tab", "ctrl+s")
	if h.m.dialogs.Top() != nil {
		t.Fatalf("the form is still open:\n%s", h.screen())
	}
	if s := h.screen(); !strings.Contains(s, "mem://t/alan") {
		t.Errorf("the template was not read with alan:\n%s", s)
	}

	h.selectOffer("prompt", "greet")
	h.keys("enter", "ctrl+s")
	if d, ok := h.m.dialogs.Top().(*offerForm); !ok || !strings.Contains(d.err, "who is required") {
		t.Errorf("a missing required argument was let through:\n%s", h.screen())
	}
	h.typeText("grace")
	h.keys("enter")
	if s := h.screen(); !strings.Contains(s, "hello grace") {
		t.Errorf("the prompt's messages are not shown:\n%s", s)
	}

	h.keys("/")
	h.typeText("greet")
	h.keys("enter")
	if _, _, ref, ok := h.m.selectedOffer(); !ok || ref.kind != offerPrompt {
		t.Errorf("the filter did not land on the prompt:\n%s", h.screen())
	}
	h.keys("esc")
	h.m.tools.SetFilter("", h.m.fleet.servers, h.m.toolInfoOf)
	h.m.term.focus = focusTools
	if !h.m.tools.Select(h.m.fleet.servers, toollist.Key{Server: "o", Tool: "echo"}) {
		t.Fatal("no echo row")
	}
	h.run(h.m.showSelected())
	if tl, ok := h.m.selectedTool(); !ok || tl.Name != "echo" || h.m.offers.shown != nil {
		t.Errorf("the tool row does not select its tool")
	}
}

// TestSubscribeMarksAnUpdate: u subscribes to a resource; the server's
// update marks the row, and enter reads it again and clears the mark.
func TestSubscribeMarksAnUpdate(t *testing.T) {
	srv := offersServer(2, 1, 0)
	sessions := make(chan server.ClientSession, 1)
	hooks := &server.Hooks{}
	hooks.AddOnRegisterSession(func(_ context.Context, s server.ClientSession) {
		select {
		case sessions <- s:
		default:
		}
	})
	server.WithHooks(hooks)(srv)
	h, mgr := offersHarness(t, srv, 120, 30)
	h.selectOffer("resource", "r1\x1b[31mred\x1b]0;title\a")
	h.keys("u")
	so := h.m.offers.get("o")
	if !so.marks.Subscribed("mem://r/1") {
		t.Fatalf("not subscribed:\n%s", h.screen())
	}
	// mcp-go's server broadcasts no update to a session on a listen
	// stream: the test tells the session.
	(<-sessions).NotificationChannel() <- updatedNote("mem://r/1")
	deadline := time.After(10 * time.Second)
	for got := false; !got; {
		select {
		case ev := <-mgr.Events():
			got = ev.Kind == mcpclient.EventResourceUpdated
		case <-deadline:
			t.Fatal("no update event")
		}
	}
	h.send(ResourceUpdatedMsg{Server: "o", URI: "mem://r/1"})
	if !strings.Contains(h.screen(), "updated") {
		t.Errorf("the update is not marked:\n%s", h.screen())
	}
	h.keys("enter")
	if so.marks.Changed("mem://r/1") || !strings.Contains(h.screen(), "line one of mem://r/1") {
		t.Errorf("enter did not read it again:\n%s", h.screen())
	}
	h.keys("u")
	if so.marks.Subscribed("mem://r/1") || !strings.Contains(h.m.status.text, "unsubscribed") {
		t.Errorf("u again did not unsubscribe (status %q)", h.m.status.text)
	}
}

// TestLogScreen: M opens the log screen; a server's log lines land there,
// sanitised, and the ring keeps at most maxLogScreenLines; +/- set the
// selected server's level.
func TestLogScreen(t *testing.T) {
	srv := offersServer(1, 1, 0)
	srv.AddTool(mcp.NewTool("say"), func(ctx context.Context, _ mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		srv.SendLogMessageToClient(ctx, mcp.NewLoggingMessageNotification(mcp.LoggingLevelError, "lg", "bad\x1b[2J\x1b]52;c;aGk=\a thing"))
		time.Sleep(20 * time.Millisecond)
		return mcp.NewToolResultText("ok"), nil
	})
	h, mgr := offersHarness(t, srv, 100, 20)
	if _, err := mgr.CallTool(context.Background(), "o", "say", nil); err != nil {
		t.Fatal(err)
	}
	h.send(ServerChangedMsg{Server: "o"})
	h.keys("M")
	out := h.m.View().Content
	if !strings.Contains(h.screen(), "bad thing") || strings.Contains(out, "\x1b]52") || strings.Contains(out, "\x1b[2J") {
		t.Errorf("the log line is not shown sanitised:\n%q", h.screen())
	}
	h.m.tools.Select(h.m.fleet.servers, toollist.Key{Server: "o"})
	h.keys("+")
	if !strings.Contains(h.screen(), "from notice up") {
		t.Errorf("+ did not raise the level:\n%s", h.screen())
	}
	h.keys("M")
	if h.m.offers.logs.Open {
		t.Error("M did not close the log screen")
	}
}

// TestHostileOffers: 10,000 resources list and draw; a 50 MB resource is
// read cut and says so; a template with 1,000 variables opens a form that
// draws only the fields on screen.
func TestHostileOffers(t *testing.T) {
	if testing.Short() {
		t.Skip("50 MB and 10,000 resources: not in -short")
	}
	h, _ := offersHarness(t, offersServer(10_000, 1000, 50<<20), 120, 40)
	so := h.m.offers.get("o")
	if so == nil || len(so.resources) != mcpclient.DefaultMaxListItems || len(so.notes) != 1 {
		t.Fatalf("resources listed: %d, notes %q", so.count(), so.notes)
	}
	h.selectOffer("resource", "big")
	h.keys("enter")
	if s := h.screen(); !strings.Contains(s, "cut: 1.0 MB of 50.0 MB shown") {
		t.Errorf("the big resource does not say it is cut:\n%s", s)
	}
	h.selectOffer("template", "by id")
	h.keys("enter")
	f, ok := h.m.dialogs.Top().(*offerForm)
	if !ok || len(f.names) != 1000 {
		t.Fatalf("form: %v", ok)
	}
	if s := h.screen(); !strings.Contains(s, "more field") || strings.Count(s, "\n") > 40 {
		t.Errorf("the form does not keep to the screen:\n%s", s)
	}
	h.keys("shift+tab", "enter", "enter", "tab")
	if f.focus != 2 || f.values[2] != "ada" {
		t.Errorf("focus %d after two enters, value %q after tab", f.focus, f.values[2])
	}
}

// TestRefreshHonoursTheCacheHint: U lists a server's offers again, except
// within the shortest ttlMs its lists gave; the hints show in the details.
func TestRefreshHonoursTheCacheHint(t *testing.T) {
	h, _ := offersHarness(t, offersServer(1, 1, 0), 120, 30)
	now := time.Date(2026, 7, 28, 12, 0, 0, 0, time.UTC)
	h.m.clock.now = func() time.Time { return now }
	so := h.m.offers.get("o")
	so.loaded, so.cache[0] = now, mcpclient.CacheHint{TTL: 30 * time.Second, Scope: "session"}
	h.selectOffer("resource", "config")
	if s := h.screen(); !strings.Contains(s, "list cache fresh for 30s · scope session") {
		t.Errorf("the cache hints are not in the details:\n%s", s)
	}
	h.keys("U")
	if h.m.offers.get("o") != so || !strings.Contains(h.m.status.text, "still fresh") {
		t.Errorf("U within the TTL listed again (status %q)", h.m.status.text)
	}
	now = now.Add(31 * time.Second)
	h.keys("U")
	if h.m.offers.get("o") == so {
		t.Error("U past the TTL did not list again")
	}
}

// TestCopyPathInAnOfferTree: y copies the path of the line under the
// cursor in a resource's result tree and in its schema tree, as in a
// tool's (dot, pointer, jq); the inspect notations, which name a tool,
// are refused there.
func TestCopyPathInAnOfferTree(t *testing.T) {
	h, _ := offersHarness(t, offersServer(0, 1, 0), 120, 40)
	h.selectOffer("resource", "config")
	h.keys("enter", "tab")
	moveToPath := func(suffix string) {
		t.Helper()
		tr := h.m.offers.shown.shown().Tree()
		for range 50 {
			if c := tr.Cursor(); c != nil && strings.HasSuffix(c.Path.String(), suffix) {
				return
			}
			h.keys("j")
		}
		t.Fatalf("no line at %q:\n%s", suffix, h.screen())
	}
	moveToPath("port")
	for _, c := range []struct{ key, want string }{{"p", "port"}, {"j", "/port"}, {"q", ".port"}} {
		h.m.clip.copied = ""
		h.keys("y", c.key)
		if !strings.HasSuffix(h.m.clip.copied, c.want) {
			t.Errorf("y %s in the result tree copied %q (status %q), want …%s", c.key, h.m.clip.copied, h.m.status.text, c.want)
		}
	}
	h.keys("y", "c")
	if !strings.Contains(h.m.status.text, "not a tool's tree") {
		t.Errorf("y c in a resource's tree: %q", h.m.status.text)
	}
	h.keys("v")
	moveToPath("port")
	h.m.clip.copied = ""
	h.keys("y", "p")
	if !strings.HasSuffix(h.m.clip.copied, "port") {
		t.Errorf("y p in the schema tree copied %q (status %q)", h.m.clip.copied, h.m.status.text)
	}
}

// TestFieldSearchFindsOfferFields: f finds a field of a JSON Schema in a
// resource's _meta, a template's variable and a prompt's argument; enter
// on the resource's field shows it in the resource's schema tree, on the
// prompt's argument selects the prompt.
func TestFieldSearchFindsOfferFields(t *testing.T) {
	srv := offersServer(0, 1, 0)
	r := mcp.NewResource("mem://settings", "settings", mcp.WithMIMEType("application/json"))
	r.Meta = mcp.NewMetaFromMap(map[string]any{"schema": map[string]any{"type": "object", "properties": map[string]any{
		"retention_days": map[string]any{"type": "integer"}}}})
	srv.AddResource(r, func(context.Context, mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
		return []mcp.ResourceContents{mcp.TextResourceContents{URI: "mem://settings", Text: `{"retention_days": 7}`}}, nil
	})
	h, _ := offersHarness(t, srv, 120, 40)
	h.m.term.focus = focusTools
	for _, c := range []struct{ query, want string }{
		{"retention", "o.resource:settings"}, {"v0", "o.template:by id"}, {"who", "o.prompt:greet"},
	} {
		h.keys("f")
		h.typeText(c.query)
		d, ok := h.m.dialogs.Top().(*dialog.FieldSearch)
		if !ok {
			t.Fatalf("f opened no dialog:\n%s", h.screen())
		}
		if len(d.Hits()) == 0 || d.Hits()[0].ToolID.String() != c.want {
			t.Fatalf("f %s: hits %+v, want %s first", c.query, d.Hits(), c.want)
		}
		h.keys("esc")
	}
	h.keys("f")
	h.typeText("retention")
	h.keys("enter")
	p := h.m.offers.shown
	if p == nil || !p.showSchema || h.m.term.focus != focusView || p.schema.Tree().Cursor() == nil || !strings.HasSuffix(p.schema.Tree().Cursor().Path.String(), "retention_days") {
		t.Fatalf("enter did not show the field in the resource's schema:\n%s", h.screen())
	}
	h.m.term.focus = focusTools
	h.keys("f")
	h.typeText("who")
	h.keys("enter")
	if _, so, ref, ok := h.m.selectedOffer(); !ok || ref.kind != offerPrompt || so.name(ref) != "greet" || !strings.Contains(h.m.status.text, "enter opens its form") {
		t.Fatalf("enter on a prompt's argument: %q\n%s", h.m.status.text, h.screen())
	}
}

// Trap: a paste into a prompt's argument or a template's variable was
// shown, then dropped when the form was sent. Pasted, as typed, the value
// is the argument's.
func TestPasteIntoOfferFormsIsKept(t *testing.T) {
	t.Parallel()
	h, _ := offersHarness(t, offersServer(3, 1, 0), 120, 40)
	h.selectOffer("prompt", "greet")
	h.keys("enter")
	h.send(tea.PasteMsg{Content: "grace"})
	h.keys("ctrl+s")
	if s := h.screen(); !strings.Contains(s, "hello grace") {
		t.Errorf("the pasted argument was not sent:\n%s", s)
	}
	h.selectOffer("template", "by id")
	h.keys("enter")
	h.send(tea.PasteMsg{Content: "alan"})
	h.keys("ctrl+s")
	if s := h.screen(); !strings.Contains(s, "mem://t/alan") {
		t.Errorf("the template was not read with the pasted variable:\n%s", s)
	}
}
