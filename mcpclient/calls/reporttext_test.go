package calls

import (
	"bytes"
	"strings"
	"testing"

	"mcpeek/internal/styled"
)

func TestTextLinesUpCallsAndNamesFailures(t *testing.T) {
	t.Parallel()
	r := Report{Passed: 1, Failed: 1, Calls: []Outcome{
		{Name: "order", Tool: "shop.get_order", Status: StatusPassed, ElapsedMS: 12},
		{Name: "status\x1b[2J", Tool: "shop.get", Status: StatusFailed, ElapsedMS: 3,
			Assertions: []Assertion{{Kind: "equals", Path: "financial_status", Expected: `"paid"`, Got: `"refunded"`}}},
	}}
	var buf bytes.Buffer
	r.Text(styled.Printer{W: &buf})
	lines := strings.Split(buf.String(), "\n")
	if len(lines) < 4 || lines[0] != "PASS  order   shop.get_order  12 ms" || !strings.HasPrefix(lines[1], "FAIL  status") ||
		!strings.HasPrefix(lines[2], "      equals financial_status") || lines[3] != r.Totals() {
		t.Errorf("%q", lines)
	}
	if strings.Contains(buf.String(), "\x1b") {
		t.Error("a call's name reached the terminal unsanitised")
	}
}
