package schematree

import "strings"

// ExpandLimit bounds how many lines a tree materialises in recursive
// unfolds and searches, in all (not per press: folding frees nothing, so
// a per-press cap let every expand-all add as many again), so expanding a
// huge (or exponentially shared) schema cannot exhaust memory. Lines
// already loaded unfold freely.
const ExpandLimit = 250_000

// Expand unfolds n, loading its children on first use. O(1) after the load.
func (t *Tree) Expand(n *Node) {
	if n == nil || !n.openable {
		return
	}
	t.load(n)
	if n.openable {
		n.collapsed = false
	}
	t.settle()
}

// Collapse folds n. O(1).
func (t *Tree) Collapse(n *Node) {
	if n == nil || !n.openable || n.collapsed {
		return
	}
	n.collapsed = true
	t.settle()
}

// Toggle folds an unfolded node and unfolds a folded one.
func (t *Tree) Toggle(n *Node) {
	if n != nil && n.collapsed {
		t.Expand(n)
	} else {
		t.Collapse(n)
	}
}

// Left folds the cursor's line, or moves to its parent when there is
// nothing to fold (h, ←).
func (t *Tree) Left() {
	c := t.cursor
	if c == nil {
		return
	}
	if c.openable && !c.collapsed {
		t.Collapse(c)
		return
	}
	t.Parent()
}

// Right unfolds the cursor's line, or steps to its first child when it is
// already unfolded (l, →).
func (t *Tree) Right() {
	c := t.cursor
	if c == nil || !c.openable {
		return
	}
	if c.collapsed {
		t.Expand(c)
		return
	}
	if c.next != nil && c.next.parent == c {
		t.Down(1)
	}
}

// ExpandAll unfolds every line, loading lazily, stopping at recursion and
// after ExpandLimit materialised lines. It reports whether it stopped short.
func (t *Tree) ExpandAll() (capped bool) {
	capped = t.expandRange(t.root, -1)
	t.settle()
	return capped
}

// ExpandBelow unfolds n and everything under it (L).
func (t *Tree) ExpandBelow(n *Node) (capped bool) {
	if n == nil {
		return false
	}
	capped = t.expandRange(n, -1)
	t.settle()
	return capped
}

// ExpandToDepth shows every line above depth d and folds the rest: 1 shows
// only the top level, 2 one level more, ... (the 1-9 keys).
func (t *Tree) ExpandToDepth(d int) (capped bool) {
	capped = t.expandRange(t.root, d)
	t.settle()
	return capped
}

// expandRange walks n's subtree in list order, unfolding lines shallower
// than depth (all when depth < 0) and folding the ones at depth. Newly
// loaded children follow their parent in the list, so one pass sees them.
func (t *Tree) expandRange(n *Node, depth int) (capped bool) {
	if n != t.root {
		t.open(n, depth) // even a recursive line, when asked for by name
	}
	for c := n.next; c != nil && (n == t.root || c.depth > n.depth); {
		switch {
		case !c.openable:
			c = c.next
		case (depth >= 0 && c.depth+1 >= depth) || c.cycle:
			c.collapsed = true
			c = c.last.next // skip what is under a fold
		case !c.loaded && t.size >= ExpandLimit:
			capped = true
			c.collapsed = true
			c = c.last.next
		default:
			t.open(c, depth)
			c = c.next
		}
	}
	return capped
}

// open loads and unfolds one line during a recursive unfold.
func (t *Tree) open(n *Node, depth int) {
	if depth >= 0 && n.depth+1 >= depth {
		n.collapsed = true
		return
	}
	t.load(n)
	if n.openable {
		n.collapsed = false
	}
}

// CollapseAll folds every materialised line.
func (t *Tree) CollapseAll() {
	for n := t.root.next; n != nil; n = n.next {
		if n.openable {
			n.collapsed = true
		}
	}
	t.settle()
}

// CollapseBelow folds n and every materialised line under it (H). On a
// line with nothing unfolded to fold, it folds the parent's subtree, as h
// steps to the parent.
func (t *Tree) CollapseBelow(n *Node) {
	if n == nil {
		return
	}
	if (!n.openable || n.collapsed) && n.parent != nil && n.parent != t.root {
		n = n.parent
		t.cursor = n
	}
	end := n.last.next
	for c := n; c != end; c = c.next {
		if c.openable {
			c.collapsed = true
		}
	}
	t.settle()
}

// Find looks for the next materialised line after the cursor (before it,
// when backward) that match accepts, wrapping around, folded lines
// included. It reveals and selects the line found.
func (t *Tree) Find(match func(*Node) bool, backward bool) bool {
	start := t.cursor
	if start == nil {
		return false
	}
	step := func(n *Node) *Node {
		if backward {
			n = n.prev
			if n == t.root || n == nil {
				n = t.root.last
			}
			return n
		}
		n = n.next
		if n == nil {
			n = t.root.next
		}
		return n
	}
	for n := step(start); ; n = step(n) {
		if match(n) {
			t.Reveal(n)
			return true
		}
		if n == start {
			return false
		}
	}
}

// Open unfolds the line at path and every line above it, materialising
// what it must on the way: a field the summary left out is found behind
// its "*" line. Paths are as the lines write them (normalise them first,
// e.g. with summarizer.Locate). It reports false when no line has that
// path. Each step loads one line, so it costs the path's length in loads.
func (t *Tree) Open(path string) (*Node, bool) {
	n, ok := t.Materialise(path)
	if ok {
		t.Reveal(n)
		t.Expand(n)
	}
	return n, ok
}

// Materialise loads the lines above path, as Open does, and returns the
// line at path without unfolding anything.
func (t *Tree) Materialise(path string) (*Node, bool) {
	for {
		var best *Node
		for n := t.root.next; n != nil; n = n.next {
			if n.Kind != KindMore && n.Kind != KindNote && n.Path == path {
				return n, true
			}
			if n.openable && !n.loaded && holds(n, path) && (best == nil || deeper(n, best)) {
				best = n
			}
		}
		if best == nil {
			return nil, false
		}
		t.load(best)
	}
}

// holds reports whether the line at path could be under n: n's path is a
// proper prefix of it ("*" lines hold their parent's other children).
func holds(n *Node, path string) bool {
	if n.Path == "" {
		return path != "" || n.Kind == KindMore
	}
	return strings.HasPrefix(path, n.Path+".")
}

// deeper prefers the longer path, and a field over the "*" line beside it.
func deeper(a, b *Node) bool {
	if len(a.Path) != len(b.Path) {
		return len(a.Path) > len(b.Path)
	}
	return a.Kind != KindMore && b.Kind == KindMore
}

// Walk calls f for every line shown, top to bottom (a folded line's
// subtree is skipped), until f returns false. It costs the lines shown.
func (t *Tree) Walk(f func(n *Node) bool) {
	for n := t.root.next; n != nil; n = t.next(n) {
		if !f(n) {
			return
		}
	}
}

// LoadAll materialises the lines of the whole schema without unfolding
// any (so a search can see inside folds), until the tree holds
// ExpandLimit lines or limit more were loaded this call. Recursive lines
// are not entered. It reports whether it stopped short; a later call goes
// on where it stopped, since loaded lines are skipped at the cost of a
// walk.
func (t *Tree) LoadAll(limit int) (capped bool) {
	start := t.size
	for c := t.root.next; c != nil; c = c.next {
		if !c.openable || c.loaded {
			continue
		}
		if c.cycle {
			c = c.last // skip what is under it
			continue
		}
		if t.size-start >= limit || t.size >= ExpandLimit {
			capped = true
			break
		}
		t.load(c)
	}
	t.settle()
	return capped
}
