package summarizer

import (
	"fmt"
	"strings"

	"mcpeek/model"
	"mcpeek/model/fieldpath"
)

// Target is a field path resolved against a schema.
type Target struct {
	// Path is the normalised path (on the output side): `data.` dropped,
	// `[0]`/`[*]` read as `[]`, every array level written out (`line_items`
	// -> `line_items[]`).
	Path fieldpath.Path
	// Node is the node the path names, arrays unwrapped.
	Node *model.Node
	// keys are the recursion keys met on the way, the target's included.
	keys []int32
	// above are the normalised paths of the nodes on the way, from the
	// data root down to the target's parent.
	above []fieldpath.Path
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

// Locate resolves a field path (as the inspector accepts it,
// docs/summary.md#paths) from the schema's data root: segments joined by
// ".", a property whose name holds "." or "[" matched by trying the
// longest property name first (beside a top-level "a.x", "a.x" is that
// property, not a's x), array levels filled in, "[0]"/"[*]" read as
// "[]", a trailing "." ignored. As an extension a step may be written
// quoted (`["a.x"]`, `a["x"]`), which names exactly that property.
func Locate(s *model.Schema, path string) (Target, error) {
	root, enveloped := s.DataRoot()
	t, err := locateText(root, path)
	if err != nil && enveloped {
		if rest, ok := fieldpath.CutData(path); ok {
			if t2, err2 := locateText(root, rest); err2 == nil {
				return t2, nil
			}
		}
	}
	return t, err
}

// locateText resolves a path as written: by the longest property name
// first (locateFrom, whose errors are the ones reported); when that names
// nothing, step by step as fieldpath.Parse reads it, which finds a's x.y
// beside a top-level "a.x" that has no y.
func locateText(root *model.Node, path string) (Target, error) {
	t, err := locateFrom(root, path)
	if err == nil {
		return t, nil
	}
	if p, perr := fieldpath.Parse(strings.TrimSuffix(path, "."), fieldpath.Output); perr == nil {
		if t, perr := locatePath(root, p); perr == nil {
			return t, nil
		}
	}
	return Target{}, err
}

// LocatePath resolves a Path (a line's, a child's: one a program holds
// rather than text a user typed) from the schema's data root, step by
// step. Unlike Locate it guesses nothing: each property is found by its
// exact name, and the array levels are the path's own.
func LocatePath(s *model.Schema, path fieldpath.Path) (Target, error) {
	root, _ := s.DataRoot()
	return locatePath(root, path)
}

func locatePath(root *model.Node, path fieldpath.Path) (Target, error) {
	keys := append([]int32(nil), root.Refs...)
	cur, levels := root.Unwrap(&keys)
	norm := fieldpath.Root(fieldpath.Output).Items(levels)
	steps := path.Steps()
	for i := 0; i < levels; i++ {
		if len(steps) == 0 || steps[0].Kind != fieldpath.Items {
			return Target{}, pathError(path.String(), fieldpath.Root(fieldpath.Output), cur, "the data root is an array: the path starts with \"[]\"")
		}
		steps = steps[1:]
	}
	var above []fieldpath.Path
	for len(steps) > 0 {
		above = append(above, norm)
		s := steps[0]
		var child *model.Node
		switch {
		case s.Kind == fieldpath.Property && cur.Shape == model.Object:
			for i, p := range cur.Props {
				if p.Name == s.Name {
					child = cur.Child(i)
					break
				}
			}
		case s.Kind == fieldpath.Alternative && cur.Shape == model.Union:
			for i, a := range cur.Alts {
				if a.Name == s.Name {
					child = cur.Alt(i)
					break
				}
			}
		}
		if child == nil {
			return Target{}, pathError(path.String(), norm, cur, "")
		}
		keys = append(keys, child.Refs...)
		term, levels := child.Unwrap(&keys)
		next := norm.Append(s)
		steps = steps[1:]
		for i := 0; i < levels; i++ {
			if len(steps) == 0 || steps[0].Kind != fieldpath.Items {
				return Target{}, pathError(path.String(), next, term, fmt.Sprintf("%s has %d array level(s)", quote(next.Items(levels).String()), levels))
			}
			steps = steps[1:]
		}
		norm, cur = next.Items(levels), term
	}
	return Target{Path: norm, Node: cur, keys: keys, above: above}, nil
}

func locateFrom(root *model.Node, path string) (Target, error) {
	orig := path
	path = strings.TrimSuffix(path, ".")
	keys := append([]int32(nil), root.Refs...)
	cur, levels := root.Unwrap(&keys)
	norm := fieldpath.Root(fieldpath.Output).Items(levels)
	rest, given := fieldpath.TrimArrayMarkers(path)
	if given > levels {
		return Target{}, pathError(orig, norm, cur, "the data root is not that deeply nested an array")
	}
	if rest != "" && given > 0 && !strings.HasPrefix(rest, `["`) {
		if rest[0] != '.' {
			return Target{}, pathError(orig, norm, cur, "expected \".\" after \"[]\"")
		}
		rest = rest[1:]
	}

	var above []fieldpath.Path
	for rest != "" {
		above = append(above, norm)
		next, child, after, ok := matchStep(norm, cur, rest)
		if !ok {
			return Target{}, pathError(orig, norm, cur, "")
		}
		keys = append(keys, child.Refs...)
		term, levels := child.Unwrap(&keys)
		var given int
		rest, given = fieldpath.TrimArrayMarkers(after)
		if given > levels {
			problem := fmt.Sprintf("%s is not an array", quote(next.String()))
			if levels > 0 {
				problem = fmt.Sprintf("%s has %d array level(s)", quote(next.Items(levels).String()), levels)
			}
			return Target{}, pathError(orig, next.Items(levels), term, problem)
		}
		norm = next.Items(levels)
		cur = term
		if rest != "" && !strings.HasPrefix(rest, `["`) {
			if rest[0] != '.' || len(rest) == 1 {
				return Target{}, pathError(orig, norm, cur, fmt.Sprintf("unexpected %q", rest))
			}
			rest = rest[1:]
		}
	}
	return Target{Path: norm, Node: cur, keys: keys, above: above}, nil
}

// matchStep finds the child named at the start of rest, below the node n
// at path: a quoted name (`["a.x"]`), else the longest property name
// followed by the end, "." or "[" (a bare name may hold "." or "["), else
// an alternative written anyOf[i] / oneOf[i]. It returns the child's path
// and node and what follows its name.
func matchStep(path fieldpath.Path, n *model.Node, rest string) (next fieldpath.Path, child *model.Node, after string, ok bool) {
	if q, after, quoted := fieldpath.CutQuoted(rest); quoted {
		if n.Shape == model.Object {
			for i, p := range n.Props {
				if p.Name == q {
					return path.Prop(q), n.Child(i), after, true
				}
			}
		}
		return path, nil, rest, false
	}
	best := -1
	if n.Shape == model.Object {
		for i, p := range n.Props {
			if !strings.HasPrefix(rest, p.Name) || !boundary(rest, len(p.Name)) {
				continue
			}
			if best < 0 || len(p.Name) > len(n.Props[best].Name) {
				best = i
			}
		}
	}
	if best >= 0 {
		name := n.Props[best].Name
		return path.Prop(name), n.Child(best), rest[len(name):], true
	}
	for i, a := range n.Alts {
		if strings.HasPrefix(rest, a.Name) && boundary(rest, len(a.Name)) {
			return path.Alt(a.Name), n.Alt(i), rest[len(a.Name):], true
		}
	}
	return path, nil, rest, false
}

func boundary(s string, i int) bool { return i == len(s) || s[i] == '.' || s[i] == '[' }

func pathError(path string, prefix fieldpath.Path, n *model.Node, problem string) *PathError {
	e := &PathError{Path: path, Prefix: prefix.String(), Node: n, Problem: problem}
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

// Text writes path (from the data root) as the inspector reads it back to
// that very node: as String writes it when Locate, trying the longest
// property name first, finds path by that text; else with one property
// step quoted (`a["x"]` for a's x beside a top-level "a.x"), else with
// every one quoted. A path Locate cannot find is written as String
// writes it.
func Text(s *model.Schema, path fieldpath.Path) string {
	plain := path.String()
	if _, err := LocatePath(s, path); err != nil {
		return plain
	}
	names := func(text string) bool {
		t, err := Locate(s, text)
		return err == nil && t.Path.Equal(path)
	}
	if names(plain) {
		return plain
	}
	steps := path.Steps()
	for i := len(steps) - 1; i >= 0; i-- {
		if steps[i].Kind != fieldpath.Property {
			continue
		}
		if text := writeQuoting(steps, func(j int) bool { return j == i }); names(text) {
			return text
		}
	}
	return writeQuoting(steps, func(int) bool { return true })
}

// writeQuoting writes steps as String does, the property steps for which
// quote says so written quoted (`["a.x"]`), as the inspector also reads
// them.
func writeQuoting(steps []fieldpath.Step, quote func(i int) bool) string {
	var b strings.Builder
	for i, s := range steps {
		switch {
		case s.Kind == fieldpath.Items:
			b.WriteString("[]")
			continue
		case s.Kind == fieldpath.Property && quote(i):
			b.WriteString(fieldpath.QuoteName(s.Name))
			continue
		}
		if i > 0 {
			b.WriteByte('.')
		}
		if s.Kind == fieldpath.AnyKeyStep {
			b.WriteString(fieldpath.AnyKey)
		} else {
			b.WriteString(s.Name)
		}
	}
	return b.String()
}
