package summarizer

import (
	"fmt"
	"strings"

	"mcpeek/fieldpath"
	"mcpeek/model"
)

// Target is a field path resolved against a schema.
type Target struct {
	// Path is the normalised path: `data.` dropped, `[0]`/`[*]` written
	// `[]`, every array level written out (`line_items` -> `line_items[]`).
	Path string
	// Node is the node the path names, arrays unwrapped.
	Node *model.Node
	// keys are the recursion keys met on the way, the target's included.
	keys []int32
	// above are the normalised paths of the nodes on the way, from the
	// data root down to the target's parent.
	above []string
}

// PathError is a field path that names nothing. It carries the longest
// valid prefix and that node's children, so a caller can correct itself.
type PathError struct {
	Path     string
	Prefix   string
	Node     *model.Node
	Problem  string // set when the path is malformed at the prefix
	children []string
}

func (e *PathError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "field_path %s not found: ", quote(e.Path))
	if e.Problem != "" {
		fmt.Fprintf(&b, "%s; ", e.Problem)
	}
	where := quote(e.Prefix)
	if e.Prefix == "" {
		where = `"" (the root)`
	}
	switch {
	case len(e.children) > 0:
		const show = 25
		fmt.Fprintf(&b, "%s has children %s", where, strings.Join(e.children[:min(show, len(e.children))], ", "))
		if len(e.children) > show {
			fmt.Fprintf(&b, ", ... (+%d more)", len(e.children)-show)
		}
	case e.Node.Shape == model.Object && !e.Node.KnownKeys:
		fmt.Fprintf(&b, "%s is an object with unknown keys (no declared children)", where)
	case e.Node.Shape == model.Object:
		fmt.Fprintf(&b, "%s is an object with no properties", where)
	default:
		fmt.Fprintf(&b, "%s is %s and has no children", where, e.Node.Label())
	}
	return b.String()
}

// ChildNames lists the segments that can follow the error's prefix.
func (e *PathError) ChildNames() []string { return e.children }

// Locate resolves a field path (as the inspector accepts it) from the
// schema's data root.
func Locate(s *model.Schema, path string) (Target, error) {
	root, enveloped := s.DataRoot()
	t, err := locateFrom(root, path)
	if err != nil && enveloped {
		if rest, ok := strings.CutPrefix(path, "data"); ok && (rest == "" || rest[0] == '.' || rest[0] == '[') {
			if t2, err2 := locateFrom(root, strings.TrimPrefix(rest, ".")); err2 == nil {
				return t2, nil
			}
		}
	}
	return t, err
}

func locateFrom(root *model.Node, path string) (Target, error) {
	orig := path
	path = strings.TrimSuffix(path, ".")
	keys := append([]int32(nil), root.Refs...)
	cur, levels := root.Unwrap(&keys)
	norm := fieldpath.Arrays(levels)
	rest, given := fieldpath.TrimArrayMarkers(path)
	if given > levels {
		return Target{}, pathError(orig, norm, cur, "the data root is not that deeply nested an array")
	}
	if rest != "" && given > 0 {
		if rest[0] != '.' {
			return Target{}, pathError(orig, norm, cur, "expected \".\" after \"[]\"")
		}
		rest = rest[1:]
	}

	var above []string
	for rest != "" {
		above = append(above, norm)
		name, child, ok := matchSegment(cur, rest)
		if !ok {
			return Target{}, pathError(orig, norm, cur, "")
		}
		keys = append(keys, child.Refs...)
		term, levels := child.Unwrap(&keys)
		rest = rest[len(name):]
		var given int
		rest, given = fieldpath.TrimArrayMarkers(rest)
		seg := name + fieldpath.Arrays(levels)
		if given > levels {
			problem := fmt.Sprintf("%s is not an array", quote(fieldpath.Join(norm, name)))
			if levels > 0 {
				problem = fmt.Sprintf("%s has %d array level(s)", quote(fieldpath.Join(norm, seg)), levels)
			}
			return Target{}, pathError(orig, fieldpath.Join(norm, seg), term, problem)
		}
		norm = fieldpath.Join(norm, seg)
		cur = term
		if rest != "" {
			if rest[0] != '.' || len(rest) == 1 {
				return Target{}, pathError(orig, norm, cur, fmt.Sprintf("unexpected %q", rest))
			}
			rest = rest[1:]
		}
	}
	return Target{Path: norm, Node: cur, keys: keys, above: above}, nil
}

// matchSegment finds the child named at the start of rest: the longest
// property name followed by the end, "." or "[" (names may hold "." or
// "["), else an alternative written anyOf[i] / oneOf[i].
func matchSegment(n *model.Node, rest string) (name string, child *model.Node, ok bool) {
	best := -1
	if n.Shape == model.Object {
		for i, p := range n.Props {
			if len(p.Name) <= len(name) || !strings.HasPrefix(rest, p.Name) || !boundary(rest, len(p.Name)) {
				continue
			}
			if best < 0 || len(p.Name) > len(n.Props[best].Name) {
				best, name = i, p.Name
			}
		}
	}
	if best >= 0 {
		return name, n.Child(best), true
	}
	for i, a := range n.Alts {
		if strings.HasPrefix(rest, a.Name) && boundary(rest, len(a.Name)) {
			return a.Name, n.Alt(i), true
		}
	}
	return "", nil, false
}

func boundary(s string, i int) bool { return i == len(s) || s[i] == '.' || s[i] == '[' }

func pathError(path, prefix string, n *model.Node, problem string) *PathError {
	e := &PathError{Path: path, Prefix: prefix, Node: n, Problem: problem}
	switch n.Shape {
	case model.Object:
		for i, p := range n.Props {
			_, levels := n.Child(i).Unwrap(nil)
			e.children = append(e.children, p.Name+fieldpath.Arrays(levels))
		}
	case model.Union:
		for _, a := range n.Alts {
			e.children = append(e.children, a.Name)
		}
	}
	return e
}
