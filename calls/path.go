package calls

import (
	"strconv"
	"strings"

	"mcpeek/fieldpath"
	"mcpeek/model"
)

// found is a value a path reached, with where it is written with item
// indexes ("line_items[2].price_set").
type found struct {
	at    string
	value *model.Value
}

// lookup returns the values path reaches in root, in document order: each
// segment a member (the last of a name written twice), each "[]" after it
// every item of the array there, <any key> every member. A step that
// finds no member or no array reaches nothing there.
func lookup(root *model.Value, path string) []found {
	cur := []found{{at: "", value: root}}
	for _, seg := range splitPath(path) {
		var next []found
		for _, f := range cur {
			if f.value.Kind != model.JSONObject {
				continue
			}
			if seg.Name == fieldpath.AnyKey {
				for _, m := range f.value.Members {
					next = append(next, found{at: fieldpath.Join(f.at, quoteKey(m.Name)), value: m.Value})
				}
				continue
			}
			if v := f.value.Get(seg.Name); v != nil {
				next = append(next, found{at: fieldpath.Join(f.at, seg.Name), value: v})
			}
		}
		for range seg.Arrays {
			var items []found
			for _, f := range next {
				if f.value.Kind != model.JSONArray {
					continue
				}
				for i, it := range f.value.Items {
					items = append(items, found{at: f.at + "[" + strconv.Itoa(i) + "]", value: it})
				}
			}
			next = items
		}
		cur = next
	}
	return cur
}

// endsInItems reports whether a path's last step is "[]": its values are
// the items of an array rather than the array.
func endsInItems(path string) bool {
	segs := splitPath(path)
	return len(segs) > 0 && segs[len(segs)-1].Arrays > 0
}

func quoteKey(k string) string {
	if strings.ContainsAny(k, ".[]") {
		return strconv.Quote(k)
	}
	return k
}

// segment is one property step of a calls file's path and the array
// levels after it.
type segment struct {
	Name   string
	Arrays int
}

// splitPath splits a calls file's path at its dots into property steps:
// "line_items[].price_set" is {line_items 1} {price_set 0}. A calls file
// writes no key holding ".", "[" or "]" (docs/calls.md), so a dot always
// ends a step; alternatives (anyOf[0]) address no data and are left out,
// array levels written after one belonging to the step before it.
func splitPath(p string) []segment {
	if p == "" {
		return nil
	}
	var out []segment
	for _, part := range strings.Split(p, ".") {
		s := segment{Name: part}
		for strings.HasSuffix(s.Name, "[]") {
			s.Name = strings.TrimSuffix(s.Name, "[]")
			s.Arrays++
		}
		if isAlternative(s.Name) {
			if s.Arrays > 0 && len(out) > 0 {
				out[len(out)-1].Arrays += s.Arrays
			}
			continue
		}
		out = append(out, s)
	}
	return out
}

// isAlternative reports whether a step names a union's alternative:
// "anyOf[<n>]" or "oneOf[<n>]".
func isAlternative(seg string) bool {
	rest, ok := strings.CutPrefix(seg, "anyOf[")
	if !ok {
		rest, ok = strings.CutPrefix(seg, "oneOf[")
	}
	digits, ok2 := strings.CutSuffix(rest, "]")
	return ok && ok2 && digits != "" && strings.Trim(digits, "0123456789") == ""
}
