// Package toolargs reads a tool's input schema the way a caller of the tool
// needs it: it checks a call's arguments (a real JSON Schema validator,
// santhosh-tekuri/jsonschema, 2020-12 and draft-07), fills in the schema's
// defaults, and builds the arguments of a ready call (Usage) and of examples
// (Examples). It sits below the gateway and the explorer, so that both
// accept, refuse and complete a call's arguments alike.
//
// A Schema is built once per tool definition and shared: it compiles and
// parses on first use, once, and is safe for concurrent use. The validator
// is bounded: a schema with more than MaxSubschemas subschemas is not
// compiled (compile time grows with their square), a Result lists at most
// MaxFieldErrors field errors, each pointer and message cut at 200 bytes. A
// schema that cannot check the arguments (it does not compile, it is too
// large, its $refs loop without consuming anything) lets them through, and
// says why (Result.Unchecked). Network and file $refs are never fetched.
//
// The same validator checks a tool's result against its output schema
// (Validate).
package toolargs

import (
	"bytes"
	"encoding/json"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"mcpeek/model"
)

// Schema is one tool's input (or output) schema, ready to check values
// against. New is cheap; compiling the validator and parsing the schema
// happen on first use, once each. A Schema is safe for concurrent use:
// keep one per tool definition (the compile is the expensive part) and
// share it.
type Schema struct {
	raw    json.RawMessage
	absent bool // the tool declared no schema

	compileOnce sync.Once
	compiled    *jsonschema.Schema
	compileErr  error

	parseOnce sync.Once
	read      func() *model.Schema // reads the tree when first needed; nil: parse raw
	tree      *model.Schema        // nil when absent or not parseable
	plan      *defaultPlan         // nil when no default is declared
}

// New reads raw, a tool's JSON Schema as the server listed it. Empty raw
// is a tool that declared none: every object is accepted as it is.
func New(raw json.RawMessage) *Schema {
	return &Schema{raw: raw, absent: len(bytes.TrimSpace(raw)) == 0}
}

// FromParsed is New for a schema already read: tree is raw's parse (nil
// when the schema is absent or unreadable; it is then read on first use),
// so that checking arguments never parses the schema again.
func FromParsed(raw json.RawMessage, tree *model.Schema) *Schema {
	s := New(raw)
	s.tree = tree
	return s
}

// Input is New for t's input schema, read when first needed through
// model.ParseTool: the checks share the tool's one parse with every other
// reader of it.
func Input(t model.Tool) *Schema {
	s := New(t.InputSchema)
	s.read = func() *model.Schema { return model.ParseTool(t).In }
	return s
}

// Output is Input for t's output schema.
func Output(t model.Tool) *Schema {
	s := New(t.OutputSchema)
	s.read = func() *model.Schema { return model.ParseTool(t).Out }
	return s
}

// Err says why the schema cannot be compiled (it is not JSON, it does not
// compile, it is too large: ErrTooLarge); nil when it compiles or is
// absent. Arguments checked against such a schema pass unchecked.
func (s *Schema) Err() error {
	_, err := s.validator()
	return err
}

// Problem is why Check refused arguments; Accepted when it did not.
type Problem int

const (
	// Accepted: the arguments pass (or could not be checked: see
	// Result.Unchecked).
	Accepted Problem = iota
	// NotAnObject: the arguments are not a JSON object.
	NotAnObject
	// NotJSON: the arguments are not JSON.
	NotJSON
	// Mismatch: the arguments do not match the schema; Result.Errors say
	// where.
	Mismatch
)

func (p Problem) String() string {
	switch p {
	case Accepted:
		return "accepted"
	case NotAnObject:
		return "not an object"
	case NotJSON:
		return "not JSON"
	case Mismatch:
		return "mismatch"
	}
	return "unknown"
}

// FieldError is one thing wrong with a value, at a JSON pointer into it.
type FieldError struct {
	// Path is a JSON pointer into the value ("" is the whole value).
	Path    string `json:"path"`
	Message string `json:"message"`
}

// Where names where the error is, as both front ends write it: its
// pointer, or "arguments" for the whole value.
func (e FieldError) Where() string {
	if e.Path == "" {
		return "arguments"
	}
	return e.Path
}

