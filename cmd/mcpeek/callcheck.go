package main

import (
	"errors"
	"fmt"
	"io"

	"mcpeek/mcpclient"
	"mcpeek/model"
	"mcpeek/summarizer"
	"mcpeek/summarizer/resultcheck"
)

// exitBreaksSchema is the exit status of `mcpeek call --check` when the
// result breaks the tool's output schema (1 stays every other failure).
const exitBreaksSchema = 4

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
		if err = printResult(a.stdout, res, a.stdoutIsTerminal()); err == nil {
			resultcheck.WriteText(a.stderr, tool.ID().String(), outcome)
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
// structuredContent, else its text, lines and tabs kept (made safe only
// for a terminal).
func printResult(w io.Writer, res *mcpclient.CallResult, toTerminal bool) error {
	if res.StructuredContent != nil {
		return writeJSON(w, jsonIndentable(res.StructuredContent))
	}
	_, err := fmt.Fprintln(w, res.TextFor(toTerminal))
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
