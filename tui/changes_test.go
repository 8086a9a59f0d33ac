package tui

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"mcpeek/internal/testkit"
	"mcpeek/model"
	"mcpeek/summarizer/schemadiff"
	"mcpeek/tui/toollist"
)

// lockWritten is the lock files' modification time in these tests, so
// that the screens that show it do not change from run to run.
var lockWritten = time.Date(2026, 5, 4, 9, 30, 0, 0, time.Local)

// editTool rewrites a tool's definition with edit applied to it as
// decoded JSON, read back as the client reads it.
func editTool(t testing.TB, tl model.Tool, edit func(def map[string]any)) model.Tool {
	t.Helper()
	var def map[string]any
	if err := json.Unmarshal(tl.Raw, &def); err != nil {
		t.Fatal(err)
	}
	edit(def)
	raw, err := json.Marshal(def)
	if err != nil {
		t.Fatal(err)
	}
	out, err := schemadiff.ParseTool(tl.Server, raw)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// reencodedDemo is the demo tools, each definition decoded and encoded
// again as editTool writes it (members sorted), so that an edited tool
// differs from these only by its edit.
func reencodedDemo(t testing.TB) []model.Tool {
	var out []model.Tool
	for _, tl := range testkit.DemoTools(t) {
		out = append(out, editTool(t, tl, func(map[string]any) {}))
	}
	return out
}

// reencodedBackend is demoBackend serving reencodedDemo.
func reencodedBackend(t testing.TB) *fakeBackend {
	b := demoBackend(t)
	b.servers[0].Tools = reencodedDemo(t)
	return b
}

// props is the properties of a schema member of a definition.
func props(def map[string]any, member string) map[string]any {
	return def[member].(map[string]any)["properties"].(map[string]any)
}

// orderIDInteger makes shop_get_order's order_id an integer.
func orderIDInteger(def map[string]any) {
	props(def, "inputSchema")["order_id"].(map[string]any)["type"] = "integer"
}

// demoLock writes a lock file of the demo tools as they were "before":
// shop_get_order took an integer order_id and returned legacy_total too,
// util_echo was not there yet, and shop_cancel_order was.
func demoLock(t testing.TB) string {
	t.Helper()
	var before []model.Tool
	for _, tl := range reencodedDemo(t) {
		switch tl.Name {
		case "util_echo":
			continue
		case "shop_get_order":
			tl = editTool(t, tl, func(def map[string]any) {
				orderIDInteger(def)
				props(def, "outputSchema")["legacy_total"] = map[string]any{"type": "string"}
			})
		}
		before = append(before, tl)
	}
	cancel, err := schemadiff.ParseTool("demo", []byte(`{"name":"shop_cancel_order","inputSchema":{"type":"object"}}`))
	if err != nil {
		t.Fatal(err)
	}
	before = append(before, cancel)
	return writeLock(t, schemadiff.FromServers([]model.Server{{Name: "demo", Tools: before}}))
}

func writeLock(t testing.TB, snap schemadiff.Snapshot) string {
	t.Helper()
	b, err := snap.Encode()
	if err != nil {
		t.Fatal(err)
	}
	return writeFile(t, b)
}

func writeFile(t testing.TB, b []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "mcpeek.lock.json")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(path, lockWritten, lockWritten); err != nil {
		t.Fatal(err)
	}
	return path
}

// newLockHarness is newHarness with a lock file to compare with.
func newLockHarness(t testing.TB, b Backend, lock string, w, h int) *harness {
	m := New(Options{StateDir: stateDir(t), Backend: b, Started: true, NoColor: true, Baseline: lock})
	m.clock.after = func(time.Duration, tea.Msg) tea.Cmd { return nil }
	hs := &harness{t: t, m: m}
	hs.run(m.Init())
	hs.send(tea.WindowSizeMsg{Width: w, Height: h})
	return hs
}

// pickTool puts the tools pane's cursor on the tool named name.
func (h *harness) pickTool(name string) {
	h.t.Helper()
	h.m.term.focus = focusTools
	if !h.m.tools.Select(h.m.fleet.servers, toollist.Key{Server: "demo", Tool: name}) {
		h.t.Fatalf("no row for %s", name)
	}
	h.run(h.m.showSelected())
}

