package toolview

import "testing"

// A tool no client objects to says so. (Every real definition draws an
// error from some profile: OpenAI's strict mode requires
// additionalProperties: false, which Gemini refuses.)
func TestFindingsViewNone(t *testing.T) {
	t.Parallel()
	lines := findingLines(nil, 80)
	if len(lines) != 1 || lines[0].text() != "No findings: every client profile accepts this tool." {
		t.Errorf("lines %v", lines)
	}
}
