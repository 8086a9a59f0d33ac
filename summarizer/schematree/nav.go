package schematree

// SetHeight sets how many lines the tree shows and keeps the cursor on screen.
func (t *Tree) SetHeight(h int) {
	t.height = max(h, 1)
	t.settle()
}

// ScreenTop is the first line on screen, nil in an empty tree.
func (t *Tree) ScreenTop() *Node { return t.top }

// Height is the number of lines the tree shows.
func (t *Tree) Height() int { return t.height }

// Down moves the cursor n lines down.
func (t *Tree) Down(n int) {
	for ; n > 0 && t.cursor != nil; n-- {
		nx := t.next(t.cursor)
		if nx == nil {
			return
		}
		t.cursor = nx
		t.row++
		if t.row >= t.height {
			t.top = t.next(t.top)
			t.row = t.height - 1
		}
	}
}

// Up moves the cursor n lines up.
func (t *Tree) Up(n int) {
	for ; n > 0 && t.cursor != nil; n-- {
		pv := t.prev(t.cursor)
		if pv == nil {
			return
		}
		t.cursor = pv
		t.row--
		if t.row < 0 {
			t.top = pv
			t.row = 0
		}
	}
}

// Top moves the cursor to the first line.
func (t *Tree) Top() {
	t.top, t.cursor, t.row = t.root.next, t.root.next, 0
}

// Bottom moves the cursor to the last line shown.
func (t *Tree) Bottom() {
	if t.root.next == nil {
		return
	}
	t.cursor = t.lastShown()
	t.row = t.height - 1
	t.anchor()
}

// Scroll moves the view n lines (negative: up) and drags the cursor along
// only when it would leave the screen (mouse wheel).
func (t *Tree) Scroll(n int) {
	for ; n > 0; n-- {
		if t.top == nil {
			return
		}
		// Stop when the last line is already on screen.
		end := t.top
		for i := 1; i < t.height && end != nil; i++ {
			end = t.next(end)
		}
		if end == nil || t.next(end) == nil {
			return
		}
		t.top = t.next(t.top)
		t.row--
		if t.row < 0 {
			t.cursor, t.row = t.top, 0
		}
	}
	for ; n < 0; n++ {
		pv := t.prev(t.top)
		if pv == nil {
			return
		}
		t.top = pv
		t.row++
		if t.row >= t.height {
			t.cursor = t.prev(t.cursor)
			t.row = t.height - 1
		}
	}
}

// Select moves the cursor to the line at screen row r; false past the end.
func (t *Tree) Select(r int) bool {
	n := t.top
	for i := 0; i < r && n != nil; i++ {
		n = t.next(n)
	}
	if n == nil || r < 0 || r >= t.height {
		return false
	}
	t.cursor, t.row = n, r
	return true
}

// NextSibling moves the cursor to the next line with the same parent.
func (t *Tree) NextSibling() {
	if c := t.cursor; c != nil {
		if s := c.last.next; s != nil && s.parent == c.parent {
			t.moveTo(s)
		}
	}
}

// PrevSibling moves the cursor to the previous line with the same parent.
func (t *Tree) PrevSibling() {
	c := t.cursor
	if c == nil || c.prev == nil || c.prev == c.parent || c.prev == t.root {
		return
	}
	s := c.prev
	for s.parent != c.parent {
		s = s.parent
	}
	t.moveTo(s)
}

// Parent moves the cursor to the parent line.
func (t *Tree) Parent() {
	if c := t.cursor; c != nil && c.parent != nil && c.parent != t.root {
		t.moveTo(c.parent)
	}
}

// moveTo puts the cursor on n (which must be shown), scrolling as needed.
func (t *Tree) moveTo(n *Node) {
	t.cursor = n
	t.settle()
}

// Reveal unfolds n's ancestors and moves the cursor to n.
func (t *Tree) Reveal(n *Node) {
	for a := n.parent; a != nil && a != t.root; a = a.parent {
		a.collapsed = false
	}
	t.moveTo(n)
}

// settle restores the invariants after folds and jumps: top and cursor are
// shown lines, and the cursor is on screen. It costs O(height + depth).
func (t *Tree) settle() {
	if t.root.next == nil {
		t.top, t.cursor, t.row = nil, nil, 0
		return
	}
	if t.top == nil {
		t.top = t.root.next
	}
	if t.cursor == nil {
		t.cursor = t.top
	}
	t.top = t.shown(t.top)
	t.cursor = t.shown(t.cursor)
	n := t.top
	for i := 0; i < t.height && n != nil; i++ {
		if n == t.cursor {
			t.row = i
			t.fill()
			return
		}
		n = t.next(n)
	}
	t.anchor()
}

// anchor scrolls so the cursor sits at row t.row (clamped), then fills.
func (t *Tree) anchor() {
	t.row = min(max(t.row, 0), t.height-1)
	t.top = t.cursor
	r := 0
	for r < t.row {
		pv := t.prev(t.top)
		if pv == nil {
			break
		}
		t.top = pv
		r++
	}
	t.row = r
	t.fill()
}

// fill scrolls back when the screen ends before its last row, so a fold
// near the end never leaves the view half empty.
func (t *Tree) fill() {
	n, shown := t.top, 0
	for shown < t.height && n != nil {
		shown++
		n = t.next(n)
	}
	for ; shown < t.height; shown++ {
		pv := t.prev(t.top)
		if pv == nil {
			return
		}
		t.top = pv
		t.row++
	}
}

// Visible calls f for each line on screen, top to bottom, with its row.
func (t *Tree) Visible(f func(row int, n *Node)) {
	n := t.top
	for i := 0; i < t.height && n != nil; i++ {
		f(i, n)
		n = t.next(n)
	}
}

// Jump reveals n (unfolding its ancestors) and moves the cursor there; a
// line that was off screen is brought a third of the way down, so what
// follows it shows too. It costs O(height + depth).
func (t *Tree) Jump(n *Node) {
	for a := n.parent; a != nil && a != t.root; a = a.parent {
		a.collapsed = false
	}
	t.cursor = n
	m := t.top
	for i := 0; i < t.height && m != nil; i++ {
		if m == n {
			t.row = i
			t.fill()
			return
		}
		m = t.next(m)
	}
	t.row = t.height / 3
	t.anchor()
}
