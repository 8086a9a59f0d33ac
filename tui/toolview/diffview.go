package toolview

import (
	"strconv"
	"strings"

	"mcpeek/model"
	"mcpeek/summarizer/schemadiff"
	"mcpeek/summarizer/schematree"
	"mcpeek/tui/kit"
)

// The diff view's drawing: a line saying what is compared, the list of
// changes, then the old and new trees (side by side from diffWide cells,
// else stacked), each changed line marked in the column before it.

// noBaselineText is what the diff view says with no lock file and no
// change since the tools were first listed.
const noBaselineText = "No baseline: run `mcpeek snapshot -o mcpeek.lock.json` or pass --snapshot.\n" +
	"A tool that changes while the explorer runs shows its changes here too."

func (p *diffPane) Render(f kit.Frame) string {
	s := f.Styles
	if text := p.emptyText(); text != "" {
		var lines []string
		for _, l := range strings.Split(text, "\n") {
			lines = append(lines, wrapText(l, p.width)...)
		}
		return s.Dim.Render(strings.Join(lines, "\n"))
	}
	var lines []string
	for i := p.top; i < len(p.mark.Changes) && i < p.top+p.listRows(); i++ {
		lines = append(lines, p.changeLine(s, p.mark.Changes[i], i == p.cursor, f.Focused))
	}
	if p.old == nil || p.new == nil {
		lines = append(lines, s.Dim.Render("building the trees…"))
		return strings.Join(lines, "\n")
	}
	rows := p.treeRows()
	oldHead, newHead := s.Section.Render("old")+s.Dim.Render(" · "+p.sinceText()), s.Section.Render("new")+s.Dim.Render(" · as listed now")
	if p.width >= diffWide {
		colW := (p.width - 3) / 2
		sep := s.Separator.Render(" │ ")
		left := strings.Split(padLines(p.drawTree(s, p.old, colW), colW, rows), "\n")
		right := strings.Split(padLines(p.drawTree(s, p.new, p.width-3-colW), p.width-3-colW, rows), "\n")
		lines = append(lines, fit(oldHead, colW)+sep+newHead)
		for i := range left {
			lines = append(lines, left[i]+sep+right[i])
		}
		return strings.Join(lines, "\n")
	}
	lines = append(lines, oldHead, padLines(p.drawTree(s, p.old, p.width), p.width, rows))
	lines = append(lines, newHead, padLines(p.drawTree(s, p.new, p.width), p.width, p.newRows()))
	return strings.Join(lines, "\n")
}

// emptyText is what the view says instead of changes, or "".
func (p *diffPane) emptyText() string {
	switch {
	case p.gen == 0:
		return "Comparing this tool with its baseline…"
	case len(p.mark.Changes) > 0:
		return ""
	case p.base == nil:
		return noBaselineText
	case p.unlistedServer():
		server := model.SanitizeLine(p.v.Tool.Server)
		return "Not in the lock file: " + model.SanitizeLine(p.base.Name) + " lists no server " + server +
			" (mcpeek snapshot " + server + " writes one that does)."
	case p.mark.Added:
		return "Added since " + p.sinceText() + ": the lock file does not list it."
	}
	return "No changes since " + p.sinceText() + "."
}

// unlistedServer says the lock file lists no server of the tool's name:
// the tool has nothing there to be compared with.
func (p *diffPane) unlistedServer() bool {
	if p.base == nil || p.mark.SinceStart {
		return false
	}
	_, listed := p.base.Snap.Server(p.v.Tool.Server)
	return !listed
}

// sinceText names the baseline, with its date.
func (p *diffPane) sinceText() string {
	if p.mark.SinceStart || p.base == nil {
		return "first listed in this run"
	}
	text := model.SanitizeLine(p.base.Name)
	if !p.base.Written.IsZero() {
		text += " (written " + p.base.Written.Format("2006-01-02 15:04") + ")"
	}
	return text
}

// changeLine draws one change: its class's mark, kind, path and detail.
func (p *diffPane) changeLine(s *kit.Styles, c schemadiff.Change, cursor, focused bool) string {
	glyph, st := s.ClassMark(c.Class)
	detail := c.Detail
	if c.Class == schemadiff.Routing && (c.Old != "" || c.New != "") {
		// What a model reads changed: the words themselves, before and after.
		detail = strconv.Quote(c.Old) + " → " + strconv.Quote(c.New)
	}
	segs := []seg{
		{Text: glyph + " ", Style: st},
		{Text: string(c.Kind) + " ", Style: s.Dim},
		{Text: model.SanitizeLine(c.Where()), Style: s.PathBar},
		{Text: "  " + model.SanitizeLine(detail), Style: s.Faint},
	}
	var b strings.Builder
	RenderLine(s, &b, segs, p.width, cursor, focused)
	return b.String()
}

// drawTree draws one version's tree, its changed lines marked.
func (p *diffPane) drawTree(s *kit.Styles, d *diffTree, width int) string {
	tv := treeView{styles: s, width: width, focused: false, mark: func(n *schematree.Node) seg {
		if glyph, st := s.ClassMark(d.markOf(n)); glyph != "" {
			return seg{Text: glyph, Style: st}
		}
		return seg{Text: " ", Style: s.Dim}
	}}
	return tv.render(d.t)
}
