package schematree

import "mcpeek/model/fieldpath"

// Kind says what a tree line stands for, which decides its glyph and colour.
type Kind uint8

// The kinds of tree lines.
const (
	// KindField is a field: a leaf, or a container whose children are known.
	KindField Kind = iota
	// KindFold is a container whose children are hidden until it is opened
	// (a summary fold marker, or a container the inspector listed).
	KindFold
	// KindMore is the `*` overflow: the siblings a summary did not list.
	KindMore
	// KindAlt is one alternative of a union.
	KindAlt
	// KindRecursive is a node reached again through a $ref on its own path.
	KindRecursive
	// KindSection is a heading (the output or input schema of a tool).
	KindSection
	// KindNote is a line of text that is not a field (an error, "no schema").
	KindNote
)

// Row is what one tree line shows. Every string in it is sanitised when the
// row is built, so rendering never sees untrusted text.
type Row struct {
	Kind Kind
	// Name is the line's name: the property's name as it is (sanitised),
	// then "[]" per array level ("line_items[]", "a.x"), or "anyOf[0]".
	Name string
	// Path is the line's field path, from the data root of its side's
	// schema ("line_items[].price_set"); a "*" line has its parent's.
	// Front ends write it (String, Pointer, JQ) and sanitise it to draw it.
	Path fieldpath.Path
	// Type is the node's label: "object | null", "string".
	Type string
	// Count is a container's number of immediate children, -1 when unknown.
	Count int
	// Note is short extra text: "unknown keys", "→ #/$defs/Money".
	Note     string
	Required bool
	Format   string
	Enum     string
	Desc     string
}

// Node is one line of a Tree. Nodes are linked in display order; a node's
// materialised descendants follow it directly and end at last.
type Node struct {
	Row

	parent, prev, next *Node
	last               *Node // last materialised descendant, or the node itself
	depth              int
	collapsed          bool
	loaded             bool // children materialised (or known to be none)
	openable           bool // has, or may lazily have, children
	hasKids            bool
	cycle              bool // recursion: opened by hand only, never by expand-all
	data               any  // what the Loader needs to materialise children
}

// Depth is the node's nesting level; top-level lines are 0.
func (n *Node) Depth() int { return n.depth }

// Parent is the node's parent, or nil for a top-level line.
func (n *Node) Parent() *Node {
	if n.parent == nil || n.parent.depth < 0 {
		return nil
	}
	return n.parent
}

// Collapsed reports whether the node is folded (or not yet opened).
func (n *Node) Collapsed() bool { return n.collapsed }

// Openable reports whether the node has or may have children.
func (n *Node) Openable() bool { return n.openable }

// Data is what the node was made with for its Loader.
func (n *Node) Data() any { return n.data }

// MarkCycle says the node repeats an ancestor: recursive unfolds skip it.
func (n *Node) MarkCycle() { n.cycle = true }

// Cycle reports whether the node repeats an ancestor (recursion).
func (n *Node) Cycle() bool { return n.cycle }

// HasKids reports whether the node's children are materialised and there
// is at least one.
func (n *Node) HasKids() bool { return n.hasKids }

// Next is the next materialised line in list order, folded or not; nil at
// the end.
func (n *Node) Next() *Node { return n.next }

// After is the first materialised line after n's subtree: its next
// sibling, or the next line of an ancestor; nil at the end.
func (n *Node) After() *Node { return n.last.next }

// Children are n's materialised children, in order.
func (n *Node) Children() []*Node {
	var kids []*Node
	for c := n.next; c != nil && c.parent == n; c = c.last.next {
		kids = append(kids, c)
	}
	return kids
}

// Loader materialises a node's children the first time it is opened.
type Loader interface {
	Load(n *Node) []*Node
}

// LoaderFunc adapts a function to Loader.
type LoaderFunc func(n *Node) []*Node

// Load calls f.
func (f LoaderFunc) Load(n *Node) []*Node { return f(n) }

// NewNode makes a detached node. An openable node starts folded and asks
// the Loader for its children on first unfold; data is handed back then.
func NewNode(r Row, openable bool, data any) *Node {
	n := &Node{Row: r, openable: openable, collapsed: openable, data: data}
	n.last = n
	return n
}

// Tree is a foldable list of lines with a cursor and a scroll position.
// Folding and unfolding one node cost O(1) (plus the first load of its
// children); moving and rendering cost the screen height, not the size.
type Tree struct {
	root   *Node // sentinel before the first line; never shown
	loader Loader
	top    *Node // first line on screen
	cursor *Node
	row    int // cursor's screen row, from top
	height int
	size   int // materialised lines
}

// NewTree makes a tree of the given top-level nodes.
func NewTree(loader Loader, top ...*Node) *Tree {
	root := &Node{depth: -1, loaded: true, openable: true, hasKids: true}
	root.last = root
	t := &Tree{root: root, loader: loader, height: 1}
	t.splice(root, top)
	t.top = root.next
	t.cursor = root.next
	return t
}

// Len is the number of materialised lines, shown or folded away.
func (t *Tree) Len() int { return t.size }

// Cursor is the line under the cursor, nil in an empty tree.
func (t *Tree) Cursor() *Node { return t.cursor }

// First is the first line, nil in an empty tree.
func (t *Tree) First() *Node { return t.root.next }

// splice links kids in as parent's children, right after parent, which
// must have no materialised children yet. Ancestors whose subtree ended at
// parent now end at the last new line: O(depth), once per load.
func (t *Tree) splice(parent *Node, kids []*Node) {
	parent.loaded = true
	if len(kids) == 0 {
		return
	}
	parent.hasKids = true
	after := parent.next
	prev := parent
	for _, k := range kids {
		k.parent = parent
		k.depth = parent.depth + 1
		k.prev, prev.next = prev, k
		prev = k
	}
	prev.next = after
	if after != nil {
		after.prev = prev
	}
	t.size += len(kids)
	old := parent.last
	for a := parent; a != nil && a.last == old; a = a.parent {
		a.last = prev
	}
}

// load materialises n's children if it never was.
func (t *Tree) load(n *Node) {
	if n.loaded || !n.openable {
		return
	}
	var kids []*Node
	if t.loader != nil {
		kids = t.loader.Load(n)
	}
	t.splice(n, kids)
	if len(kids) == 0 {
		n.openable = false
		n.collapsed = false
	}
}

// next is the line shown after n: O(1), a folded subtree is skipped whole.
func (t *Tree) next(n *Node) *Node {
	if n.collapsed {
		return n.last.next
	}
	return n.next
}

// prev is the line shown before n: the previous line in the list, raised
// to its highest folded ancestor below n's parent. O(depth).
func (t *Tree) prev(n *Node) *Node {
	p := n.prev
	if p == nil || p == t.root {
		return nil
	}
	return t.shown(p)
}

// shown returns n if every ancestor is unfolded, else its highest folded
// ancestor, which is the line that stands for it on screen.
func (t *Tree) shown(n *Node) *Node {
	v := n
	for a := n.parent; a != nil && a != t.root; a = a.parent {
		if a.collapsed {
			v = a
		}
	}
	return v
}

// lastShown is the last line on screen when scrolled to the bottom.
func (t *Tree) lastShown() *Node {
	if t.root.last == t.root {
		return nil
	}
	return t.shown(t.root.last)
}
