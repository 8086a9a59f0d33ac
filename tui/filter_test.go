package tui

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"mcpeek/model"
)

// rankBackend is the demo server beside two servers with names like
// GitHub's and Google Docs' tools.
func rankBackend(t testing.TB) *fakeBackend {
	b := demoBackend(t)
	tool := func(server, name, desc string) model.Tool {
		return model.Tool{Server: server, Name: name, Description: desc, Raw: []byte(`{"name":"` + name + `"}`)}
	}
	gh := model.Server{Name: "github", State: model.StateConnected}
	for _, n := range []string{"pulls_get_review", "pulls_get_files", "pulls_get_comments", "pulls_get", "pulls_get_status", "issues_get"} {
		gh.Tools = append(gh.Tools, tool("github", n, "Get a pull request thing."))
	}
	docs := model.Server{Name: "gdocs", State: model.StateConnected, Tools: []model.Tool{
		tool("gdocs", "documents_batch_update", "Apply updates to a document."),
		tool("gdocs", "documents_get", "Get a document."),
	}}
	b.servers = append(b.servers, gh, docs)
	return b
}

func (h *harness) selectedName() string {
	if tl, ok := h.m.selectedTool(); ok {
		return tl.ID().String()
	}
	if s, ok := h.m.selectedServer(); ok {
		return "server " + s.Name
	}
	return ""
}

// Trap 1: the filter selects its best match, wherever the cursor was.
func TestFilterSelectsBestMatch(t *testing.T) {
	t.Parallel()
	cases := []struct {
		from  []string // keys before the filter
		query string
		want  string
	}{
		{[]string{"g"}, "order", "demo.shop_get_order"},         // from the demo server's row
		{[]string{"G"}, "pulls_get", "github.pulls_get"},        // from the last row: the exact name, not the first of five
		{[]string{"g"}, "documents_get", "gdocs.documents_get"}, // one match: the tool, not its server
		{[]string{"G"}, "shop_list", "demo.shop_list_orders"},   // of two prefixes, the shorter name
	}
	for _, c := range cases {
		h := newHarness(t, rankBackend(t), 80, 24)
		h.keys(c.from...)
		h.keys("/")
		h.typeText(c.query)
		if got := h.selectedName(); got != c.want {
			t.Errorf("%v /%s selects %s while typing, want %s\n%s", c.from, c.query, got, c.want, h.screen())
		}
		h.keys("enter")
		if got := h.selectedName(); got != c.want {
			t.Errorf("%v /%s enter selects %s, want %s", c.from, c.query, got, c.want)
		}
		if h.m.current == nil || h.m.current.Tool.ID().String() != c.want {
			t.Errorf("/%s: the right pane does not show %s", c.query, c.want)
		}
	}
}

// ↑/↓ move through the results while typing (skipping server rows); j and
// k are letters of the query.
func TestFilterArrowsMoveThroughResults(t *testing.T) {
	t.Parallel()
	h := newHarness(t, rankBackend(t), 80, 24)
	h.keys("/")
	h.typeText("get")
	first := h.selectedName()
	var seen []string
	for range 20 {
		h.keys("down")
		seen = append(seen, h.selectedName())
	}
	for _, s := range seen {
		if len(s) > 7 && s[:7] == "server " {
			t.Fatalf("down selected a server row: %v", seen)
		}
	}
	if seen[0] == first {
		t.Fatalf("down did not move from %s", first)
	}
	h.keys("up")
	if h.m.tools.Filter() != "get" {
		t.Fatalf("arrows changed the query to %q", h.m.tools.Filter())
	}
	h.typeText("jk")
	if h.m.tools.Filter() != "getjk" || h.m.input.mode != inputFilter {
		t.Fatalf("j and k were not typed: %q", h.m.tools.Filter())
	}
}

// esc puts the cursor back where it was before the filter.
func TestFilterEscRestoresSelection(t *testing.T) {
	t.Parallel()
	h := newHarness(t, rankBackend(t), 80, 24)
	h.keys("j", "j", "j")
	before := h.selectedName()
	h.keys("/")
	h.typeText("pulls")
	h.keys("down")
	if h.selectedName() == before {
		t.Fatal("the filter did not move the cursor")
	}
	h.keys("esc")
	if got := h.selectedName(); got != before {
		t.Errorf("esc selects %s, want %s", got, before)
	}
	if h.m.current == nil || h.m.current.Tool.ID().String() != before {
		t.Errorf("esc: the right pane does not show %s", before)
	}
}

// At 80x24 the names of a big server's tools, which share a long prefix
// and differ at their end, stay apart: a cut name keeps its end (all
// eight of benchlisting's read "github_pull_requests_list…").
func TestLongToolNamesKeepTheirEnd80x24(t *testing.T) {
	t.Parallel()
	var tools []model.Tool
	for _, n := range []string{"29", "181", "333", "485"} {
		tools = append(tools, model.Tool{Server: "big", Name: "github_pull_requests_list_review_comments_" + n, InputSchema: json.RawMessage(`{"type":"object"}`)})
	}
	h := newHarness(t, &fakeBackend{servers: []model.Server{{Name: "big", Source: "embedded", Transport: model.TransportInProcess,
		State: model.StateConnected, Tools: tools}}}, 80, 24)
	h.keys("/")
	h.typeText("pulls_list")
	scr := h.screen()
	for _, n := range []string{"29", "181", "333", "485"} {
		if !regexp.MustCompile(`_` + n + ` *│`).MatchString(scr) {
			t.Errorf("no row ends in _%s:\n%s", n, scr)
		}
	}
	for _, l := range strings.Split(scr, "\n") {
		if w := ansi.StringWidth(l); w > 80 {
			t.Errorf("a line is %d cells wide: %q", w, l)
		}
	}
}

// A filter typed before a server listed its tools (typed at start, while
// it connects) matches them once they come: the filter's matches were
// narrowed from the empty list, and stayed "0 matches".
func TestFilterTypedBeforeToolsArriveMatchesThem(t *testing.T) {
	t.Parallel()
	b := demoBackend(t)
	tools := b.servers[0].Tools
	b.servers = append([]model.Server(nil), b.servers...)
	b.servers[0].Tools, b.servers[0].State = nil, model.StateStarting
	h := newHarness(t, b, 80, 24)
	h.keys("/")
	h.typeText("order")
	if !strings.Contains(h.screen(), "0 matches") {
		t.Fatalf("before the tools came:\n%s", h.screen())
	}
	b.servers = append([]model.Server(nil), b.servers...)
	b.servers[0].Tools, b.servers[0].State = tools, model.StateConnected
	h.send(ServerChangedMsg{Server: "demo"})
	scr := h.screen()
	if !strings.Contains(scr, "/order  3 matches") || !strings.Contains(scr, "shop_get_order") {
		t.Errorf("after the tools came:\n%s", scr)
	}
	if sel, ok := h.m.selectedTool(); !ok || sel.Name != "shop_get_order" {
		t.Errorf("selected %q, want the best match", sel.Name)
	}
}
