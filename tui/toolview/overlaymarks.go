package toolview

import (
	"cmp"
	"slices"
	"strings"

	"charm.land/lipgloss/v2"

	"mcpeek/model"
	"mcpeek/model/fieldpath"
	"mcpeek/summarizer"
	"mcpeek/summarizer/resultcheck"
	"mcpeek/summarizer/schematree"
	"mcpeek/tui/kit"
)

// The result on the schema: once a call of a tool is checked against its
// output schema, the summary and schema trees draw beside each field the
// value the result held there and a mark for what differs from the
// schema, under a header that counts what the result filled. The check
// (package resultcheck) is made once, when the call lands; drawing reads
// it by path, line by line, so a frame still costs the screen height.

// callLayer is a tool's checked call as its trees draw it, shared by the
// tool's tree panes (each holds a pointer to its view's).
type callLayer struct {
	check  *resultcheck.Outcome // nil: no checked call
	hidden bool                 // the user hid it (O)
	// extras are the undeclared keys of the result by the path of the
	// object that held them, for the line of that object.
	extras map[string][]resultcheck.Mark
	// folded are the summary lines at the current knobs that hid fields
	// the result filled, those that hid the most first; foldedAt indexes
	// the folds by their line's path, overflowAt is the top-level "*"
	// line's (which has no field path of its own), or nil.
	folded     []resultcheck.FoldedData
	foldedAt   map[fieldpath.Key]resultcheck.FoldedData
	overflowAt *resultcheck.FoldedData
	// missing are the marks of the required fields the result left out
	// (wholly or in some objects), absent the optional fields it left out:
	// the header's third row names them, apart, since a field hidden by a
	// fold has no line to mark.
	missing []resultcheck.Mark
	absent  []string
	// below are the marks each line's fold hides, by path (the check's,
	// inside an envelope's data): the tree's folded lines count them.
	below map[string]*resultcheck.Hidden
	// moreErrors counts the validator's findings no mark explains (and
	// those it left out): the header's "3 more schema errors".
	moreErrors int
}

// report is the check laid over the trees, or nil when there is none to
// draw (no call, no structured result, or hidden).
func (l *callLayer) report() *resultcheck.Report {
	if l == nil || l.hidden || l.check == nil {
		return nil
	}
	return l.check.Report
}

// shown reports whether the header is drawn: a call was checked and the
// overlay is not hidden.
func (l *callLayer) shown() bool { return l != nil && !l.hidden && l.check != nil }

// headerRows is how many rows the header takes above a tree.
func (l *callLayer) headerRows() int {
	switch {
	case !l.shown():
		return 0
	case len(l.missing) > 0 || len(l.absent) > 0:
		return 3
	}
	return 2
}

// SetCall keeps o as the tool's last call and lays its check over the
// trees; what runs calls hands every outcome here.
func (v *View) SetCall(o *Outcome) {
	v.Last = o
	v.layer = callLayer{}
	if o != nil && o.Check != nil {
		v.layer.check = o.Check
		v.layer.moreErrors = len(o.Check.Unexplained()) + o.Check.Validation.Omitted
		if r := o.Check.Report; r != nil {
			v.layer.extras = r.Extras()
			v.layer.below = r.Below()
			for _, m := range r.Marks {
				if m.Kind == resultcheck.MissingRequired {
					v.layer.missing = append(v.layer.missing, m)
				}
			}
			// The fields missing from every object first: they are the
			// surest to be wrong, and the shortest to read.
			slices.SortStableFunc(v.layer.missing, func(a, b resultcheck.Mark) int {
				partly := func(m resultcheck.Mark) int { return min(m.Of-m.Count, 1) }
				return cmp.Compare(partly(a), partly(b))
			})
			for _, p := range r.AbsentPaths() {
				if !hasMissing(r.MarksAt(p)) {
					v.layer.absent = append(v.layer.absent, p)
				}
			}
		}
	}
	v.relayer()
}

// ToggleCall hides or shows the checked call over the trees; false when
// there is none.
func (v *View) ToggleCall() (shown, ok bool) {
	if v.layer.check == nil {
		return false, false
	}
	v.layer.hidden = !v.layer.hidden
	v.relayer()
	return !v.layer.hidden, true
}

// relayer finds the folds that hid data in the summary as it is folded
// now, and gives the tree panes their rows again (the header takes some).
func (v *View) relayer() {
	l := &v.layer
	l.folded, l.foldedAt, l.overflowAt = nil, nil, nil
	if r := l.check; r != nil && r.Report != nil {
		if sp, ok := PaneOf[*SummaryPane](v); ok {
			l.setFolded(r.Report.Folded(sp.summary.Lines))
		}
	}
	for _, p := range v.Panes {
		if r, ok := p.(interface{ relayer() }); ok {
			r.relayer()
		}
	}
}

