package toolview

import (
	"strings"

	"charm.land/lipgloss/v2"

	"mcpeek/model"
	"mcpeek/summarizer/resultcheck"
	"mcpeek/summarizer/schematree"
	"mcpeek/tui/kit"
	"mcpeek/tui/uitext"
)

// header is the rows above a tree while a checked call is shown: the
// verdict and the counts, then the folds that hid fields the result
// filled (or the check's note), then the required fields it left out
// and, apart, the optional ones, if any. A row too long for the width is
// written in fewer words, then cut.
func (l *callLayer) header(s *kit.Styles, width int) string {
	o := l.check
	var b strings.Builder
	verdict := l.verdictRow(s, o, false)
	if uitext.SegsWidth(verdict) > width {
		verdict = l.verdictRow(s, o, true)
	}
	RenderLine(s, &b, verdict, width, false, false)
	b.WriteByte('\n')
	// The folds the most first: the sentence in full when the first fits.
	folded := l.foldedRow(s, o, false)
	if len(l.folded) > 0 && cells(folded[0].Text) > width && strings.Contains(folded[0].Text, " · ") &&
		cells(folded[0].Text[:strings.Index(folded[0].Text, " · ")]) > width-10 {
		folded = l.foldedRow(s, o, true)
	}
	RenderLine(s, &b, folded, width, false, false)
	if len(l.missing) > 0 || len(l.absent) > 0 {
		b.WriteByte('\n')
		RenderLine(s, &b, l.absentRow(s), width, false, false)
	}
	return b.String()
}

// absentRow: "✗ 2 missing required: currency, line_items[].sku (1 of 3) ·
// 1 absent: note", the required fields the result left out (in some
// objects or all), then apart the optional ones; each list says how many
// it holds.
func (l *callLayer) absentRow(s *kit.Styles) []seg {
	var segs []seg
	list := func(names []string, st lipgloss.Style) {
		for i, n := range names {
			if i > 0 {
				segs = append(segs, seg{Text: ", ", Style: s.Dim})
			}
			segs = append(segs, seg{Text: model.SanitizeLine(n), Style: st})
		}
	}
	if len(l.missing) > 0 {
		n := len(l.missing)
		if r := l.report(); r != nil {
			n = r.Marked(resultcheck.MissingRequired)
		}
		names := make([]string, 0, len(l.missing)+1)
		for _, m := range l.missing {
			names = append(names, m.Place()+m.Share())
		}
		if n > len(names) {
			names = append(names, "…")
		}
		segs = append(segs, seg{Text: s.Icons.Missing + " " + itoa(n) + " missing required: ", Style: s.MarkMissing})
		list(names, s.MarkMissing)
	}
	if len(l.absent) > 0 {
		if len(segs) > 0 {
			segs = append(segs, seg{Text: " · ", Style: s.Dim})
		}
		segs = append(segs, seg{Text: itoa(len(l.absent)) + " absent: ", Style: s.Dim})
		list(l.absent, s.Observed)
	}
	return segs
}

// hasMissing reports whether marks say a required field is missing.
func hasMissing(marks []resultcheck.Mark) bool {
	for _, m := range marks {
		if m.Kind == resultcheck.MissingRequired {
			return true
		}
	}
	return false
}

// headerKinds are the kinds of marks the header counts, with their word.
var headerKinds = []struct {
	kind resultcheck.Kind
	word string
}{
	{resultcheck.MissingRequired, "missing"},
	{resultcheck.TypeMismatch, "type"},
	{resultcheck.EnumMismatch, "enum"},
	{resultcheck.NullNotAllowed, "null"},
	{resultcheck.NotAllowed, "not allowed"},
	{resultcheck.Undeclared, "undeclared"},
}

// verdictRow: "✗ result breaks the schema · 947 declared fields present ·
// ✗ 2 missing · ≠ 1 type · 3 more schema errors"; compact: "✗ breaks ·
// 947 present · ✗2 ≠1 · +3 schema errors". Each kind counts its marks,
// one per field as the trees and the result view's check list them; the
// schema errors are the validator's findings that no mark explains
// (a pattern, a minimum), which the result view lists.
func (l *callLayer) verdictRow(s *kit.Styles, o *resultcheck.Outcome, compact bool) []seg {
	ic := &s.Icons
	dot := seg{Text: " · ", Style: s.Dim}
	var segs []seg
	switch v := o.Verdict(); {
	case v == "breaks" && compact:
		segs = append(segs, seg{Text: ic.Missing + " breaks", Style: s.MarkMissing})
	case v == "breaks":
		segs = append(segs, seg{Text: ic.Missing + " result breaks the schema", Style: s.MarkMissing})
	case v == "ok" && compact:
		segs = append(segs, seg{Text: "✓ matches", Style: s.Status})
	case v == "ok":
		segs = append(segs, seg{Text: "✓ result matches the schema", Style: s.Status})
	default:
		return append(segs, seg{Text: "result not checked", Style: s.Dim})
	}
	r := o.Report
	if r == nil {
		return segs
	}
	// The absent fields are counted by the third row, which lists them.
	if compact {
		segs = append(segs, dot, seg{Text: itoa(r.Present) + " present", Style: s.Observed})
	} else {
		segs = append(segs, dot, seg{Text: itoa(r.Present) + " declared fields present", Style: s.Observed})
	}
	sep := dot
	for _, k := range headerKinds {
		n := r.Marked(k.kind)
		switch {
		case n == 0:
			continue
		case compact:
			segs = append(segs, sep, seg{Text: markGlyph(ic, k.kind) + itoa(n), Style: markStyle(s, k.kind)})
			sep = seg{Text: " ", Style: s.Dim}
		default:
			segs = append(segs, dot, seg{Text: markGlyph(ic, k.kind) + " " + itoa(n) + " " + k.word, Style: markStyle(s, k.kind)})
		}
	}
	if n := l.moreErrors; n > 0 {
		if compact {
			segs = append(segs, dot, seg{Text: "+" + plural(n, "schema error"), Style: s.MarkMismatch})
		} else {
			segs = append(segs, dot, seg{Text: plural(n, "more schema error"), Style: s.MarkMismatch})
		}
	}
	return segs
}

