package summarizer

import (
	"regexp"
	"strings"
)

// tier1Words are the literal alternatives of Tier1Pattern.
var tier1Words = [...]string{"id", "name", "title", "status", "type", "url", "email", "price", "amount", "created", "updated", "timestamp"}

// isTier1 reports whether a path whose last segment is last matches
// Tier1Pattern. It is equivalent to the regex on the whole path (a test
// holds it to that): the regex's `.*_id` branch matches any path ending in
// "_id", and every other branch is a literal word preceded by the start,
// "." or "[].", all of which the last segment alone decides. A segment
// ending in "[]" (an array of leaves) can never match.
func isTier1(last string) bool {
	// The `.*_id` branch starts after the last "." at the latest, and its
	// `.` does not match a newline.
	tail := last[strings.LastIndexByte(last, '.')+1:]
	if strings.HasSuffix(tail, "_id") && !strings.Contains(tail, "\n") {
		return true
	}
	for _, w := range tier1Words {
		if last == w || (strings.HasSuffix(last, w) && last[len(last)-len(w)-1] == '.') {
			return true
		}
	}
	return false
}

// tier1Regexp is Tier1Pattern compiled, for tests and for callers that
// match whole paths.
var tier1Regexp = regexp.MustCompile(Tier1Pattern)

// MatchesTier1 reports whether a whole path matches TIER_1_REGEX.
func MatchesTier1(path string) bool { return tier1Regexp.MatchString(path) }
