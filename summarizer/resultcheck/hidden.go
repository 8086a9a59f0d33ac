package resultcheck

// Hidden is what marks lie out of sight behind a folded line: how many of
// each kind (one per mark, as Marks lists them) and the first of them.
type Hidden struct {
	counts [numKinds]int
	// Marks are the first of the marks, in walk order, at most
	// maxHiddenMarks.
	Marks []Mark
}

// maxHiddenMarks bounds the marks one Hidden lists.
const maxHiddenMarks = 50

func (h *Hidden) add(m Mark) {
	h.counts[m.Kind]++
	if len(h.Marks) < maxHiddenMarks {
		h.Marks = append(h.Marks, m)
	}
}

// Count is how many marks of kind k are hidden.
func (h Hidden) Count(k Kind) int {
	if k >= numKinds {
		return 0
	}
	return h.counts[k]
}

// Violations is how many hidden marks break the schema (all kinds but
// Undeclared).
func (h Hidden) Violations() int { return h.Total() - h.counts[Undeclared] }

// Total is how many marks are hidden.
func (h Hidden) Total() int {
	n := 0
	for _, c := range h.counts {
		n += c
	}
	return n
}

// Worst is the first kind, in Kind's order, among the hidden marks: a
// missing required field before a type mismatch, and so on to Undeclared;
// 0 when none is hidden.
func (h Hidden) Worst() Kind {
	for k := MissingRequired; k < numKinds; k++ {
		if h.counts[k] > 0 {
			return k
		}
	}
	return 0
}

// shownAt is the entry whose line shows entry e's marks: its own, or for
// an undeclared key, which has no line, its object's; -1 for none.
func (r *Report) shownAt(e int32) int32 {
	if r.entries[e].kind == entryExtra {
		return r.entries[e].parent
	}
	return e
}

// Below says, for each path of the result's fields, what marks its line
// hides when it is folded: those of every field under it (an undeclared
// key counts under its object's line, which shows it while open). Paths
// are the check's (inside an envelope's data); paths under which nothing
// is marked are left out.
func (r *Report) Below() map[string]*Hidden {
	out := map[string]*Hidden{}
	for i := range r.entries {
		x := &r.entries[i]
		if x.envelope || len(x.marks) == 0 {
			continue
		}
		at := r.shownAt(int32(i))
		if at < 0 {
			continue
		}
		marks := r.marksOf(int32(i))
		for a := r.entries[at].parent; a >= 0 && !r.entries[a].envelope; a = r.entries[a].parent {
			h := out[r.entries[a].path]
			if h == nil {
				h = &Hidden{}
				out[r.entries[a].path] = h
			}
			for _, m := range marks {
				h.add(m)
			}
		}
	}
	return out
}

// Marked is how many marks of kind k the check made, as Marks lists them
// (one per path and distinct finding there), counting those left out of
// Marks: the number of lines a list of the marks of that kind has. Count
// is the number of values they cover.
func (r *Report) Marked(k Kind) int {
	if k >= numKinds {
		return 0
	}
	return r.marked[k]
}
