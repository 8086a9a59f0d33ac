// Package calls is the calls file: saved tool calls, each with what its
// result must hold (assertions), run headless in CI beside the lock file.
// It reads and writes the file (mcpeek.calls.json, described by
// schema.json and docs/calls.md) and checks one call's result against its
// assertions; connecting to servers and calling tools is the caller's.
package calls

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"mcpeek/internal/textpos"
	"mcpeek/model"

	"github.com/go-json-experiment/json/jsontext"
)

// FormatVersion is the version of the format this package reads and
// writes, the value of the file's "mcpeek_calls" member.
const FormatVersion = 1

// DefaultFile is the calls file's name when none is given.
const DefaultFile = "mcpeek.calls.json"

// The bounds of what a calls file may hold: reading stops at the first
// one passed, with an error that names it.
const (
	MaxFileBytes   = 32 << 20 // the whole file
	MaxCalls       = 100_000
	MaxPatternSize = 1 << 10 // a `matches` regular expression, in bytes
	// MaxMatchInput is the longest string a `matches` assertion reads;
	// a longer one fails the assertion rather than being cut. RE2 runs
	// in time linear in its input, so this bounds the time too.
	MaxMatchInput = 1 << 20
)

// File is a calls file.
type File struct {
	// Schema is the file's $schema, kept as written ("" when absent).
	Schema string
	Calls  []Call
}

// Call is one saved call and its assertions.
type Call struct {
	// Name is unique in its file: --run selects by it, reports show it.
	Name string `json:"name"`
	// Tool is SERVER.TOOL, the server's name as the config spells it.
	Tool string `json:"tool"`
	// Arguments is the arguments object as written. Its strings may hold
	// ${env:NAME}, replaced from the environment when the call runs.
	Arguments json.RawMessage `json:"arguments,omitempty"`
	// Expect is what the result must hold.
	Expect Expect `json:"expect"`

	// Line and Column are where the call's object starts in the file
	// (1-based; 0 for a call not read from a file).
	Line, Column int `json:"-"`
}

// ToolIn reads Tool, SERVER.TOOL, against servers by model.ParseToolID's
// rule (a server's name and a tool's may hold dots): a tool they list,
// else a tool of a server among them, else the text split at its first
// dot.
func (c Call) ToolIn(servers []model.Server) model.ToolID {
	names := make([]string, len(servers))
	for i, s := range servers {
		names[i] = s.Name
	}
	lists := func(id model.ToolID) bool {
		i := slices.Index(names, id.Server)
		return i >= 0 && slices.ContainsFunc(servers[i].Tools, func(t model.Tool) bool { return t.Name == id.Tool })
	}
	if id, ok := model.ParseToolID(c.Tool, slices.Values(names), lists); ok {
		return id
	}
	id, _ := model.ParseToolID(c.Tool, slices.Values(names), nil)
	return id
}

// Expect is a call's assertions. A zero Expect asserts the defaults: the
// result is not an error and matches the tool's output schema.
type Expect struct {
	// OutputSchema: the result matches the tool's output schema; nil
	// means true (a tool without one passes, with a note).
	OutputSchema *bool `json:"output_schema,omitempty"`
	// IsError: the result's isError; nil means false.
	IsError *bool `json:"is_error,omitempty"`
	// NoUndeclared: the result holds no field its output schema does not
	// declare.
	NoUndeclared bool `json:"no_undeclared,omitempty"`
	// MaxMS: the call answers within this many milliseconds (0: no bound).
	MaxMS int64 `json:"max_ms,omitempty"`
	// Paths are assertions on values at field paths of the result.
	Paths []PathAssert `json:"paths,omitempty"`
}

// PathAssert is one or more assertions on the values at one field path,
// written as mcpeek writes paths ("line_items[].price_set"; "" is the whole
// result). A path through "[]" reaches every item of the array there.
type PathAssert struct {
	Path string `json:"path"`
	// Equals: every value reached means this JSON value (members in any
	// order, 1.0 for 1).
	Equals json.RawMessage `json:"equals,omitempty"`
	// Exists: the path reaches some value. Absent: it reaches none.
	Exists bool `json:"exists,omitempty"`
	Absent bool `json:"absent,omitempty"`
	// Matches: every value reached is a string this RE2 regular
	// expression matches (somewhere: anchor it with ^ and $).
	Matches string `json:"matches,omitempty"`
	// Type: every value reached is of this JSON type (string, number,
	// integer, boolean, object, array, null).
	Type string `json:"type,omitempty"`
	// Count: how many values the path reaches when it ends in "[]", else
	// how many items the array it reaches holds.
	Count *int `json:"count,omitempty"`
	// Min and Max: every value reached is a number within these bounds
	// (inclusive).
	Min *float64 `json:"min,omitempty"`
	Max *float64 `json:"max,omitempty"`

	re *regexp.Regexp
}

// jsonTypes are the values of a PathAssert's Type.
var jsonTypes = []string{"string", "number", "integer", "boolean", "object", "array", "null"}

