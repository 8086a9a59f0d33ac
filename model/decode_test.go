package model

import "testing"

// countValues sizes the decoder's slabs: on valid JSON its counts are exact.
func TestCountValues(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		json                   string
		values, members, items int
	}{
		{`1`, 1, 0, 0},
		{`[]`, 1, 0, 0},
		{` [ ] `, 1, 0, 0},
		{`[[],{}]`, 3, 0, 2},
		{`{"a":[1, 2,{"b":[ ]}],"c":"x,:[{\"}"}`, 7, 3, 3},
		{`{"a\\":"b:c"}`, 2, 1, 0},
	} {
		v, m, i := countValues([]byte(c.json))
		if v != c.values || m != c.members || i != c.items {
			t.Errorf("countValues(%s) = %d, %d, %d; want %d, %d, %d", c.json, v, m, i, c.values, c.members, c.items)
		}
		d := newValueDecoder([]byte(c.json))
		if _, err := d.value(0); err != nil || len(d.values) != cap(d.values) ||
			len(d.members) != cap(d.members) || len(d.items) != cap(d.items) {
			t.Errorf("%s: slabs %d/%d, %d/%d, %d/%d used (%v)", c.json, len(d.values), cap(d.values),
				len(d.members), cap(d.members), len(d.items), cap(d.items), err)
		}
	}
}
