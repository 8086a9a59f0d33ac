package summarizer

import (
	"slices"
	"testing"
)

// stepsOf maps each line's path to the step that chose it.
func stepsOf(lines []Line) map[string]Step {
	m := map[string]Step{}
	for _, l := range lines {
		m[l.Written()] = l.Step
	}
	return m
}

// Step 3.5 and the error members: {errors[], order} is a lone wrapper,
// errors[] comes after the top level's leaves, and inside the wrapper no
// container is set apart by its name.
func TestErrorMembersDoNotHideTheWrappedEntity(t *testing.T) {
	t.Parallel()
	schema := `{"type":"object","properties":{
		"errors":{"type":"array","items":{"type":"object","properties":{"code":{"type":"string"},"detail":{"type":"string"}}}},
		"order":{"type":"object","properties":{
			"id":{"type":"string"},
			"error":{"type":"object","properties":{"reason":{"type":"string"}}},
			"tenders":{"type":"array","items":{"type":"object","properties":{"type":{"type":"string"},"note":{"type":"string"}}}},
			"state":{"type":"string"}}},
		"cursor":{"type":"string"}}}`
	got := Summarize(parse(t, schema), Options{MaxFields: 6})
	want := []string{
		fold("errors[]: object", 2),
		fold("order: object", 4),
		"cursor: string",
		"order.id: string",
		fold("order.error: object", 1), // a container inside the wrapper, not set apart
		fold("order.tenders[]: object", 2),
	}
	if !slices.Equal(got.OutputFields(), want) {
		t.Errorf("lines differ\n got: %q\nwant: %q", got.OutputFields(), want)
	}
	steps := stepsOf(got.Lines)
	for path, step := range map[string]Step{
		"order": StepContainer, "cursor": StepLeaf, "errors[]": StepErrors,
		"order.id": StepWrappedTier1, "order.error": StepWrappedContainer, "order.tenders[]": StepWrappedContainer,
	} {
		if steps[path] != step {
			t.Errorf("%s chosen by %q, want %q", path, steps[path], step)
		}
	}
	// With two containers beside errors there is no lone wrapper.
	two := `{"type":"object","properties":{"error":{"type":"object","properties":{"m":{"type":"string"}}},
		"a":{"type":"object","properties":{"x":{"type":"string"}}},"b":{"type":"object","properties":{"y":{"type":"string"}}}}}`
	for _, l := range Summarize(parse(t, two), Options{}).Lines {
		if l.Step >= StepWrappedTier1 && l.Step <= StepWrappedLink {
			t.Errorf("%s chosen by %q: two payload containers are no lone wrapper", l.Path, l.Step)
		}
	}
}

// The recursion rule tests a node's primary $ref: a base type shared
// through allOf is not recursion, a real cycle is.
func TestRecursionOnThePrimaryRef(t *testing.T) {
	t.Parallel()
	schema := `{"$ref":"#/$defs/Folder","$defs":{
		"Entity":{"type":"object","properties":{"id":{"type":"string"}}},
		"File":{"allOf":[{"$ref":"#/$defs/Entity"},{"properties":{"size":{"type":"integer"}}}]},
		"Folder":{"allOf":[{"$ref":"#/$defs/Entity"},{"properties":{
			"entries":{"type":"array","items":{"$ref":"#/$defs/File"}},
			"parent":{"$ref":"#/$defs/Folder"}}}]}}}`
	got := Summarize(parse(t, schema), Options{})
	want := []string{"id: string", "entries[]: object", fold("parent: object", 3), "entries[].id: string", "entries[].size: integer"}
	if !slices.Equal(got.OutputFields(), want) {
		t.Errorf("lines differ\n got: %q\nwant: %q", got.OutputFields(), want)
	}
	in, err := Inspect(parse(t, schema), "parent", Options{})
	if err != nil {
		t.Fatal(err)
	}
	// Inspecting the fold opens it one level; its own parent is folded again.
	if !slices.Contains(in.FlattenedFields, `parent: object (contains 3 sub-fields; inspect_tool_output(..., field_path="parent.parent"))`) {
		t.Errorf("parent.parent should be a fold: %q", in.FlattenedFields)
	}
}

