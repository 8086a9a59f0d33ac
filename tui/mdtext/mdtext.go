// Package mdtext shows a Markdown text (a field's or a tool's description)
// as lines of styled text in a width: headings, emphasis, code, links,
// lists, quotes, code blocks and tables, parsed by goldmark. Code is shown
// in one style, not coloured by language: nothing of a syntax highlighter
// is set up for it, at the program's start or later.
package mdtext

import (
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/text"
)

// Styles are how each part of a text shows.
type Styles struct {
	Text, Heading, Strong, Emphasis, Code, Link lipgloss.Style
	// Mark is for what the text did not write: bullets, quote bars,
	// rules, table separators and a link's address.
	Mark lipgloss.Style
}

// parser reads CommonMark with GitHub's tables and strikethrough.
var parser = goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough)).Parser()

// Lines renders src in width cells (at least 10): each block's lines, a
// blank line between blocks. A code block's lines and a table's rows are
// not wrapped; the caller cuts what is too wide.
func Lines(src string, width int, st Styles) []string {
	source := []byte(src)
	r := renderer{src: source, st: st}
	return r.blocks(parser.Parse(text.NewReader(source)), max(width, 10))
}

type renderer struct {
	src []byte
	st  Styles
}

// blocks renders the children of a container, a blank line between them.
func (r *renderer) blocks(parent ast.Node, width int) []string {
	var lines []string
	for n := parent.FirstChild(); n != nil; n = n.NextSibling() {
		b := r.block(n, width)
		if len(b) == 0 {
			continue
		}
		if len(lines) > 0 && !isTightItem(n) {
			lines = append(lines, "")
		}
		lines = append(lines, b...)
	}
	return lines
}

// isTightItem is a block of a list item in a tight list: no blank line
// before it.
func isTightItem(n ast.Node) bool {
	if _, ok := n.Parent().(*ast.ListItem); ok {
		l, _ := n.Parent().Parent().(*ast.List)
		return l != nil && l.IsTight
	}
	return false
}

func (r *renderer) block(n ast.Node, width int) []string {
	switch n := n.(type) {
	case *ast.Paragraph, *ast.TextBlock:
		return wrap(r.inline(n, style{}), width)
	case *ast.Heading:
		return wrap(r.inline(n, style{heading: true}), width)
	case *ast.List:
		return r.list(n, width)
	case *ast.Blockquote:
		return prefix(r.blocks(n, width-2), r.st.Mark.Render("│ "), r.st.Mark.Render("│ "))
	case *ast.FencedCodeBlock, *ast.CodeBlock:
		return r.code(n)
	case *ast.HTMLBlock:
		return r.code(n)
	case *ast.ThematicBreak:
		return []string{r.st.Mark.Render(strings.Repeat("─", width))}
	case *east.Table:
		return r.table(n)
	}
	return r.blocks(n, width)
}

// list renders each item with its bullet or number, its other lines under
// its first.
func (r *renderer) list(l *ast.List, width int) []string {
	var lines []string
	i := l.Start
	for item := l.FirstChild(); item != nil; item = item.NextSibling() {
		mark := "• "
		if l.IsOrdered() {
			mark = strconv.Itoa(i) + ". "
			i++
		}
		indent := lipgloss.Width(mark)
		body := r.blocks(item, width-indent)
		if len(lines) > 0 && !l.IsTight {
			lines = append(lines, "")
		}
		lines = append(lines, prefix(body, r.st.Mark.Render(mark), strings.Repeat(" ", indent))...)
	}
	return lines
}

// code is a block's lines as they are, indented.
func (r *renderer) code(n ast.Node) []string {
	var lines []string
	segs := n.Lines()
	for i := range segs.Len() {
		seg := segs.At(i)
		line := strings.TrimRight(string(seg.Value(r.src)), "\r\n")
		lines = append(lines, "  "+r.st.Code.Render(line))
	}
	return lines
}

// table is a table's rows, their cells apart by a bar, each column as
// wide as its widest cell; the header in the heading style.
func (r *renderer) table(t *east.Table) []string {
	var rows [][]string
	var widths []int
	for row := t.FirstChild(); row != nil; row = row.NextSibling() {
		_, header := row.(*east.TableHeader)
		var cells []string
		for c, cell := 0, row.FirstChild(); cell != nil; c, cell = c+1, cell.NextSibling() {
			s := joinRuns(r.inline(cell, style{heading: header}))
			cells = append(cells, s)
			if c == len(widths) {
				widths = append(widths, 0)
			}
			widths[c] = max(widths[c], lipgloss.Width(s))
		}
		rows = append(rows, cells)
	}
	bar := r.st.Mark.Render(" │ ")
	lines := make([]string, 0, len(rows))
	for _, cells := range rows {
		for c := range cells[:max(len(cells)-1, 0)] {
			cells[c] += strings.Repeat(" ", widths[c]-lipgloss.Width(cells[c]))
		}
		lines = append(lines, strings.Join(cells, bar))
	}
	return lines
}

// prefix puts first before the first line and rest before the others.
func prefix(lines []string, first, rest string) []string {
	for i := range lines {
		if i == 0 {
			lines[i] = first + lines[i]
		} else {
			lines[i] = rest + lines[i]
		}
	}
	return lines
}
