package resultcheck

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// Validator is a tool's output schema compiled by the JSON Schema
// validator the gateway checks results with (santhosh-tekuri/jsonschema,
// 2020-12 with a draft-07 fallback, local $refs only). It reports what the
// overlay cannot: pattern, minimum, format, oneOf exclusivity. One
// Validator may be used by several goroutines at once.
type Validator struct {
	sch *jsonschema.Schema
}

// FieldError is one thing the validator found wrong with a value.
type FieldError struct {
	// Pointer is a JSON pointer into the value ("" is the whole value).
	Pointer string `json:"pointer"`
	// Message says what is wrong, in English.
	Message string `json:"message"`
}

// MaxSchemaObjects bounds the schemas compiled, in JSON objects and
// booleans (every subschema is one): compiling takes time quadratic in
// them. A larger schema is ErrSchemaTooLarge.
const MaxSchemaObjects = 4096

// MaxFieldErrors bounds the field errors one validation lists.
const MaxFieldErrors = 50

// maxEcho bounds the bytes of a pointer or message a field error repeats.
const maxEcho = 200

// Errors a validation can end with besides the value's own faults.
var (
	// ErrSchemaTooLarge: the schema has more than MaxSchemaObjects subschemas.
	ErrSchemaTooLarge = fmt.Errorf("it is too large to check (more than %d subschemas)", MaxSchemaObjects)
	// ErrRefCycle: the schema's $refs form a cycle that consumes nothing,
	// so it cannot say whether a value is valid.
	ErrRefCycle = errors.New("its $refs form a cycle")
	// ErrNotJSON: the value to validate is not JSON.
	ErrNotJSON = errors.New("not JSON")
)

// schemaURL is the made-up location every tool schema is compiled at.
const schemaURL = "mcpeek:///tool-schema.json"

// noLoader refuses to fetch anything: a $ref to a network or file
// location is never followed.
type noLoader struct{}

func (noLoader) Load(url string) (any, error) {
	return nil, fmt.Errorf("not fetching %s: only local $refs are followed", url)
}

// Compile compiles a raw JSON Schema. A schema without $schema is read as
// 2020-12 (MCP's default) and, when that fails, as draft-07.
func Compile(raw json.RawMessage) (*Validator, error) {
	if schemaObjects(raw, MaxSchemaObjects) > MaxSchemaObjects {
		return nil, ErrSchemaTooLarge
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
				return &Validator{sch: sch7}, nil
			}
		}
		return nil, fmt.Errorf("schema does not compile: %w", err)
	}
	return &Validator{sch: sch}, nil
}

// schemaObjects counts the objects and booleans in the JSON text raw,
// outside strings, stopping once the count passes limit.
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

// Validate checks a JSON value and lists what is wrong, sorted by pointer:
// at most MaxFieldErrors, and how many more there are. A missing required
// property, or one that is not allowed, is reported at the property's own
// pointer. The error wraps ErrNotJSON when the value is not JSON, and is
// ErrRefCycle when the schema cannot decide.
func (v *Validator) Validate(value json.RawMessage) (errs []FieldError, more int, err error) {
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(value))
	if err != nil {
		return nil, 0, fmt.Errorf("%w: %w", ErrNotJSON, err)
	}
	err = v.sch.Validate(inst)
	if err == nil {
		return nil, 0, nil
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return nil, 0, fmt.Errorf("validating: %w", err)
	}
	var out []FieldError
	if !collectFieldErrors(ve, message.NewPrinter(language.English), &out) {
		return nil, 0, ErrRefCycle
	}
	slices.SortStableFunc(out, func(a, b FieldError) int { return strings.Compare(a.Pointer, b.Pointer) })
	out = slices.CompactFunc(out, func(a, b FieldError) bool { return a == b })
	if len(out) > MaxFieldErrors {
		return out[:MaxFieldErrors:MaxFieldErrors], len(out) - MaxFieldErrors, nil
	}
	return out, 0, nil
}

// collectFieldErrors flattens the validator's tree into its leaves; false
// when a leaf is a $ref cycle.
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
	add := func(ptr, msg string) { *out = append(*out, FieldError{Pointer: clip(ptr), Message: clip(msg)}) }
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

// clip returns s when it is at most maxEcho bytes long; else its first
// maxEcho bytes and how long it was.
func clip(s string) string {
	if len(s) <= maxEcho {
		return s
	}
	return fmt.Sprintf("%s…(%d bytes)", cut(s, maxEcho), len(s))
}