// toolLine is the tools pane's line of the tool called name.
func (h *harness) toolLine(name string) string {
	h.t.Helper()
	for _, l := range strings.Split(h.screen(), "\n") {
		left, _, _ := strings.Cut(l, "│")
		if strings.Contains(left, " "+name+" ") || strings.Contains(left, " "+name+"…") {
			return left
		}
	}
	h.t.Fatalf("no line for %s in\n%s", name, h.screen())
	return ""
}

// A tool that changed since the lock file is marked with its worst class;
// a tool the lock file lacks is marked added; a tool only the lock file
// has is counted on its server's line and listed in its pane.
func TestBaselineMarksTools(t *testing.T) {
	t.Parallel()
	h := newLockHarness(t, reencodedBackend(t), demoLock(t), 100, 30)
	if got := h.m.status.text; !strings.Contains(got, "comparing with mcpeek.lock.json (written 2026-05-04 09:30)") {
		t.Errorf("status %q", got)
	}
	ic := h.m.styles.Icons
	if l := h.toolLine("shop_get_order"); !strings.Contains(l, ic.Breaking) {
		t.Errorf("shop_get_order is not marked breaking: %q", l)
	}
	if l := h.toolLine("util_echo"); !strings.Contains(l, ic.Added) {
		t.Errorf("util_echo is not marked added: %q", l)
	}
	if l := h.toolLine("shop_get_product"); strings.ContainsAny(l, ic.Breaking+ic.Compatible+ic.Added) {
		t.Errorf("shop_get_product is marked, yet unchanged: %q", l)
	}
	if l := h.toolLine("demo"); !strings.Contains(l, "−1") {
		t.Errorf("the server's line does not count the removed tool: %q", l)
	}
	if l := h.toolLine("shop_cancel_order"); !strings.Contains(l, "gone") {
		t.Errorf("the removed tool is not listed gone under its server: %q", l)
	}
	h.keys("G", "k") // the demo server's last row, above the broken server: the gone tool
	if r, _ := h.m.tools.Row(); r.Gone != 1 {
		t.Fatalf("the row above the last is not the gone tool: %+v", r)
	}
	if s := h.screen(); !strings.Contains(s, "no longer listed") {
		t.Errorf("the gone tool's row does not show its server's pane:\n%s", s)
	}
	h.keys("K")
	if r, _ := h.m.tools.Row(); r.Gone != 0 || r.Tool >= 0 || h.m.fleet.servers[r.Server].Name != "demo" {
		t.Errorf("K from the gone tool does not go to its server's row: %+v", r)
	}
	h.keys("g") // the server's row: its pane lists the tool removed
	if s := h.screen(); !strings.Contains(s, "shop_cancel_order") || !strings.Contains(s, "no longer listed") {
		t.Errorf("the server pane does not list the removed tool:\n%s", s)
	}
}

