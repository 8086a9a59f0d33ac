package oauth

import (
	"strings"
)

// Challenge is one challenge of a WWW-Authenticate header (RFC 9110
// §11.6.1): a scheme and its parameters. Parameter names are lower case.
type Challenge struct {
	Scheme string
	Params map[string]string
}

// ResourceMetadata is the resource_metadata parameter (RFC 9728 §5.1): where
// the server's protected resource metadata is.
func (c Challenge) ResourceMetadata() string { return c.Params["resource_metadata"] }

// Scopes are the scopes of the scope parameter (RFC 6750 §3), in order.
func (c Challenge) Scopes() []string { return strings.Fields(c.Params["scope"]) }

// ErrorCode is the error parameter, such as "invalid_token" or
// "insufficient_scope".
func (c Challenge) ErrorCode() string { return c.Params["error"] }

// BearerChallenge returns the Bearer challenge among the WWW-Authenticate
// header values, or a Challenge without parameters when there is none.
func BearerChallenge(values []string) Challenge {
	for _, c := range ParseChallenges(values) {
		if strings.EqualFold(c.Scheme, "bearer") {
			return c
		}
	}
	return Challenge{Scheme: "Bearer", Params: map[string]string{}}
}

// ParseChallenges reads every challenge of the given WWW-Authenticate header
// values. A header may hold several challenges separated by commas, each
// with comma-separated parameters whose values are tokens or quoted strings.
// Malformed input yields what could be read; it never fails.
func ParseChallenges(values []string) []Challenge {
	var out []Challenge
	for _, v := range values {
		l := lexer{s: v}
		cur := -1
		for {
			l.skip(" \t,")
			if l.eof() {
				break
			}
			tok := l.token()
			if tok == "" {
				l.i++ // not a token character: skip it
				continue
			}
			l.skip(" \t")
			if l.peek() != '=' {
				out = append(out, Challenge{Scheme: tok, Params: map[string]string{}})
				cur = len(out) - 1
				continue
			}
			l.i++ // '='
			l.skip(" \t")
			var val string
			if l.peek() == '"' {
				val = l.quoted()
			} else {
				val = l.token()
			}
			if cur >= 0 {
				out[cur].Params[strings.ToLower(tok)] = val
			}
		}
	}
	return out
}

type lexer struct {
	s string
	i int
}

func (l *lexer) eof() bool { return l.i >= len(l.s) }

func (l *lexer) peek() byte {
	if l.eof() {
		return 0
	}
	return l.s[l.i]
}

func (l *lexer) skip(chars string) {
	for !l.eof() && strings.IndexByte(chars, l.s[l.i]) >= 0 {
		l.i++
	}
}

// token reads an RFC 9110 token (and the token68 characters '/' and '+').
func (l *lexer) token() string {
	start := l.i
	for !l.eof() && isTokenChar(l.s[l.i]) {
		l.i++
	}
	return l.s[start:l.i]
}

// quoted reads a quoted string, undoing backslash escapes.
func (l *lexer) quoted() string {
	l.i++ // opening quote
	var b strings.Builder
	for !l.eof() {
		c := l.s[l.i]
		l.i++
		switch {
		case c == '"':
			return b.String()
		case c == '\\' && !l.eof():
			b.WriteByte(l.s[l.i])
			l.i++
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func isTokenChar(c byte) bool {
	switch {
	case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		return true
	}
	return strings.IndexByte("!#$%&'*+-.^_`|~/", c) >= 0
}
