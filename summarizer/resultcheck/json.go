package resultcheck

import (
	"mcpeek/internal/jsonfmt"
	"mcpeek/model/fieldpath"
)

// The JSON form of an Outcome, as docs/call.md documents it.
type (
	outcomeJSON struct {
		Verdict         string        `json:"verdict"`
		DecidedBy       string        `json:"decided_by,omitempty"`
		Note            string        `json:"note,omitempty"`
		Source          Source        `json:"source,omitempty"`
		Violations      int           `json:"violations"`
		Present         int           `json:"present"`
		Absent          int           `json:"absent"`
		MissingRequired []markJSON    `json:"missing_required"`
		Mismatches      []markJSON    `json:"mismatches"`
		Undeclared      []markJSON    `json:"undeclared"`
		FoldedWithData  []foldedJSON  `json:"folded_with_data"`
		Validator       validatorJSON `json:"validator"`
		PresentPaths    []string      `json:"present_paths"`
		AbsentPaths     []string      `json:"absent_paths"`
		MarksOmitted    int           `json:"marks_omitted,omitempty"`
		Truncated       string        `json:"truncated,omitempty"`
	}
	markJSON struct {
		Path     string `json:"path"`
		Kind     string `json:"kind,omitempty"`
		Expected string `json:"expected,omitempty"`
		Observed string `json:"observed,omitempty"`
		Allowed  *bool  `json:"allowed,omitempty"`
		Envelope bool   `json:"envelope,omitempty"`
		Count    int    `json:"count"`
		Of       int    `json:"of"`
	}
	foldedJSON struct {
		Path   string   `json:"path"`
		Hint   string   `json:"field_path"`
		Fields int      `json:"fields"`
		Keys   int      `json:"keys,omitempty"`
		Paths  []string `json:"paths"`
	}
	validatorJSON struct {
		Errors      []ValidationError `json:"errors"`
		Omitted     int               `json:"omitted,omitempty"`
		Unavailable string            `json:"unavailable,omitempty"`
	}
)

// maxListedPaths bounds present_paths and absent_paths (present and absent
// count them all).
const maxListedPaths = 1000

// Verdict is "ok", "breaks", or "unchecked" when there was nothing to check.
func (o *Outcome) Verdict() string {
	switch {
	case !o.Checked:
		return "unchecked"
	case o.Breaks():
		return "breaks"
	}
	return "ok"
}

// MarshalJSON writes the check as docs/call.md shows it: every list
// present (empty rather than null), paths as summaries write them.
func (o *Outcome) MarshalJSON() ([]byte, error) {
	j := outcomeJSON{
		Verdict: o.Verdict(), DecidedBy: o.DecidedBy(), Note: o.Note, Source: o.Source,
		MissingRequired: []markJSON{}, Mismatches: []markJSON{}, Undeclared: []markJSON{},
		FoldedWithData: []foldedJSON{}, PresentPaths: []string{}, AbsentPaths: []string{},
		Validator: validatorJSON{Errors: make([]ValidationError, 0, len(o.Validation.Errors)), Omitted: o.Validation.Omitted, Unavailable: o.Validation.Unavailable},
	}
	for _, e := range o.Validation.Errors {
		e.Path = fieldpath.Plain(e.Path)
		j.Validator.Errors = append(j.Validator.Errors, e)
	}
	if r := o.Report; r != nil {
		j.Violations, j.Present, j.Absent = r.Violations(), r.Present, r.Absent
		j.MarksOmitted, j.Truncated = r.MarksOmitted, r.Truncated
		for _, m := range r.Marks {
			mj := markJSON{Path: fieldpath.Plain(m.Path), Expected: m.Expected, Observed: m.Observed, Envelope: m.Envelope, Count: m.Count, Of: m.Of}
			switch m.Kind {
			case MissingRequired:
				j.MissingRequired = append(j.MissingRequired, mj)
			case NotAllowed, Undeclared:
				allowed := m.Kind == Undeclared
				mj.Allowed = &allowed
				j.Undeclared = append(j.Undeclared, mj)
			default:
				mj.Kind = map[Kind]string{TypeMismatch: "type", EnumMismatch: "enum", NullNotAllowed: "null"}[m.Kind]
				j.Mismatches = append(j.Mismatches, mj)
			}
		}
		present, absent := r.PresentPaths(), r.AbsentPaths()
		j.PresentPaths = plainPaths(j.PresentPaths, present[:min(len(present), maxListedPaths)])
		j.AbsentPaths = plainPaths(j.AbsentPaths, absent[:min(len(absent), maxListedPaths)])
	}
	if o.NoPayload {
		j.Violations++
	}
	for _, f := range o.Folded {
		j.FoldedWithData = append(j.FoldedWithData, foldedJSON{Path: f.Line.Written(), Hint: f.Line.Hint.String(), Fields: f.Fields, Keys: f.Keys, Paths: plainPaths(nil, f.Paths)})
	}
	return jsonfmt.MarshalCompact(j) // no HTML escaping: "<any key>" stays readable
}

// plainPaths appends paths, as the check keeps them (Quoted), to dst as
// summaries write them (names as they are).
func plainPaths(dst, paths []string) []string {
	for _, p := range paths {
		dst = append(dst, fieldpath.Plain(p))
	}
	return dst
}
