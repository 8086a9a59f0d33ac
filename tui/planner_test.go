package tui

import (
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"

	"mcpeek/internal/jsonfmt"
	"mcpeek/internal/testkit"
	"mcpeek/summarizer"
	"mcpeek/summarizer/tokens"
	"mcpeek/tui/docview"
	"mcpeek/tui/toolview"
)

// rawText is a raw document's text, line by line, without styles.
func rawText(d *docview.JSON) string {
	lines := make([]string, d.Len())
	for i := range lines {
		lines[i] = d.LineText(i)
	}
	return strings.Join(lines, "\n")
}

// topLevel lists a tree's top-level lines by path ("*" lines by name).
func topLevel(h *harness) []string {
	var out []string
	for n := paneFor[*toolview.SummaryPane](h.t, h.m.current).Tree().First(); n != nil; n = n.After() {
		out = append(out, n.Name)
	}
	return out
}

// Every knob press folds the summary again to exactly what
// summarizer.Summarize returns with those values, in the summary tree, the
// planner view and the tools pane's marks; 0 goes back to the defaults
// of docs/summary.md.
func TestKnobsRefoldToSummarize(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoBackend(t), 120, 40)
	h.selectTool("shop_get_order")
	schema := testkit.Parse(t, h.m.current.Tool.OutputSchema)
	steps := []struct {
		key           string
		fields, depth int
	}{
		{"-", 25, 3}, {"-", 20, 3}, {"-", 15, 3}, {"-", 10, 3}, {"-", 9, 3},
		{"]", 9, 4}, {"[", 9, 3}, {"[", 9, 2}, {"[", 9, 1}, {"[", 9, 1},
		{"+", 10, 1}, {"+", 15, 1}, {"=", 20, 1}, {"0", 30, 3},
		{"+", 35, 3}, {"+", 40, 3}, {"+", 45, 3}, {"+", 50, 3}, {"+", 60, 3}, {"0", 30, 3},
	}
	for i, st := range steps {
		if i == 6 {
			h.keys("p") // the rest in the planner view: it refolds too
		}
		h.keys(st.key)
		want := summarizer.Options{MaxFields: st.fields, MaxDepth: st.depth}
		if h.m.budget != want {
			t.Fatalf("step %d (%s): budget %+v, want %+v", i, st.key, h.m.budget, want)
		}
		sum := summarizer.Summarize(schema, want)
		v := h.m.current
		summary := paneFor[*toolview.SummaryPane](t, v).Summary()
		if !slices.Equal(summary.OutputFields(), sum.OutputFields()) || summary.HasHiddenFields != sum.HasHiddenFields || v.Budget != want {
			t.Fatalf("step %d: the summary is not Summarize(%+v):\n got %q\nwant %q", i, want, summary.OutputFields(), sum.OutputFields())
		}
		if top := topLevel(h); len(top) > len(sum.OutputFields()) || len(top) == 0 {
			t.Fatalf("step %d: %d top-level lines for %d summary lines", i, len(top), len(sum.OutputFields()))
		}
		if !strings.Contains(h.screen(), "max_fields "+itoa(st.fields)+" · max_depth "+itoa(st.depth)) {
			t.Fatalf("step %d: the status bar does not show the knobs:\n%s", i, h.screen())
		}
		if h.m.view.kind == viewNamed(t, "planner") {
			d, _ := summarizer.Describe(v.Tool, want)
			b, _ := jsonfmt.MarshalIndent(d)
			doc, at := paneFor[*toolview.PlannerPane](t, v).Descriptor()
			if got := rawText(doc); got != strings.TrimSuffix(string(b), "\n") {
				t.Fatalf("step %d: the planner view (%+v) is not the descriptor at %+v:\n%s\nwant\n%s", i, at, want, got, b)
			}
		}
		if ti := h.m.fleet.info[v.Tool.ID().String()]; ti.budget != want || ti.HidesFields != sum.HasHiddenFields {
			t.Fatalf("step %d: the tools pane's mark is for %+v", i, ti.budget)
		}
	}
	// Back on the summary, then on another tool: it is folded with the knobs.
	h.keys("-", "p", "tab", "/", "esc")
	h.selectTool("shop_get_product")
	v := h.m.current
	if v.Tool.Name == "shop_get_order" || v.Budget != h.m.budget ||
		!slices.Equal(paneFor[*toolview.SummaryPane](t, v).Summary().OutputFields(), summarizer.Summarize(testkit.Parse(t, v.Tool.OutputSchema), h.m.budget).OutputFields()) {
		t.Fatalf("%s is folded at %+v, the knobs say %+v", v.Tool.Name, v.Budget, h.m.budget)
	}
}

