package model

import (
	"bytes"
	"fmt"
	"mcpeek/internal/jsonscan"
	"sync"
	"unicode/utf8"

	"github.com/go-json-experiment/json/jsontext"
)

// DecodeJSON decodes one JSON value from b, keeping object member order.
// It rejects trailing data and nesting deeper than MaxNesting. Invalid UTF-8
// and duplicate member names are accepted, so that nothing a server sends
// is refused for a fault a reader can live with.
func DecodeJSON(b []byte) (*Value, error) {
	v, _, err := decodeJSON(b)
	return v, err
}

// decodeJSON is DecodeJSON that also returns the one copy of b as a string
// that the values' texts are slices of.
func decodeJSON(b []byte) (*Value, string, error) {
	d := newValueDecoder(b)
	defer d.release()
	src := d.src
	v, err := d.value(0)
	if err == nil {
		d.skipSpace()
		if d.i < len(d.b) {
			err = d.fail("unexpected data after the top-level value")
		}
	}
	if err != nil {
		return nil, "", describeJSONError(b, err)
	}
	return v, src, nil
}

// valueDecoder reads JSON text into Values with few allocations, since a
// tools/list of a thousand tools means reading a thousand schemas. It is a
// recursive descent over the bytes; values are carved out of slabs sized by
// a first count; an object's members and an array's items are stacked while
// they are read and copied out once, exactly sized; strings without escapes,
// like numbers, are slices of one copy of the input.
type valueDecoder struct {
	b   []byte
	i   int    // the next byte to read
	src string // b, once: Str fields are slices of it where they can be

	values  []Value  // slab
	members []Member // slab
	items   []*Value // slab

	memberStack []Member
	itemStack   []*Value
}

// moreSlab is the size of a further slab, when the first count fell short
// (it can only on malformed input, which fails anyway).
const moreSlab = 64

// stacks keeps the member and item stacks of finished decoders for the
// next ones.
var stacks = sync.Pool{New: func() any { return new(valueDecoder) }}

func newValueDecoder(b []byte) *valueDecoder {
	values, members, items := countValues(b)
	d := stacks.Get().(*valueDecoder)
	d.b, d.i, d.src = b, 0, string(b)
	d.values = make([]Value, 0, values)
	d.members = make([]Member, 0, members)
	d.items = make([]*Value, 0, items)
	return d
}

// release gives the decoder's stacks back, emptied, and drops the rest.
func (d *valueDecoder) release() {
	clear(d.memberStack) // left over by an error
	clear(d.itemStack)
	*d = valueDecoder{memberStack: d.memberStack[:0], itemStack: d.itemStack[:0]}
	stacks.Put(d)
}

// syntaxError is a JSON syntax error at a byte offset of the input.
type syntaxError struct {
	offset int
	msg    string
}

func (e *syntaxError) Error() string { return fmt.Sprintf("%s (at byte %d)", e.msg, e.offset) }

// fail reports a syntax error at d.i, or the end of the input there.
func (d *valueDecoder) fail(format string, args ...any) error {
	if d.i >= len(d.b) {
		return d.eof()
	}
	return &syntaxError{offset: d.i, msg: fmt.Sprintf(format, args...)}
}

func (d *valueDecoder) eof() error {
	d.i = len(d.b)
	return &syntaxError{offset: d.i, msg: "the input ends before the value is complete"}
}

func (d *valueDecoder) skipSpace() {
	for d.i < len(d.b) && jsonscan.IsSpace(d.b[d.i]) {
		d.i++
	}
}

func (d *valueDecoder) value(depth int) (*Value, error) {
	d.skipSpace()
	if d.i >= len(d.b) {
		return nil, d.eof()
	}
	switch c := d.b[d.i]; {
	case c == '{':
		return d.object(depth)
	case c == '[':
		return d.array(depth)
	case c == '"':
		s, err := d.string()
		if err != nil {
			return nil, err
		}
		v := d.newValue()
		v.Kind, v.Str = JSONString, s
		return v, nil
	case c == '-' || '0' <= c && c <= '9':
		start := d.i
		if err := d.number(); err != nil {
			return nil, err
		}
		v := d.newValue()
		v.Kind, v.Str = JSONNumber, d.src[start:d.i]
		return v, nil
	case c == 't':
		return d.literal("true", JSONBool, true)
	case c == 'f':
		return d.literal("false", JSONBool, false)
	case c == 'n':
		return d.literal("null", JSONNull, false)
	}
	return nil, d.fail("invalid character %q at the start of a value", d.b[d.i])
}

