package calls

// AssertionDoc says what one kind of assertion holds a call to, for
// reports that explain their findings (SARIF rules); docs/calls.md holds
// the same list.
type AssertionDoc struct {
	Kind string
	// Help says what the assertion requires and what a failure means.
	Help string
}

// AssertionKinds lists every kind of assertion a run reports: those of
// the file, then those every call makes before its result is checked
// (the tool is listed, the arguments fit, the call answers), then a call
// that could not run.
func AssertionKinds() []AssertionDoc {
	return []AssertionDoc{
		{"is_error", "The result's isError is as expected (false unless the call says \"is_error\": true)."},
		{"output_schema", "The result matches the tool's output schema: every required field present, every value of a declared type and enum."},
		{"no_undeclared", "The result holds no field its output schema does not declare."},
		{"max_ms", "The call answered within the bound, in milliseconds."},
		{"equals", "Every value at the path means the expected JSON value (members in any order, 1.0 for 1)."},
		{"exists", "The path reaches some value in the result."},
		{"absent", "The path reaches no value in the result."},
		{"matches", "Every value at the path is a string the regular expression (RE2) matches."},
		{"type", "Every value at the path is of the JSON type (integer counts as number)."},
		{"count", "The path reaches that many values (ending in []) or the array it reaches holds that many items."},
		{"min", "Every value at the path is a number at least the bound."},
		{"max", "Every value at the path is a number at most the bound."},
		{"tool", "The server lists the tool the call names."},
		{"arguments", "The call's arguments fit the tool's input schema."},
		{"call", "The server answered the call with a result rather than an error."},
		{"not-run", "The call could not be made: its server could not be reached, or an ${env:NAME} it needs is not set."},
	}
}
