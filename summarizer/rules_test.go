package summarizer

import (
	"strconv"
	"strings"
	"testing"

	"mcpeek/model"
)

func parse(t testing.TB, schema string) *model.Schema {
	t.Helper()
	s, err := model.ParseSchema([]byte(schema))
	if err != nil {
		t.Fatalf("parse %s: %v", schema, err)
	}
	return s
}

func fold(path string, n int) string {
	return path + " (contains " + strconv.Itoa(n) + " sub-fields; inspect_tool_output(..., field_path=\"" + strings.SplitN(path, ":", 2)[0] + "\"))"
}

// TestReadingRules holds each reading rule of docs/summary.md ("Reading
// schemas") to the summary lines it must produce.
func TestReadingRules(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, schema string
		want         []string
		hidden       bool
	}{
		{
			name: "cyclic $ref stops at the repeated ref",
			schema: `{"$ref":"#/$defs/Node","$defs":{"Node":{"type":"object","properties":{
				"id":{"type":"string"},"next":{"$ref":"#/$defs/Node"}}}}}`,
			want:   []string{"id: string", fold("next: object", 2)},
			hidden: true,
		},
		{
			name: "a $ref cycle with nothing in between is any",
			schema: `{"type":"object","properties":{"x":{"$ref":"#/$defs/A"}},
				"$defs":{"A":{"$ref":"#/$defs/B"},"B":{"$ref":"#/$defs/A"}}}`,
			want: []string{"x: any"},
		},
		{
			name: "allOf of refs merges properties, first definition wins",
			schema: `{"allOf":[{"$ref":"#/$defs/Base"},{"$ref":"#/$defs/Extra"}],"$defs":{
				"Base":{"type":"object","properties":{"id":{"type":"integer"},"name":{"type":"string"}}},
				"Extra":{"type":"object","properties":{"name":{"type":"integer"},"note":{"type":"string"}}}}}`,
			want: []string{"id: integer", "name: string", "note: string"},
		},
		{
			name: "nullable anyOf keeps the label and adds | null",
			schema: `{"type":"object","properties":{
				"a":{"anyOf":[{"type":"string"},{"type":"null"}]},
				"b":{"oneOf":[{"type":"null"},{"$ref":"#/$defs/O"}]}},
				"$defs":{"O":{"type":"object","properties":{"x":{"type":"string"},"y":{"type":"string"}}}}}`,
			want: []string{"a: string | null", "b: object | null", "b.x: string", "b.y: string"},
		},
		{
			name: "union of objects is one object with the union of properties",
			schema: `{"type":"object","properties":{"pay":{"oneOf":[
				{"type":"object","properties":{"card":{"type":"string"},"amount":{"type":"number"}}},
				{"type":"object","properties":{"iban":{"type":"string"},"amount":{"type":"number"}}}]}}}`,
			want: []string{"pay: object", "pay.amount: number", "pay.card: string", "pay.iban: string"},
		},
		{
			name: "union of different kinds is labelled union, without children",
			schema: `{"type":"object","properties":{"customer":{"anyOf":[{"type":"string"},
				{"type":"object","properties":{"id":{"type":"string"}}}]}}}`,
			want: []string{"customer: union"},
		},
		{
			name:   "array of arrays",
			schema: `{"type":"object","properties":{"dims":{"type":"array","items":{"type":"array","items":{"type":"number"}}}}}`,
			want:   []string{"dims[][]: number"},
		},
		{
			name:   "array without items is any",
			schema: `{"type":"object","properties":{"bag":{"type":"array"}}}`,
			want:   []string{"bag[]: any"},
		},
		{
			name:   "object without properties has unknown keys",
			schema: `{"type":"object","properties":{"metadata":{"type":"object","additionalProperties":{"type":"string"}}}}`,
			want:   []string{`metadata: object (unknown keys; inspect_tool_output(..., field_path="metadata"))`},
			hidden: true,
		},
		{
			name:   "empty properties: known, and nothing hidden",
			schema: `{"type":"object","properties":{"empty":{"type":"object","properties":{}}}}`,
			want:   []string{"empty: object"},
		},
		{
			name: "envelope: data is the root",
			schema: `{"type":"object","properties":{"successful":{"type":"boolean"},
				"data":{"type":"object","properties":{"thread_id":{"type":"string"}}},"error":{"type":["string","null"]}}}`,
			want: []string{"thread_id: string"},
		},
		{
			name: "a list object with a data property but no envelope keys keeps data",
			schema: `{"type":"object","properties":{"object":{"type":"string"},
				"data":{"type":"array","items":{"type":"object","properties":{"id":{"type":"string"}}}}}}`,
			want: []string{"object: string", "data[]: object", "data[].id: string"},
		},
		{
			name:   "array root: paths start with []",
			schema: `{"type":"array","items":{"type":"object","properties":{"id":{"type":"integer"},"tags":{"type":"array","items":{"type":"string"}}}}}`,
			want:   []string{"[].id: integer", "[].tags[]: string"},
		},
		{
			name:   "primitive root",
			schema: `{"type":"string"}`,
			want:   []string{"(root): string"},
		},
		{
			name:   "array of primitives root",
			schema: `{"type":"array","items":{"type":["string","null"]}}`,
			want:   []string{"(root)[]: string | null"},
		},
		{
			name:   "root object with unknown keys",
			schema: `{"type":"object"}`,
			want:   []string{`(root): object (unknown keys; inspect_tool_output(..., field_path=""))`},
			hidden: true,
		},
		{
			name:   "shorthand schema becomes the canonical envelope",
			schema: `{"data":{"threadId":"str","labels":"list[str]","meta":{"count":"int | None"}}}`,
			want:   []string{"threadId: string", "labels[]: string", "meta: object", "meta.count: integer | null"},
		},
		{
			name:   "type arrays: several non-null types are joined",
			schema: `{"type":"object","properties":{"v":{"type":["string","integer","null"]},"w":{"type":["null","boolean"]}}}`,
			want:   []string{"v: string | integer | null", "w: boolean | null"},
		},
		{
			name:   "boolean schemas: true is any, false cannot appear",
			schema: `{"type":"object","properties":{"t":true,"f":false,"e":{}}}`,
			want:   []string{"t: any", "e: any"},
		},
		{
			name: "no type: enum, const and properties decide",
			schema: `{"type":"object","properties":{"n":{"enum":[1,2]},"f":{"enum":[1.5]},"c":{"const":"x"},
				"o":{"enum":[null,"a"]},"p":{"properties":{"q":{"type":"string"}}},"i":{"items":{"type":"string"}}}}`,
			want: []string{"n: integer", "f: number", "c: string", "o: string | null", "p: object", "i[]: string", "p.q: string"},
		},
		{
			name: "$ref with siblings is allOf [target, siblings]",
			schema: `{"type":"object","properties":{"price":{"$ref":"#/$defs/Money","properties":{"note":{"type":"string"}}}},
				"$defs":{"Money":{"type":"object","properties":{"amount":{"type":"string"}}}}}`,
			want: []string{"price: object", "price.amount: string", "price.note: string"},
		},
		{
			name:   "network refs are never fetched: any",
			schema: `{"type":"object","properties":{"x":{"$ref":"https://example.com/x.json"},"y":{"$ref":"#/nowhere"}}}`,
			want:   []string{"x: any", "y: any"},
		},
		{
			name: "definitions and components/schemas pointers",
			schema: `{"type":"object","properties":{"a":{"$ref":"#/definitions/A"},"b":{"$ref":"#/components/schemas/B"}},
				"definitions":{"A":{"type":"string"}},"components":{"schemas":{"B":{"type":"integer"}}}}`,
			want: []string{"a: string", "b: integer"},
		},
		{
			name:   "OpenAPI nullable: true",
			schema: `{"type":"object","properties":{"a":{"type":"string","nullable":true}}}`,
			want:   []string{"a: string | null"},
		},
		{
			name:   "alternatives that only add constraints are ignored",
			schema: `{"type":"object","properties":{"d":{"type":"string","anyOf":[{"format":"date"},{"format":"date-time"}]}}}`,
			want:   []string{"d: string"},
		},
		{
			name:   "alternatives with the same label give that label",
			schema: `{"type":"object","properties":{"d":{"oneOf":[{"type":"string","format":"date"},{"type":"string","maxLength":3}]}}}`,
			want:   []string{"d: string"},
		},
		{
			name:   "unknown keywords are ignored",
			schema: `{"type":"object","x-vendor":{"weird":true},"properties":{"a":{"type":"string","x-secret":1,"type2":"integer"}}}`,
			want:   []string{"a: string"},
		},
		{
			// A name holding "." is written as it is (the inspector
			// reads it back by the longest property name first).
			name:   "property names containing dots",
			schema: `{"type":"object","properties":{"a.b":{"type":"object","properties":{"c":{"type":"string"}}}}}`,
			want:   []string{"a.b: object", "a.b.c: string"},
		},
		{
			name:   "wrong types inside a schema are tolerated",
			schema: `{"type":"object","properties":{"a":{"type":5},"b":{"properties":"x"},"c":["not","a","schema"],"d":{"items":7}}}`,
			want:   []string{"a: any", "b: object (unknown keys; inspect_tool_output(..., field_path=\"b\"))", "c: any", "d[]: any"},
			hidden: true,
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := Summarize(parse(t, c.schema), Options{})
			if strings.Join(got.OutputFields(), "\n") != strings.Join(c.want, "\n") {
				t.Errorf("lines differ\n got: %q\nwant: %q", got.OutputFields(), c.want)
			}
			if got.HasHiddenFields != c.hidden {
				t.Errorf("has_hidden_fields = %v, want %v", got.HasHiddenFields, c.hidden)
			}
		})
	}
}