func (d *valueDecoder) literal(word string, kind Kind, truth bool) (*Value, error) {
	if !bytes.HasPrefix(d.b[d.i:], []byte(word)) {
		if len(d.b)-d.i < len(word) && bytes.HasPrefix([]byte(word), d.b[d.i:]) {
			return nil, d.eof()
		}
		return nil, d.fail("invalid literal, expecting %s", word)
	}
	d.i += len(word)
	v := d.newValue()
	v.Kind, v.Bool = kind, truth
	return v, nil
}

// number reads a number as RFC 8259 writes it.
func (d *valueDecoder) number() error {
	b := d.b
	if b[d.i] == '-' {
		d.i++
	}
	switch {
	case d.i < len(b) && b[d.i] == '0':
		d.i++
	case d.i < len(b) && '1' <= b[d.i] && b[d.i] <= '9':
		d.digits()
	default:
		return d.fail("invalid number: expecting a digit")
	}
	if d.i < len(b) && b[d.i] == '.' {
		d.i++
		if !d.digits() {
			return d.fail("invalid number: expecting a digit after the decimal point")
		}
	}
	if d.i < len(b) && (b[d.i] == 'e' || b[d.i] == 'E') {
		d.i++
		if d.i < len(b) && (b[d.i] == '+' || b[d.i] == '-') {
			d.i++
		}
		if !d.digits() {
			return d.fail("invalid number: expecting a digit in the exponent")
		}
	}
	return nil
}

func (d *valueDecoder) digits() bool {
	start := d.i
	for d.i < len(d.b) && '0' <= d.b[d.i] && d.b[d.i] <= '9' {
		d.i++
	}
	return d.i > start
}

// string reads the string whose opening quote is at d.i and returns its
// text: a slice of the input when it is written as it reads (no escapes,
// valid UTF-8), else its decoded copy, invalid UTF-8 replaced by U+FFFD.
func (d *valueDecoder) string() (string, error) {
	b := d.b
	start := d.i
	simple := true
	for i := start + 1; i < len(b); {
		for i < len(b) && plainInString[b[i]] {
			i++
		}
		if i == len(b) {
			break
		}
		switch c := b[i]; {
		case c == '"':
			d.i = i + 1
			if simple {
				return d.src[start+1 : i], nil
			}
			text, _ := jsontext.AppendUnquote(nil, b[start:d.i])
			return string(text), nil
		case c == '\\':
			simple = false
			if i+1 >= len(b) {
				return "", d.eof()
			}
			switch b[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if i+6 > len(b) {
					return "", d.eof()
				}
				for _, h := range b[i+2 : i+6] {
					if !('0' <= h && h <= '9' || 'a' <= h && h <= 'f' || 'A' <= h && h <= 'F') {
						d.i = i
						return "", d.fail("invalid escape sequence %q in string", b[i:i+6])
					}
				}
				i += 6
			default:
				d.i = i
				return "", d.fail("invalid escape sequence %q in string", b[i:i+2])
			}
		case c < ' ':
			d.i = i
			return "", d.fail("invalid control character %q in string", c)
		case c < utf8.RuneSelf:
			i++
		default:
			r, size := utf8.DecodeRune(b[i:])
			if r == utf8.RuneError && size == 1 {
				simple = false
			}
			i += size
		}
	}
	return "", d.eof()
}

func (d *valueDecoder) array(depth int) (*Value, error) {
	if depth >= MaxNesting {
		return nil, d.fail("nesting deeper than %d levels", MaxNesting)
	}
	d.i++ // [
	base := len(d.itemStack)
	for more := !d.consume(']'); more; {
		item, err := d.value(depth + 1)
		if err != nil {
			return nil, err
		}
		d.itemStack = append(d.itemStack, item)
		if more, err = d.more(']'); err != nil {
			return nil, err
		}
	}
	v := d.newValue()
	v.Kind, v.Items = JSONArray, pop(&d.items, &d.itemStack, base)
	return v, nil
}

