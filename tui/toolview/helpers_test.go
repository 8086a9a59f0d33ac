package toolview

import (
	"fmt"
	"strings"
	"testing"

	"mcpeek/internal/testkit"
	"mcpeek/model"
	"mcpeek/model/fieldpath"
	"mcpeek/summarizer/schematree"
)

// bigSchema is an object of 100 objects of 1,000 string fields each: with
// the section line, 100,101 lines once everything is unfolded.
func bigSchema(tb testing.TB) *model.Schema {
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
	return testkit.Parse(tb, []byte(b.String()))
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

func outPath(s string) fieldpath.Path { return fieldpath.MustParse(s, fieldpath.Output) }