// The diff view lists the changes with their paths, and marks each
// changed field on both trees; moving in the list moves both trees.
func TestDiffViewMarksBothTrees(t *testing.T) {
	t.Parallel()
	h := newLockHarness(t, reencodedBackend(t), demoLock(t), 100, 30)
	h.pickTool("shop_get_order")
	h.keys("D")
	if h.m.view.kind != viewNamed(t, "diff") {
		t.Fatalf("D shows %s", h.m.view.kind)
	}
	p := viewPane(t, h.m.current, "diff")
	if got := p.Headline(); !strings.HasSuffix(got, ": 2 breaking") {
		t.Fatalf("headline %q", got)
	}
	s := h.screen()
	for _, want := range []string{"input-type-changed order_id", "output-removed legacy_total", "2 breaking"} {
		if !strings.Contains(s, want) {
			t.Errorf("the diff view lacks %q:\n%s", want, s)
		}
	}
	ic := h.m.styles.Icons
	// Side by side, 120 cells wide: the old tree on the left, the new on
	// the right of the rule.
	oldTree, newTree := splitDiff(plainPane(p, 120, 40))
	if !hasLine(oldTree, ic.Breaking, "order_id*: integer") || !hasLine(newTree, ic.Breaking, "order_id*: string") {
		t.Errorf("order_id is not marked on both trees:\nold\n%s\nnew\n%s", oldTree, newTree)
	}
	h.send(tea.WindowSizeMsg{Width: 100, Height: 30})
	h.keys("tab", "j") // the second change: the old tree on legacy_total
	if w := ansi.Strip(p.Where(&h.m.styles)); w != "change 2 of 2" {
		t.Errorf("the cursor is on %q", w)
	}
	if oldTree, _ := splitDiff(plainPane(p, 120, 40)); !hasLine(oldTree, ic.Breaking, "legacy_total: string") {
		t.Errorf("legacy_total is not marked on the old tree:\n%s", oldTree)
	}
	h.send(tea.WindowSizeMsg{Width: 100, Height: 30})
	h.keys("/")
	h.typeText("order_id")
	if w := ansi.Strip(p.Where(&h.m.styles)); w != "change 1 of 2" {
		t.Errorf("searching order_id leaves the cursor on %q", w)
	}
}

// splitDiff cuts the diff view's drawing, side by side, into its old and
// new trees (the lines under their headings).
func splitDiff(drawn string) (old, new string) {
	var o, n []string
	trees := false
	for _, l := range strings.Split(drawn, "\n") {
		left, right, ok := strings.Cut(l, " │ ")
		if !ok {
			continue
		}
		if strings.HasPrefix(left, "old") {
			trees = true
			continue
		}
		if trees {
			o, n = append(o, strings.TrimSpace(left)), append(n, strings.TrimSpace(right))
		}
	}
	return strings.Join(o, "\n"), strings.Join(n, "\n")
}

// hasLine reports whether some line starts with mark and holds text.
func hasLine(tree, mark, text string) bool {
	for _, l := range strings.Split(tree, "\n") {
		if strings.HasPrefix(l, mark) && strings.Contains(l, text) {
			return true
		}
	}
	return false
}

// Without a lock file the diff view says how to make one.
func TestDiffViewWithoutBaseline(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoBackend(t), 100, 30)
	h.pickTool("shop_get_order")
	h.keys("D")
	squeeze := func(s string) string { return strings.Join(strings.Fields(s), "") } // the text is wrapped
	p := viewPane(t, h.m.current, "diff")
	if s := ansi.Strip(p.Render(h.m.frame())); !strings.Contains(squeeze(s), squeeze("No baseline: run `mcpeek snapshot -o mcpeek.lock.json` or pass --snapshot")) {
		t.Errorf("no baseline text:\n%s", s)
	}
	if l := h.toolLine("shop_get_order"); strings.Contains(l, h.m.styles.Icons.Breaking) {
		t.Errorf("marked without a baseline: %q", l)
	}
}

// A lock file that cannot be read is a note; the explorer runs on.
func TestBadLockFileIsANote(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ name, content, want string }{
		{"not json", "{nope", "mcpeek.lock.json: not a snapshot"},
		{"not a snapshot", `{"servers": []}`, `no "mcpeek_snapshot" member`},
		{"missing", "", "mcpeek.lock.json: no such file"},
	} {
		path := filepath.Join(t.TempDir(), "mcpeek.lock.json")
		if c.content != "" {
			path = writeFile(t, []byte(c.content))
		}
		h := newLockHarness(t, demoBackend(t), path, 100, 30)
		if !h.m.status.isErr || !strings.Contains(h.m.status.text, c.want) {
			t.Errorf("%s: status %q, want %q", c.name, h.m.status.text, c.want)
		}
		if h.m.current == nil {
			t.Errorf("%s: no tool shown", c.name)
		}
	}
}