// setFolded keeps the folds that hid data, those that hid the most first,
// indexed by the path of their line in the summary tree.
func (l *callLayer) setFolded(folded []resultcheck.FoldedData) {
	slices.SortStableFunc(folded, func(a, b resultcheck.FoldedData) int { return b.Fields - a.Fields })
	l.folded = folded
	l.foldedAt = make(map[fieldpath.Key]resultcheck.FoldedData, len(folded))
	for i, f := range folded {
		switch {
		case f.Line.Fold == summarizer.FoldOverflow:
			l.overflowAt = &l.folded[i]
		case f.Line.Fold == summarizer.FoldChildren:
			l.foldedAt[f.Line.Path.Key()] = f
		}
	}
}

// dataPath is a line's path as the check keeps it (Quoted): inside an
// envelope's data, where the schema tree writes "data." before it.
func (l *callLayer) dataPath(path fieldpath.Path) string {
	p := path.Quoted()
	if r := l.report(); r != nil && r.Enveloped {
		if rest, ok := fieldpath.CutData(p); ok {
			return rest
		}
	}
	return p
}

// output reports whether a line is a field of the result: not a note or
// a line of the input schema.
func output(n *schematree.Node) bool {
	return n.Kind != schematree.KindNote && n.Path.Side() != fieldpath.Input
}

// appendMarks lays the check over one tree line: the value the result
// held there (dimmed), the marks of what differs, the undeclared keys of
// an object, and on a fold what it hid that the result filled. They go
// right after the line's type, before its count (and cost badge), notes,
// enum and description, which are the first to be cut on a narrow screen. spans
// are the line's spans, segs their styled runs (one each).
func (l *callLayer) appendMarks(s *kit.Styles, segs []seg, spans []schematree.Span, n *schematree.Node) []seg {
	r := l.report()
	if r == nil || !output(n) {
		return segs
	}
	at := len(spans)
	for i, sp := range spans {
		if sp.Role == schematree.RoleCount || sp.Role == schematree.RoleNote || sp.Role == schematree.RoleCycleNote ||
			sp.Role == schematree.RoleEnum || sp.Role == schematree.RoleDesc {
			at = i
			break
		}
	}
	return slices.Insert(segs, at, l.lineMarks(s, r, n)...)
}

// lineMarks are the runs the check adds to line n. A leaf's value comes
// first, as it reads ("= null  ∅ null not allowed"); on a container the
// marks and what its fold hid come before its value ("object (6 keys)"),
// which says the least and is the first to be cut.
func (l *callLayer) lineMarks(s *kit.Styles, r *resultcheck.Report, n *schematree.Node) []seg {
	var out []seg
	if n.Kind == schematree.KindMore {
		if n.Parent() == nil && l.overflowAt != nil {
			out = append(out, hiddenSegs(s, &l.overflowAt.Hidden)...)
			out = append(out, seg{Text: "  " + filledText(*l.overflowAt), Style: s.MarkExtra})
		}
		return out
	}
	marks := r.MarksAt(n.Path.Quoted())
	missing := false
	for _, m := range marks {
		missing = missing || m.Kind == resultcheck.MissingRequired
	}
	var value []seg
	if obs, ok := r.Observed(n.Path.Quoted()); ok && !(missing && obs.Values == 0) {
		if obs.Present == 0 && obs.Values == 0 {
			value = append(value, seg{Text: "  · absent", Style: s.Faint})
		} else {
			value = append(value, seg{Text: "  = " + model.SanitizeLine(obs.Short()), Style: s.Observed})
		}
	}
	container := n.Openable()
	if !container {
		out = append(out, value...)
	}
	for _, m := range marks {
		out = append(out, seg{Text: "  " + markGlyph(&s.Icons, m.Kind) + " " + shortMark(m), Style: markStyle(s, m.Kind)})
	}
	out = append(out, hiddenSegs(s, l.hiddenAt(n))...)
	if p := l.dataPath(n.Path); len(l.extras[p]) > 0 && n.Kind != schematree.KindAlt {
		out = append(out, seg{Text: "  " + extrasText(&s.Icons, p, l.extras[p]), Style: s.MarkExtra})
	}
	if f, ok := l.foldedAt[n.Path.Key()]; ok && n.Kind == schematree.KindFold && n.Collapsed() {
		out = append(out, seg{Text: "  " + filledText(f), Style: s.MarkExtra})
	}
	if container {
		out = append(out, value...)
	}
	return out
}

