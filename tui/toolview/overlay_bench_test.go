package toolview

import (
	"fmt"
	"strings"
	"testing"

	"mcpeek/model"
	"mcpeek/summarizer/resultcheck"
	"mcpeek/summarizer/schematree"
	"mcpeek/tui/kit"
)

// bigResult is a result for bigSchema: every field filled, every seventh
// with a number where a string is declared, and an undeclared key per
// group.
func bigResult(tb testing.TB) *model.Value {
	var b strings.Builder
	b.WriteByte('{')
	for i := range 100 {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"group_%03d":{"extra_%d":true`, i, i)
		for j := range 1000 {
			if j%7 == 0 {
				fmt.Fprintf(&b, `,"field_%04d":%d`, j, j)
			} else {
				fmt.Fprintf(&b, `,"field_%04d":"value %d.%d"`, j, i, j)
			}
		}
		b.WriteByte('}')
	}
	b.WriteByte('}')
	v, err := model.DecodeJSON([]byte(b.String()))
	if err != nil {
		tb.Fatal(err)
	}
	return v
}

// BenchmarkFrameOverlay100k draws one frame of the schema tree (160
// columns, 43 rows) in the middle of 100,101 unfolded lines: plain, and
// with a checked result of 100,000 values over it. The overlay reads the
// check by path for the lines on screen only, so its cost follows the
// screen, not the schema: compare overlaid-100k with overlaid-1k, the
// same check over the tree folded to 1,101 lines shown (one group open).
func BenchmarkFrameOverlay100k(b *testing.B) {
	s := bigSchema(b)
	r := resultcheck.CheckValue(s, bigResult(b), resultcheck.Options{MaxPaths: 200_000})
	if r.Truncated != "" || r.Count(resultcheck.TypeMismatch) == 0 {
		b.Fatalf("check: truncated %q, %d mismatches", r.Truncated, r.Count(resultcheck.TypeMismatch))
	}
	layer := &callLayer{check: &resultcheck.Outcome{Checked: true, Report: r}, extras: r.Extras()}
	st := kit.NewStyles(true, false)
	big := expandedBigTree(b)
	big.Down(50_000)
	small := expandedBigTree(b)
	small.CollapseAll()
	n, _ := small.JumpTo(outPath("group_050.field_0500"))
	small.Reveal(n)
	for _, c := range []struct {
		name  string
		layer *callLayer
		tr    *schematree.Tree
	}{
		{"plain-100k", nil, big},
		{"overlaid-100k", layer, big},
		{"overlaid-1k", layer, small},
	} {
		tr := c.tr
		v := treeView{styles: &st, width: 131, focused: true, showDesc: true, layer: c.layer}
		b.Run(c.name, func(b *testing.B) {
			if c.layer != nil && !strings.Contains(v.render(tr), "≠ got integer") {
				b.Fatal("no mark drawn")
			}
			for b.Loop() {
				_ = v.render(tr)
			}
		})
	}
}
