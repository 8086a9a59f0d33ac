package toolview

import (
	"strings"
	"time"

	"mcpeek/model"
	"mcpeek/summarizer/schematree"
	"mcpeek/tui/docview"
	"mcpeek/tui/resultview"
)

// searchScanLines bounds how many lines a search loads in a tree to look
// inside its folds: model.ScanCap, the same cap as every schema walk.
const searchScanLines = model.ScanCap

// searchLoadSlice bounds the time one keystroke of a search spends
// loading lines, so that a frame never waits long: what is left is
// loaded by the next keystrokes (and n), and the counter says "+" until
// then.
const searchLoadSlice = 25 * time.Millisecond

// lineMatches reports whether a tree line matches a lower-cased query:
// its own name holds it, or, for a query with a dot or brackets, its path
// ends with it ("price_set.shop_money", "line_items[]"), so that the lines
// under a match do not match too. A value of a call result matches by its
// value too. Notes and "*" lines never match.
func lineMatches(n *schematree.Node, q string) bool {
	if n.Kind == schematree.KindNote || n.Kind == schematree.KindMore {
		return false
	}
	if strings.ContainsAny(q, ".[") {
		p := n.Path.String()
		return len(p) >= len(q) && strings.HasSuffix(strings.ToLower(p), q)
	}
	if _, ok := resultview.ValueOf(n); ok && docview.ContainsFold(n.Type, q) {
		return true
	}
	return docview.ContainsFold(n.Name, q)
}

// findInTree searches a tree's whole schema: lines under folds are loaded
// (at most searchScanLines each call) and a match under a fold opens it.
// from is where the search began (dir 0).
func findInTree(t *schematree.Tree, from *schematree.Node, q string, dir int) (at, total int, more bool) {
	q = docview.FoldQuery(q)
	if q == "" || t.Cursor() == nil {
		return 0, 0, false
	}
	deadline := time.Now().Add(searchLoadSlice)
	more = true
	for more && time.Now().Before(deadline) {
		more = t.LoadFolded(searchScanLines, 256)
	}
	ref := t.Cursor()
	if dir == 0 && from != nil {
		ref = from
	}
	var hits []*schematree.Node
	refAt := -1 // hits before ref in list order
	for n := t.First(); n != nil; n = n.Next() {
		if n == ref {
			refAt = len(hits)
		}
		if lineMatches(n, q) {
			hits = append(hits, n)
		}
	}
	if len(hits) == 0 {
		return 0, 0, more
	}
	refAt = max(refAt, 0)
	i := docview.Pick(hits, refAt, ref, dir)
	t.Jump(hits[i])
	return i + 1, len(hits), more
}

// The tree views search their whole schema.

func (p *TreePane) MarkSearch() { p.origin = p.t.Cursor() }
func (p *TreePane) UnmarkSearch() {
	if p.origin != nil {
		p.t.Reveal(p.origin)
	}
}
func (p *TreePane) Find(q string, dir int) (int, int, bool) { return findInTree(p.t, p.origin, q, dir) }

// The documents (raw, planner, compare) search their lines.

func (p *docPane) lines() docview.Lines {
	d, _ := p.doc.(docview.Lines)
	return d
}
func (p *docPane) MarkSearch()   { p.search.Mark(p.lines()) }
func (p *docPane) UnmarkSearch() { p.search.Unmark(p.lines(), p.height) }
func (p *docPane) Find(q string, dir int) (int, int, bool) {
	at, total := p.search.Find(p.lines(), p.height, q, dir)
	return at, total, false
}

func (p *plannerDoc) LineText(i int) string { return p.json.LineText(i) }

func (d *compareDoc) LineText(i int) string {
	if !d.wide {
		return d.stacked[i].text()
	}
	var left, right string
	if i < len(d.legacy) {
		left = d.legacy[i].text()
	}
	if i < len(d.folded) {
		right = d.folded[i].text()
	}
	return left + " │ " + right
}

// text is the line's plain text.
func (l DocLine) text() string {
	var b strings.Builder
	for _, sp := range l {
		b.WriteString(sp.Text)
	}
	return b.String()
}
