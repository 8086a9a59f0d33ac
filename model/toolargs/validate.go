package toolargs

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"mcpeek/model/fieldpath"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// MaxSubschemas bounds the size of a schema that is compiled, in JSON
// objects and booleans (every subschema is one of them). The validator's
// compiler takes time quadratic in the subschemas: 4,096 properties compile
// in 0.1 to 0.3 s on a busy 2-core machine, 20,000 in 1.7 s, 50,000 in 20 s
// of CPU. A Schema compiles once, at its first use; a larger one is never
// compiled (ErrTooLarge): arguments pass unchecked, as when a schema does
// not compile at all.
const MaxSubschemas = 4096

// ErrTooLarge: the schema has more than MaxSubschemas subschemas.
var ErrTooLarge = fmt.Errorf("it is too large to check (more than %d subschemas)", MaxSubschemas)

// ErrRefCycle: validating met a $ref cycle that consumes nothing, so the
// schema cannot say whether the value is valid.
var ErrRefCycle = errors.New("its $refs form a cycle")

// ErrNotJSON: the value to validate is not JSON.
var ErrNotJSON = errors.New("not JSON")

func isNotJSON(err error) bool { return errors.Is(err, ErrNotJSON) }

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
// MaxSubschemas subschemas is ErrTooLarge.
func compileSchema(raw json.RawMessage) (*jsonschema.Schema, error) {
	if schemaObjects(raw, MaxSubschemas) > MaxSubschemas {
		return nil, ErrTooLarge
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

// MaxFieldErrors bounds the field errors one check lists.
const MaxFieldErrors = 50

// validate checks the JSON value v (raw bytes) against sch and lists what
// is wrong, as JSON pointers into v, sorted by pointer: at most
// MaxFieldErrors of them, and how many more there are. The error wraps
// ErrNotJSON when v is not JSON, is ErrRefCycle when the schema cannot
// decide.
func validate(sch *jsonschema.Schema, v json.RawMessage) (errs []FieldError, more int, err error) {
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(v))
	if err != nil {
		return nil, 0, fmt.Errorf("%w: %w", ErrNotJSON, err)
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
		return nil, 0, ErrRefCycle
	}
	slices.SortStableFunc(out, func(a, b FieldError) int { return strings.Compare(a.Path, b.Path) })
	out = slices.CompactFunc(out, func(a, b FieldError) bool { return a == b })
	if len(out) > MaxFieldErrors {
		return out[:MaxFieldErrors:MaxFieldErrors], len(out) - MaxFieldErrors, nil
	}
	return out, 0, nil
}

// collectFieldErrors flattens the validator's tree into its leaves. A
// missing required property, or a property that is not allowed, is reported
// at the property's own pointer rather than its parent's. Pointers and
// messages (which may quote the value) are clipped to maxErrorBytes. It
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

func escapePointer(s string) string { return fieldpath.EscapeToken(s) }

// maxErrorBytes bounds a field error's pointer and its message, which may
// quote the value: what is wrong with a large value is said in a few lines.
const maxErrorBytes = 200

// clip returns s when it is at most maxErrorBytes long; else its first
// and last maxErrorBytes/2 (cut on rune boundaries) around how long it
// was. A message that quotes a long value says what is wrong after it
// ("'xxx…' does not match pattern ..."), which a cut at its end lost.
func clip(s string) string {
	if len(s) <= maxErrorBytes {
		return s
	}
	head := maxErrorBytes / 2
	for head > 0 && !utf8.RuneStart(s[head]) {
		head--
	}
	tail := len(s) - maxErrorBytes/2
	for tail < len(s) && !utf8.RuneStart(s[tail]) {
		tail++
	}
	return fmt.Sprintf("%s…(%d bytes)…%s", s[:head], len(s), s[tail:])
}
