package gateway

import (
	"fmt"
	"path"
)

// Policy says which ops tool_exec may call. The toolbox group is always
// allowed.
type Policy struct {
	// ReadOnly denies every op whose kind is "write".
	ReadOnly bool `json:"read_only"`
	// Allow, when not empty, lists the globs of the only ops allowed
	// ("github.*", "*.list_*"). `*` matches any run of characters but `/`.
	Allow []string `json:"allow"`
	// Deny lists globs of ops that are never allowed; it wins over Allow.
	Deny []string `json:"deny"`
}

// validate checks every glob.
func (p Policy) validate() error {
	for _, g := range append(append([]string(nil), p.Allow...), p.Deny...) {
		if _, err := path.Match(g, ""); err != nil {
			return fmt.Errorf("policy glob %q: %w", g, err)
		}
	}
	return nil
}

// denial says why op is not allowed, or "" when it is.
func (p Policy) denial(op *Op) (reason, rule string) {
	if op.Server == ToolboxGroup {
		return "", ""
	}
	for _, g := range p.Deny {
		if ok, _ := path.Match(g, op.ID); ok {
			return fmt.Sprintf("%s matches the deny glob %q", op.ID, g), "deny"
		}
	}
	if len(p.Allow) > 0 {
		allowed := false
		for _, g := range p.Allow {
			if ok, _ := path.Match(g, op.ID); ok {
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
