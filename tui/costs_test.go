package tui

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"mcpeek/internal/testkit"
	"mcpeek/model"
	"mcpeek/summarizer"
	"mcpeek/summarizer/tokens"
	"mcpeek/tui/kit"
	"mcpeek/tui/toolview"
	"mcpeek/tui/uitext"
)

// In the schema view the folded lines on screen get badges: child count,
// depth below and the tokens of their subtree's JSON Schema, computed by
// a command for those lines only and kept.
func TestSchemaCostBadges(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoBackend(t), 160, 48)
	h.selectTool("shop_get_order")
	h.keys("v", "/")
	h.typeText("line_items[]")
	h.keys("enter")
	// The line_items[] badge is what WriteSubtree and the counter say.
	v := h.m.current
	n := viewPane(t, v, "schema").(kit.TreeHolder).Tree().Cursor()
	if n.Path.String() != "line_items[]" {
		t.Fatalf("the cursor is on %q", n.Path)
	}
	s := testkit.Parse(t, v.Tool.OutputSchema)
	r, _ := n.Route()
	node, _ := r.Resolve(s)
	sub := summarizer.WriteSubtree(s, node)
	badge := " · " + strconv.Itoa(sub.Depth) + " deep · " + uitext.Compact(tokens.NewCounter().CL100K(string(sub.JSON))) + " tok"
	line := "line_items[]*: object  31 fields" + badge
	if !strings.Contains(h.screen(), line) {
		t.Errorf("screen lacks %q:\n%s", line, h.screen())
	}
	// Unfolded, the line shows its count only.
	h.keys("l")
	if strings.Contains(h.screen(), line) {
		t.Errorf("an open line keeps its badge:\n%s", h.screen())
	}
}

// A server's row shows the tokens of its raw tools/list beside those of
// all its descriptors at the current knobs, and of the gateway's
// progressive tools/list.
func TestServerTotals(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoBackend(t), 120, 40)
	h.keys("g") // the demo server's row
	srv := h.m.fleet.servers[0]
	var raw strings.Builder
	raw.WriteByte('[')
	for i, tool := range srv.Tools {
		if i > 0 {
			raw.WriteByte(',')
		}
		raw.Write(tool.Raw)
	}
	raw.WriteByte(']')
	c := tokens.NewCounter()
	want := c.Measure(raw.String())
	scr := h.screen()
	if !strings.Contains(scr, "raw tools/list") || !strings.Contains(scr, thousands(want.CL100K)) || !strings.Contains(scr, thousands(want.O200K)) {
		t.Fatalf("server view lacks the raw tools/list's %+v:\n%s", want, scr)
	}
	// The gateway's progressive tools/list, counted the same way.
	gw := measureGatewayList(c)
	if gw == nil || gw.CL100K <= 0 || gw.CL100K >= want.CL100K/10 {
		t.Fatalf("gateway tools/list: %+v against %+v", gw, want)
	}
	if !strings.Contains(scr, "gateway tools/list") || !strings.Contains(scr, thousands(gw.CL100K)) ||
		!strings.Contains(scr, toolview.Percent(gw.CL100K, want.CL100K)) {
		t.Fatalf("server view lacks the gateway's tools/list %+v:\n%s", *gw, scr)
	}
	before := h.m.totals.servers["demo"].desc
	h.keys("-", "-", "-", "-")
	after := h.m.totals.servers["demo"]
	if !after.done || after.desc.Bytes >= before.Bytes || after.raw != want {
		t.Errorf("descriptors at max_fields 10: %+v, at 30: %+v", after.desc, before)
	}
	if !strings.Contains(h.screen(), "descriptors at max_fields 10") {
		t.Errorf("the totals do not say their knobs:\n%s", h.screen())
	}
}

// At 80 columns the totals of a server with a huge listing (the
// 1,223-tool bench server's figures) keep every column: the counts go
// short (5.99M) before the o200k column would be cut.
func TestServerTotalsFit80x24(t *testing.T) {
	t.Parallel()
	b := demoBackend(t)
	name := "github_pull_requests_list_review_comments" // a long name widens the tools pane to its cap
	b.servers[0].Tools = append(b.servers[0].Tools, model.Tool{Server: "demo", Name: name, Raw: []byte(`{"name":"` + name + `"}`)})
	h := newHarness(t, b, 80, 24)
	h.keys("g")
	tot := h.m.totals.servers["demo"]
	if tot == nil || !tot.done {
		t.Fatalf("totals not counted: %+v", tot)
	}
	tot.raw = tokens.Size{Bytes: 5_985_228, CL100K: 1_355_477, O200K: 1_391_604}
	tot.desc = tokens.Size{Bytes: 2_345_678, CL100K: 512_345, O200K: 498_765}
	scr := h.screen()
	var row string
	for _, l := range strings.Split(scr, "\n") {
		if strings.Contains(l, "tools/list") && !strings.Contains(l, "gateway") {
			row = l
		}
	}
	for _, want := range []string{"5.99M", "1.36M", "1.39M"} {
		if !strings.Contains(row, want) {
			t.Fatalf("the tools/list row lacks %s: %q\n%s", want, row, scr)
		}
	}
	if strings.Contains(row, "…") || !strings.Contains(scr, "for all servers") {
		t.Fatalf("the totals are cut: %q\n%s", row, scr)
	}
}

func TestShortCount(t *testing.T) {
	t.Parallel()
	for n, want := range map[int]string{812: "812", 9_999: "9,999", 12_345: "12.3k", 948_000: "948k", 999_600: "1.00M", 5_985_228: "5.99M", 12_345_678: "12.3M"} {
		if got := toolview.ShortCount(n); got != want {
			t.Errorf("shortCount(%d) = %q, want %q", n, got, want)
		}
	}
}

// Counts read one way across the explorer: the title bar, the server's
// row and its pane write 1,223 as the status does.
func TestCountsHaveThousandsSeparators80x24(t *testing.T) {
	t.Parallel()
	srv := model.Server{Name: "bench", Source: "embedded", Transport: model.TransportInProcess, State: model.StateConnected}
	for i := range 1223 {
		name := "tool_" + strconv.Itoa(i)
		srv.Tools = append(srv.Tools, model.Tool{Server: "bench", Name: name, Raw: []byte(`{"name":"` + name + `"}`)})
	}
	h := newHarness(t, &fakeBackend{servers: []model.Server{srv}}, 80, 24)
	h.keys("g")
	scr := h.screen()
	if strings.Contains(scr, "1223") {
		t.Errorf("a count lacks its separator:\n%s", scr)
	}
	title := strings.SplitN(scr, "\n", 2)[0]
	if !strings.Contains(title, "1,223 tools") {
		t.Errorf("title bar %q lacks 1,223 tools", title)
	}
	if !regexp.MustCompile(`bench +1,223 *│`).MatchString(scr) {
		t.Errorf("the server's row lacks 1,223:\n%s", scr)
	}
}
