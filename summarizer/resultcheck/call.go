package resultcheck

import (
	"encoding/json"

	"mcpeek/summarizer"
)

// CheckCall checks one call result of a tool the way every front end
// does: a tool without an output schema (target nil) or a result the tool
// marked as an error (isError) is not held to a schema, and the Outcome
// says so in its Note; anything else is Target.Check with default Options.
func CheckCall(target *Target, isError bool, structured json.RawMessage, text string, summary summarizer.Options) *Outcome {
	switch {
	case target == nil:
		return &Outcome{Note: "the tool declares no output schema: there is nothing to check its result against"}
	case isError:
		return &Outcome{Note: "the tool reported an error (isError: true): an error result is not held to the output schema"}
	}
	return target.Check(structured, text, Options{}, summary)
}
