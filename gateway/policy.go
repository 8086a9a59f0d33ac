package gateway

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Policy says which ops tool_exec may call. The toolbox group is always
// allowed. Globs match whole op ids, case-sensitively (op ids are: "db.*"
// does not match the ops of a server named "DB"): `*` matches any run of
// characters, including none and including "." and "/", `?` exactly one
// character, `\` makes the next character literal; every other character
// matches itself. `[` is reserved (write `\[` for a bracket).
type Policy struct {
	// ReadOnly denies every op whose kind is "write".
	ReadOnly bool `json:"read_only"`
	// Allow, when not empty, lists the globs of the only ops allowed
	// ("github.*", "*.list_*").
	Allow []string `json:"allow"`
	// Deny lists globs of ops that are never allowed; it wins over Allow.
	Deny []string `json:"deny"`
}

// validate checks every glob.
func (p Policy) validate() error {
	for _, g := range append(append([]string(nil), p.Allow...), p.Deny...) {
		if err := checkGlob(g); err != nil {
			return fmt.Errorf("policy glob %q: %w", g, err)
		}
	}
	return nil
}

// checkGlob refuses the globs that would match nothing a user meant: an
// empty one, one ending in a lone `\`, and one with an unescaped `[` (a
// character class in other glob dialects, which would silently match only
// a literal bracket here).
func checkGlob(g string) error {
	if g == "" {
		return errors.New("an empty glob matches no op")
	}
	for i := 0; i < len(g); i++ {
		switch g[i] {
		case '\\':
			if i == len(g)-1 {
				return errors.New(`it ends with a lone \`)
			}
			i++
		case '[':
			return errors.New(`[ is reserved (character classes are not supported); write \[ for a bracket`)
		}
	}
	return nil
}

// globMatch reports whether the whole of name matches glob (see Policy).
// It backtracks only to the last `*`, so it costs at most
// O(len(glob) × len(name)).
func globMatch(glob, name string) bool {
	g, n := 0, 0
	starG, starN := -1, 0 // just after the last `*`, and where it stopped
	for n < len(name) {
		if g < len(glob) {
			switch glob[g] {
			case '*':
				g++
				starG, starN = g, n
				continue
			case '?':
				_, w := utf8.DecodeRuneInString(name[n:])
				g, n = g+1, n+w
				continue
			}
			lit := g
			if glob[g] == '\\' && g+1 < len(glob) {
				lit++
			}
			_, w := utf8.DecodeRuneInString(glob[lit:])
			if strings.HasPrefix(name[n:], glob[lit:lit+w]) {
				g, n = lit+w, n+w
				continue
			}
		}
		if starG < 0 {
			return false
		}
		// The last `*` takes one more character, and matching resumes.
		_, w := utf8.DecodeRuneInString(name[starN:])
		starN += w
		g, n = starG, starN
	}
	for g < len(glob) && glob[g] == '*' {
		g++
	}
	return g == len(glob)
}

// denial says why op is not allowed, or "" when it is.
func (p Policy) denial(op *Op) (reason, rule string) {
	if op.Server == ToolboxGroup {
		return "", ""
	}
	for _, g := range p.Deny {
		if globMatch(g, op.ID) {
			return fmt.Sprintf("%s matches the deny glob %q", op.ID, g), "deny"
		}
	}
	if len(p.Allow) > 0 {
		allowed := false
		for _, g := range p.Allow {
			if globMatch(g, op.ID) {
				allowed = true
				break
			}
		}
		if !allowed {
			return fmt.Sprintf("%s matches none of the allow globs %q", op.ID, p.Allow), "allow"
		}
	}
	if p.ReadOnly && op.Kind == KindWrite {
		return fmt.Sprintf("%s is a write op and the gateway is read-only", op.ID), "read_only"
	}
	return "", ""
}

// check returns PERMISSION_DENIED for an op the policy does not allow.
func (p Policy) check(op *Op) *Error {
	reason, rule := p.denial(op)
	if reason == "" {
		return nil
	}
	return fail(CodePermissionDenied, op.ID, map[string]any{"rule": rule},
		"%s is not allowed: %s. Choose another op (tool_help(%q) lists them).", op.ID, reason, op.Server)
}
