package mdtext

import (
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
)

// style is what the inline elements around a text make of it.
type style struct {
	heading, strong, emphasis, code, link, strike bool
}

// A run is text in one style. A run "\n" is a hard line break.
type run struct {
	text  string
	style lipgloss.Style
}

func (r *renderer) lipgloss(s style) lipgloss.Style {
	st := r.st.Text
	switch {
	case s.code:
		st = r.st.Code
	case s.link:
		st = r.st.Link
	case s.heading:
		st = r.st.Heading
	}
	if s.strong {
		st = st.Inherit(r.st.Strong)
	}
	if s.emphasis {
		st = st.Inherit(r.st.Emphasis)
	}
	if s.strike {
		st = st.Strikethrough(true)
	}
	return st
}

// inline is the runs of n's inline children.
func (r *renderer) inline(n ast.Node, s style) []run {
	var runs []run
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Text:
			runs = append(runs, run{string(c.Value(r.src)), r.lipgloss(s)})
			switch {
			case c.HardLineBreak():
				runs = append(runs, run{"\n", r.st.Text})
			case c.SoftLineBreak():
				runs = append(runs, run{" ", r.st.Text})
			}
		case *ast.String:
			runs = append(runs, run{string(c.Value), r.lipgloss(s)})
		case *ast.CodeSpan:
			code := s
			code.code = true
			runs = append(runs, run{string(c.Text(r.src)), r.lipgloss(code)})
		case *ast.Emphasis:
			e := s
			if c.Level >= 2 {
				e.strong = true
			} else {
				e.emphasis = true
			}
			runs = append(runs, r.inline(c, e)...)
		case *east.Strikethrough:
			e := s
			e.strike = true
			runs = append(runs, r.inline(c, e)...)
		case *ast.Link:
			runs = append(runs, r.link(c, string(c.Destination), s)...)
		case *ast.AutoLink:
			l := s
			l.link = true
			runs = append(runs, run{string(c.URL(r.src)), r.lipgloss(l)})
		case *ast.Image:
			runs = append(runs, r.inline(c, s)...)
		case *ast.RawHTML:
			for i := range c.Segments.Len() {
				seg := c.Segments.At(i)
				runs = append(runs, run{string(seg.Value(r.src)), r.lipgloss(s)})
			}
		default:
			runs = append(runs, r.inline(c, s)...)
		}
	}
	return runs
}

// link is a link's text, and its address after it when the text does not
// say it: a terminal shows no hidden target.
func (r *renderer) link(l *ast.Link, dest string, s style) []run {
	ls := s
	ls.link = true
	runs := r.inline(l, ls)
	if dest != "" && plain(runs) != dest {
		runs = append(runs, run{" (" + dest + ")", r.st.Mark})
	}
	return runs
}

// joinRuns renders runs on one line.
func joinRuns(runs []run) string {
	var b strings.Builder
	for _, r := range runs {
		if r.text == "\n" {
			r.text = " "
		}
		b.WriteString(r.style.Render(r.text))
	}
	return b.String()
}

// plain is the runs' text without styles.
func plain(runs []run) string {
	var b strings.Builder
	for _, r := range runs {
		b.WriteString(r.text)
	}
	return b.String()
}

// A word is the runs between two spaces.
type word []run

func (w word) width() int {
	n := 0
	for _, r := range w {
		n += ansi.StringWidth(r.text)
	}
	return n
}

func (w word) render() string {
	var b strings.Builder
	for _, r := range w {
		b.WriteString(r.style.Render(r.text))
	}
	return b.String()
}

// wrap fills lines of width cells with the runs' words, each piece of a
// word styled on its own so that no style runs past a line's end. A word
// wider than the line has a line of its own.
func wrap(runs []run, width int) []string {
	var lines []string
	var line strings.Builder
	lineWidth := 0
	var w word
	flushWord := func() {
		if len(w) == 0 {
			return
		}
		ww := w.width()
		if lineWidth > 0 && lineWidth+1+ww > width {
			lines = append(lines, line.String())
			line.Reset()
			lineWidth = 0
		}
		if lineWidth > 0 {
			line.WriteByte(' ')
			lineWidth++
		}
		line.WriteString(w.render())
		lineWidth += ww
		w = nil
	}
	for _, r := range runs {
		if r.text == "\n" {
			flushWord()
			lines = append(lines, line.String())
			line.Reset()
			lineWidth = 0
			continue
		}
		for i, part := range strings.Split(r.text, " ") {
			if i > 0 {
				flushWord()
			}
			if part != "" {
				w = append(w, run{part, r.style})
			}
		}
	}
	flushWord()
	if lineWidth > 0 {
		lines = append(lines, line.String())
	}
	return lines
}
