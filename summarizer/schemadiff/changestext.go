package schemadiff

import (
	"fmt"

	"mcpeek/internal/styled"
	"mcpeek/model"
)

// Text prints changes for reading, grouped by tool, in the diff's order.
func Text(p styled.Printer, changes []Change) {
	if len(changes) == 0 {
		p.Println("no changes")
		return
	}
	var tool model.ToolID
	for i, c := range changes {
		if i == 0 || c.Tool != tool {
			tool = c.Tool
			p.Println(p.Head.Render(model.SanitizeLine(tool.String())))
		}
		class := fmt.Sprintf("%-10s", c.Class)
		if c.Class == Breaking || c.Class == Unknown {
			class = p.Fold.Render(class)
		}
		p.Println("  " + class + "  " + p.Path.Render(model.SanitizeLine(c.Where())) + "  " + string(c.Kind) + p.Faint.Render(": "+model.SanitizeLine(c.Detail)))
	}
	p.Println(Count(changes).String())
}

// Text prints what the changes cost in a prompt, a line per server and
// changed tool.
func (c Costs) Text(p styled.Printer) {
	for _, line := range c.Lines() {
		p.Println(p.Faint.Render(model.SanitizeLine(line)))
	}
}
