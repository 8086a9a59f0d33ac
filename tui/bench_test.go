package tui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"mcpeek/internal/testkit"
	"mcpeek/model"
	"mcpeek/summarizer/schematree"
	"mcpeek/tui/kit"
	"mcpeek/tui/toolview"
)

// bigSchema is an object of 100 objects of 1,000 string fields each: with
// the section line, 100,101 lines once everything is unfolded.
func bigSchema(tb testing.TB) *model.Schema { return testkit.Parse(tb, bigSchemaJSON()) }

// bigSchemaJSON is bigSchema as sent.
func bigSchemaJSON() []byte {
	var b strings.Builder
	b.WriteString(`{"type":"object","properties":{`)
	for i := range 100 {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"group_%03d":{"type":"object","properties":{`, i)
		for j := range 1000 {
			if j > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `"field_%04d":{"type":"string","description":"Field %d of group %d."}`, j, j, i)
		}
		b.WriteString(`}}`)
	}
	b.WriteString(`}}`)
	return []byte(b.String())
}

func expandedBigTree(tb testing.TB) *schematree.Tree {
	tr := schematree.NewSchema(bigSchema(tb), nil, "", "")
	tr.SetHeight(43) // the tree's rows at 160x48
	if tr.ExpandAll() {
		tb.Fatal("capped")
	}
	if tr.Len() < 100_000 {
		tb.Fatalf("only %d lines", tr.Len())
	}
	return tr
}

// BenchmarkExpandAll100k unfolds a fresh 100,101-line schema tree, loading
// every line.
func BenchmarkExpandAll100k(b *testing.B) {
	s := bigSchema(b)
	for b.Loop() {
		tr := schematree.NewSchema(s, nil, "", "")
		tr.SetHeight(43)
		tr.ExpandAll()
	}
}

// BenchmarkFrame100k draws one frame of the tree pane (160 columns) with
// the cursor in the middle of 100,101 unfolded lines.
func BenchmarkFrame100k(b *testing.B) {
	tr := expandedBigTree(b)
	tr.Down(50_000)
	st := kit.NewStyles(true, false)
	for b.Loop() {
		_ = drawTree(&st, tr, 131, true)
	}
}

// BenchmarkFoldUnfold100k folds and unfolds a group in the middle of an
// unfolded 100,101-line tree: O(1) each, plus the screen's settle.
func BenchmarkFoldUnfold100k(b *testing.B) {
	tr := expandedBigTree(b)
	tr.Down(50_000)
	tr.Parent()
	n := tr.Cursor()
	for b.Loop() {
		tr.Collapse(n)
		tr.Expand(n)
	}
}

// BenchmarkViewFrame100k draws the whole screen (160x48) with the schema
// view of a tool whose schema has 100,000 fields, all unfolded.
func BenchmarkViewFrame100k(b *testing.B) {
	h := newHarness(b, &fakeBackend{servers: []model.Server{{Name: "big", State: model.StateConnected}}}, 160, 48)
	v := toolview.New(model.Tool{Server: "big", Name: "tool", OutputSchema: bigSchemaJSON()}, defaultBudget)
	schema := paneFor[*toolview.SchemaPane](b, v)
	h.m.current, h.m.view.kind, h.m.term.focus = v, viewNamed(b, "schema"), focusView
	h.m.sizePanes()
	schema.Tree().ExpandAll()
	schema.Tree().Down(50_000)
	for b.Loop() {
		_ = h.m.View()
	}
}

// BenchmarkStartupFirstFrame is the first frame: drawn at once, while the
// servers connect behind a spinner.
func BenchmarkStartupFirstFrame(b *testing.B) {
	for b.Loop() {
		m := New(Options{Backend: &fakeBackend{}})
		m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
		_ = m.View()
	}
}

// BenchmarkStartupDemoTool is start-up to the first frame that shows a
// tool's summary: the demo server started in process, its 13 tools listed
// and indexed, the first tool's views built, the frame drawn.
func BenchmarkStartupDemoTool(b *testing.B) {
	for b.Loop() {
		mgr := demoManager(b)
		m := New(Options{Backend: mgr, NoColor: true})
		m.clock.after = func(time.Duration, tea.Msg) tea.Cmd { return nil }
		h := &harness{t: b, m: m}
		h.run(m.Init())
		h.send(tea.WindowSizeMsg{Width: 80, Height: 24})
		if m.current == nil {
			b.Fatal("no tool shown")
		}
		_ = m.View()
		mgr.Close()
	}
}

// manyTools is a server with n tools (the demo's, renamed).
func manyTools(tb testing.TB, n int) *fakeBackend {
	demo := testkit.DemoTools(tb)
	tools := make([]model.Tool, n)
	for i := range tools {
		t := demo[i%len(demo)]
		t.Name = fmt.Sprintf("%s_%04d", t.Name, i)
		tools[i] = t
	}
	return &fakeBackend{servers: []model.Server{{Name: "many", State: model.StateConnected, Tools: tools}}}
}

// BenchmarkIndex1000Tools is the background work when a server with 1,000
// tools connects: every output schema parsed and summarised for the marks.
func BenchmarkIndex1000Tools(b *testing.B) {
	fb := manyTools(b, 1000)
	for b.Loop() {
		loadServers(fb, 1, nil, defaultBudget)()
	}
}

// BenchmarkFilter1000Tools types one more letter into the filter over
// 1,000 tools (the incremental path) and draws the frame.
func BenchmarkFilter1000Tools(b *testing.B) {
	h := newHarness(b, manyTools(b, 1000), 160, 48)
	h.keys("/")
	h.typeText("sh")
	for b.Loop() {
		h.typeText("o")
		_ = h.m.View()
		h.keys("backspace")
	}
}

// BenchmarkFilterPaste1223Tools pastes 200 KB into the filter over 1,223
// tools (a paste gone wrong: a file, a log) and draws the frame.
func BenchmarkFilterPaste1223Tools(b *testing.B) {
	h := newHarness(b, manyTools(b, 1223), 160, 48)
	big := tea.PasteMsg{Content: strings.Repeat("x", 200_000)}
	for b.Loop() {
		h.keys("/")
		h.m.Update(big)
		_ = h.m.View()
		h.keys("esc")
	}
}
