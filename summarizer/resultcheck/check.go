package resultcheck

import (
	"fmt"
	"strconv"

	"mcpeek/model"
	"mcpeek/model/fieldpath"
)

// Options bound one check. A zero or negative field means its default.
type Options struct {
	// MaxWork bounds the work of one check: value nodes visited (trials of
	// union alternatives included) plus declared properties scanned.
	// Default 2,000,000, a result of tens of megabytes.
	MaxWork int
	// MaxPaths bounds the distinct paths recorded. Default 10,000, the
	// schema nodes one summary walk visits.
	MaxPaths int
	// MaxMarks bounds the marks a report lists. Default 1,000.
	MaxMarks int
	// MaxDepth bounds the nesting walked. Default 256, as summaries.
	MaxDepth int
}

// The defaults of Options.
const (
	DefaultMaxWork  = 2_000_000
	DefaultMaxPaths = model.ScanCap
	DefaultMaxMarks = 1000
	DefaultMaxDepth = 256
)

func (o Options) withDefaults() Options {
	if o.MaxWork <= 0 {
		o.MaxWork = DefaultMaxWork
	}
	if o.MaxPaths <= 0 {
		o.MaxPaths = DefaultMaxPaths
	}
	if o.MaxMarks <= 0 {
		o.MaxMarks = DefaultMaxMarks
	}
	if o.MaxDepth <= 0 {
		o.MaxDepth = DefaultMaxDepth
	}
	return o
}

// trialWork bounds the value nodes one trial of a union alternative
// visits: enough to see a discriminator and the required fields near the
// top, never the whole of a large value once per alternative.
const trialWork = 2000

// Check decodes a result (JSON bytes) and lays it over the schema.
func Check(s *model.Schema, result []byte, opts Options) (*Report, error) {
	v, err := model.DecodeJSON(result)
	if err != nil {
		return nil, fmt.Errorf("the result is not JSON: %w", err)
	}
	return CheckValue(s, v, opts), nil
}

// CheckValue lays a decoded result over the schema: it walks the result
// and the schema together, from the schema's root (an envelope's own
// fields included), once, within opts.
func CheckValue(s *model.Schema, v *model.Value, opts Options) *Report {
	c := &checker{opts: opts.withDefaults(), envRoot: -1,
		index: map[*model.Node]map[string]int{}, required: map[*model.Node]*requiredProps{}, enums: map[*model.Node]*enumSet{}}
	root := s.Root()
	_, enveloped := s.DataRoot()
	x := entry{kind: entryRoot, parent: -1, envelope: enveloped}
	if !enveloped {
		_, levels := root.Unwrap(nil)
		x.path = fieldpath.Arrays(levels)
	}
	e := c.newEntry(x)
	if enveloped {
		c.envRoot = e
	}
	c.present(e)
	c.value(root, v, e, 0)
	return c.report(enveloped)
}

// checker is one walk of a result over a schema.
type checker struct {
	opts    Options
	entries []entry
	totals  [numKinds]int
	envRoot int32 // the envelope's entry, -1 without one

	work      int
	stopped   bool   // the work budget is spent
	truncated string // why the walk did not see everything

	// A trial scores a value against one alternative without recording
	// anything: marks add to score, and it stops after trialWork nodes.
	dry       bool
	score     int
	trialLeft int

	index    map[*model.Node]map[string]int // property name -> index, for wide objects
	required map[*model.Node]*requiredProps
	enums    map[*model.Node]*enumSet
	flags    []bool // a stack of "required property seen" flags
}

func (c *checker) truncate(why string) {
	if c.truncated == "" && !c.dry {
		c.truncated = why
	}
}

// step counts one node of work at depth and reports whether to go on.
func (c *checker) step(depth int) bool {
	if c.stopped {
		return false
	}
	c.work++
	if c.work > c.opts.MaxWork {
		c.stopped = true
		c.truncated = "the check reached its work limit of " + itoa(c.opts.MaxWork) + " nodes"
		return false
	}
	if depth > c.opts.MaxDepth {
		c.truncate("the result nests deeper than " + itoa(c.opts.MaxDepth) + " levels")
		return false
	}
	if c.dry {
		c.trialLeft--
		return c.trialLeft >= 0
	}
	return true
}

