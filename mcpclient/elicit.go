package mcpclient

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/mail"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/go-json-experiment/json/jsontext"

	"mcpeek/model"
)

// ElicitField is one property of an elicitation's requested schema, as a
// front end shows it: a question with a type, maybe a default and a list of
// choices. Text fields are sanitised.
type ElicitField struct {
	// Name is the property's name, the key of its value in the answer.
	Name string
	// Title and Description are the schema's words for the field.
	Title, Description string
	// Type is "string", "number", "integer", "boolean" or "array" (a
	// multiple choice among Choices).
	Type string
	// Format is a string's format ("email", "uri", "date", "date-time").
	Format string
	// Required fields must be answered to accept.
	Required bool
	// Default is the schema's default value, or nil.
	Default any
	// Choices are the allowed values of a single or multiple choice, with
	// their titles.
	Choices []ElicitChoice
	// Min and Max bound a number (minimum, maximum), a string's length or
	// the number of choices of a multiple choice; nil when unbounded.
	Min, Max *float64
}

// ElicitChoice is one value of a choice and what to call it.
type ElicitChoice struct {
	Value string
	Title string
}

// Label names the field for a prompt: its title, else its name.
func (f ElicitField) Label() string {
	if f.Title != "" {
		return f.Title
	}
	return model.SanitizeLine(f.Name)
}

// elicitProperty is what Fields reads of one property.
type elicitProperty struct {
	Type        string          `json:"type"`
	Title       string          `json:"title"`
	Description string          `json:"description"`
	Format      string          `json:"format"`
	Default     json.RawMessage `json:"default"`
	Enum        []any           `json:"enum"`
	EnumNames   []string        `json:"enumNames"`
	OneOf       []constTitle    `json:"oneOf"`
	AnyOf       []constTitle    `json:"anyOf"`
	Items       *elicitProperty `json:"items"`
	Minimum     *float64        `json:"minimum"`
	Maximum     *float64        `json:"maximum"`
	MinLength   *float64        `json:"minLength"`
	MaxLength   *float64        `json:"maxLength"`
	MinItems    *float64        `json:"minItems"`
	MaxItems    *float64        `json:"maxItems"`
}

type constTitle struct {
	Const any    `json:"const"`
	Title string `json:"title"`
}

// choices returns the property's choices: enum (with the legacy enumNames),
// or oneOf / anyOf of consts.
func (p *elicitProperty) choices() []ElicitChoice {
	var out []ElicitChoice
	for i, v := range p.Enum {
		c := ElicitChoice{Value: fmt.Sprint(v)}
		if i < len(p.EnumNames) {
			c.Title = model.SanitizeLine(p.EnumNames[i])
		}
		out = append(out, c)
	}
	for _, o := range append(p.OneOf, p.AnyOf...) {
		if o.Const != nil {
			out = append(out, ElicitChoice{Value: fmt.Sprint(o.Const), Title: model.SanitizeLine(o.Title)})
		}
	}
	for i := range out {
		out[i].Value = model.SanitizeLine(out[i].Value)
	}
	return out
}

// Fields reads the requested schema's properties, in the order the server
// declared them.
func (e Elicitation) Fields() ([]ElicitField, error) {
	if len(e.Schema) == 0 {
		return nil, nil
	}
	var top struct {
		Properties json.RawMessage `json:"properties"`
		Required   []string        `json:"required"`
	}
	if err := json.Unmarshal(e.Schema, &top); err != nil {
		return nil, fmt.Errorf("requested schema: %w", err)
	}
	names, values, err := objectInOrder(top.Properties)
	if err != nil {
		return nil, fmt.Errorf("requested schema properties: %w", err)
	}
	required := map[string]bool{}
	for _, r := range top.Required {
		required[r] = true
	}
	fields := make([]ElicitField, 0, len(names))
	for i, name := range names {
		var p elicitProperty
		if err := json.Unmarshal(values[i], &p); err != nil {
			return nil, fmt.Errorf("requested schema property %q: %w", model.SanitizeLine(name), err)
		}
		f := ElicitField{
			Name:        name,
			Title:       model.SanitizeLine(p.Title),
			Description: model.SanitizeLine(p.Description),
			Type:        p.Type,
			Format:      model.SanitizeLine(p.Format),
			Required:    required[name],
			Choices:     p.choices(),
			Min:         p.Minimum,
			Max:         p.Maximum,
		}
		switch {
		case p.Type == "string" && f.Min == nil && f.Max == nil:
			f.Min, f.Max = p.MinLength, p.MaxLength
		case p.Type == "array":
			f.Min, f.Max = p.MinItems, p.MaxItems
			if p.Items != nil {
				f.Choices = p.Items.choices()
			}
		case p.Type == "" && len(f.Choices) > 0:
			f.Type = "string"
		}
		if len(p.Default) > 0 && string(p.Default) != "null" {
			_ = json.Unmarshal(p.Default, &f.Default)
		}
		fields = append(fields, f)
	}
	return fields, nil
}

// Defaults returns the value of every field whose schema has a default: the
// content of an answer that accepts a form pre-filled with its defaults and
// left as it is.
func (e Elicitation) Defaults() (map[string]any, error) {
	fields, err := e.Fields()
	if err != nil {
		return nil, err
	}
	content := map[string]any{}
	for _, f := range fields {
		if f.Default != nil {
			content[f.Name] = f.Default
		}
	}
	return content, nil
}

