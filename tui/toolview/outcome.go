package toolview

import (
	"bytes"
	"encoding/json"

	"mcpeek/model"
	"mcpeek/summarizer/resultcheck"
	"mcpeek/tui/resultview"
)

// Outcome is the last call the user made of a tool, kept on the tool's
// view: the result view shows it, and the schema and summary trees lay
// its check over their fields.
type Outcome struct {
	resultview.Outcome
	// Structured is the result's structuredContent, decoded once (by the
	// check when it read it) for every tree built of it; nil when none.
	Structured *model.Value
}

// DecodeStructured is a result's structuredContent (raw) as a value: the
// check's own when it checked that, else decoded here. nil when there is
// none or it cannot be read.
func DecodeStructured(raw json.RawMessage, check *resultcheck.Outcome) *model.Value {
	if len(bytes.TrimSpace(raw)) == 0 {
		return nil
	}
	if check != nil && check.Source == resultcheck.FromStructured && check.Value != nil {
		return check.Value
	}
	v, err := model.DecodeJSON(raw)
	if err != nil {
		return nil
	}
	return v
}
