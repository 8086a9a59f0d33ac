package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"mcpeek/mcpclient"
	"mcpeek/model"
	"mcpeek/model/fieldpath"
	"mcpeek/summarizer"
	"mcpeek/summarizer/resultcheck"
)

// exitBreaksSchema is the exit status of `mcpeek call --check` when the
// result breaks the tool's output schema (1 stays every other failure).
const exitBreaksSchema = 4

// The most lines of each kind the text report shows; --json lists more.
const (
	maxTextMarks  = 50
	maxTextAbsent = 8
	maxTextErrors = 20
)

// checkCall checks a call's result against the tool's output schema and
// prints it: the result as `call` prints it on stdout and the report on
// stderr, or with asJSON {"result": <the raw result>, "check": {...}} on
// stdout. The error sets the exit status: exitBreaksSchema when the result
// breaks the schema, 1 when the tool reported an error or the schema
// cannot be read.
func (a *app) checkCall(tool model.Tool, res *mcpclient.CallResult, asJSON bool) error {
	outcome, err := checkOutcome(tool, res)
	if err != nil {
		return err
	}
	if asJSON {
		err = writeJSON(a.stdout, struct {
			Result jsonIndentable       `json:"result"`
			Check  *resultcheck.Outcome `json:"check"`
		}{jsonIndentable(res.Raw), outcome})
	} else {
		if err = printResult(a.stdout, res); err == nil {
			printCheck(a.stderr, tool.ID(), outcome)
		}
	}
	switch {
	case err != nil:
		return err
	case res.IsError:
		return errors.New("the tool reported an error (isError: true)")
	case outcome.Breaks():
		return &exitStatus{code: exitBreaksSchema}
	}
	return nil
}

// printResult writes a result as `call` does without --json: its
// structuredContent, else its text.
func printResult(w io.Writer, res *mcpclient.CallResult) error {
	if res.StructuredContent != nil {
		return writeJSON(w, jsonIndentable(res.StructuredContent))
	}
	_, err := fmt.Fprintln(w, clean(res.Text))
	return err
}

// checkOutcome is the check of one result; nothing is checked for a tool
// without an output schema or a result the tool marked as an error.
func checkOutcome(tool model.Tool, res *mcpclient.CallResult) (*resultcheck.Outcome, error) {
	var target *resultcheck.Target
	if tool.HasOutputSchema() {
		var err error
		if target, err = resultcheck.NewTarget(model.ParseTool(tool)); err != nil {
			return nil, fmt.Errorf("--check: %w", err)
		}
	}
	return resultcheck.CheckCall(target, res.IsError, res.StructuredContent, res.Text, summarizer.Options{}), nil
}

// printCheck writes the report for reading: the verdict, the counts, each
// mark, what only the validator saw, and the folds that hid data.
func printCheck(w io.Writer, id string, o *resultcheck.Outcome) {
	say := func(format string, args ...any) { fmt.Fprintf(w, format+"\n", args...) }
	switch {
	case !o.Checked:
		say("check %s: not checked: %s", clean(id), o.Note)
		return
	case o.NoPayload:
		say("check %s: the result breaks its output schema: %s", clean(id), clean(o.Note))
		return
	}
	r, unexplained := o.Report, o.Unexplained()
	verdict := "the result conforms to its output schema"
	switch {
	case o.Breaks():
		// Each count is of the lines listed below it: one per mark.
		var counts, marked []string
		violations := 0
		for k := resultcheck.MissingRequired; k <= resultcheck.Undeclared; k++ {
			if k.Violation() {
				violations += r.Marked(k)
			}
		}
		if violations > 0 {
			marked = append(marked, plural(violations, "violation", "violations"))
		}
		if n := r.Marked(resultcheck.Undeclared); n > 0 {
			marked = append(marked, plural(n, "undeclared key", "undeclared keys"))
		}
		if len(marked) > 0 {
			counts = append(counts, strings.Join(marked, " and ")+" marked")
		}
		if n := len(unexplained) + o.Validation.Omitted; n > 0 {
			counts = append(counts, plural(n, "more", "more")+" found by the JSON Schema validator")
		}
		verdict = "the result breaks its output schema: " + strings.Join(counts, ", ")
	case r.Violations() > 0:
		verdict += " as the JSON Schema validator reads it; the marks below are the overlay's alone"
	}
	say("check %s: %s", clean(id), verdict)
	if o.Note != "" {
		say("  %s", o.Note)
	}
	fields := fmt.Sprintf("  declared fields: %d present, %d absent", r.Present, r.Absent)
	if absent := r.AbsentPaths(); len(absent) > 0 {
		shown := make([]string, 0, min(len(absent), maxTextAbsent))
		for _, p := range absent[:cap(shown)] {
			shown = append(shown, fieldpath.Plain(p))
		}
		fields += " (" + clean(strings.Join(shown, ", "))
		if more := len(absent) - len(shown); more > 0 {
			fields += fmt.Sprintf(", +%d more", more)
		}
		fields += ")"
	}
	say("%s", fields)
	for i, m := range r.Marks {
		if i == maxTextMarks {
			say("  ... and %d more marks (--json lists up to %d)", len(r.Marks)-i+r.MarksOmitted, resultcheck.DefaultMaxMarks)
			break
		}
		say("  %-16s  %s", m.Kind, clean(markLine(m)))
	}
	if len(r.Marks) <= maxTextMarks && r.MarksOmitted > 0 {
		say("  ... and %d more marks", r.MarksOmitted)
	}
	for i, e := range unexplained {
		if i == maxTextErrors {
			say("  ... and %d more validator findings (--json lists them)", len(unexplained)-i)
			break
		}
		say("  %-16s  %s: %s", "validator", clean(resultcheck.DisplayPath(e.Path)), clean(e.Message))
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
			say("    %s", clean(foldedLine(f)))
		}
	}
}

// markLine is a mark without its kind: `total_price: expected string, got
// number (1 of 3)`.
func markLine(m resultcheck.Mark) string {
	return m.Place() + ": " + m.Detail() + m.Share()
}

// foldedLine says what one fold of the summary hid: "279 fields behind
// line_items[]".
func foldedLine(f resultcheck.FoldedData) string {
	where := f.Line.Written()
	if f.Line.Fold == summarizer.FoldOverflow {
		where = "* (the top-level fields it leaves out)"
	}
	var parts []string
	if f.Fields > 0 {
		parts = append(parts, plural(f.Fields, "field", "fields"))
	}
	if f.Keys > 0 {
		parts = append(parts, plural(f.Keys, "key", "keys"))
	}
	return strings.Join(parts, " and ") + " behind " + where
}
