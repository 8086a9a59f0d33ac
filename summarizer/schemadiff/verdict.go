package schemadiff

import (
	"net/url"
	"strconv"
	"strings"

	"mcpeek/model"
)

// verdict classes a difference found keyword by keyword: its class and
// kind, and why when the class needs saying (unknown).
type verdict struct {
	class Class
	kind  Kind
	why   string
}

// routing classes a difference in what a model reads.
func routing(kind Kind) *verdict { return &verdict{Routing, kind, ""} }

// The keywords a schema's words are in, besides description: what a model
// reads, no validator checks.
var wordKeywords = map[string]bool{
	"title": true, "$comment": true, "deprecated": true, "readOnly": true, "writeOnly": true,
	"contentEncoding": true, "contentMediaType": true, "contentSchema": true,
}

// The keywords of a validating subschema or an identity the shape
// comparison does not read: a change there may refuse a caller or not.
var uncomparedKeywords = map[string]bool{
	"not": true, "if": true, "then": true, "else": true, "dependentSchemas": true, "propertyNames": true,
	"contains": true, "unevaluatedItems": true, "prefixItems": true, "patternProperties": true,
	"$id": true, "$anchor": true, "$dynamicRef": true, "$dynamicAnchor": true, "$schema": true, "$vocabulary": true,
	"dependencies": true, "additionalItems": true,
}

// The bounds whose raising tightens (lower bounds) or loosens (upper
// bounds) what a schema accepts.
var (
	lowerBounds = map[string]bool{"minimum": true, "exclusiveMinimum": true, "minLength": true, "minItems": true, "minContains": true, "minProperties": true}
	upperBounds = map[string]bool{"maximum": true, "exclusiveMaximum": true, "maxLength": true, "maxItems": true, "maxContains": true, "maxProperties": true}
)

// keywordVerdict classes a difference at a keyword the shape comparison
// does not read, on a side of a tool. read says whether the schema it is
// in is used at all (not a definition no $ref points to): a constraint
// there validates nothing, and its change is compatible (nil).
func keywordVerdict(name string, side Side, x, y *model.Value, read bool) *verdict {
	switch {
	case wordKeywords[name]:
		return routing(SchemaWordsChanged)
	case name == "examples" || name == "example":
		return routing(ExamplesChanged)
	case name == "default":
		return routing(DefaultChanged)
	case !read && (uncomparedKeywords[name] || lowerBounds[name] || upperBounds[name] || constraintWhy[name] != ""):
		return nil
	case uncomparedKeywords[name]:
		return &verdict{Unknown, KeywordNotCompared, "mcpeek does not compare " + name + " by meaning: it may accept more or less than before"}
	case constraintWhy[name] != "":
		return &verdict{Unknown, ConstraintChanged, constraintWhy[name]}
	case lowerBounds[name], upperBounds[name], name == "uniqueItems":
		return boundVerdict(name, side, x, y)
	}
	return routing(ExtensionChanged) // x-... and keywords validators ignore: only a model reads them
}

// constraintWhy says, of each constraint whose change the diff cannot
// order, why.
var constraintWhy = map[string]string{
	"pattern":           "whether the new pattern accepts more or less than the old cannot be decided",
	"format":            "a format may or may not be checked, and formats do not order",
	"multipleOf":        "whether the new multipleOf accepts more or less depends on both values",
	"dependentRequired": "properties required together changed: whether more or fewer calls are refused depends on what callers send",
}

// boundVerdict classes a bound that changed: tightened when it accepts
// less (a lower bound raised or added, an upper bound lowered or added,
// uniqueItems made true), loosened when it accepts more; breaking on an
// input tightened or an output loosened. A bound that is not a number is
// unknown.
func boundVerdict(name string, side Side, x, y *model.Value) *verdict {
	var tighter, looser bool
	if name == "uniqueItems" {
		ox, oy := x != nil && x.Kind == model.JSONBool && x.Bool, y != nil && y.Kind == model.JSONBool && y.Bool
		tighter, looser = !ox && oy, ox && !oy
	} else {
		a, okA := number(x)
		b, okB := number(y)
		switch {
		case x != nil && !okA || y != nil && !okB:
			return &verdict{Unknown, ConstraintChanged, name + " is not a number"}
		case x == nil:
			tighter = true
		case y == nil:
			looser = true
		case lowerBounds[name]:
			tighter, looser = b > a, b < a
		default:
			tighter, looser = b < a, b > a
		}
	}
	switch {
	case !tighter && !looser:
		return nil // the same bound, written otherwise
	case side == OnInput && tighter:
		return &verdict{Breaking, InputConstraintTightened, "callers that send what it now refuses are refused"}
	case side == OnInput:
		return &verdict{Compatible, InputConstraintLoosened, ""}
	case tighter:
		return &verdict{Compatible, OutputConstraintTightened, ""}
	}
	return &verdict{Breaking, OutputConstraintLoosened, "the output may hold values callers were promised it would not"}
}

func number(v *model.Value) (float64, bool) {
	if v == nil || v.Kind != model.JSONNumber {
		return 0, false
	}
	f, err := strconv.ParseFloat(v.Str, 64)
	return f, err == nil
}

// executionVerdict classes a change of a tool's execution: its
// taskSupport breaks callers when it refuses a way of calling the old
// value allowed (a plain call where tasks become required, a task where
// they become forbidden); any other member changed is unknown.
func executionVerdict(x, y *model.Value) *verdict {
	taskSupport := func(v *model.Value) string {
		if t := v.Get("taskSupport").Text(); t != "" {
			return t
		}
		return "forbidden" // the protocol's default
	}
	allows := map[string][2]bool{"forbidden": {true, false}, "optional": {true, true}, "required": {false, true}} // plain, task
	a, okA := allows[taskSupport(x)]
	b, okB := allows[taskSupport(y)]
	switch {
	case !okA || !okB || taskSupport(x) == taskSupport(y):
		return &verdict{Unknown, ExecutionChanged, "the execution member changed in a way the diff does not know"}
	case a[0] && !b[0] || a[1] && !b[1]:
		return &verdict{Breaking, ExecutionChanged, "taskSupport now refuses a way of calling the tool that worked"}
	}
	return &verdict{Compatible, ExecutionChanged, "taskSupport now allows more ways of calling the tool"}
}

// resolves reports whether a $ref (a string) points to a place within the
// schema root: "#" or a JSON pointer from it.
func resolves(root, ref *model.Value) bool {
	if ref == nil {
		return true
	}
	text := ref.Text()
	if ref.Kind != model.JSONString || !strings.HasPrefix(text, "#") {
		return false
	}
	at := root
	for _, tok := range strings.Split(strings.TrimPrefix(text, "#"), "/")[1:] {
		tok = unescapePointer(tok)
		switch at.Kind {
		case model.JSONObject:
			at = at.Get(tok)
		case model.JSONArray:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(at.Items) {
				return false
			}
			at = at.Items[i]
		default:
			return false
		}
		if at == nil {
			return false
		}
	}
	return true
}

func unescapePointer(tok string) string {
	if u, err := url.PathUnescape(tok); err == nil {
		tok = u
	}
	return strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
}
