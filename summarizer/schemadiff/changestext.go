package schemadiff

import (
	"fmt"

	"mcpeek/internal/plural"
	"mcpeek/internal/styled"
	"mcpeek/model"
)

// Text prints changes for reading, grouped by tool, in the diff's order.
func Text(p styled.Printer, changes []Change) {
	if len(changes) == 0 {
		p.Println("no changes")
		return
	}
	tool := ""
	for _, c := range changes {
		if c.Tool != tool {
			tool = c.Tool
			p.Println(p.Head.Render(model.SanitizeLine(tool)))
		}
		class := fmt.Sprintf("%-10s", c.Class)
		if c.Class == Breaking {
			class = p.Fold.Render(class)
		}
		p.Println("  " + class + "  " + p.Path.Render(model.SanitizeLine(c.Where())) + "  " + string(c.Kind) + p.Faint.Render(": "+model.SanitizeLine(c.Detail)))
	}
	n := Count(changes)
	p.Println(fmt.Sprintf("%s and %s in %s", plural.Count(n.Breaking, "breaking change", "breaking changes"),
		plural.Count(n.Compatible, "compatible change", "compatible changes"), plural.Count(n.Tools, "tool", "tools")))
}