// Parse reads a value for the field from text as a person types it: a
// number, yes or no, a choice by value, title or number in the list, or for
// a multiple choice such choices separated by commas. It checks the type,
// the choices and the bounds.
func (f ElicitField) Parse(text string) (any, error) {
	text = strings.TrimSpace(text)
	switch f.Type {
	case "boolean":
		switch strings.ToLower(text) {
		case "y", "yes", "true", "1", "on":
			return true, nil
		case "n", "no", "false", "0", "off":
			return false, nil
		}
		return nil, errors.New("answer yes or no")
	case "integer", "number":
		n, err := strconv.ParseFloat(text, 64)
		if err != nil || math.IsInf(n, 0) || math.IsNaN(n) {
			return nil, fmt.Errorf("%q is not a number", text)
		}
		if f.Type == "integer" && n != math.Trunc(n) {
			return nil, fmt.Errorf("%q is not a whole number", text)
		}
		if err := f.bounds(n, "the value"); err != nil {
			return nil, err
		}
		if f.Type == "integer" {
			return int64(n), nil
		}
		return n, nil
	case "array":
		var picked []any
		for part := range strings.SplitSeq(text, ",") {
			if part = strings.TrimSpace(part); part == "" {
				continue
			}
			v, err := f.choose(part)
			if err != nil {
				return nil, err
			}
			picked = append(picked, v)
		}
		if err := f.bounds(float64(len(picked)), "the number of choices"); err != nil {
			return nil, err
		}
		if picked == nil {
			picked = []any{}
		}
		return picked, nil
	}
	if len(f.Choices) > 0 {
		return f.choose(text)
	}
	if err := f.bounds(float64(len([]rune(text))), "the length"); err != nil {
		return nil, err
	}
	if err := checkFormat(f.Format, text); err != nil {
		return nil, err
	}
	return text, nil
}

// Pick reads the values picked for a multiple choice (by value, title or
// number, as Parse reads each), and checks their number.
func (f ElicitField) Pick(values []string) ([]any, error) {
	picked := []any{}
	for _, s := range values {
		v, err := f.choose(strings.TrimSpace(s))
		if err != nil {
			return nil, err
		}
		picked = append(picked, v)
	}
	if err := f.bounds(float64(len(picked)), "the number of choices"); err != nil {
		return nil, err
	}
	return picked, nil
}

// checkFormat checks a string against the formats an elicitation may ask
// for (email, uri, date, date-time); other formats are not checked.
func checkFormat(format, s string) error {
	switch format {
	case "email":
		if a, err := mail.ParseAddress(s); err != nil || a.Address != s || !strings.Contains(a.Address, ".") {
			return fmt.Errorf("%q is not an email address (name@example.com)", s)
		}
	case "uri":
		if u, err := url.Parse(s); err != nil || u.Scheme == "" || u.Opaque == "" && u.Host == "" && u.Path == "" {
			return fmt.Errorf("%q is not a URI (https://example.com/…)", s)
		}
	case "date":
		if _, err := time.Parse(time.DateOnly, s); err != nil {
			return fmt.Errorf("%q is not a date (2026-05-01)", s)
		}
	case "date-time":
		if _, err := time.Parse(time.RFC3339, s); err != nil {
			return fmt.Errorf("%q is not a date and time (2026-05-01T09:30:00Z)", s)
		}
	}
	return nil
}

// choose finds a choice by value, title (ignoring case) or number.
func (f ElicitField) choose(s string) (any, error) {
	if len(f.Choices) == 0 {
		return s, nil
	}
	for _, c := range f.Choices {
		if c.Value == s {
			return c.Value, nil
		}
	}
	for _, c := range f.Choices {
		if c.Title != "" && strings.EqualFold(c.Title, s) || strings.EqualFold(c.Value, s) {
			return c.Value, nil
		}
	}
	if n, err := strconv.Atoi(s); err == nil && n >= 1 && n <= len(f.Choices) {
		return f.Choices[n-1].Value, nil
	}
	return nil, fmt.Errorf("%q is not one of the choices", s)
}

func (f ElicitField) bounds(n float64, what string) error {
	switch {
	case f.Min != nil && n < *f.Min:
		return fmt.Errorf("%s must be at least %v", what, *f.Min)
	case f.Max != nil && n > *f.Max:
		return fmt.Errorf("%s must be at most %v", what, *f.Max)
	}
	return nil
}

// objectInOrder returns the members of a JSON object in the order written.
func objectInOrder(raw json.RawMessage) ([]string, []json.RawMessage, error) {
	if len(bytes.TrimSpace(raw)) == 0 {
		return nil, nil, nil
	}
	dec := jsontext.NewDecoder(bytes.NewReader(raw), jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	if err := readDelim(dec, '{', "not an object"); err != nil {
		return nil, nil, err
	}
	var (
		names  []string
		values []json.RawMessage
	)
	for dec.PeekKind() != '}' {
		tok, err := dec.ReadToken()
		if err != nil {
			return nil, nil, err
		}
		name := tok.String()
		v, err := dec.ReadValue()
		if err != nil {
			return nil, nil, err
		}
		names = append(names, name)
		values = append(values, json.RawMessage(bytes.Clone(v)))
	}
	return names, values, nil
}
