package registrytext

import (
	"fmt"
	"time"

	"mcpeek/internal/plural"
	"mcpeek/mcpclient/registry"
)

// FreshnessNote says when an answer came from the cache because the
// registry could not be reached (a warning), or was asked not to be
// (offline, a note), and how old it is at now; "" for a fresh answer.
func FreshnessNote(f registry.Freshness, offline bool, now time.Time) (msg string, warning bool) {
	age := Ago(now.Sub(f.FetchedAt))
	switch {
	case f.Unreachable != nil:
		return fmt.Sprintf("the registry could not be reached (%v): showing the cached answer from %s", f.Unreachable, age), true
	case offline:
		return "offline: showing the cached answer from " + age, false
	}
	return "", false
}

// shownProblems is how many entries left out ProblemWarnings names.
const shownProblems = 3

// ProblemWarnings name the entries left out because they could not be
// read, the first few each on a line, then how many more.
func ProblemWarnings(problems []registry.Problem) []string {
	var out []string
	for i, p := range problems {
		if i == shownProblems {
			out = append(out, fmt.Sprintf("and %d more entries left out", len(problems)-shownProblems))
			break
		}
		out = append(out, "an entry could not be read and is left out: "+p.String())
	}
	return out
}

// Ago says how long ago d was, in the largest whole unit.
func Ago(d time.Duration) string {
	switch {
	case d < time.Minute:
		return "just now"
	case d < time.Hour:
		return plural.Count(int(d/time.Minute), "minute", "minutes") + " ago"
	case d < 48*time.Hour:
		return plural.Count(int(d/time.Hour), "hour", "hours") + " ago"
	}
	return plural.Count(int(d/(24*time.Hour)), "day", "days") + " ago"
}
