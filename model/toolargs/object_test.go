package toolargs

import "testing"

func TestWhyNotAnObject(t *testing.T) {
	for raw, want := range map[string]string{
		`{"id": 1}`: "",
		`{}`:        "",
		`[1]`:       "is no JSON object",
		`null`:      "is no JSON object",
		`{"id": }`:  "is not JSON (invalid character '}' looking for beginning of value, at byte 8)",
	} {
		if got := WhyNotAnObject([]byte(raw)); got != want {
			t.Errorf("%s: got %q, want %q", raw, got, want)
		}
	}
}
