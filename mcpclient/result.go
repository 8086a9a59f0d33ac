package mcpclient

import (
	"encoding/json"
	"fmt"
	"strings"

	"mcpeek/model"
)

// CallResult is a tools/call result: the raw JSON as the server sent it, and
// a small typed view of it.
type CallResult struct {
	// Raw is the whole result object.
	Raw json.RawMessage
	// StructuredContent is the raw structuredContent, or nil when absent.
	StructuredContent json.RawMessage
	// Content is the raw content array, or nil when absent.
	Content json.RawMessage
	// IsError is the result's isError: the tool ran and reported failure.
	IsError bool
	// Text joins the text of the text content blocks with newlines,
	// unsanitised.
	Text string
	// Task is set when the call became a task that was not waited for
	// (CallOptions.Detach): Raw is then the server's answer creating it.
	Task *Task
}

// TextFor is the result's text as written to a terminal (toTerminal) or
// to a file or pipe. Line breaks and tabs stay either way; on a terminal,
// escape sequences, other controls and invisible characters are removed
// (model.Sanitize), while a file or pipe gets the text exactly as sent.
func (r *CallResult) TextFor(toTerminal bool) string {
	if toTerminal {
		return model.Sanitize(r.Text)
	}
	return r.Text
}

// parseCallResult builds the typed view of a raw tools/call result. Only a
// result that is not a JSON object is an error.
func parseCallResult(raw json.RawMessage) (*CallResult, error) {
	fields, err := resultFields(raw)
	if err != nil {
		return nil, err
	}
	return callResultOf(raw, fields), nil
}

// resultFields reads a result object's members, once for every question
// asked of it (a task? input wanted? the tool's answer?).
func resultFields(raw json.RawMessage) (map[string]json.RawMessage, error) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil {
		return nil, fmt.Errorf("tools/call: result is not an object: %w", err)
	}
	return fields, nil
}

// resultType is a result's resultType, "" when absent or not a string.
func resultType(fields map[string]json.RawMessage) string {
	var t string
	_ = json.Unmarshal(fields["resultType"], &t)
	return t
}

// callResultOf is parseCallResult on a result already read into fields.
func callResultOf(raw json.RawMessage, fields map[string]json.RawMessage) *CallResult {
	r := &CallResult{
		Raw:               raw,
		StructuredContent: nonNull(fields["structuredContent"]),
		Content:           nonNull(fields["content"]),
	}
	_ = json.Unmarshal(fields["isError"], &r.IsError)
	var blocks []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if json.Unmarshal(r.Content, &blocks) == nil {
		var texts []string
		for _, b := range blocks {
			if b.Type == "text" {
				texts = append(texts, b.Text)
			}
		}
		r.Text = strings.Join(texts, "\n")
	}
	return r
}
