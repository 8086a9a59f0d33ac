package calls

import (
	"strconv"
	"strings"

	"mcpeek/model"
	"mcpeek/model/fieldpath"
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
	segs, err := splitPath(path)
	if err != nil {
		return nil // a file's paths are checked when it is read
	}
	cur := []found{{at: "", value: root}}
	for _, seg := range segs {
		var next []found
		for _, f := range cur {
			if f.value.Kind != model.JSONObject {
				continue
			}
			if seg.Any {
				for _, m := range f.value.Members {
					next = append(next, found{at: fieldpath.Join(f.at, fieldpath.Name(m.Name)), value: m.Value})
				}
				continue
			}
			if v := f.value.Get(seg.Name); v != nil {
				next = append(next, found{at: fieldpath.Join(f.at, fieldpath.Name(seg.Name)), value: v})
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
	segs, _ := splitPath(path)
	return len(segs) > 0 && segs[len(segs)-1].Arrays > 0
}

// segment is one property step of a calls file's path and the array
// levels after it; Any for every key of an object (fieldpath.AnyKey
// written bare), never a member named so.
type segment struct {
	Name   string
	Arrays int
	Any    bool
}

// splitPath reads a calls file's path (fieldpath.Parse's grammar: dots
// between names, "[]" after a name for every item of the array there, a
// name that holds ".", "[" or "]" quoted as ["a.x"]) into property steps:
// "line_items[].price_set" is {line_items 1} {price_set 0}. Alternatives
// (anyOf[0]) address no data and are left out, array levels written
// after one belonging to the step before it.
func splitPath(p string) ([]segment, error) {
	path, err := fieldpath.Parse(p, fieldpath.Output)
	if err != nil {
		return nil, err
	}
	var out []segment
	for _, s := range path.Steps() {
		switch s.Kind {
		case fieldpath.Property:
			out = append(out, segment{Name: s.Name})
		case fieldpath.AnyKeyStep:
			out = append(out, segment{Name: fieldpath.AnyKey, Any: true})
		case fieldpath.Items:
			if len(out) == 0 {
				out = append(out, segment{})
			}
			out[len(out)-1].Arrays++
		}
	}
	return out, nil
}

// indexedStep finds an array level written with an index ("[2]") or
// "[*]" outside a quoted name, and where it starts: the path grammar
// reads it as every item, which a calls file writes "[]" so that it says
// what it checks.
func indexedStep(p string) (at int, marker string, ok bool) {
	for i := 0; i < len(p); i++ {
		if p[i] != '[' {
			continue
		}
		if strings.HasPrefix(p[i:], `["`) { // a quoted name: skip to its end
			for i += 2; i < len(p) && p[i] != '"'; i++ {
				if p[i] == '\\' {
					i++
				}
			}
			continue
		}
		end := strings.IndexByte(p[i:], ']')
		if end < 0 {
			return 0, "", false
		}
		if inner := p[i+1 : i+end]; inner == "*" || inner != "" && strings.Trim(inner, "0123456789") == "" {
			return i, p[i : i+end+1], true
		}
	}
	return 0, "", false
}
