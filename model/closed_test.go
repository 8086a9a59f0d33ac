package model

import "testing"

// TestClosedObjects: additionalProperties or unevaluatedProperties false
// closes an object; a closed allOf part closes the merge, and a union is
// closed only when every alternative is.
func TestClosedObjects(t *testing.T) {
	t.Parallel()
	for schema, want := range map[string]bool{
		`{"type":"object","properties":{"a":{}}}`:                                                           false,
		`{"type":"object","additionalProperties":false}`:                                                    true,
		`{"type":"object","additionalProperties":{"type":"string"}}`:                                        false,
		`{"type":"object","unevaluatedProperties":false}`:                                                   true,
		`{"allOf":[{"type":"object","properties":{"a":{}}},{"additionalProperties":false}]}`:                true,
		`{"anyOf":[{"type":"object","additionalProperties":false},{"type":"object"}]}`:                      false,
		`{"oneOf":[{"type":"object","additionalProperties":false},{"additionalProperties":false}]}`:         true,
		`{"$ref":"#/$defs/x","$defs":{"x":{"type":"object","properties":{},"additionalProperties":false}}}`: true,
	} {
		s, err := ParseSchema([]byte(schema))
		if err != nil {
			t.Fatal(err)
		}
		if got := s.Root().Closed; got != want {
			t.Errorf("%s: Closed %t, want %t", schema, got, want)
		}
	}
}
