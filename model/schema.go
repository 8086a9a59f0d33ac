package model

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// Schema is a JSON Schema document ready for reading: the decoded JSON and
// a cache of resolved nodes. Nodes are resolved lazily, under the schema's
// lock, and never change once resolved: one Schema may be read by any
// number of goroutines at once, so parse a schema once and share it.
type Schema struct {
	mu        sync.Mutex // guards resolution: the maps below and every lazy.built
	text      string     // the bytes it was read from ("" when built from a Value)
	src       *Value     // the document as decoded, before any shorthand conversion
	doc       *Value
	root      *Node
	nodes     map[*Value]*Node
	resolving map[*Value]bool
	refIDs    map[string]int32
	refNames  map[int32]string
	targets   map[string]*Value
	nextKey   int32
	anyNode   *Node

	// Shorthand is true when the document was a shorthand schema (the Python decorator style's
	// `{"data": {"id": "str"}}` style) converted to JSON Schema.
	Shorthand bool
}

// ParseSchema decodes and prepares a schema from the bytes a server sent,
// afresh. The program reads a tool's schemas with ParseTool instead,
// which reads each tool's once.
func ParseSchema(b []byte) (*Schema, error) {
	parses.Add(1)
	v, text, err := decodeJSON(b)
	if err != nil {
		return nil, err
	}
	s, err := newSchema(v)
	if err != nil {
		return nil, err
	}
	s.text = text
	return s, nil
}

// parses counts the schemas read in this process (Parses).
var parses atomic.Int64

// Parses returns how many schemas this process has read so far (from
// bytes, ParseSchema, or from a decoded document, NewSchema): the test of
// a real walk holds it to one per distinct schema.
func Parses() int64 { return parses.Load() }

// NewSchema prepares an already decoded schema document. The document must
// be a JSON object or a boolean, as JSON Schema requires.
func NewSchema(doc *Value) (*Schema, error) {
	parses.Add(1)
	return newSchema(doc)
}

func newSchema(doc *Value) (*Schema, error) {
	s := &Schema{
		nodes:     make(map[*Value]*Node),
		resolving: make(map[*Value]bool),
		refIDs:    make(map[string]int32),
		refNames:  make(map[int32]string),
		targets:   make(map[string]*Value),
	}
	s.anyNode = &Node{schema: s, Shape: Any}
	s.src = doc
	switch doc.Kind {
	case JSONObject, JSONBool:
	default:
		return nil, fmt.Errorf("a schema must be a JSON object or boolean, not %s", kindName(doc.Kind))
	}
	if IsShorthand(doc) {
		doc = FromShorthand(doc)
		s.Shorthand = true
	}
	s.doc = doc
	s.mu.Lock()
	s.root = s.resolve(doc)
	s.mu.Unlock()
	return s, nil
}

// Doc returns the decoded document (after any shorthand conversion).
func (s *Schema) Doc() *Value { return s.doc }

// Source returns the document as decoded, before any shorthand
// conversion: what the server wrote.
func (s *Schema) Source() *Value { return s.src }

// Text returns the bytes the schema was read from, as a string ("" for a
// schema built from a decoded Value): for readers of their own, such as a
// validator, without keeping a second copy.
func (s *Schema) Text() string { return s.text }

// Root returns the document's root node.
func (s *Schema) Root() *Node { return s.root }

// Any returns the shared node of a schema that accepts anything.
func (s *Schema) Any() *Node { return s.anyNode }

// DataRoot returns the node that paths are relative to: the `data` property
// when the root is a {successful, data, error} envelope, else the root.
// enveloped reports which.
func (s *Schema) DataRoot() (root *Node, enveloped bool) {
	r := s.root
	if r.Shape != Object {
		return r, false
	}
	data, hasSuccessful, hasError := -1, false, false
	for i, p := range r.Props {
		switch p.Name {
		case "data":
			data = i
		case "successful":
			hasSuccessful = true
		case "error":
			hasError = true
		}
	}
	if data >= 0 && (hasSuccessful || hasError) {
		return r.Child(data), true
	}
	return r, false
}

// RefName returns the $ref text that a ref id (from Node.Refs) stands for,
// or "" for an id that is not a ref's.
func (s *Schema) RefName(id int32) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.refNames[id]
}

// refID interns a ref string into a small integer.
func (s *Schema) refID(ref string) int32 {
	if id, ok := s.refIDs[ref]; ok {
		return id
	}
	id := s.newKey()
	s.refIDs[ref] = id
	s.refNames[id] = ref
	return id
}

// newKey hands out ids shared by refs and nodes, used by recursion checks.
func (s *Schema) newKey() int32 {
	s.nextKey++
	return s.nextKey
}

// LookupRef returns the value a $ref points to in the document, or nil
// when it points nowhere here (a remote or broken reference). Any number of
// goroutines may call it, as they may read nodes.
func (s *Schema) LookupRef(ref string) *Value {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.lookupRef(ref)
}

// lookupRef finds the target of a local $ref, or nil. Network and
// file refs are never fetched: they are unresolvable here.
func (s *Schema) lookupRef(ref string) *Value {
	if t, ok := s.targets[ref]; ok {
		return t
	}
	t := s.pointer(ref)
	s.targets[ref] = t
	return t
}

func (s *Schema) pointer(ref string) *Value {
	if !strings.HasPrefix(ref, "#") {
		return nil
	}
	frag := ref[1:]
	if unescaped, err := url.PathUnescape(frag); err == nil {
		frag = unescaped
	}
	if frag == "" {
		return s.doc
	}
	if !strings.HasPrefix(frag, "/") {
		return s.anchor(frag)
	}
	cur := s.doc
	for _, tok := range strings.Split(frag[1:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch cur.Kind {
		case JSONObject:
			cur = cur.Get(tok)
		case JSONArray:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(cur.Items) {
				return nil
			}
			cur = cur.Items[i]
		default:
			return nil
		}
		if cur == nil {
			return nil
		}
	}
	return cur
}

// anchor finds a subschema declaring `$anchor: name` or `$dynamicAnchor:
// name` (a plain-name fragment; 2020-12 makes a dynamic anchor a plain one
// too), the outermost first.
func (s *Schema) anchor(name string) *Value {
	var found *Value
	visited := 0
	var walk func(v *Value)
	walk = func(v *Value) {
		if found != nil || visited > ScanCap*10 {
			return
		}
		visited++
		switch v.Kind {
		case JSONObject:
			if v.Get("$anchor").Text() == name || v.Get("$dynamicAnchor").Text() == name {
				found = v
				return
			}
			for _, m := range v.Members {
				walk(m.Value)
			}
		case JSONArray:
			for _, it := range v.Items {
				walk(it)
			}
		}
	}
	walk(s.doc)
	return found
}

// ScanCap is the most schema nodes one traversal visits (SCAN_CAP).
const ScanCap = 10000

func kindName(k Kind) string {
	switch k {
	case JSONNull:
		return "null"
	case JSONBool:
		return "a boolean"
	case JSONNumber:
		return "a number"
	case JSONString:
		return "a string"
	case JSONArray:
		return "an array"
	}
	return "an object"
}
