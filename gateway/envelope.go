package gateway

import (
	"bytes"
	"encoding/json"
	"fmt"
	"unicode/utf8"

	"mcpeek/model/toolargs"
)

// Code is an error envelope's code.
type Code string

// The error codes of an envelope: five about the call itself, and two
// for upstream trouble.
const (
	CodeValidation       Code = "VALIDATION_ERROR"
	CodePermissionDenied Code = "PERMISSION_DENIED"
	CodeNotFound         Code = "NOT_FOUND"
	CodeConflict         Code = "CONFLICT"
	CodeInternal         Code = "INTERNAL"
	// CodeUpstreamError: the upstream tool ran and returned isError.
	CodeUpstreamError Code = "UPSTREAM_ERROR"
	// CodeUnavailable: the upstream is down, the deadline passed, or the
	// connection was lost.
	CodeUnavailable Code = "UNAVAILABLE"
)

// Envelope is every answer of tool_exec, and every item of tool_batch:
// {op, ok: true, result, meta} or {op, ok: false, error}.
type Envelope struct {
	Op     string          `json:"op"`
	OK     bool            `json:"ok"`
	Result json.RawMessage `json:"result,omitempty"`
	Error  *Error          `json:"error,omitempty"`
	Meta   *Meta           `json:"meta,omitempty"`
}

// Meta is a success envelope's metadata.
type Meta struct {
	TraceID         string   `json:"trace_id"`
	LatencyMS       float64  `json:"latency_ms"`
	Warnings        []string `json:"warnings"`
	RegistryVersion string   `json:"registry_version"`
	Replayed        bool     `json:"replayed,omitempty"`
}

// Error is an error envelope's error. HelpPath is always set (it may be ""
// for the root): tool_help(help_path) tells the caller how to correct itself.
type Error struct {
	Code     Code           `json:"code"`
	Message  string         `json:"message"`
	Details  map[string]any `json:"details"`
	HelpPath string         `json:"help_path"`
}

// Error makes *Error usable as a Go error inside the gateway.
func (e *Error) Error() string { return fmt.Sprintf("%s: %s", e.Code, e.Message) }

// FieldError is one item of a VALIDATION_ERROR's details.field_errors: a
// JSON pointer into the arguments ("" is the whole object) and what is
// wrong there.
type FieldError = toolargs.FieldError

// fail builds an *Error; details may be nil.
func fail(code Code, helpPath string, details map[string]any, format string, args ...any) *Error {
	if details == nil {
		details = map[string]any{}
	}
	return &Error{Code: code, Message: fmt.Sprintf(format, args...), Details: details, HelpPath: helpPath}
}

// maxEcho is how many bytes of a name from the caller an answer or an
// event repeats.
const maxEcho = 200

// clip returns s when it is at most maxEcho bytes long; else its first
// maxEcho bytes (cut on a rune boundary) and how long it was. A name the
// caller sent is echoed in messages and events, which must not grow with
// the request.
func clip(s string) string {
	if len(s) <= maxEcho {
		return s
	}
	return fmt.Sprintf("%s…(%d bytes)", cutRunes(s, maxEcho), len(s))
}

// cutRunes returns at most n bytes of s, never splitting a UTF-8 sequence.
func cutRunes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// errorEnvelope wraps e for op.
func errorEnvelope(op string, e *Error) *Envelope {
	return &Envelope{Op: op, OK: false, Error: e}
}

// marshal encodes an answer without HTML escaping (a model reads "<string>"
// better than "\u003cstring\u003e"); the gateway's own types always encode.
func marshal(v any) json.RawMessage {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	err := enc.Encode(v)
	b := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
	if err != nil {
		b, _ = json.Marshal(map[string]any{"ok": false, "error": map[string]any{
			"code": CodeInternal, "message": "encoding the answer: " + err.Error(), "details": map[string]any{}, "help_path": "",
		}})
	}
	return b
}

// heldBytes estimates the memory an envelope holds: its result and the
// text of its error and warnings, and a little for the rest.
func (env *Envelope) heldBytes() int {
	n := 256 + len(env.Op) + len(env.Result)
	if env.Error != nil {
		n += len(env.Error.Message) + len(env.Error.HelpPath) + valueBytes(env.Error.Details)
	}
	if env.Meta != nil {
		for _, w := range env.Meta.Warnings {
			n += len(w)
		}
	}
	return n
}

// valueBytes estimates the memory of an error's details.
func valueBytes(v any) int {
	switch v := v.(type) {
	case string:
		return len(v)
	case json.RawMessage:
		return len(v)
	case []byte:
		return len(v)
	case map[string]any:
		n := 0
		for k, x := range v {
			n += len(k) + valueBytes(x)
		}
		return n
	case []any:
		n := 0
		for _, x := range v {
			n += valueBytes(x)
		}
		return n
	case []FieldError:
		n := 0
		for _, e := range v {
			n += len(e.Path) + len(e.Message)
		}
		return n
	}
	return 16
}