// NoFile says that the calls file is absent, and how to make one.
func NoFile(file string) string {
	where := file
	if filepath.Dir(file) == "." {
		where += " here"
	}
	return "no calls file " + where + ": save calls with `mcpeek call SERVER.TOOL --args ... --save NAME` or S in the explorer's result view (see docs/calls.md)"
}

// ReadFile reads and checks the calls file at path, reading at most
// MaxFileBytes. Its errors name the file, and the call when one is at
// fault.
func ReadFile(path string) (*File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, MaxFileBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(b) > MaxFileBytes {
		return nil, fmt.Errorf("%s: larger than %d MiB, the most a calls file may be", path, MaxFileBytes>>20)
	}
	file, err := Decode(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return file, nil
}

// Decode reads and checks a calls file's text: the format, each call's
// fields (unknown ones are refused, to catch a misspelt assertion), names
// unique, regular expressions compiled.
func Decode(b []byte) (*File, error) {
	if len(b) > MaxFileBytes {
		return nil, fmt.Errorf("larger than %d MiB, the most a calls file may be", MaxFileBytes>>20)
	}
	dec := jsontext.NewDecoder(bytes.NewReader(b))
	if tok, err := dec.ReadToken(); err != nil {
		return nil, syntaxError(b, err)
	} else if tok.Kind() != '{' {
		return nil, errors.New(`not a calls file: want a JSON object with "mcpeek_calls" and "calls"`)
	}
	file := &File{}
	version := 0
	for dec.PeekKind() != '}' {
		tok, err := dec.ReadToken()
		if err != nil {
			return nil, syntaxError(b, err)
		}
		switch name := tok.String(); name {
		case "$schema":
			v, err := dec.ReadValue()
			if err != nil || json.Unmarshal(v, &file.Schema) != nil {
				return nil, syntaxOr(b, err, `"$schema" must be a string`)
			}
		case "mcpeek_calls":
			v, err := dec.ReadValue()
			if err != nil || json.Unmarshal(v, &version) != nil {
				return nil, syntaxOr(b, err, `"mcpeek_calls" must be a number`)
			}
		case "calls":
			if err := file.readCalls(dec, b); err != nil {
				return nil, err
			}
		default:
			line, col := lineCol(b, int(dec.InputOffset()))
			return nil, fmt.Errorf("line %d, column %d: unknown member %q (a calls file holds $schema, mcpeek_calls and calls)", line, col, name)
		}
	}
	if _, err := dec.ReadToken(); err != nil {
		return nil, syntaxError(b, err)
	}
	if _, err := dec.ReadToken(); err != io.EOF {
		return nil, errors.New("unexpected data after the calls file's object")
	}
	switch {
	case version == 0:
		return nil, fmt.Errorf(`not a calls file: no "mcpeek_calls": %d`, FormatVersion)
	case version != FormatVersion:
		return nil, fmt.Errorf("calls file format %d: this mcpeek reads format %d", version, FormatVersion)
	}
	return file, nil
}

// readCalls reads the "calls" array, noting where each call starts.
func (f *File) readCalls(dec *jsontext.Decoder, b []byte) error {
	if tok, err := dec.ReadToken(); err != nil {
		return syntaxError(b, err)
	} else if tok.Kind() != '[' {
		return errors.New(`"calls" must be an array`)
	}
	names := map[string]int{}
	patterns := map[string]*regexp.Regexp{} // a pattern many calls share is compiled once
	lines := textpos.NewCounter(b)
	for dec.PeekKind() != ']' {
		if len(f.Calls) == MaxCalls {
			return fmt.Errorf("more than %d calls, the most a calls file may hold", MaxCalls)
		}
		before := int(dec.InputOffset())
		raw, err := dec.ReadValue()
		if err != nil {
			return syntaxError(b, err)
		}
		start := before + bytes.IndexByte(b[before:], raw[0])
		line, col := lines.At(start)
		where := fmt.Sprintf("call %d (line %d)", len(f.Calls)+1, line)
		var c Call
		d := json.NewDecoder(bytes.NewReader(raw))
		d.DisallowUnknownFields()
		if err := d.Decode(&c); err != nil {
			return fmt.Errorf("%s: %s", where, unmarshalMessage(err))
		}
		c.Line, c.Column = line, col
		if c.Name != "" {
			where = fmt.Sprintf("call %q (line %d)", c.Name, line)
		}
		if err := c.check(patterns); err != nil {
			return fmt.Errorf("%s: %w", where, err)
		}
		if first, dup := names[c.Name]; dup {
			return fmt.Errorf("%s: the name is taken by the call on line %d; names must be unique", where, first)
		}
		names[c.Name] = line
		f.Calls = append(f.Calls, c)
	}
	_, err := dec.ReadToken()
	return syntaxOr(b, err, "")
}

// check refuses a call that cannot run or whose assertions mean nothing,
// and compiles its regular expressions (each pattern once per patterns).
func (c *Call) check(patterns map[string]*regexp.Regexp) error {
	if c.Name == "" {
		return errors.New(`no "name"`)
	}
	if strings.ContainsFunc(c.Name, func(r rune) bool { return r < ' ' || r == 0x7f }) {
		return errors.New("the name holds control characters")
	}
	if s, t, ok := strings.Cut(c.Tool, "."); !ok || s == "" || t == "" {
		return fmt.Errorf(`"tool" must be SERVER.TOOL, not %q`, c.Tool)
	}
	if len(c.Arguments) > 0 && !isObject(c.Arguments) {
		return errors.New(`"arguments" must be a JSON object`)
	}
	if c.Expect.MaxMS < 0 {
		return errors.New(`"max_ms" must be positive`)
	}
	for i := range c.Expect.Paths {
		if err := c.Expect.Paths[i].check(patterns); err != nil {
			return fmt.Errorf("paths[%d] (%q): %w", i, c.Expect.Paths[i].Path, err)
		}
	}
	return nil
}

func (p *PathAssert) check(patterns map[string]*regexp.Regexp) error {
	if !p.Exists && !p.Absent && p.Equals == nil && p.Matches == "" && p.Type == "" && p.Count == nil && p.Min == nil && p.Max == nil {
		return errors.New("no assertion: give equals, exists, absent, matches, type, count, min or max")
	}
	if p.Absent && (p.Exists || p.Equals != nil || p.Matches != "" || p.Type != "" || p.Count != nil || p.Min != nil || p.Max != nil) {
		return errors.New(`"absent" cannot go with an assertion on the value`)
	}
	if at, marker, ok := indexedStep(p.Path); ok {
		step := p.Path[strings.LastIndexAny(p.Path[:at], ".]")+1 : at]
		return fmt.Errorf("%q: a path reaches every item of an array with [], not one item by its index; write %s[]", step+marker, step)
	}
	if _, err := splitPath(p.Path); err != nil {
		return err
	}
	if p.Type != "" && !slices.Contains(jsonTypes, p.Type) {
		return fmt.Errorf(`"type" must be one of %s, not %q`, strings.Join(jsonTypes, ", "), p.Type)
	}
	if p.Count != nil && *p.Count < 0 {
		return errors.New(`"count" must be 0 or more`)
	}
	if p.Min != nil && p.Max != nil && *p.Min > *p.Max {
		return errors.New(`"min" is above "max"`)
	}
	if p.Matches != "" {
		if len(p.Matches) > MaxPatternSize {
			return fmt.Errorf(`"matches" is %d bytes, more than the %d a pattern may be`, len(p.Matches), MaxPatternSize)
		}
		re, ok := patterns[p.Matches]
		if !ok {
			var err error
			if re, err = regexp.Compile(p.Matches); err != nil {
				return fmt.Errorf(`"matches": %w`, err)
			}
			patterns[p.Matches] = re
		}
		p.re = re
	}
	return nil
}

func isObject(raw json.RawMessage) bool {
	b := bytes.TrimSpace(raw)
	return len(b) > 0 && b[0] == '{'
}

// unmarshalMessage says what encoding/json found wrong with a call, in
// the file's own terms.
func unmarshalMessage(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return fmt.Sprintf("%q must be %s, not %s", te.Field, goTypeWord(te.Type.String()), te.Value)
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

func goTypeWord(t string) string {
	switch {
	case strings.Contains(t, "bool"):
		return "true or false"
	case strings.Contains(t, "int"), strings.Contains(t, "float"):
		return "a number"
	case t == "string":
		return "a string"
	case strings.HasPrefix(t, "[]"):
		return "an array"
	}
	return "an object"
}

func syntaxError(b []byte, err error) error {
	var se *jsontext.SyntacticError
	if errors.As(err, &se) {
		line, col := lineCol(b, int(se.ByteOffset))
		return fmt.Errorf("line %d, column %d: not valid JSON: %v", line, col, se.Err)
	}
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		return errors.New("not valid JSON: the text ends early")
	}
	return fmt.Errorf("not valid JSON: %w", err)
}

func syntaxOr(b []byte, err error, msg string) error {
	if err != nil {
		return syntaxError(b, err)
	}
	if msg == "" {
		return nil
	}
	return errors.New(msg)
}

// lineCol turns a byte offset into a 1-based line and column (in bytes).
func lineCol(b []byte, off int) (line, col int) {
	off = min(max(off, 0), len(b))
	line = 1 + bytes.Count(b[:off], []byte("\n"))
	return line, off - bytes.LastIndexByte(b[:off], '\n')
}

// Servers are the servers the calls may name, each once, in the order
// first named: every part of a call's tool before one of its dots, since
// "a.b.c" is server "a"'s tool "b.c" or server "a.b"'s tool "c" (ToolIn
// tells which, against the servers listed). A caller starts those its
// config has: those a run needs.
func Servers(list []Call) []string {
	var out []string
	for _, c := range list {
		for i := 1; i < len(c.Tool); i++ {
			if name := c.Tool[:i]; c.Tool[i] == '.' && !slices.Contains(out, name) {
				out = append(out, name)
			}
		}
	}
	return out
}
