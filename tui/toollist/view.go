package toollist

import (
	"strings"

	"charm.land/lipgloss/v2"

	"mcpeek/model"
	"mcpeek/tui/kit"
	"mcpeek/tui/uitext"
)

// seg is a run of text in one style.
type seg = uitext.Seg

// Marks are the change and lint marks at the right of the rows, the
// root's: it compares and lints the tools.
type Marks interface {
	// Server are the marks after a server's tool count.
	Server(s *kit.Styles, server string) []uitext.Seg
	// Tool are the marks after a tool's schema mark.
	Tool(s *kit.Styles, t model.Tool) []uitext.Seg
	// Columns is how many cells a tool's marks keep while some tool has
	// one.
	Columns() int
}

// View is how the list is drawn.
type View struct {
	Styles  *kit.Styles
	Width   int
	Focused bool
	// Starting says the servers are connecting: Spinner is drawn as the
	// icon of those starting.
	Starting bool
	Spinner  string
	Marks    Marks // nil for none
}

// View draws the pane: its title (the filter and its count under one),
// then the rows in view, or why there are none.
func (l *List[O]) View(v View, servers []model.Server, info InfoOf) string {
	s := v.Styles
	head := s.PaneTitle
	if v.Focused {
		head = s.PaneTitleFocus
	}
	title := head.Render("Servers & tools")
	if l.filter != "" {
		title = head.Render("/") + s.Accent.Render(model.SanitizeLine(l.filter)) +
			s.Dim.Render("  "+uitext.Plural(l.MatchCount(), "match"))
	}
	if len(l.rows) == 0 {
		msg := "No servers."
		switch {
		case l.filter != "":
			msg = "No tool matches."
		case v.Starting:
			msg = v.Spinner + " connecting…"
		}
		return title + "\n" + s.Dim.Render(msg)
	}
	if !v.Starting {
		v.Spinner = ""
	}
	return title + "\n" + l.render(v, servers, info)
}

// render draws the visible rows: O(height).
func (l *List[O]) render(v View, servers []model.Server, info InfoOf) string {
	s := v.Styles
	var b strings.Builder
	for i := l.offset; i < len(l.rows) && i < l.offset+l.height; i++ {
		if i > l.offset {
			b.WriteByte('\n')
		}
		r := l.rows[i]
		segs, right, marks := l.row(v, r, servers[r.Server], info)
		// The right-hand mark keeps its column; the name is cut first.
		rights := right.Text
		for _, mk := range marks {
			rights += mk.Text
		}
		rw := 0
		if rights != "" {
			rw = uitext.Width(rights) + 1
		}
		cutName(segs, v.Width-rw)
		cursor := i == l.cursor
		var lb strings.Builder
		switch {
		case v.Width-rw <= 0:
		case cursor:
			uitext.DrawCursorLine(&lb, segs, v.Width-rw, cursorStyle(s, v.Focused))
		default:
			uitext.DrawLine(&lb, segs, v.Width-rw)
		}
		line := uitext.Fit(lb.String(), v.Width-rw)
		if rw > 0 {
			if cursor {
				line += cursorStyle(s, v.Focused).Render(" " + rights)
			} else {
				line += " " + right.Style.Render(right.Text)
				for _, mk := range marks {
					line += mk.Style.Render(mk.Text)
				}
			}
		}
		b.WriteString(line)
	}
	return b.String()
}

// cursorStyle is the cursor's line in a focused pane or another.
func cursorStyle(s *kit.Styles, focused bool) lipgloss.Style {
	if focused {
		return s.Cursor
	}
	return s.CursorBlur
}

// cutName cuts the name of a row (its second segment, after the icon)
// in the middle when the row is wider than width: names of a big server
// share long prefixes and differ at their end (github_repos_get_12,
// github_repos_get_164), which a cut at the end would hide.
func cutName(segs []seg, width int) {
	over := segsWidth(segs) - width
	if len(segs) < 2 || over <= 0 {
		return
	}
	segs[1].Text = uitext.CutMiddle(segs[1].Text, max(uitext.Width(segs[1].Text)-over, 1))
}

// segsWidth is the cells segs take.
func segsWidth(segs []seg) int {
	w := 0
	for _, sg := range segs {
		w += uitext.Width(sg.Text)
	}
	return w
}

