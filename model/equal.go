package model

import (
	"bytes"
	"slices"
	"strconv"
	"strings"
)

// Equal reports whether v and w mean the same JSON value: objects with the
// same members in any order (of a name written twice, the last counts, as
// Get reads it), arrays with equal items in the same order, and numbers of
// the same value however written (1, 1.0, 10e-1 and -0 for 0). Two nils
// are equal.
func (v *Value) Equal(w *Value) bool {
	if v == nil || w == nil {
		return v == w
	}
	if v.Kind != w.Kind {
		return false
	}
	switch v.Kind {
	case JSONNull:
		return true
	case JSONBool:
		return v.Bool == w.Bool
	case JSONString:
		return v.Str == w.Str
	case JSONNumber:
		return v.Str == w.Str || CanonicalNumber(v.Str) == CanonicalNumber(w.Str)
	case JSONArray:
		return slices.EqualFunc(v.Items, w.Items, (*Value).Equal)
	}
	a, b := v.lastMembers(), w.lastMembers()
	if len(a) != len(b) {
		return false
	}
	for name, x := range a {
		if y, ok := b[name]; !ok || !x.Equal(y) {
			return false
		}
	}
	return true
}

// lastMembers maps an object's member names to their values, the last
// of a name written twice.
func (v *Value) lastMembers() map[string]*Value {
	m := make(map[string]*Value, len(v.Members))
	for _, mem := range v.Members {
		m[mem.Name] = mem.Value
	}
	return m
}

// AppendCanonical appends v as compact JSON in one canonical spelling:
// object members sorted by name (the last of a name written twice), numbers
// as CanonicalNumber writes them. Two values are Equal exactly when their
// canonical texts are the same bytes, so the text serves as a map key.
func (v *Value) AppendCanonical(dst []byte) []byte {
	if v == nil {
		return append(dst, "null"...)
	}
	switch v.Kind {
	case JSONNumber:
		return append(dst, CanonicalNumber(v.Str)...)
	case JSONArray:
		dst = append(dst, '[')
		for i, it := range v.Items {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = it.AppendCanonical(dst)
		}
		return append(dst, ']')
	case JSONObject:
		m := v.lastMembers()
		names := make([]string, 0, len(m))
		for name := range m {
			names = append(names, name)
		}
		slices.Sort(names)
		dst = append(dst, '{')
		for i, name := range names {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = (&Value{Kind: JSONString, Str: name}).AppendJSON(dst)
			dst = append(dst, ':')
			dst = m[name].AppendCanonical(dst)
		}
		return append(dst, '}')
	}
	return v.AppendJSON(dst)
}

// CanonicalNumber writes the JSON number literal lit in one spelling per
// value: its significant digits without a decimal point and an exponent
// ("1.50" and "15e-1" both become "15e-1", "100" becomes "1e2", "-0" and
// "0.0" become "0"). The work is linear in the literal's length whatever
// its exponent says (no 1e999999999 is expanded). A literal that is not a
// JSON number is returned as it is.
func CanonicalNumber(lit string) string {
	s, neg := strings.CutPrefix(lit, "-")
	mant, expText, hasExp := strings.Cut(strings.ToLower(s), "e")
	exp := 0
	if hasExp {
		e, err := strconv.Atoi(strings.TrimPrefix(expText, "+"))
		if err != nil {
			return lit // no JSON number, or an exponent past int: left as written
		}
		exp = e
	}
	whole, frac, _ := strings.Cut(mant, ".")
	digits := whole + frac
	if digits == "" || strings.Trim(digits, "0123456789") != "" {
		return lit
	}
	exp -= len(frac)
	digits = strings.TrimLeft(digits, "0")
	if digits == "" {
		return "0"
	}
	trimmed := strings.TrimRight(digits, "0")
	exp += len(digits) - len(trimmed)
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	b.WriteString(trimmed)
	if exp != 0 {
		b.WriteByte('e')
		b.WriteString(strconv.Itoa(exp))
	}
	return b.String()
}

// EqualJSON reports whether two JSON texts mean the same value, as Equal
// compares them (members in any order, numbers however spelled, exactly:
// no rounding through float64). Texts that are the same bytes are equal
// without decoding; a text that is not JSON equals only its own bytes.
func EqualJSON(a, b []byte) bool {
	if bytes.Equal(a, b) {
		return true
	}
	if len(a) == 0 || len(b) == 0 {
		return false
	}
	va, errA := DecodeJSON(a)
	vb, errB := DecodeJSON(b)
	if errA != nil || errB != nil {
		return false
	}
	return va.Equal(vb)
}

// SameText reports whether v and w read the same to anyone who reads the
// text rather than a decoded map: Equal, except that a name written twice
// in an object counts each time, in the order written. A model reads the
// text a server sends, and a reader that keeps the first of a duplicated
// name sees another value than one that keeps the last, so a duplicate
// added or changed is a difference. Two nils are the same.
func (v *Value) SameText(w *Value) bool {
	if v == w {
		return true
	}
	if v == nil || w == nil {
		return false
	}
	if v.Kind != w.Kind || len(v.Items) != len(w.Items) || len(v.Members) != len(w.Members) {
		return false
	}
	switch v.Kind {
	case JSONArray:
		return slices.EqualFunc(v.Items, w.Items, (*Value).SameText)
	case JSONObject:
		same := func(a, b Member) bool { return a.Name == b.Name && a.Value.SameText(b.Value) }
		if slices.EqualFunc(v.Members, w.Members, func(a, b Member) bool { return a.Name == b.Name }) {
			return slices.EqualFunc(v.Members, w.Members, same) // in one order: no sort needed
		}
		return slices.EqualFunc(v.SortedMembers(), w.SortedMembers(), same)
	}
	return v.Equal(w)
}

// SortedMembers returns a copy of an object's members sorted by name,
// those of a name written twice in the order written.
func (v *Value) SortedMembers() []Member {
	out := slices.Clone(v.Members)
	slices.SortStableFunc(out, func(a, b Member) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// HasDuplicateNames reports whether an object writes a member name twice.
func (v *Value) HasDuplicateNames() bool {
	if v == nil || v.Kind != JSONObject {
		return false
	}
	seen := make(map[string]bool, len(v.Members))
	for _, m := range v.Members {
		if seen[m.Name] {
			return true
		}
		seen[m.Name] = true
	}
	return false
}

// SameDefinition reports whether two JSON texts (tool definitions) are the
// same once canonicalised: members in any order, white space and number
// spellings aside, as SameText compares them. Texts that are the same bytes
// are the same without decoding; a text that is not JSON is the same only as
// its own bytes.
func SameDefinition(a, b []byte) bool {
	if bytes.Equal(a, b) {
		return true
	}
	va, errA := DecodeJSON(a)
	vb, errB := DecodeJSON(b)
	if errA != nil || errB != nil {
		return false
	}
	return va.SameText(vb)
}
