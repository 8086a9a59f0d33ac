package calls

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"mcpeek/model"
)

// ExpandEnv returns the arguments with each ${env:NAME} in their strings
// replaced by the environment variable NAME, as lookup finds it (os.LookupEnv
// in a run), so that secrets stay out of the calls file; $${ writes a
// literal ${. A variable that is not set is an error naming it. Object keys
// are left as they are; arguments without "${" are returned unchanged.
func ExpandEnv(args json.RawMessage, lookup func(string) (string, bool)) (json.RawMessage, error) {
	if !strings.Contains(string(args), "${") {
		return args, nil
	}
	v, err := model.DecodeJSON(args)
	if err != nil {
		return nil, fmt.Errorf("the arguments are not JSON: %w", err)
	}
	if err := expandValue(v, lookup); err != nil {
		return nil, err
	}
	return v.AppendJSON(nil), nil
}

func expandValue(v *model.Value, lookup func(string) (string, bool)) error {
	switch v.Kind {
	case model.JSONString:
		s, err := expandString(v.Str, lookup)
		v.Str = s
		return err
	case model.JSONArray:
		for _, it := range v.Items {
			if err := expandValue(it, lookup); err != nil {
				return err
			}
		}
	case model.JSONObject:
		for _, m := range v.Members {
			if err := expandValue(m.Value, lookup); err != nil {
				return err
			}
		}
	}
	return nil
}

// EnvNames lists the environment variables the arguments name, in order.
func EnvNames(args json.RawMessage) []string {
	var names []string
	_, _ = ExpandEnv(args, func(name string) (string, bool) {
		names = append(names, name)
		return "", true
	})
	return names
}

func expandString(s string, lookup func(string) (string, bool)) (string, error) {
	if !strings.Contains(s, "${") {
		return s, nil
	}
	var b strings.Builder
	for {
		i := strings.Index(s, "${")
		if i < 0 {
			b.WriteString(s)
			return b.String(), nil
		}
		if i > 0 && s[i-1] == '$' { // $${ is a literal ${
			b.WriteString(s[:i-1] + "${")
			s = s[i+2:]
			continue
		}
		b.WriteString(s[:i])
		rest := s[i+2:]
		end := strings.IndexByte(rest, '}')
		name, isEnv := strings.CutPrefix(rest[:max(end, 0)], "env:")
		if end < 0 || !isEnv || !validEnvName(name) {
			b.WriteString("${")
			s = rest
			continue
		}
		val, ok := lookup(name)
		if !ok {
			return "", fmt.Errorf("${env:%s} is not set in the environment", name)
		}
		b.WriteString(val)
		s = rest[end+1:]
	}
}

func validEnvName(name string) bool {
	if name == "" {
		return false
	}
	for i, r := range name {
		switch {
		case r == '_', r >= 'A' && r <= 'Z', r >= 'a' && r <= 'z':
		case r >= '0' && r <= '9' && i > 0:
		default:
			return false
		}
	}
	return true
}

// Secrets returns the values the arguments' ${env:NAME} placeholders take
// (as lookup finds them), longest first: what a report of the call must
// not show, in any form (secretmask.New makes the mask that hides them). Values
// under four bytes are left out; they would shred every line and are
// unlikely to be secrets.
func Secrets(args json.RawMessage, lookup func(string) (string, bool)) []string {
	var out []string
	for _, name := range EnvNames(args) {
		if v, ok := lookup(name); ok && len(v) >= 4 {
			out = append(out, v)
		}
	}
	slices.SortFunc(out, func(a, b string) int { return cmp.Or(len(b)-len(a), strings.Compare(a, b)) })
	return slices.Compact(out)
}
