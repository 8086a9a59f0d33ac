package gateway

import "strings"

// subGroupThreshold is the most ops one tool_help answer lists: a group or
// sub-group holding more is split into sub-groups.
const subGroupThreshold = 50

// opGroup is a group (one server's ops) or one of its sub-groups, as
// tool_help lists it: either its ops, or, when it holds more than
// subGroupThreshold, the sub-groups it splits into.
type opGroup struct {
	path  string // "<server>", "<server>.<word>", "<server>.<word>.<word>", ...
	group string // the server
	ops   []*Op  // in the server's order
	subs  []*opGroup
	// shared is how many leading name words all ops share; subs are keyed
	// by the word after them.
	shared int
}

// splitGroup makes the opGroup of ops at path, splitting it while it holds
// more than subGroupThreshold ops. A split groups the tools by the first
// word of their names (words split at _ - . /) after the words every one
// of them shares: 1,223 tools named github_<area>_<verb> split by <area>,
// and an area of more than 50 splits again by <verb>. Each (sub-)group is
// recorded in index under its path.
func splitGroup(group, path string, ops []*Op, index map[string]*opGroup) *opGroup {
	g := &opGroup{path: path, group: group, ops: ops}
	index[path] = g
	if len(ops) <= subGroupThreshold {
		return g
	}
	words := make([][]string, len(ops))
	for i, op := range ops {
		words[i] = nameWords(op.Tool.Name)
	}
	shared := sharedWords(words)
	g.shared = shared
	var keys []string
	byKey := map[string][]*Op{}
	for i, op := range ops {
		k := splitKey(words[i], shared)
		if _, seen := byKey[k]; !seen {
			keys = append(keys, k)
		}
		byKey[k] = append(byKey[k], op)
	}
	if len(keys) < 2 {
		return g // names no word tells apart: listed whole
	}
	for _, k := range keys {
		sub := path + "." + k
		if _, taken := index[sub]; taken {
			continue // a server of that very name holds the path; never shadow it
		}
		g.subs = append(g.subs, splitGroup(group, sub, byKey[k], index))
	}
	return g
}

// maxNameBytes bounds how much of an unknown name is split into words.
const maxNameBytes = 1024

// nameWords splits a tool name at _ - . / into its non-empty words.
func nameWords(name string) []string {
	return strings.FieldsFunc(name, func(r rune) bool {
		return r == '_' || r == '-' || r == '.' || r == '/'
	})
}

// sharedWords is how many leading words every name has in common.
func sharedWords(words [][]string) int {
	if len(words) == 0 {
		return 0
	}
	n := len(words[0])
	for _, w := range words[1:] {
		n = min(n, len(w))
		for i := 0; i < n; i++ {
			if w[i] != words[0][i] {
				n = i
				break
			}
		}
	}
	return n
}

// splitKey is the word a name is grouped by: the first after the shared
// ones, or, for a name that is all shared words, its last word.
func splitKey(words []string, shared int) string {
	switch {
	case shared < len(words):
		return words[shared]
	case len(words) > 0:
		return words[len(words)-1]
	}
	return "_"
}

// helpPrefix is the deepest group or sub-group a help path or op id falls
// in, or nil: a sub-group path ("big.issues.x" falls in "big.issues"), or an
// op id whose tool name's words lead into a sub-group ("big.issues_op99"
// falls in "big.issues", as an op of that name would).
func (r *Registry) helpPrefix(path string) *opGroup {
	g := r.longestGroupPrefix(path)
	if g == nil || g.path != g.group {
		return g
	}
	rest, ok := strings.CutPrefix(path, g.path+".")
	if !ok {
		return g
	}
	words := nameWords(rest[:min(len(rest), maxNameBytes)])
descend:
	for len(g.subs) > 0 {
		want := g.path + "." + splitKey(words, g.shared)
		for _, sub := range g.subs {
			if sub.path == want {
				g = sub
				continue descend
			}
		}
		break
	}
	return g
}

// longestGroupPrefix is the deepest group or sub-group whose path is path
// itself or a dot-separated prefix of it, or nil.
func (r *Registry) longestGroupPrefix(path string) *opGroup {
	p := path
	if len(p) > r.longestGroup {
		// No group is longer: start at the last dot within reach, so a
		// hostile path costs its length once, not once per dot.
		i := strings.LastIndexByte(p[:r.longestGroup+1], '.')
		if i < 0 {
			return nil
		}
		p = p[:i]
	}
	for p != "" {
		if g := r.groups[p]; g != nil {
			return g
		}
		i := strings.LastIndexByte(p, '.')
		if i < 0 {
			break
		}
		p = p[:i]
	}
	return nil
}
