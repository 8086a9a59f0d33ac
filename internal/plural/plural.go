// Package plural writes a count with its noun: "1 tool", "3 tools".
package plural

import "strconv"

// Count is n with one when n is 1, else with many: Count(2, "tool",
// "tools") is "2 tools".
func Count(n int, one, many string) string {
	if n == 1 {
		return strconv.Itoa(n) + " " + one
	}
	return strconv.Itoa(n) + " " + many
}