// Result is what Check made of a call's arguments.
type Result struct {
	// Problem is why the arguments were refused; Accepted when they pass.
	Problem Problem
	// Args are the arguments with the schema's defaults filled in, when
	// accepted; the very bytes given when no default applied.
	Args json.RawMessage
	// Defaulted are the JSON pointers of the defaults filled in.
	Defaulted []string
	// Errors say what is wrong, when refused: sorted by pointer, at most
	// MaxFieldErrors of them.
	Errors []FieldError
	// Omitted counts the field errors left out of Errors.
	Omitted int
	// Unchecked, when set, says why the schema could not check accepted
	// arguments (Err, or ErrRefCycle): they passed as they are.
	Unchecked error
}

// Check checks a call's arguments against the schema and fills in its
// defaults, in this order:
//
//  1. empty or null arguments are read as {}; anything but an object is
//     refused (NotAnObject);
//  2. the validator checks them (NotJSON, Mismatch); a schema that cannot
//     decide lets them through and says why in Unchecked;
//  3. defaults are filled in for properties the arguments leave out, at
//     the top level and inside the objects and arrays that are present
//     (a default never satisfies "required": it is applied after the
//     check). Members keep their order and numbers their literal text.
func (s *Schema) Check(args json.RawMessage) Result {
	res := s.Verify(args)
	if res.Problem == Accepted {
		res.Args, res.Defaulted = s.defaults().apply(res.Args)
	}
	return res
}

// Verify is Check without the defaults (steps 1 and 2): accepted arguments
// are passed on as given ({} for none), never re-encoded, for a caller
// whose defaults are its own zero values anyway.
func (s *Schema) Verify(args json.RawMessage) Result {
	args = bytes.TrimSpace(args)
	if len(args) == 0 || string(args) == "null" {
		args = json.RawMessage("{}")
	}
	if args[0] != '{' {
		return Result{Problem: NotAnObject, Errors: []FieldError{{Path: "", Message: "args must be a JSON object"}}}
	}
	sch, err := s.validator()
	if err == nil && sch != nil {
		var errs []FieldError
		var more int
		errs, more, err = validate(sch, args)
		switch {
		case isNotJSON(err):
			return Result{Problem: NotJSON, Errors: []FieldError{{Path: "", Message: clip(err.Error())}}}
		case len(errs) > 0:
			return Result{Problem: Mismatch, Errors: errs, Omitted: more}
		}
	}
	return Result{Args: args, Unchecked: err}
}

// Validate checks the JSON value v (a result, say, against an output
// schema) and lists what is wrong, as JSON pointers into v, sorted: at most
// MaxFieldErrors of them, and how many more there are. The error is Err
// when the schema cannot be compiled, wraps ErrNotJSON when v is not JSON,
// and is ErrRefCycle when the schema cannot decide. An absent schema
// accepts everything.
func (s *Schema) Validate(v json.RawMessage) (errs []FieldError, more int, err error) {
	sch, err := s.validator()
	if err != nil || sch == nil {
		return nil, 0, err
	}
	return validate(sch, v)
}

// validator compiles the schema, once; nil, nil when it is absent.
func (s *Schema) validator() (*jsonschema.Schema, error) {
	s.compileOnce.Do(func() {
		if !s.absent {
			s.compiled, s.compileErr = compileSchema(s.raw)
		}
	})
	return s.compiled, s.compileErr
}

// parsed parses the schema, once; nil when it is absent or does not parse.
func (s *Schema) parsed() *model.Schema {
	s.parseOnce.Do(func() {
		if s.absent {
			return
		}
		switch {
		case s.tree != nil:
		case s.read != nil:
			s.tree = s.read()
		default:
			s.tree, _ = model.ParseSchema(s.raw)
		}
		if s.tree != nil {
			s.plan = newDefaultPlan(s.tree)
		}
	})
	return s.tree
}

// defaults is where the schema's defaults go; nil when none is declared.
func (s *Schema) defaults() *defaultPlan {
	s.parsed()
	return s.plan
}