// hiddenAt is what marks a folded line hides, or nil: a summary fold
// what the check attributed to it, any other folded line those of every
// field under it.
func (l *callLayer) hiddenAt(n *schematree.Node) *resultcheck.Hidden {
	if !n.Openable() || !n.Collapsed() {
		return nil
	}
	if f, ok := l.foldedAt[n.Path.Key()]; ok && n.Kind == schematree.KindFold {
		return &f.Hidden
	}
	return l.below[l.dataPath(n.Path)]
}

// hiddenSegs say, on a folded line, how many marks it hides and the worst
// of them: "✗ 3 inside" (the glyph of the worst kind), or "+ 2 undeclared
// inside" when nothing hidden breaks the schema; i lists them.
func hiddenSegs(s *kit.Styles, h *resultcheck.Hidden) []seg {
	if h == nil || h.Total() == 0 {
		return nil
	}
	worst := h.Worst()
	text := markGlyph(&s.Icons, worst) + " " + itoa(h.Violations()) + " inside"
	if h.Violations() == 0 {
		text = markGlyph(&s.Icons, worst) + " " + itoa(h.Total()) + " undeclared inside"
	}
	return []seg{{Text: "  " + text, Style: markStyle(s, worst)}}
}

// shortMark is a mark in a few words, for the end of a line; i shows it
// in full.
func shortMark(m resultcheck.Mark) string {
	var t string
	switch m.Kind {
	case resultcheck.MissingRequired:
		t = "missing required"
	case resultcheck.TypeMismatch:
		t = "got " + m.Observed + ", not " + m.Expected
	case resultcheck.EnumMismatch:
		t = "not in enum"
	case resultcheck.NullNotAllowed:
		t = "null not allowed"
	default:
		t = m.Kind.String()
	}
	if m.Of > 1 && m.Count < m.Of {
		t += " (" + itoa(m.Count) + " of " + itoa(m.Of) + ")"
	}
	return model.SanitizeLine(t)
}

// extrasText names the undeclared keys of an object: "+ 2 undeclared:
// gift_wrap, legacy_ref".
func extrasText(ic *kit.Icons, parent string, extras []resultcheck.Mark) string {
	const shown = 3
	glyph, word := ic.Undeclared, "undeclared"
	names := make([]string, 0, shown)
	for i, m := range extras {
		if m.Kind == resultcheck.NotAllowed {
			glyph, word = ic.NotAllowed, "not allowed"
		}
		if i < shown {
			names = append(names, keyOf(parent, m.Path))
		}
	}
	if len(extras) > 1 {
		word = itoa(len(extras)) + " " + word
	}
	t := glyph + " " + word + ": " + strings.Join(names, ", ")
	if len(extras) > shown {
		t += ", …"
	}
	return model.SanitizeLine(t)
}

// filledText says what a fold hid that the result filled.
func filledText(f resultcheck.FoldedData) string {
	if f.Fields == 0 {
		return "◂ " + plural(f.Keys, "key") + " in the result"
	}
	return "◂ filled " + itoa(f.Fields) + " hidden"
}

// markGlyph is the glyph of a kind of mark.
func markGlyph(ic *kit.Icons, k resultcheck.Kind) string {
	switch k {
	case resultcheck.MissingRequired:
		return ic.Missing
	case resultcheck.TypeMismatch:
		return ic.TypeMismatch
	case resultcheck.EnumMismatch:
		return ic.EnumMismatch
	case resultcheck.NullNotAllowed:
		return ic.NullMark
	case resultcheck.NotAllowed:
		return ic.NotAllowed
	}
	return ic.Undeclared
}

// markStyle is the colour of a kind of mark.
func markStyle(s *kit.Styles, k resultcheck.Kind) lipgloss.Style {
	switch k {
	case resultcheck.MissingRequired:
		return s.MarkMissing
	case resultcheck.Undeclared, resultcheck.NotAllowed:
		return s.MarkExtra
	}
	return s.MarkMismatch
}

// keyOf is the key of an undeclared field of the object at parent (both
// paths as the check keeps them, Quoted), as it is: a key holding "."
// is not written quoted.
func keyOf(parent, path string) string {
	pp, err := fieldpath.Parse(parent, fieldpath.Output)
	p, err2 := fieldpath.Parse(path, fieldpath.Output)
	if err != nil || err2 != nil {
		return fieldpath.Plain(path)
	}
	if rel, ok := p.Rel(pp); ok && rel.Len() == 1 {
		return rel.Name()
	}
	return fieldpath.Plain(path)
}
