package schematree

import "mcpeek/model/fieldpath"

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
// once the tree holds ExpandLimit lines. It reports whether it stopped
// short. On a huge schema it takes long: Unfold does it a slice at a time.
func (t *Tree) ExpandAll() (capped bool) {
	return t.Unfold(nil, -1).Finish()
}

// ExpandBelow unfolds n and everything under it (L).
func (t *Tree) ExpandBelow(n *Node) (capped bool) {
	if n == nil {
		return false
	}
	return t.Unfold(n, -1).Finish()
}

// ExpandToDepth shows every line above depth d and folds the rest: 1 shows
// only the top level, 2 one level more, ... (the 1-9 keys).
func (t *Tree) ExpandToDepth(d int) (capped bool) {
	return t.Unfold(nil, d).Finish()
}

// Unfolding is a recursive unfold done a slice at a time, so that a front
// end never waits for a whole expand-all: each Step visits a bounded
// number of lines. It walks n's subtree in list order, unfolding lines
// shallower than depth (all when depth < 0) and folding the ones at
// depth; newly loaded children follow their parent in the list, so one
// pass sees them. Folding meanwhile is allowed (the walk unfolds what it
// reaches after).
type Unfolding struct {
	t      *Tree
	n      *Node // the subtree's root; t.root for the whole tree
	depth  int
	c      *Node // the next line to visit; nil when done
	capped bool
}

// Unfold starts unfolding n's subtree (the whole tree when n is nil) to
// depth (-1 for all). n itself is opened at once, even a recursive line,
// since it was asked for by name.
func (t *Tree) Unfold(n *Node, depth int) *Unfolding {
	if n == nil {
		n = t.root
	}
	u := &Unfolding{t: t, n: n, depth: depth, c: n.next}
	if n != t.root {
		t.open(n, depth)
		u.c = n.next
	}
	u.stopAtEnd()
	return u
}

// Step visits at most lines lines and reports whether the unfold is done.
func (u *Unfolding) Step(lines int) (done bool) {
	t := u.t
	for ; u.c != nil && lines > 0; lines-- {
		c := u.c
		switch {
		case !c.openable:
			u.c = c.next
		case (u.depth >= 0 && c.depth+1 >= u.depth) || c.cycle:
			c.collapsed = true
			u.c = c.last.next // skip what is under a fold
		case !c.loaded && t.size >= ExpandLimit:
			u.capped = true
			c.collapsed = true
			u.c = c.last.next
		default:
			t.open(c, u.depth)
			u.c = c.next
		}
		u.stopAtEnd()
	}
	t.settle()
	return u.c == nil
}

// stopAtEnd ends the walk when it has left n's subtree.
func (u *Unfolding) stopAtEnd() {
	if u.c != nil && u.n != u.t.root && u.c.depth <= u.n.depth {
		u.c = nil
	}
}

// Finish does the rest at once and reports whether it stopped short.
func (u *Unfolding) Finish() (capped bool) {
	for !u.Step(1 << 16) {
	}
	return u.capped
}

// Done reports whether the unfold has ended.
func (u *Unfolding) Done() bool { return u.c == nil }

// Capped reports whether lines were left folded at ExpandLimit.
func (u *Unfolding) Capped() bool { return u.capped }

// Lines is how many lines the tree holds now.
func (u *Unfolding) Lines() int { return u.t.size }

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
// its "*" line. A line is at path when its Path is equal to it, side
// included (normalise a path users type first, e.g. with
// summarizer.Locate). It reports false when no line has that path. Each
// step loads one line, so it costs the path's length in loads.
func (t *Tree) Open(path fieldpath.Path) (*Node, bool) {
	n, ok := t.Materialise(path)
	if ok {
		t.Reveal(n)
		t.Expand(n)
	}
	return n, ok
}

// Materialise loads the lines above path, as Open does, and returns the
// line at path without unfolding anything.
func (t *Tree) Materialise(path fieldpath.Path) (*Node, bool) {
	for {
		var best *Node
		for n := t.root.next; n != nil; n = n.next {
			if n.Kind != KindMore && n.Kind != KindNote && n.Path.Equal(path) {
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

// JumpTo is Open that brings the line a third of the way down the screen
// when it was off screen (Jump), for a line found by a search.
func (t *Tree) JumpTo(path fieldpath.Path) (*Node, bool) {
	n, ok := t.Materialise(path)
	if ok {
		t.Jump(n)
		t.Expand(n)
	}
	return n, ok
}

// holds reports whether the line at path could be under n: n's path is
// above it ("*" lines hold their parent's other children).
func holds(n *Node, path fieldpath.Path) bool {
	return path.Len() > n.Path.Len() && path.HasPrefix(n.Path)
}

// deeper prefers the longer path, and a field over the "*" line beside it.
func deeper(a, b *Node) bool {
	if a.Path.Len() != b.Path.Len() {
		return a.Path.Len() > b.Path.Len()
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

// LoadFolded materialises lines of the whole schema without unfolding
// any (so a search can see inside folds), in list order, at most batch
// of them this call, until the tree holds limit lines (or ExpandLimit).
// Recursive lines are not entered. It reports whether lines are left to
// load under the limit; a later call goes on (the lines loaded are
// skipped at the cost of walking them).
func (t *Tree) LoadFolded(limit, batch int) (more bool) {
	limit = min(limit, ExpandLimit)
	loaded := 0
	for c := t.root.next; c != nil; c = c.next {
		if !c.openable || c.loaded {
			continue
		}
		if c.cycle {
			c = c.last // skip what is under it
			continue
		}
		if t.size >= limit {
			break
		}
		if loaded == batch {
			more = true
			break
		}
		t.load(c)
		loaded++
	}
	t.settle()
	return more
}

// Reload forgets n's children and loads them again, at once when n is
// open, else on its next unfold: for a line whose children depend on
// something that changed, such as the width their text is wrapped to. A
// cursor or screen top under n moves to n. It costs O(n's materialised
// lines) plus the load.
func (t *Tree) Reload(n *Node) {
	if n == nil || n == t.root || !n.loaded {
		return
	}
	under := func(x *Node) bool {
		for a := x.parent; a != nil; a = a.parent {
			if a == n {
				return true
			}
		}
		return false
	}
	if t.cursor != nil && under(t.cursor) {
		t.cursor = n
	}
	if t.top != nil && under(t.top) {
		t.top = n
	}
	if old := n.last; old != n {
		for c := n.next; c != old.next; c = c.next {
			t.size--
		}
		after := old.next
		n.next = after
		if after != nil {
			after.prev = n
		}
		for a := n; a != nil && a.last == old; a = a.parent {
			a.last = n
		}
	}
	open := !n.collapsed
	n.loaded, n.hasKids, n.openable, n.collapsed = false, false, true, true
	if open {
		t.Expand(n)
		return
	}
	t.settle()
}
