package summarizer

import (
	"bytes"
	"encoding/json"
)

// MarshalIndent writes v as the golden fixtures are written and as
// `mcpeek summary --json` prints a planner descriptor: two-space indent, no
// HTML escaping, a final newline. The explorer's planner view shows these
// very bytes.
func MarshalIndent(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// MarshalCompact writes v as a planner receives it: compact, no HTML
// escaping, no final newline. Sizes and token counts are taken on these
// bytes.
func MarshalCompact(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}
