package toolargs

import (
	"encoding/json"
	"errors"
	"fmt"
)

// WhyNotAnObject says why raw cannot be a call's arguments, or "" when it is
// a JSON object: "is no JSON object", or "is not JSON" with the syntax
// error and its byte offset.
func WhyNotAnObject(raw []byte) string {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(raw, &obj); err == nil && obj != nil {
		return ""
	}
	if json.Valid(raw) {
		return "is no JSON object"
	}
	if syntax, ok := errors.AsType[*json.SyntaxError](json.Unmarshal(raw, new(any))); ok {
		return fmt.Sprintf("is not JSON (%v, at byte %d)", syntax, syntax.Offset)
	}
	return "is not JSON"
}