func (d *valueDecoder) object(depth int) (*Value, error) {
	if depth >= MaxNesting {
		return nil, d.fail("nesting deeper than %d levels", MaxNesting)
	}
	d.i++ // {
	base := len(d.memberStack)
	for more := !d.consume('}'); more; {
		d.skipSpace()
		if d.i >= len(d.b) || d.b[d.i] != '"' {
			return nil, d.fail("invalid character %q where an object member name should start", d.at())
		}
		name, err := d.string()
		if err != nil {
			return nil, err
		}
		if !d.consume(':') {
			return nil, d.fail("invalid character %q after an object member name, expecting ':'", d.at())
		}
		val, err := d.value(depth + 1)
		if err != nil {
			return nil, err
		}
		d.memberStack = append(d.memberStack, Member{Name: name, Value: val})
		if more, err = d.more('}'); err != nil {
			return nil, err
		}
	}
	v := d.newValue()
	v.Kind, v.Members = JSONObject, pop(&d.members, &d.memberStack, base)
	return v, nil
}

// consume reads c, after any whitespace, if it comes next.
func (d *valueDecoder) consume(c byte) bool {
	d.skipSpace()
	if d.i < len(d.b) && d.b[d.i] == c {
		d.i++
		return true
	}
	return false
}

// more reads what follows an element of an array or object: a comma (true),
// or the closing bracket (false).
func (d *valueDecoder) more(closing byte) (bool, error) {
	d.skipSpace()
	if d.i >= len(d.b) {
		return false, d.eof()
	}
	switch d.b[d.i] {
	case ',':
		d.i++
		return true, nil
	case closing:
		d.i++
		return false, nil
	}
	return false, d.fail("invalid character %q after a value, expecting ',' or '%c'", d.b[d.i], closing)
}

// at returns the byte at d.i, or 0 at the end.
func (d *valueDecoder) at() byte {
	if d.i < len(d.b) {
		return d.b[d.i]
	}
	return 0
}

func (d *valueDecoder) newValue() *Value {
	if len(d.values) == cap(d.values) {
		d.values = make([]Value, 0, moreSlab)
	}
	d.values = d.values[:len(d.values)+1]
	return &d.values[len(d.values)-1]
}

// pop moves the elements stacked since base to an exactly sized part of
// slab, and returns that part (nil when there are none).
func pop[T any](slab, stack *[]T, base int) []T {
	n := len(*stack) - base
	if n == 0 {
		return nil
	}
	if len(*slab)+n > cap(*slab) {
		*slab = make([]T, 0, max(n, moreSlab))
	}
	s := *slab
	out := append(s[len(s):len(s):len(s)+n], (*stack)[base:]...)
	*slab = s[:len(s)+n]
	clear((*stack)[base:])
	*stack = (*stack)[:base]
	return out
}

// countValues counts the values in the JSON text b, and among them the
// object members and the array items, so that the decoder allocates each
// kind once. It follows only strings and brackets; on malformed text the
// counts are merely wrong, which the decoder survives by allocating more.
func countValues(b []byte) (values, members, items int) {
	var buf [64]bool
	inArray := buf[:0] // one entry per open bracket: true for '['
	values = 1
	for i := 0; i < len(b); i++ {
		for i < len(b) && !countStops[b[i]] {
			i++
		}
		if i == len(b) {
			break
		}
		switch b[i] {
		case '"':
			i, _ = jsonscan.StringEnd(b, i)
			i--
		case ':':
			values++
			members++
		case ',':
			if len(inArray) > 0 && inArray[len(inArray)-1] {
				values++
				items++
			}
		case '{':
			inArray = append(inArray, false)
		case '[':
			inArray = append(inArray, true)
			j := i + 1
			for j < len(b) && jsonscan.IsSpace(b[j]) {
				j++
			}
			if j < len(b) && b[j] != ']' {
				values++
				items++
			}
		case '}', ']':
			if len(inArray) > 0 {
				inArray = inArray[:len(inArray)-1]
			}
		}
	}
	return values, members, items
}

// plainInString are the bytes that stand for themselves in a JSON string:
// ASCII, neither a control character, a quote nor a backslash.
var plainInString = func() (t [256]bool) {
	for c := ' '; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// countStops are the bytes countValues looks at.
var countStops = [256]bool{'"': true, ':': true, ',': true, '{': true, '[': true, '}': true, ']': true}