// The inspector's three passes: children, then Tier 1 leaves two levels
// down, then the rest breadth-first, output in the order chosen.
func TestInspectThreePasses(t *testing.T) {
	t.Parallel()
	schema := `{"type":"object","properties":{
		"a":{"type":"object","properties":{"x":{"type":"string"},"y":{"type":"string"},"deep":{"type":"object","properties":{"id":{"type":"string"}}}}},
		"b":{"type":"object","properties":{"note":{"type":"string"},"amount":{"type":"integer"}}},
		"n":{"type":"integer"}}}`
	got, err := Inspect(parse(t, schema), "", Options{MaxFields: 6})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{fold("a: object", 3), fold("b: object", 2), "n: integer", "b.amount: integer", "a.x: string", "a.y: string"}
	if !slices.Equal(got.FlattenedFields, want) || !got.Truncated {
		t.Errorf("flattened_fields (truncated %v)\n got: %q\nwant: %q", got.Truncated, got.FlattenedFields, want)
	}
	steps := []Step{PassChild, PassChild, PassChild, PassGrandTier1, PassRest, PassRest}
	for i, l := range got.Flattened {
		if l.Step != steps[i] {
			t.Errorf("%s chosen by %q, want %q", l.Path, l.Step, steps[i])
		}
	}
	// Everything fits: nothing is truncated, and a.deep.id (three levels
	// down) comes in pass 3.
	got, _ = Inspect(parse(t, schema), "", Options{})
	if got.Truncated || got.FlattenedFields[len(got.FlattenedFields)-1] != "a.deep.id: string" {
		t.Errorf("all fits: truncated %v, %q", got.Truncated, got.FlattenedFields)
	}
}

// Every summary line says which step chose it; the names are docs/summary.md's.
func TestStepNames(t *testing.T) {
	t.Parallel()
	for step, want := range map[Step]string{
		StepTier1: "3.1 Tier 1 top level", StepWrappedContainer: "3.5 wrapped entity, container",
		StepDeepTier1: "3.6 deeper Tier 1", StepErrors: "3.4 error member", PassGrandTier1: "pass 2 Tier 1 two levels down",
	} {
		if step.String() != want {
			t.Errorf("%d: %q, want %q", step, step.String(), want)
		}
	}
	for _, l := range Summarize(mustSchema(t, "testdata/square_order.output.json"), Options{}).Lines {
		if l.Step == StepNone {
			t.Errorf("%s has no step", l.Path)
		}
	}
}

// A declared `type: "null"` beside oneOf of objects (a deployment API's
// gitRepo) is one nullable object with every alternative's fields: the
// third one used to be unreachable ("not found").
func TestNullTypeBesideOneOfKeepsEveryField(t *testing.T) {
	t.Parallel()
	s := parse(t, `{"type":"object","properties":{"result":{"type":"object","properties":{"gitRepo":{"type":"null","oneOf":[
		{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}}},
		{"type":"object","properties":{"a":{"type":"string"},"c":{"type":"string"}}}]}}}}}`)
	want := []string{"result: object", "result.gitRepo: object | null", "result.gitRepo.a: string", "result.gitRepo.b: string", "result.gitRepo.c: string"}
	if got := Summarize(s, Options{}).OutputFields(); !slices.Equal(got, want) {
		t.Errorf("lines differ\n got: %q\nwant: %q", got, want)
	}
	if in, err := Inspect(s, "result.gitRepo.c", Options{}); err != nil || in.NodeType != "string" {
		t.Errorf("inspect result.gitRepo.c: %+v, %v", in, err)
	}
}
