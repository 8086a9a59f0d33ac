package calls

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"mcpeek/model"
)

// Saved is a call as `mcpeek call --save` and the explorer's S record it:
// the default assertion (the result matches the tool's output schema), and
// is_error: true when the result it was saved from was an error, so that
// the saved call passes as it stands.
func Saved(name, tool string, args json.RawMessage, isError bool) Call {
	yes := true
	c := Call{Name: name, Tool: tool, Arguments: args, Expect: Expect{OutputSchema: &yes}}
	if isError {
		c.Expect.IsError = &yes
	}
	return c
}

// SecretLooking lists, sorted, the top-level arguments whose names look
// like a credential's and whose values are written out rather than
// ${env:...}: saving them writes a secret into the file.
func SecretLooking(args json.RawMessage) []string {
	var obj map[string]json.RawMessage
	if json.Unmarshal(args, &obj) != nil {
		return nil
	}
	var out []string
	for k, v := range obj {
		low := strings.ToLower(k)
		for _, word := range []string{"token", "secret", "password", "passwd", "api_key", "apikey", "authorization", "credential"} {
			if strings.Contains(low, word) && !strings.Contains(string(v), "${env:") {
				out = append(out, k)
				break
			}
		}
	}
	slices.Sort(out)
	return out
}

// Find returns the call named name, or nil.
func (f *File) Find(name string) *Call {
	for i := range f.Calls {
		if f.Calls[i].Name == name {
			return &f.Calls[i]
		}
	}
	return nil
}

// AssertOn adds p to the assertions of the call named name. An entry of
// the call on the same path takes p's assertions, each replacing one of
// its kind; otherwise p is a new entry after the others.
func (f *File) AssertOn(name string, p PathAssert) error {
	c := f.Find(name)
	if c == nil {
		return fmt.Errorf("no call named %q in the file", name)
	}
	next := *c
	next.Expect.Paths = slices.Clone(c.Expect.Paths)
	i := slices.IndexFunc(next.Expect.Paths, func(q PathAssert) bool { return q.Path == p.Path })
	if i < 0 {
		next.Expect.Paths = append(next.Expect.Paths, p)
	} else {
		next.Expect.Paths[i] = next.Expect.Paths[i].with(p)
	}
	if err := next.check(map[string]*regexp.Regexp{}); err != nil {
		return fmt.Errorf("call %q: %w", name, err)
	}
	*c = next
	return nil
}

// with is q with the assertions p makes put over its own of the same kind.
func (q PathAssert) with(p PathAssert) PathAssert {
	if p.Exists {
		q.Exists, q.Absent = true, false
	}
	if p.Absent {
		q = PathAssert{Path: q.Path, Absent: true}
	}
	if p.Equals != nil {
		q.Equals = p.Equals
	}
	if p.Matches != "" {
		q.Matches, q.re = p.Matches, nil
	}
	if p.Type != "" {
		q.Type = p.Type
	}
	if p.Count != nil {
		q.Count = p.Count
	}
	if p.Min != nil {
		q.Min = p.Min
	}
	if p.Max != nil {
		q.Max = p.Max
	}
	return q
}

// Check judges the values at p's path in a result, as `mcpeek test` does:
// one verdict per assertion p makes.
func (p PathAssert) Check(res Result) []Assertion {
	if p.Matches != "" && p.re == nil {
		if err := p.check(map[string]*regexp.Regexp{}); err != nil {
			return []Assertion{{Kind: "matches", Path: p.Path, Expected: p.expected("matches"), Got: err.Error()}}
		}
	}
	return pathVerdicts([]PathAssert{p}, res)
}

// String is the assertion as a report writes it: the path ("the result"
// for ""), then each kind with what it expects ("line_items[] count 3").
func (p PathAssert) String() string {
	parts := []string{"the result"}
	if p.Path != "" {
		parts[0] = p.Path
	}
	for _, kind := range p.kinds() {
		switch kind {
		case "exists", "absent":
			parts = append(parts, kind)
		default:
			parts = append(parts, kind+" "+p.expected(kind))
		}
	}
	return strings.Join(parts, " ")
}

// Suggest is the assertion proposed on path for the value v found there
// in res (the explorer's A on a value of a result): equals v for a
// scalar, count of its items for an array, exists for an object. When
// that would not hold on res, as when the path runs through "[]" and the
// items differ, it is the type of v instead, or exists when the values
// are not all of one type.
func Suggest(path string, v *model.Value, res Result) PathAssert {
	p := PathAssert{Path: path}
	switch v.Kind {
	case model.JSONObject:
		p.Exists = true
	case model.JSONArray:
		n := len(v.Items)
		p.Count = &n
	default:
		p.Equals = json.RawMessage(v.AppendJSON(nil))
	}
	if p.Exists || Passed(p.Check(res)) {
		return p
	}
	if t := (PathAssert{Path: path, Type: typeOf(v)}); Passed(t.Check(res)) {
		return t
	}
	return PathAssert{Path: path, Exists: true}
}

// Kind is the one kind of assertion p makes ("equals", "count", ...), or
// "" when it makes none or several.
func (p PathAssert) Kind() string {
	if k := p.kinds(); len(k) == 1 {
		return k[0]
	}
	return ""
}

// Expected is what p expects, as the explorer lets it be edited: the JSON
// of equals, the number of count, the name of type; "" for exists.
func (p PathAssert) Expected() string {
	switch p.Kind() {
	case "equals":
		return compactText(p.Equals)
	case "count":
		return strconv.Itoa(*p.Count)
	case "type":
		return p.Type
	}
	return ""
}

// WithExpected is p, making one kind of assertion, expecting text
// instead (the edit of Expected): JSON for equals, a whole number for
// count, a JSON type's name for type.
func (p PathAssert) WithExpected(text string) (PathAssert, error) {
	text = strings.TrimSpace(text)
	switch p.Kind() {
	case "equals":
		if !json.Valid([]byte(text)) {
			return p, errors.New(`equals takes a JSON value: "text" in quotes, 12, true, null, {...}`)
		}
		p.Equals = json.RawMessage(text)
	case "count":
		n, err := strconv.Atoi(text)
		if err != nil || n < 0 {
			return p, errors.New("count takes a whole number, 0 or more")
		}
		p.Count = &n
	case "type":
		if !slices.Contains(jsonTypes, text) {
			return p, fmt.Errorf("type is one of %s", strings.Join(jsonTypes, ", "))
		}
		p.Type = text
	}
	return p, nil
}

// Writable reports why a key cannot be written in a path ("" when it
// can). Any key can but one with control characters, which a calls file
// keeps out of the text it shows: a key the grammar would misread (one
// holding ".", "[" or "]", the empty key, one named as fieldpath.AnyKey)
// is written quoted, as fieldpath.Name writes it (["a.x"]).
func Writable(key string) string {
	if strings.ContainsFunc(key, func(r rune) bool { return r < ' ' || r == 0x7f }) {
		return "the key " + strconv.Quote(key) + " holds control characters"
	}
	return ""
}