// The planner view shows the descriptor exactly as `summary --json`
// prints it (golden, shared with the CLI's test), with its size and the
// full definition's in bytes and tokens, counted by commands.
func TestPlannerView(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoBackend(t), 100, 40)
	h.selectTool("shop_get_order")
	h.keys("p", "-", "-", "-", "-")
	v := h.m.current
	doc, at := paneFor[*toolview.PlannerPane](t, v).Descriptor()
	if doc == nil || at.MaxFields != 10 {
		t.Fatalf("no planner view at max_fields 10:\n%s", h.screen())
	}
	golden.RequireEqual(t, []byte(rawText(doc)+"\n"))

	c := tokens.NewCounter()
	d, _ := summarizer.Describe(v.Tool, h.m.budget)
	compact, _ := jsonfmt.MarshalCompact(d)
	desc, def := c.Measure(string(compact)), c.Measure(string(v.Tool.Raw))
	scr := h.screen()
	for _, want := range []string{
		"descriptor" + strings.Repeat(" ", 8) + padLeft(thousands(desc.Bytes), 10) + padLeft(thousands(desc.CL100K), 10) + padLeft(thousands(desc.O200K), 10),
		"full definition" + strings.Repeat(" ", 3) + padLeft(thousands(def.Bytes), 10) + padLeft(thousands(def.CL100K), 10) + padLeft(thousands(def.O200K), 10),
		"max_fields 10 · max_depth 3 · 11 lines · hides fields",
		`"tool_id": "demo.shop_get_order"`,
	} {
		if !strings.Contains(scr, want) {
			t.Errorf("planner view lacks %q:\n%s", want, scr)
		}
	}
	// G shows the end of the JSON, and the path bar counts its lines.
	h.keys("G")
	_, total := doc.Span()
	if scr := h.screen(); !strings.Contains(scr, `"has_hidden_fields": true`) ||
		!strings.Contains(scr, "–"+itoa(total)+" of "+itoa(total)) {
		t.Errorf("G does not show the end:\n%s", scr)
	}
	// Each output_fields line says, on the right, which step chose it.
	if len(d.Steps) != len(d.OutputFields) {
		t.Fatalf("%d steps for %d output_fields", len(d.Steps), len(d.OutputFields))
	}
	for k, field := range d.OutputFields {
		path := field[:strings.IndexAny(field+" ", ": ")] // "id: integer", "* (+79 more fields; ...)"
		step := d.Steps[k]
		found := false
		for _, row := range strings.Split(h.screen(), "\n") {
			code, _, _ := strings.Cut(step.String(), " ") // the view is 66 cells wide: the step's number
			found = found || (strings.Contains(row, `"`+path) && strings.HasSuffix(strings.TrimRight(row, " "), "← "+code))
		}
		if !found {
			t.Errorf("no row shows %q with its step %q:\n%s", field, step, h.screen())
		}
	}
	if len(d.Steps) == 0 || d.Steps[0] != summarizer.StepTier1 {
		t.Errorf("the first line of shop_get_order is a Tier 1 leaf: %v", d.Steps)
	}
}

// Token counting never runs in Update: right after the key the view says
// it is counting, and the count arrives as a message.
func TestPlannerCountsOffTheLoop(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoBackend(t), 100, 40)
	h.selectTool("shop_get_product")
	_, cmd := h.m.Update(keyPress("p"))
	if !strings.Contains(h.screen(), "counting tokens…") {
		t.Fatalf("the planner view does not wait for its counts:\n%s", h.screen())
	}
	h.run(cmd)
	if strings.Contains(h.screen(), "counting tokens…") || !strings.Contains(h.screen(), "descriptor share") {
		t.Fatalf("the counts did not arrive:\n%s", h.screen())
	}
	// An answer for a view the model no longer holds is dropped.
	old := paneFor[*toolview.PlannerPane](t, h.m.current)
	knobs := summarizer.Options{MaxFields: 3, MaxDepth: 3}
	h.m.budget = knobs
	_, cmd = h.m.Update(tea.WindowSizeMsg{Width: 100, Height: 40}) // the view folds again and counts
	if !old.Counting(knobs) {
		t.Fatal("no count asked for at the new knobs")
	}
	reloaded := toolview.New(h.m.current.Tool, knobs)
	h.m.built.views[h.m.current.Tool.ID().String()] = reloaded
	h.run(cmd)
	if old.Counted(knobs) {
		t.Error("a stale count was kept")
	}
	if paneFor[*toolview.PlannerPane](t, reloaded).Counted(knobs) {
		t.Error("a count for another view was taken")
	}
}

// A knob keeps the cursor on its field, wherever the new summary puts it
// (behind a fold or the "*" line).
func TestKnobsKeepTheCursorsField(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoBackend(t), 100, 40)
	h.selectTool("shop_get_order")
	h.keys("/")
	h.typeText("line_items[]")
	h.keys("enter", "l", "/")
	h.typeText("price_set")
	h.keys("enter")
	if h.cursorPath() != "line_items[].price_set" {
		t.Fatalf("cursor on %q", h.cursorPath())
	}
	for _, k := range []string{"-", "-", "-", "-", "[", "0"} {
		h.keys(k)
		if h.cursorPath() != "line_items[].price_set" || !strings.Contains(h.screen(), "› line_items[].price_set") {
			t.Fatalf("after %s the cursor is on %q:\n%s", k, h.cursorPath(), h.screen())
		}
	}
}
