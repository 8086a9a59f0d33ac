package resultcheck

// report freezes what the walk recorded into a Report: counts, the marks
// in walk order (at most MaxMarks), and the path index.
func (c *checker) report(enveloped bool) *Report {
	r := &Report{Enveloped: enveloped, Truncated: c.truncated, totals: c.totals, entries: c.entries,
		index: make(map[string]int32, len(c.entries))}
	for i := range r.entries {
		x := &r.entries[i]
		if x.isField() && !x.envelope && x.present > 0 {
			r.Present++
		}
		prev, taken := r.index[x.path]
		// Inside the envelope's data wins: paths are read from the data root.
		if !taken || (r.entries[prev].envelope && !x.envelope) {
			r.index[x.path] = int32(i)
		}
		for _, m := range r.marksOf(int32(i)) {
			r.marked[m.Kind]++
			if len(r.Marks) < c.opts.MaxMarks {
				r.Marks = append(r.Marks, m)
			} else {
				r.MarksOmitted++
			}
		}
	}
	r.eachAbsent(func(string) { r.Absent++ })
	return r
}