// A tool whose definition changes while the explorer runs (list_changed)
// is marked as changed since it was first listed, without a lock file.
func TestListChangedMarksChangedSinceStart(t *testing.T) {
	t.Parallel()
	b := demoBackend(t)
	h := newHarness(t, b, 100, 30)
	ic := h.m.styles.Icons
	if l := h.toolLine("shop_get_order"); strings.Contains(l, ic.Breaking) {
		t.Fatalf("marked before any change: %q", l)
	}
	tools := b.servers[0].Tools
	fresh := append([]model.Tool(nil), tools...)
	for i, tl := range fresh {
		if tl.Name == "shop_get_order" {
			fresh[i] = editTool(t, tl, orderIDInteger)
		}
	}
	b.servers = append([]model.Server(nil), b.servers...)
	b.servers[0].Tools = fresh
	h.send(ServerChangedMsg{Server: "demo"})
	if l := h.toolLine("shop_get_order"); !strings.Contains(l, ic.Breaking) {
		t.Errorf("not marked after list_changed: %q", l)
	}
	h.pickTool("shop_get_order")
	h.keys("D")
	s := h.screen()
	if !strings.Contains(s, "input-type-changed order_id") || !strings.Contains(s, "first listed") {
		t.Errorf("the diff view does not show the change since start:\n%s", s)
	}
}

// The findings view lists what each client refuses, and the tools pane
// marks the tools some client refuses.
func TestFindingsViewAndRejectedMark(t *testing.T) {
	t.Parallel()
	b := demoBackend(t)
	// analytics_timeseries takes an array: every client refuses it (its
	// array result is only a warning, since 2026-07-28).
	b.servers = append([]model.Server(nil), b.servers...)
	b.servers[0].Tools = append([]model.Tool(nil), b.servers[0].Tools...)
	for i, tl := range b.servers[0].Tools {
		if tl.Name == "analytics_timeseries" {
			b.servers[0].Tools[i] = editTool(t, tl, func(def map[string]any) { def["inputSchema"] = map[string]any{"type": "array"} })
		}
	}
	h := newHarness(t, b, 100, 30)
	if l := h.toolLine("analytics_timeseries"); !strings.Contains(l, h.m.styles.Icons.Rejected) {
		t.Errorf("analytics_timeseries is not marked refused: %q", l)
	}
	h.pickTool("analytics_timeseries")
	h.keys("!")
	if h.m.view.kind != viewNamed(t, "findings") {
		t.Fatalf("! shows %s", h.m.view.kind)
	}
	s := h.screen()
	for _, want := range []string{"refused by mcp", "input-root-object", "/inputSchema/type", "output-root-object", "fix: use"} {
		if !strings.Contains(s, want) {
			t.Errorf("the findings view lacks %q:\n%s", want, s)
		}
	}
	if lines := strings.Count(plainPane(viewPane(t, h.m.current, "findings"), 80, 200), "\n") + 1; lines < 10 {
		t.Errorf("only %d lines of findings", lines)
	}
}

// One marking runs at a time: a second ask waits for the first to land,
// then runs once, on the servers as they are then.
func TestMarkingsDoNotPileUp(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoBackend(t), 100, 30)
	first := h.m.markTools()
	if first == nil {
		t.Fatal("no marking started")
	}
	if h.m.markTools() != nil || h.m.markTools() != nil {
		t.Fatal("a second marking started while one runs")
	}
	_, next := h.m.Update(first())
	if next == nil || h.m.changes.ticket == 0 {
		t.Fatal("the marking asked for meanwhile did not start")
	}
	h.run(next)
	if h.m.changes.ticket != 0 || h.m.changes.again {
		t.Errorf("markings left under way: ticket %d, again %v", h.m.changes.ticket, h.m.changes.again)
	}
}