// value checks one value against node n at entry e.
func (c *checker) value(n *model.Node, v *model.Value, e int32, depth int) {
	if !c.step(depth) {
		return
	}
	if v.Kind == model.JSONNull {
		c.met(e, v)
		if !allowsNull(n) {
			c.mark(e, NullNotAllowed, n.Label(), v)
		}
		return
	}
	switch n.Shape {
	case model.Any:
		c.met(e, v)
	case model.Scalar:
		c.met(e, v)
		if !fits(n.Types, v) {
			c.mark(e, TypeMismatch, n.Label(), v)
			return
		}
		c.enum(n, v, e)
	case model.Array:
		if v.Kind != model.JSONArray {
			c.met(e, v)
			c.mark(e, TypeMismatch, n.Label(), v)
			return
		}
		c.arrayMet(e, v)
		c.enum(n, v, e)
		items := n.Items()
		if items == n {
			items = anything // a self-referencing array, as model.Node.Unwrap reads it
		}
		for _, it := range v.Items {
			c.value(items, it, e, depth+1)
		}
	case model.Object:
		c.met(e, v)
		if v.Kind != model.JSONObject {
			c.mark(e, TypeMismatch, n.Label(), v)
			return
		}
		c.enum(n, v, e)
		c.object(n, v, e, depth)
	case model.Union:
		c.met(e, v)
		c.union(n, v, e, depth)
	}
}

// anything is a node that accepts anything.
var anything = &model.Node{Shape: model.Any}

// enum marks a value that is none of the node's enum values.
func (c *checker) enum(n *model.Node, v *model.Value, e int32) {
	if len(n.Enum) == 0 {
		return
	}
	s := c.enums[n]
	if s == nil {
		s = newEnumSet(n.Enum)
		c.enums[n] = s
	}
	if !s.has(v) {
		c.mark(e, EnumMismatch, s.text, v)
	}
}

// union checks a value against the alternative it matches, or the closest.
func (c *checker) union(n *model.Node, v *model.Value, e int32, depth int) {
	i := c.pick(n, v, depth)
	if i < 0 {
		c.mark(e, TypeMismatch, altLabels(n), v)
		return
	}
	if e >= 0 && !c.dry {
		switch x := &c.entries[e]; {
		case x.node == nil:
			x.node = n
		case x.node != n:
			e = -1 // not the union this path met before: check, do not record
		}
	}
	c.value(n.Alt(i), v, c.alt(e, i), depth+1)
}

// altLabels is a union's alternatives' labels: "object | string".
func altLabels(n *model.Node) string {
	s := ""
	for i := range n.Alts {
		if i == 5 {
			return s + " | ..."
		}
		if i > 0 {
			s += " | "
		}
		s += n.Alt(i).Label()
	}
	if s == "" {
		return n.Label()
	}
	return s
}

// pick chooses the alternative of n a value is checked against: the first
// whose trial finds nothing wrong or undeclared, else the one whose trial
// scores least: violations first, then undeclared keys, then declared
// properties the value lacks (so {"type": "spacer", "block_id": "b2"} is
// nearer a two-property divider than a five-property section). Only alternatives of
// the value's shape are tried; -1 when none is. Within a trial, or once
// the work budget is spent, the first of the value's shape is taken.
func (c *checker) pick(n *model.Node, v *model.Value, depth int) int {
	best, bestScore := -1, 0
	for i := range n.Alts {
		alt := n.Alt(i)
		if !shapeFits(alt, v) {
			continue
		}
		if c.dry || c.stopped {
			return i
		}
		score := c.trial(alt, v, depth)
		if score < undeclaredWeight {
			return i // nothing wrong, nothing undeclared
		}
		if best < 0 || score < bestScore {
			best, bestScore = i, score
		}
	}
	return best
}

// trial scores a value against one node without recording anything.
func (c *checker) trial(n *model.Node, v *model.Value, depth int) int {
	c.dry, c.score, c.trialLeft = true, 0, trialWork
	c.value(n, v, -1, depth)
	score := c.score
	c.dry = false
	return score
}

