package resultcheck

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"mcpeek/model"
	"mcpeek/model/fieldpath"
	"mcpeek/summarizer"
)

// The most lines of each kind the text report shows; --json lists more.
const (
	maxTextMarks  = 50
	maxTextAbsent = 8
	maxTextErrors = 20
)

// WriteText writes o, the check of a call of the tool id, for reading: the verdict, the counts, each
// mark, what only the validator saw, and the folds that hid data.
func WriteText(w io.Writer, id string, o *Outcome) {
	say := func(format string, args ...any) { fmt.Fprintf(w, format+"\n", args...) }
	switch {
	case !o.Checked:
		say("check %s: not checked: %s", model.SanitizeLine(id), o.Note)
		return
	case o.NoPayload:
		say("check %s: the result breaks its output schema: %s", model.SanitizeLine(id), model.SanitizeLine(o.Note))
		return
	}
	r, unexplained := o.Report, o.Unexplained()
	verdict := "the result conforms to its output schema"
	switch {
	case o.Breaks():
		// Each count is of the lines listed below it: one per mark.
		var counts, marked []string
		violations := 0
		for k := MissingRequired; k <= Undeclared; k++ {
			if k.Violation() {
				violations += r.Marked(k)
			}
		}
		if violations > 0 {
			marked = append(marked, plural(violations, "violation"))
		}
		if n := r.Marked(Undeclared); n > 0 {
			marked = append(marked, plural(n, "undeclared key"))
		}
		if len(marked) > 0 {
			counts = append(counts, strings.Join(marked, " and ")+" marked")
		}
		if n := len(unexplained) + o.Validation.Omitted; n > 0 {
			counts = append(counts, strconv.Itoa(n)+" more"+" found by the JSON Schema validator")
		}
		verdict = "the result breaks its output schema: " + strings.Join(counts, ", ")
	case r.Violations() > 0:
		verdict += " as the JSON Schema validator reads it; the marks below are the overlay's alone"
	}
	say("check %s: %s", model.SanitizeLine(id), verdict)
	if o.Note != "" {
		say("  %s", o.Note)
	}
	fields := fmt.Sprintf("  declared fields: %d present, %d absent", r.Present, r.Absent)
	if absent := r.AbsentPaths(); len(absent) > 0 {
		shown := make([]string, 0, min(len(absent), maxTextAbsent))
		for _, p := range absent[:cap(shown)] {
			shown = append(shown, fieldpath.Plain(p))
		}
		fields += " (" + model.SanitizeLine(strings.Join(shown, ", "))
		if more := len(absent) - len(shown); more > 0 {
			fields += fmt.Sprintf(", +%d more", more)
		}
		fields += ")"
	}
	say("%s", fields)
	for i, m := range r.Marks {
		if i == maxTextMarks {
			say("  ... and %d more marks (--json lists up to %d)", len(r.Marks)-i+r.MarksOmitted, DefaultMaxMarks)
			break
		}
		say("  %-16s  %s", m.Kind, model.SanitizeLine(markLine(m)))
	}
	if len(r.Marks) <= maxTextMarks && r.MarksOmitted > 0 {
		say("  ... and %d more marks", r.MarksOmitted)
	}
	for i, e := range unexplained {
		if i == maxTextErrors {
			say("  ... and %d more validator findings (--json lists them)", len(unexplained)-i)
			break
		}
		say("  %-16s  %s: %s", "validator", model.SanitizeLine(DisplayPath(e.Path)), model.SanitizeLine(e.Message))
	}
	if o.Validation.Omitted > 0 {
		say("  ... and %d more validator findings", o.Validation.Omitted)
	}
	if o.Validation.Unavailable != "" {
		say("  validator: %s", o.Validation.Unavailable)
	}
	if r.Truncated != "" {
		say("  the check stopped early: %s", r.Truncated)
	}
	if len(o.Folded) > 0 {
		say("  the folded summary (max_fields %d, max_depth %d) hid fields that came back:",
			summarizer.MaxSummaryFields, summarizer.DefaultSummaryMaxDepth)
		for _, f := range o.Folded {
			say("    %s", model.SanitizeLine(foldedLine(f)))
		}
	}
}

// markLine is a mark without its kind: `total_price: expected string, got
// number (1 of 3)`.
func markLine(m Mark) string {
	return m.Place() + ": " + m.Detail() + m.Share()
}

// foldedLine says what one fold of the summary hid: "279 fields behind
// line_items[]".
func foldedLine(f FoldedData) string {
	where := f.Line.Written()
	if f.Line.Fold == summarizer.FoldOverflow {
		where = "* (the top-level fields it leaves out)"
	}
	var parts []string
	if f.Fields > 0 {
		parts = append(parts, plural(f.Fields, "field"))
	}
	if f.Keys > 0 {
		parts = append(parts, plural(f.Keys, "key"))
	}
	return strings.Join(parts, " and ") + " behind " + where
}