// A lock file of other servers marks nothing, and the status line says
// why rather than leave the user wondering.
func TestLockFileOfOtherServersSaysSo(t *testing.T) {
	t.Parallel()
	b := demoBackend(t)
	path := writeLock(t, schemadiff.FromServers([]model.Server{{Name: "shop", Tools: b.servers[0].Tools}}))
	h := newLockHarness(t, b, path, 120, 30)
	if !h.m.status.isErr || !strings.Contains(h.m.status.text, "it lists none of these servers, only shop") {
		t.Errorf("status %q", h.m.status.text)
	}
	// Trap: the diff view said "No changes since mcpeek.lock.json" of a
	// tool whose server the lock file does not list.
	h.pickTool("shop_get_order")
	h.keys("D")
	if scr := h.screen(); strings.Contains(scr, "No changes since") || !strings.Contains(scr, "Not in the lock file") ||
		!strings.Contains(scr, "mcpeek snapshot demo") {
		t.Errorf("the diff view of a tool of an unlisted server:\n%s", scr)
	}
	// The lock file of the demo server itself says nothing of the kind.
	path = writeLock(t, schemadiff.FromServers([]model.Server{{Name: "demo", Tools: b.servers[0].Tools}}))
	h = newLockHarness(t, demoBackend(t), path, 120, 30)
	if strings.Contains(h.m.status.text, "none of these servers") {
		t.Errorf("status %q", h.m.status.text)
	}
}

// A lock file over the size limit is a note naming the limit; it is not
// read.
func TestLockFileOverTheLimitIsANote(t *testing.T) {
	t.Parallel()
	path := writeFile(t, []byte(`{"mcpeek_snapshot": 1, "servers": []}`))
	msg, ok := readBaseline(path, 10)().(baselineReadMsg)
	if !ok || msg.err == nil || !strings.Contains(msg.err.Error(), "over the 10 bytes limit for a snapshot") {
		t.Fatalf("readBaseline = %#v, want the limit", msg)
	}
}

// Marking a listing keeps no copy of its definitions: a mark shares its
// tool's bytes (a 1,223-tool server's are 6 MB, which the listing holds
// already). Marking again what is marked lints nothing, so what it
// allocates is the marks' maps, far less than the definitions.
func TestMarksShareTheDefinitions(t *testing.T) {
	servers := demoBackend(t).servers[:1]
	prev, _ := schemadiff.MarkServers(servers, nil, nil, nil)
	defs := 0
	for _, tl := range servers[0].Tools {
		defs += len(tl.Raw)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	marks, _ := schemadiff.MarkServers(servers, nil, nil, prev)
	runtime.ReadMemStats(&after)
	if len(marks) != len(servers[0].Tools) {
		t.Fatalf("%d marks for %d tools", len(marks), len(servers[0].Tools))
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > uint64(defs)/4 {
		t.Errorf("marking %d tools again allocated %d bytes, against %d bytes of definitions", len(marks), got, defs)
	}
}

// A tool whose only change since the lock file is its words is marked
// routing in the tools pane, its counts say so, and the diff view shows
// the words before and after; a changed pattern is unknown.
func TestRoutingAndUnknownChangesAreMarked(t *testing.T) {
	t.Parallel()
	var before []model.Tool
	for _, tl := range reencodedDemo(t) {
		switch tl.Name {
		case "shop_get_product":
			tl = editTool(t, tl, func(def map[string]any) { def["description"] = "Fetch one product." })
		case "chat_post_message":
			tl = editTool(t, tl, func(def map[string]any) {
				for _, p := range props(def, "inputSchema") {
					p.(map[string]any)["pattern"] = "^x$"
					break
				}
			})
		}
		before = append(before, tl)
	}
	lock := writeLock(t, schemadiff.FromServers([]model.Server{{Name: "demo", Tools: before}}))
	h := newLockHarness(t, reencodedBackend(t), lock, 120, 30)
	ic := h.m.styles.Icons
	if l := h.toolLine("shop_get_product"); !strings.Contains(l, ic.Routing) {
		t.Errorf("shop_get_product is not marked routing: %q", l)
	}
	if l := h.toolLine("chat_post_message"); !strings.Contains(l, ic.Unknown) {
		t.Errorf("chat_post_message is not marked unknown: %q", l)
	}
	h.pickTool("shop_get_product")
	h.keys("D")
	screen := h.screen()
	for _, want := range []string{"1 routing", ic.Routing + " ", `"Fetch one product." → "`} {
		if !strings.Contains(screen, want) {
			t.Errorf("the diff view lacks %q:\n%s", want, screen)
		}
	}
}
