package tui

import (
	"strings"

	"charm.land/lipgloss/v2"

	"mcpeek/model"
	"mcpeek/resultcheck"
	"mcpeek/schematree"
)

// header is the two rows above a tree while a checked call is shown: the
// verdict and the counts, then the folds that hid fields the result
// filled (or the check's note). Each row is cut to width.
func (l *callLayer) header(s *Styles, width int) string {
	o := l.check
	var b strings.Builder
	s.renderLine(&b, l.verdictRow(s, o), width, false, false)
	b.WriteByte('\n')
	s.renderLine(&b, l.foldedRow(s, o), width, false, false)
	return b.String()
}

// verdictRow: "✗ breaks · 947 present · 1 absent · ✗ 2 missing · ≠ 1 type
// · validator: 9 errors".
func (l *callLayer) verdictRow(s *Styles, o *resultcheck.Outcome) []seg {
	ic := &s.Icons
	dot := seg{" · ", s.Dim}
	var segs []seg
	switch o.Verdict() {
	case "breaks":
		segs = append(segs, seg{ic.Missing + " result breaks the schema", s.MarkMissing})
	case "ok":
		segs = append(segs, seg{"✓ result matches the schema", s.Status})
	default:
		return append(segs, seg{"result not checked", s.Dim})
	}
	r := o.Report
	if r == nil {
		return segs
	}
	segs = append(segs, dot, seg{itoa(r.Present) + " declared fields present", s.Observed}, dot, seg{itoa(r.Absent) + " absent", s.Observed})
	for _, k := range []struct {
		kind resultcheck.Kind
		word string
	}{
		{resultcheck.MissingRequired, "missing"},
		{resultcheck.TypeMismatch, "type"},
		{resultcheck.EnumMismatch, "enum"},
		{resultcheck.NullNotAllowed, "null"},
		{resultcheck.NotAllowed, "not allowed"},
		{resultcheck.Undeclared, "undeclared"},
	} {
		if n := r.Count(k.kind); n > 0 {
			segs = append(segs, dot, seg{markGlyph(ic, k.kind) + " " + itoa(n) + " " + k.word, markStyle(s, k.kind)})
		}
	}
	if v := o.Validation; len(v.Errors) > 0 {
		segs = append(segs, dot, seg{"validator: " + plural(len(v.Errors)+v.Omitted, "error"), s.MarkMismatch})
	}
	return segs
}

// foldedRow: "this result filled 279 fields hidden behind line_items[] ·
// 33 behind shipping_lines[]", the folds that hid the most first; or the
// check's note.
func (l *callLayer) foldedRow(s *Styles, o *resultcheck.Outcome) []seg {
	var parts []string
	for _, f := range l.folded {
		if f.Fields == 0 {
			continue
		}
		if len(parts) == 0 {
			parts = append(parts, "this result filled "+plural(f.Fields, "field")+" hidden behind "+model.SanitizeLine(f.Line.Path))
		} else {
			parts = append(parts, itoa(f.Fields)+" behind "+model.SanitizeLine(f.Line.Path))
		}
	}
	switch {
	case o.Note != "":
		parts = append(parts, model.SanitizeLine(o.Note))
	case len(parts) == 0 && o.Report != nil:
		parts = append(parts, "no folded line hid a field this result filled")
	}
	return []seg{{strings.Join(parts, " · "), s.MarkExtra}, {"  (O hides)", s.Faint}}
}

// detailLines are the check's findings at line n, in full, for the
// details dialog (i): the value held, each mark with what was expected
// and got and on how many values, and the undeclared keys of an object.
func (l *callLayer) detailLines(s *Styles, n *schematree.Node, width int) []string {
	r := l.report()
	if r == nil || n == nil || !output(n) || n.Kind == schematree.KindMore {
		return nil
	}
	lines := []string{s.Title.Render("in the last call's result")}
	add := func(st lipgloss.Style, text string) {
		for _, w := range wrapText(model.SanitizeLine(text), width) {
			lines = append(lines, st.Render(w))
		}
	}
	if obs, ok := r.Observed(n.Path); ok {
		held := obs.Short()
		if obs.Values > 1 {
			held += " (first of " + itoa(obs.Values) + " values: " + strings.Join(obs.Types, ", ") + ")"
		}
		add(s.Observed, "value: "+held)
	} else {
		add(s.Faint, "not reached: the result holds nothing above it")
	}
	for _, m := range r.MarksAt(n.Path) {
		add(markStyle(s, m.Kind), markGlyph(&s.Icons, m.Kind)+" "+markDetail(m))
	}
	for _, m := range l.extras[n.Path] {
		add(markStyle(s, m.Kind), markGlyph(&s.Icons, m.Kind)+" "+keyOf(n.Path, m.Path)+": "+markDetail(m))
	}
	return append(lines, "")
}

// markDetail is a mark in full: "type mismatch: expected string, got
// number (1 of 3)".
func markDetail(m resultcheck.Mark) string {
	t := m.Kind.String() + ": " + m.Detail()
	if m.Of > 1 {
		t += " (" + itoa(m.Count) + " of " + itoa(m.Of) + ")"
	}
	return t
}