// object checks an object's members and required properties. For an object
// merged from a union of objects, the closest alternative says which
// properties are required, which schema each has and whether other keys
// are allowed; paths stay those of the merged object, as summaries write
// them.
func (c *checker) object(n *model.Node, v *model.Value, e int32, depth int) {
	rules := n
	if len(n.Alts) > 1 && !c.dry && !c.stopped {
		if i := c.pick(n, v, depth); i >= 0 {
			if alt := n.Alt(i); alt.Shape == model.Object {
				rules = alt
			}
		}
	}
	if e >= 0 && !c.dry {
		switch x := &c.entries[e]; {
		case x.node == nil:
			x.node = n
		case x.node != n:
			e = -1 // not the object this path met before: check, do not record
		}
		if e >= 0 {
			c.entries[e].objects++
		}
	}
	// Required properties: the rules' and, when the rules are an
	// alternative, the merged object's own (an allOf part beside a union).
	reqR := c.requiredOf(rules)
	var reqN *requiredProps
	if rules != n {
		reqN = c.requiredOf(n)
	}
	base := len(c.flags)
	nR := len(reqR.idx)
	for range nR + reqN.count() {
		c.flags = append(c.flags, false)
	}
	ap := rules.AdditionalProperties()
	if ap == nil && !rules.Closed {
		ap = n.AdditionalProperties()
	}
	matched, complete := 0, true
	for _, m := range v.Members {
		if !c.step(depth) { // a key costs work even when its value is not walked
			complete = false
			break
		}
		ri := c.propIndex(rules, m.Name)
		pi := ri
		if rules != n {
			pi = c.propIndex(n, m.Name)
		}
		if ri >= 0 {
			matched++
			if p := reqR.pos[ri]; p >= 0 {
				c.flags[base+int(p)] = true
			}
		}
		if pi >= 0 && reqN != nil {
			if p := reqN.pos[pi]; p >= 0 {
				c.flags[base+nR+int(p)] = true
			}
		}
		if !n.KnownKeys {
			c.name(e, m.Name)
		}
		switch {
		case ri >= 0 && pi >= 0:
			k := c.kid(e, pi)
			c.present(k)
			c.value(rules.Child(ri), m.Value, k, depth+1)
		case ri >= 0: // the alternative's own property, which the merged object does not list
			k := c.extra(e, m.Name)
			c.present(k)
			c.value(rules.Child(ri), m.Value, k, depth+1)
		case pi >= 0 && !rules.Closed: // another alternative's property
			k := c.kid(e, pi)
			c.present(k)
			c.value(n.Child(pi), m.Value, k, depth+1)
		case pi >= 0:
			k := c.kid(e, pi)
			c.present(k)
			c.met(k, m.Value)
			c.mark(k, NotAllowed, "", m.Value)
		case ap != nil:
			k := c.anyKey(e, ap)
			c.present(k)
			c.value(ap, m.Value, k, depth+1)
		case rules.Closed:
			k := c.extra(e, m.Name)
			c.present(k)
			c.met(k, m.Value)
			c.mark(k, NotAllowed, "", m.Value)
		case n.KnownKeys:
			k := c.extra(e, m.Name)
			c.present(k)
			c.met(k, m.Value)
			c.mark(k, Undeclared, "", m.Value)
		}
	}
	if c.dry {
		c.score += max(len(rules.Props)-matched, 0)
	}
	if complete { // a key not read yet may be there
		for j, ri := range reqR.idx {
			if !c.flags[base+j] {
				c.missing(e, n, rules, ri)
			}
		}
		for j, pi := range reqN.indexes() {
			if ri := c.propIndex(rules, n.Props[pi].Name); !c.flags[base+nR+j] && (ri < 0 || reqR.pos[ri] < 0) {
				c.missing(e, n, n, pi)
			}
		}
	}
	c.flags = c.flags[:base]
}

// missing marks property i of from (rules or the merged object n) missing
// in an object at entry e.
func (c *checker) missing(e int32, n, from *model.Node, i int) {
	pi := i
	if from != n {
		pi = c.propIndex(n, from.Props[i].Name)
	}
	k := int32(-1)
	switch {
	case pi >= 0:
		k = c.kid(e, pi)
	case e >= 0:
		k = c.extra(e, from.Props[i].Name)
	}
	term, _ := from.Child(i).Unwrap(nil)
	c.mark(k, MissingRequired, term.Label(), nil)
}

// requiredProps are a node's required properties: their indexes, and for
// each property its position among them (-1: not required).
type requiredProps struct {
	idx []int
	pos []int32
}

func (r *requiredProps) count() int { return len(r.indexes()) }

func (r *requiredProps) indexes() []int {
	if r == nil {
		return nil
	}
	return r.idx
}

// requiredOf lists a node's required properties, once per node.
func (c *checker) requiredOf(n *model.Node) *requiredProps {
	if r, ok := c.required[n]; ok {
		return r
	}
	r := &requiredProps{pos: make([]int32, len(n.Props))}
	for i, p := range n.Props {
		r.pos[i] = -1
		if p.Required {
			r.pos[i] = int32(len(r.idx))
			r.idx = append(r.idx, i)
		}
	}
	c.required[n] = r
	c.work += len(n.Props)
	return r
}

// smallObject is how many properties are searched one by one before a
// map is built (as the schema reader does).
const smallObject = 16

// propIndex finds a property by name, or -1.
func (c *checker) propIndex(n *model.Node, name string) int {
	if len(n.Props) <= smallObject {
		for i := range n.Props {
			if n.Props[i].Name == name {
				return i
			}
		}
		return -1
	}
	m := c.index[n]
	if m == nil {
		m = make(map[string]int, len(n.Props))
		for i := len(n.Props) - 1; i >= 0; i-- {
			m[n.Props[i].Name] = i
		}
		c.index[n] = m
		c.work += len(n.Props)
	}
	if i, ok := m[name]; ok {
		return i
	}
	return -1
}

func itoa(n int) string { return strconv.Itoa(n) }
