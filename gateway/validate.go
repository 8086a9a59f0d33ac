package gateway

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"mcpeek/model"
)

// opSchemas holds an op's compiled schemas, built on first use. Registries
// share it between ops whose definitions did not change.
type opSchemas struct {
	inOnce  sync.Once
	in      *jsonschema.Schema
	inErr   error
	inPlan  *defaultPlan
	outOnce sync.Once
	out     *jsonschema.Schema
	outErr  error

	paramsOnce sync.Once
	params     []string
}

// input returns the compiled input schema and where its defaults go; a nil
// schema with a nil error means the tool declared none.
func (s *opSchemas) input(raw json.RawMessage) (*jsonschema.Schema, *defaultPlan, error) {
	s.inOnce.Do(func() {
		if len(bytes.TrimSpace(raw)) == 0 {
			return
		}
		s.in, s.inErr = compileSchema(raw)
		if tree, err := model.ParseSchema(raw); err == nil {
			s.inPlan = newDefaultPlan(tree)
		}
	})
	return s.in, s.inPlan, s.inErr
}

// output returns the compiled output schema, or nil when there is none.
func (s *opSchemas) output(raw json.RawMessage) (*jsonschema.Schema, error) {
	s.outOnce.Do(func() {
		if len(bytes.TrimSpace(raw)) == 0 || string(raw) == "null" {
			return
		}
		s.out, s.outErr = compileSchema(raw)
	})
	return s.out, s.outErr
}

// maxSchemaObjects bounds the size of a schema the gateway compiles, in
// JSON objects and booleans (every subschema is one of them). The
// validator's compiler takes time quadratic in the subschemas: 4,096
// properties compile in 0.1 to 0.3 s on a busy 2-core machine, 20,000 in
// 1.7 s, 50,000 in 20 s of CPU. Compiling happens once per op, at its
// first call; a larger schema is never compiled: its calls pass
// unchecked, with a warning, as when a schema does not compile at all.
const maxSchemaObjects = 4096

// errSchemaTooLarge: the schema has more than maxSchemaObjects subschemas.
var errSchemaTooLarge = fmt.Errorf("it is too large to check (more than %d subschemas)", maxSchemaObjects)

// errRefCycle: validating met a $ref cycle that consumes nothing, so the
// schema cannot say whether the value is valid.
var errRefCycle = errors.New("its $refs form a cycle")

// errNotJSON: the value to validate is not JSON.
var errNotJSON = errors.New("not JSON")

// schemaObjects counts the objects and booleans (true, false) in the JSON
// text raw, outside strings, stopping once the count passes limit.
func schemaObjects(raw []byte, limit int) int {
	n, inString := 0, false
	for i := 0; i < len(raw) && n <= limit; i++ {
		c := raw[i]
		switch {
		case inString && c == '\\':
			i++
		case c == '"':
			inString = !inString
		case !inString && (c == '{' || c == 't' || c == 'f'):
			n++
		}
	}
	return n
}

// schemaURL is the made-up location every tool schema is compiled at.
const schemaURL = "mcpeek:///tool-schema.json"

// noLoader refuses to fetch anything: a tool schema's $ref to a network or
// file location is never followed.
type noLoader struct{}

func (noLoader) Load(url string) (any, error) {
	return nil, fmt.Errorf("not fetching %s: only local $refs are followed", url)
}

// compileSchema compiles a tool's raw JSON Schema. A schema without $schema
// is read as 2020-12 (MCP's default) and, when that fails, as draft-07
// (which most servers written before 2025 follow). A schema with more than
// maxSchemaObjects subschemas is errSchemaTooLarge.
func compileSchema(raw json.RawMessage) (*jsonschema.Schema, error) {
	if schemaObjects(raw, maxSchemaObjects) > maxSchemaObjects {
		return nil, errSchemaTooLarge
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return nil, fmt.Errorf("schema is not JSON: %w", err)
	}
	compile := func(draft *jsonschema.Draft) (*jsonschema.Schema, error) {
		c := jsonschema.NewCompiler()
		c.UseLoader(noLoader{})
		c.DefaultDraft(draft)
		if err := c.AddResource(schemaURL, doc); err != nil {
			return nil, err
		}
		return c.Compile(schemaURL)
	}
	sch, err := compile(jsonschema.Draft2020)
	if err != nil {
		if obj, ok := doc.(map[string]any); ok && obj["$schema"] == nil {
			if sch7, err7 := compile(jsonschema.Draft7); err7 == nil {
				return sch7, nil
			}
		}
		return nil, fmt.Errorf("schema does not compile: %w", err)
	}
	return sch, nil
}

// maxFieldErrors bounds the field errors one answer lists.
const maxFieldErrors = 50

// validateValue checks the JSON value v (raw bytes) against sch and lists
// what is wrong, as JSON pointers into v, sorted by pointer: at most
// maxFieldErrors of them, and how many more there are. The error wraps
// errNotJSON when v is not JSON, errRefCycle when the schema cannot decide.
func validateValue(sch *jsonschema.Schema, v json.RawMessage) (errs []FieldError, more int, err error) {
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(v))
	if err != nil {
		return nil, 0, fmt.Errorf("%w: %w", errNotJSON, err)
	}
	err = sch.Validate(inst)
	if err == nil {
		return nil, 0, nil
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return nil, 0, fmt.Errorf("validating: %w", err)
	}
	var out []FieldError
	if !collectFieldErrors(ve, message.NewPrinter(language.English), &out) {
		return nil, 0, errRefCycle
	}
	slices.SortStableFunc(out, func(a, b FieldError) int { return strings.Compare(a.Path, b.Path) })
	out = slices.CompactFunc(out, func(a, b FieldError) bool { return a == b })
	if len(out) > maxFieldErrors {
		return out[:maxFieldErrors:maxFieldErrors], len(out) - maxFieldErrors, nil
	}
	return out, 0, nil
}

// collectFieldErrors flattens the validator's tree into its leaves. A
// missing required property, or a property that is not allowed, is reported
// at the property's own pointer rather than its parent's. Pointers and
// messages (which may quote the value) are clipped to maxEcho bytes. It
// returns false when a leaf is a $ref cycle: then the schema, not the
// value, is at fault.
func collectFieldErrors(ve *jsonschema.ValidationError, p *message.Printer, out *[]FieldError) bool {
	if len(ve.Causes) > 0 {
		for _, c := range ve.Causes {
			if !collectFieldErrors(c, p, out) {
				return false
			}
		}
		return true
	}
	at := pointer(ve.InstanceLocation)
	add := func(path, msg string) { *out = append(*out, FieldError{Path: clip(path), Message: clip(msg)}) }
	switch k := ve.ErrorKind.(type) {
	case *kind.RefCycle:
		return false
	case *kind.Required:
		for _, name := range k.Missing {
			add(at+"/"+escapePointer(name), "required property is missing")
		}
	case *kind.AdditionalProperties:
		for _, name := range k.Properties {
			add(at+"/"+escapePointer(name), "property is not allowed by the schema")
		}
	default:
		add(at, ve.ErrorKind.LocalizedString(p))
	}
	return true
}

func pointer(tokens []string) string {
	var b strings.Builder
	for _, t := range tokens {
		b.WriteByte('/')
		b.WriteString(escapePointer(t))
	}
	return b.String()
}

func escapePointer(s string) string {
	if !strings.ContainsAny(s, "~/") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}
