package summarizer

import (
	"slices"

	"mcpeek/model"
	"mcpeek/model/fieldpath"
)

// entry is one field met by a breadth-first walk: a property (with its
// array levels folded into the segment, as paths write them) and the node
// its arrays lead to.
type entry struct {
	node      *model.Node // the terminal node, arrays unwrapped
	name      string      // the property name ("" for the walk's root)
	arrays    int32       // array levels: the segment is name + "[]"*arrays
	parent    int32
	depth     int32
	first     int32   // index of the first child entry
	count     int32   // number of child entries made (-1: not expanded yet)
	recursive bool    // its primary $ref is already on its path: never expanded
	keys      []int32 // the $refs it was reached through
	mask      uint64  // bloom of the keys of this entry and its ancestors
}

// segment is the entry's path segment: "variants[]".
func (e *entry) segment() string {
	if e.arrays == 0 {
		return e.name
	}
	return e.name + fieldpath.Arrays(int(e.arrays))
}

// isContainer reports whether the entry's node is an object.
func (e *entry) isContainer() bool { return e.node.Shape == model.Object }

// MaxPathDepth is the deepest level a walk expands. Real schemas are far
// shallower; the bound keeps the recursion check and the path strings of a
// hostile schema (a chain of thousands of distinct $refs) small.
const MaxPathDepth = 256

// walker runs a lazy breadth-first walk from one node, in declaration
// order within a level, honouring the recursion rule and ScanCap.
type walker struct {
	entries  []entry
	cursor   int // next entry to expand
	maxDepth int // entries deeper than this are not made (0: unlimited)
	visits   int // entries made, the root excluded
	// paths are the entries' paths made so far (made says which).
	paths []fieldpath.Path
	made  []bool
}

// newWalker starts a walk at root, whose path from the schema root met keys.
func newWalker(root *model.Node, arrays int, keys []int32, maxDepth int) *walker {
	w := &walker{maxDepth: maxDepth}
	w.entries = append(w.entries, entry{node: root, arrays: int32(arrays), parent: -1, count: -1, keys: keys, mask: bloom(0, keys)})
	return w
}

// ensure walks on until entry i exists; it reports false when the walk
// ended (everything reachable visited, or ScanCap reached) before that.
func (w *walker) ensure(i int) bool {
	for len(w.entries) <= i {
		if w.cursor >= len(w.entries) || w.visits >= ScanCap {
			return false
		}
		w.expand(w.cursor)
		w.cursor++
	}
	return true
}

// expanded walks on until entry i has made its children; it reports false
// when the walk ended (ScanCap) first.
func (w *walker) expanded(i int) bool {
	for w.entries[i].count < 0 {
		if w.cursor >= len(w.entries) || w.visits >= ScanCap {
			return false
		}
		w.expand(w.cursor)
		w.cursor++
	}
	return true
}

func (w *walker) expand(i int) {
	e := &w.entries[i]
	e.first, e.count = int32(len(w.entries)), 0
	n := e.node
	if e.recursive || n.Shape != model.Object || int(e.depth) >= MaxPathDepth ||
		(w.maxDepth > 0 && int(e.depth) >= w.maxDepth) {
		return
	}
	parent, depth, mask := int32(i), e.depth+1, e.mask
	for p := range n.Props {
		if w.visits >= ScanCap {
			break
		}
		child := n.Child(p)
		var keys []int32
		keys = append(keys, child.Refs...)
		term, arrays := child.Unwrap(&keys)
		w.entries = append(w.entries, entry{
			node: term, name: n.Props[p].Name, arrays: int32(arrays),
			parent: parent, depth: depth, count: -1,
			recursive: w.onPath(parent, mask, child.PrimaryRef()),
			keys:      keys, mask: bloom(mask, keys),
		})
		w.visits++
		w.entries[i].count++
	}
}

// onPath reports whether ref, a node's primary $ref (0: none), is among
// the refs met by the entry at i or above: the recursion rule.
func (w *walker) onPath(i int32, mask uint64, ref int32) bool {
	if ref == 0 || mask&bloomBit(ref) == 0 {
		return false
	}
	for ; i >= 0; i = w.entries[i].parent {
		if slices.Contains(w.entries[i].keys, ref) {
			return true
		}
	}
	return false
}

func bloom(mask uint64, keys []int32) uint64 {
	for _, k := range keys {
		if k != 0 {
			mask |= bloomBit(k)
		}
	}
	return mask
}

func bloomBit(k int32) uint64 { return 1 << (uint32(k) % 64) }

// path is the entry's path from the walk's root, on the output side.
// Paths are kept per entry and share their parents' steps, so the paths
// of a walk's lines cost one step each.
func (w *walker) path(i int) fieldpath.Path {
	if len(w.paths) <= i {
		grow := max(i+1, len(w.entries)) - len(w.paths)
		w.paths = append(w.paths, make([]fieldpath.Path, grow)...)
		w.made = append(w.made, make([]bool, grow)...)
	}
	if w.made[i] {
		return w.paths[i]
	}
	e := &w.entries[i]
	p := fieldpath.Root(fieldpath.Output)
	if i > 0 {
		p = w.path(int(e.parent)).Prop(e.name)
	}
	p = p.Items(int(e.arrays))
	w.paths[i], w.made[i] = p, true
	return p
}

// allChildrenIn reports whether every immediate child of container entry i
// has an entry marked in chosen.
func (w *walker) allChildrenIn(i int, chosen []bool) bool {
	e := &w.entries[i]
	if e.count < 0 || int(e.count) < len(e.node.Props) {
		return len(e.node.Props) == 0
	}
	for c := int(e.first); c < int(e.first+e.count); c++ {
		if c >= len(chosen) || !chosen[c] {
			return false
		}
	}
	return true
}
