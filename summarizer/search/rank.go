// Package search finds things by name, the same way for every front end:
// it ranks a name (and, below any name, a description) against a query,
// and searches the fields of many tools' schemas at once. The explorer's
// tool filter, its field search across tools and `mcpeek search` all rank
// with Rank, so they agree on what the best match is.
package search

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Score says how well a query matches; higher is better, 0 is no match.
// A name's tiers come first, in this order: the whole name, a prefix of
// it, a whole word of it, the start of a word, anywhere in it, its
// letters in order (fuzzy); then the description's: a word start, then
// anywhere.
type Score int

// The tiers of a Score, best first.
const (
	NoMatch       Score = 0
	DescSubstring Score = 10
	DescWord      Score = 20
	NameFuzzy     Score = 50
	NameSubstring Score = 60
	NameWordStart Score = 70
	NameWord      Score = 80
	NamePrefix    Score = 90
	NameExact     Score = 100
)

// String names the tier.
func (s Score) String() string {
	switch s {
	case NameExact:
		return "exact name"
	case NamePrefix:
		return "name prefix"
	case NameWord:
		return "word of the name"
	case NameWordStart:
		return "word start"
	case NameSubstring:
		return "in the name"
	case NameFuzzy:
		return "fuzzy"
	case DescWord, DescSubstring:
		return "description"
	}
	return "no match"
}

// Name ranks a name against a query, ignoring case; 0 when the query is
// empty or does not match. Words start after "_", "-", ".", "/", a space
// or "[", and at a lower-to-upper case change (camelCase).
func Name(name, query string) Score {
	if query == "" {
		return NoMatch
	}
	return rankName(name, strings.ToLower(name), strings.ToLower(query))
}

// rankName is Name on a name already lower-cased (n) and a lower-cased
// query q: an index lowers its names once.
func rankName(name, n, q string) Score {
	if n == q {
		return NameExact
	}
	if strings.HasPrefix(n, q) {
		return NamePrefix
	}
	best := NoMatch
	for i := strings.Index(n, q); i >= 0; {
		s := NameSubstring
		if wordStart(name, i) {
			s = NameWordStart
			if end := i + len(q); end == len(n) || wordStart(name, end) {
				s = NameWord
			}
		}
		best = max(best, s)
		next := strings.Index(n[i+1:], q)
		if next < 0 {
			break
		}
		i += 1 + next
	}
	if best != NoMatch {
		return best
	}
	if subsequence(n, q) {
		return NameFuzzy
	}
	return NoMatch
}

// Text ranks a description (or any prose) against a query: a word start,
// else anywhere in it. Every Text score is below every Name score.
func Text(text, query string) Score {
	if query == "" {
		return NoMatch
	}
	t, q := strings.ToLower(text), strings.ToLower(query)
	best := NoMatch
	for i := strings.Index(t, q); i >= 0; {
		if i == 0 || !isWordRune(lastRune(t[:i])) {
			return DescWord
		}
		best = DescSubstring
		next := strings.Index(t[i+1:], q)
		if next < 0 {
			break
		}
		i += 1 + next
	}
	return best
}

// Tool ranks a tool (or a field): by its name, else by its description.
func Tool(name, desc, query string) Score {
	if s := Name(name, query); s != NoMatch {
		return s
	}
	return Text(desc, query)
}

// wordStart reports whether a word of s starts at byte i.
func wordStart(s string, i int) bool {
	if i == 0 {
		return true
	}
	if i >= len(s) {
		return false
	}
	prev := lastRune(s[:i])
	cur, _ := utf8.DecodeRuneInString(s[i:])
	if !isWordRune(prev) {
		return true
	}
	return unicode.IsLower(prev) && unicode.IsUpper(cur)
}

func lastRune(s string) rune {
	r, _ := utf8.DecodeLastRuneInString(s)
	return r
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// subsequence reports whether q's letters appear in s in order.
func subsequence(s, q string) bool {
	i := 0
	for j := 0; j < len(s) && i < len(q); j++ {
		if s[j] == q[i] {
			i++
		}
	}
	return i == len(q)
}