// foldedRow: "this result filled 279 fields hidden behind line_items[] ·
// 33 behind shipping_lines[]", the folds that hid the most first, or the
// check's note; compact: "filled 279 behind line_items[] · 33 behind …".
func (l *callLayer) foldedRow(s *kit.Styles, o *resultcheck.Outcome, compact bool) []seg {
	var parts []string
	for _, f := range l.folded {
		switch {
		case f.Fields == 0:
			continue
		case len(parts) > 0:
			parts = append(parts, itoa(f.Fields)+" behind "+model.SanitizeLine(f.Line.Written()))
		case compact:
			parts = append(parts, "filled "+itoa(f.Fields)+" behind "+model.SanitizeLine(f.Line.Written()))
		default:
			parts = append(parts, "this result filled "+plural(f.Fields, "field")+" hidden behind "+model.SanitizeLine(f.Line.Written()))
		}
	}
	switch {
	case o.Note != "":
		parts = append(parts, model.SanitizeLine(o.Note))
	case len(parts) == 0 && o.Report != nil:
		parts = append(parts, "no folded line hid a field this result filled")
	}
	return []seg{{Text: strings.Join(parts, " · "), Style: s.MarkExtra}, {Text: "  (O hides)", Style: s.Faint}}
}

// detailLines are the check's findings at line n, in full, for the
// details dialog (i): the value held, each mark with what was expected
// and got and on how many values, and the undeclared keys of an object.
func (l *callLayer) detailLines(s *kit.Styles, n *schematree.Node, width int) []string {
	r := l.report()
	if r == nil || n == nil || !output(n) {
		return nil
	}
	lines := []string{s.Title.Render("in the last call's result")}
	add := func(st lipgloss.Style, text string) {
		for _, w := range wrapText(model.SanitizeLine(text), width) {
			lines = append(lines, st.Render(w))
		}
	}
	hidden := l.hiddenAt(n)
	if n.Kind == schematree.KindMore {
		if n.Parent() != nil || l.overflowAt == nil || l.overflowAt.Hidden.Total() == 0 {
			return nil
		}
		hidden = &l.overflowAt.Hidden
	} else {
		l.heldLines(s, r, n, add)
	}
	if hidden != nil && hidden.Total() > 0 {
		add(s.Dim, "folded away under this line:")
		for _, m := range hidden.Marks {
			add(markStyle(s, m.Kind), "  "+markGlyph(&s.Icons, m.Kind)+" "+m.String())
		}
		if more := hidden.Total() - len(hidden.Marks); more > 0 {
			add(s.Dim, "  and "+plural(more, "more mark"))
		}
	}
	return append(lines, "")
}

// heldLines add what the result held at line n and the marks there.
func (l *callLayer) heldLines(s *kit.Styles, r *resultcheck.Report, n *schematree.Node, add func(lipgloss.Style, string)) {
	if obs, ok := r.Observed(n.Path.Quoted()); ok {
		held := obs.Short()
		if obs.Values > 1 {
			held += " (first of " + itoa(obs.Values) + " values: " + strings.Join(obs.Types, ", ") + ")"
		}
		add(s.Observed, "value: "+held)
	} else {
		add(s.Faint, "not reached: the result holds nothing above it")
	}
	for _, m := range r.MarksAt(n.Path.Quoted()) {
		add(markStyle(s, m.Kind), markGlyph(&s.Icons, m.Kind)+" "+markDetail(m))
	}
	p := l.dataPath(n.Path)
	for _, m := range l.extras[p] {
		add(markStyle(s, m.Kind), markGlyph(&s.Icons, m.Kind)+" "+keyOf(p, m.Path)+": "+markDetail(m))
	}
}

// markDetail is a mark in full: "type mismatch: expected string, got
// number (1 of 3)".
func markDetail(m resultcheck.Mark) string {
	return m.Kind.String() + ": " + m.Detail() + m.Share()
}

// DetailLines are the last checked call's findings at line n of a tree of
// the tool, in full, for the details dialog (i); nil when there are none.
func (v *View) DetailLines(s *kit.Styles, n *schematree.Node, width int) []string {
	return v.layer.detailLines(s, n, width)
}