// row is what one row shows: its icon and name (segs), the mark or count
// at its right, and the change marks after that, each in its own style.
func (l *List[O]) row(v View, r Row[O], srv model.Server, info InfoOf) (segs []seg, right seg, marks []seg) {
	s := v.Styles
	switch {
	case r.IsOffer():
		segs, right = l.offers.Line(s, srv.Name, r.Offer)
	case r.Gone > 0:
		segs = []seg{{Text: "  " + s.Icons.Gone + " ", Style: s.RemovedTool}, {Text: model.SanitizeLine(l.gone[srv.Name][r.Gone-1]), Style: s.RemovedTool}}
		right = seg{Text: "gone", Style: s.Faint}
	case r.Tool < 0:
		segs, right = serverRow(v, srv)
		if v.Marks != nil {
			marks = v.Marks.Server(s, srv.Name)
		}
	default:
		t := srv.Tools[r.Tool]
		segs, right = toolRow(s, t, info(t.ID().String()))
		if v.Marks != nil {
			marks = v.Marks.Tool(s, t)
		}
	}
	return segs, right, marks
}

// serverRow is a server row's icon and name, and its state or tool count.
func serverRow(v View, srv model.Server) (segs []seg, right seg) {
	s := v.Styles
	icon, st := StateIcon(s, v.Spinner, srv.State)
	segs = []seg{{Text: icon + " ", Style: st}, {Text: model.SanitizeLine(srv.Name), Style: s.Server}}
	if tried(srv) {
		segs = append(segs, seg{Text: " tried", Style: s.Dim})
	}
	switch {
	case srv.State == model.StateError:
		right = seg{Text: "error", Style: s.ErrText}
	case srv.State == model.StateNeedsLogin:
		right = seg{Text: "login", Style: s.StateStarting}
	case srv.State == model.StateStarting && len(srv.Tools) == 0:
		right = seg{Text: "…", Style: s.Dim}
	default:
		right = seg{Text: uitext.Thousands(len(srv.Tools)), Style: s.Dim}
	}
	return segs, right
}

// toolRow is a tool row's output mark and name, and its schema's mark.
func toolRow(s *kit.Styles, t model.Tool, ti Info) (segs []seg, right seg) {
	mark, mst := s.Icons.NoOutput, s.Faint
	if ti.HasOutput {
		mark, mst = s.Icons.Output, s.Marker
	}
	segs = []seg{{Text: "  " + mark + " ", Style: mst}, {Text: model.SanitizeLine(t.Name), Style: s.Tool}}
	segs = append(segs, kit.AppSegs(s, t)...)
	switch {
	case !t.HeaderFault.IsZero():
		right = kit.DroppedSeg(s)
	case ti.BadSchema:
		right = seg{Text: "!", Style: s.ErrText}
	case ti.HidesFields:
		right = seg{Text: s.Icons.Hidden, Style: s.HiddenMark}
	}
	return segs, right
}

// WantWidth is the width that shows every row whole: its icon and name,
// then the count or marks at its right, as View draws them. A tool's
// change marks are counted as the columns they keep while some tool has
// one (asking each tool for its marks costs a lint profile each).
func (l *List[O]) WantWidth(v View, servers []model.Server, info InfoOf) int {
	cols := 0
	if v.Marks != nil {
		cols = v.Marks.Columns()
	}
	w := 0
	for si, srv := range servers {
		segs, right, marks := l.row(v, Row[O]{Server: si, Tool: -1}, srv, info)
		n := segsWidth(segs)
		if rights := segsWidth(append([]seg{right}, marks...)); rights > 0 {
			n += rights + 1
		}
		w = max(w, n)
		if l.offers != nil {
			w = max(w, l.offers.Width(srv.Name))
		}
		for _, t := range srv.Tools {
			ti := info(t.ID().String())
			rights := cols + btoi(ti.BadSchema || ti.HidesFields || !t.HeaderFault.IsZero())
			n := 4 + uitext.Width(model.SanitizeLine(t.Name)) + segsWidth(kit.AppSegs(v.Styles, t))
			if rights > 0 {
				n += rights + 1
			}
			w = max(w, n)
		}
	}
	return w
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// StateIcon is a server's state as an icon in its style; spinner, when
// set, is the icon of a server starting.
func StateIcon(s *kit.Styles, spinner string, st model.ConnState) (string, lipgloss.Style) {
	icon := s.Icons.State(st)
	switch st {
	case model.StateStarting:
		if spinner != "" {
			icon = spinner
		}
		return icon, s.StateStarting
	case model.StateConnected:
		return icon, s.StateConnected
	case model.StateError:
		return icon, s.StateError
	case model.StateNeedsLogin:
		return icon, s.StateStarting
	}
	return icon, s.StateOff
}

// tried reports whether a server is one of the registry tried (mcpeek
// try, or enter in the registry pane), not one of the user's config.
func tried(srv model.Server) bool { return strings.HasPrefix(srv.Source, "tried,") }
