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
// (which most servers written before 2025 follow).
func compileSchema(raw json.RawMessage) (*jsonschema.Schema, error) {
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

// validateValue checks the JSON value v (raw bytes) against sch and lists
// what is wrong, as JSON pointers into v.
func validateValue(sch *jsonschema.Schema, v json.RawMessage) ([]FieldError, error) {
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(v))
	if err != nil {
		return nil, fmt.Errorf("not JSON: %w", err)
	}
	err = sch.Validate(inst)
	if err == nil {
		return nil, nil
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return nil, fmt.Errorf("validating: %w", err)
	}
	var out []FieldError
	collectFieldErrors(ve, message.NewPrinter(language.English), &out)
	slices.SortStableFunc(out, func(a, b FieldError) int { return strings.Compare(a.Path, b.Path) })
	return slices.CompactFunc(out, func(a, b FieldError) bool { return a == b }), nil
}

// maxFieldErrors bounds the field errors one answer lists.
const maxFieldErrors = 50

// collectFieldErrors flattens the validator's tree into its leaves. A
// missing required property, or a property that is not allowed, is reported
// at the property's own pointer rather than its parent's.
func collectFieldErrors(ve *jsonschema.ValidationError, p *message.Printer, out *[]FieldError) {
	if len(*out) >= maxFieldErrors {
		return
	}
	if len(ve.Causes) > 0 {
		for _, c := range ve.Causes {
			collectFieldErrors(c, p, out)
		}
		return
	}
	at := pointer(ve.InstanceLocation)
	switch k := ve.ErrorKind.(type) {
	case *kind.Required:
		for _, name := range k.Missing {
			*out = append(*out, FieldError{Path: at + "/" + escapePointer(name), Message: "required property is missing"})
		}
	case *kind.AdditionalProperties:
		for _, name := range k.Properties {
			*out = append(*out, FieldError{Path: at + "/" + escapePointer(name), Message: "property is not allowed by the schema"})
		}
	default:
		*out = append(*out, FieldError{Path: at, Message: ve.ErrorKind.LocalizedString(p)})
	}
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
