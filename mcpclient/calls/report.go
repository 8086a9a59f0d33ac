package calls

// Status is how one call of a run ended.
type Status string

const (
	StatusPassed Status = "passed"
	StatusFailed Status = "failed" // an assertion failed
	// StatusNotRun: the call could not be made (its server unreachable, an
	// ${env:NAME} unset); the run is incomplete.
	StatusNotRun Status = "not-run"
)

// Outcome is one call of a run and how it went.
type Outcome struct {
	Call       Call        `json:"-"`
	Name       string      `json:"name"`
	Tool       string      `json:"tool"`
	Line       int         `json:"line"`
	Status     Status      `json:"status"`
	ElapsedMS  int64       `json:"elapsed_ms"`
	Error      string      `json:"error,omitempty"`
	Assertions []Assertion `json:"assertions"`
}

// Failures are the assertions of the call that did not hold.
func (r Outcome) Failures() []Assertion {
	var out []Assertion
	for _, v := range r.Assertions {
		if !v.OK {
			out = append(out, v)
		}
	}
	return out
}

// Report is a whole run of a calls file, as every format writes it.
type Report struct {
	File   string    `json:"file"`
	Passed int       `json:"passed"`
	Failed int       `json:"failed"`
	NotRun int       `json:"not_run"`
	Calls  []Outcome `json:"calls"`
}

// Line writes a failed assertion on one line: `equals
// line_items[1].sku: expected "A", got "B"`.
func (v Assertion) Line() string {
	s := v.Kind
	if v.Path != "" {
		s += " " + v.Path
	}
	if v.Expected != "" {
		return s + ": expected " + v.Expected + ", got " + v.Got
	}
	return s + ": " + v.Got
}
