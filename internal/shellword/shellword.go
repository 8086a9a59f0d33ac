// Package shellword writes arguments as a POSIX shell reads them back: a
// command shown to be pasted into a terminal.
package shellword

import "strings"

// Quote returns s as one shell word: as it is when every character is
// plain (letters, digits and @%+=:,./_-), else in single quotes.
func Quote(s string) string {
	plain := s != ""
	for _, r := range s {
		if !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || strings.ContainsRune("@%+=:,./_-", r)) {
			plain = false
			break
		}
	}
	if plain {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// Join quotes each argument and joins them with spaces.
func Join(args ...string) string {
	words := make([]string, len(args))
	for i, a := range args {
		words[i] = Quote(a)
	}
	return strings.Join(words, " ")
}
