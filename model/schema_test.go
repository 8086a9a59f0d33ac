package model

import (
	"strings"
	"testing"
)

// sketch writes a resolved node compactly, depth levels down:
// object{id*:string,tags:array<string>,meta:object|null{…}}.
func sketch(n *Node, depth int) string {
	label := n.Label()
	switch n.Shape {
	case Array:
		if depth == 0 {
			return "array<…>"
		}
		return "array<" + sketch(n.Items(), depth-1) + ">"
	case Object:
		if !n.KnownKeys {
			return label + "{?}"
		}
		if depth == 0 {
			return label + "{…}"
		}
		var parts []string
		for i, p := range n.Props {
			name := p.Name
			if p.Required {
				name += "*"
			}
			parts = append(parts, name+":"+sketch(n.Child(i), depth-1))
		}
		return label + "{" + strings.Join(parts, ",") + "}"
	case Union:
		var parts []string
		for i := range n.Alts {
			parts = append(parts, sketch(n.Alt(i), depth-1))
		}
		return label + "(" + strings.Join(parts, "|") + ")"
	}
	return label
}

func parseRoot(t *testing.T, schema string) *Schema {
	t.Helper()
	s, err := ParseSchema([]byte(schema))
	if err != nil {
		t.Fatalf("%s: %v", schema, err)
	}
	return s
}

func TestReaderRules(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ name, schema, want string }{
		{"types and required", `{"type":"object","required":["id"],"properties":{"id":{"type":"string"},"n":{"type":"integer"}}}`,
			"object{id*:string,n:integer}"},
		{"declaration order kept", `{"properties":{"z":{"type":"string"},"a":{"type":"string"},"m":{"type":"string"}}}`,
			"object{z:string,a:string,m:string}"},
		{"$ref to $defs", `{"$ref":"#/$defs/x","$defs":{"x":{"type":"object","properties":{"a":{"type":"boolean"}}}}}`,
			"object{a:boolean}"},
		{"$ref to definitions and components", `{"type":"object","properties":{"a":{"$ref":"#/definitions/A"},"b":{"$ref":"#/components/schemas/B"}},
			"definitions":{"A":{"type":"number"}},"components":{"schemas":{"B":{"type":"string"}}}}`,
			"object{a:number,b:string}"},
		{"$ref with siblings is allOf", `{"$ref":"#/$defs/x","properties":{"extra":{"type":"string"}},"$defs":{"x":{"type":"object","properties":{"a":{"type":"integer"}}}}}`,
			"object{a:integer,extra:string}"},
		{"unresolvable and network $ref are any", `{"type":"object","properties":{"a":{"$ref":"#/$defs/missing"},"b":{"$ref":"https://example.com/s.json"}}}`,
			"object{a:any,b:any}"},
		{"$anchor", `{"type":"object","properties":{"a":{"$ref":"#thing"}},"$defs":{"t":{"$anchor":"thing","type":"integer"}}}`,
			"object{a:integer}"},
		{"allOf merge: first definition wins, order of appearance", `{"allOf":[{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}}},
			{"type":"object","properties":{"b":{"type":"integer"},"c":{"type":"integer"}}}]}`,
			"object{a:string,b:string,c:integer}"},
		{"anyOf with null is nullable", `{"anyOf":[{"type":"string"},{"type":"null"}]}`, "string | null"},
		{"type array with null", `{"type":["object","null"],"properties":{"a":{"type":"string"}}}`, "object | null{a:string}"},
		{"several types", `{"type":["string","integer"]}`, "string | integer"},
		{"OpenAPI nullable", `{"type":"integer","nullable":true}`, "integer | null"},
		{"constraint-only alternatives ignored", `{"type":"string","anyOf":[{"format":"date"},{"format":"date-time"}]}`, "string"},
		{"objects merged", `{"oneOf":[{"type":"object","properties":{"a":{"type":"string"}}},{"type":"object","properties":{"b":{"type":"string"}}}]}`,
			"object{a:string,b:string}"},
		{"same label merged", `{"anyOf":[{"type":"string","format":"date"},{"type":"string","maxLength":3}]}`, "string"},
		{"a real union", `{"anyOf":[{"type":"string"},{"type":"object","properties":{"id":{"type":"string"}}}]}`,
			"union(string|object{id:string})"},
		{"no type: inferred", `{"type":"object","properties":{"p":{"properties":{}},"i":{"items":{"type":"string"}},"e":{"enum":["a",null]},"c":{"const":3},"x":{}}}`,
			"object{p:object{},i:array<string>,e:string | null,c:integer,x:any}"},
		{"boolean schemas", `{"type":"object","properties":{"yes":true,"no":false}}`, "object{yes:any}"},
		{"unknown keys", `{"type":"object","additionalProperties":{"type":"string"}}`, "object{?}"},
		{"prefixItems as a union of positions", `{"type":"array","prefixItems":[{"type":"string"},{"type":"integer"}]}`, "array<union(string|integer)>"},
		{"draft-04 tuple items", `{"type":"array","items":[{"type":"number"}]}`, "array<number>"},
		{"duplicate keys: last value, first place", `{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"},"a":{"type":"integer"}}}`,
			"object{a:integer,b:string}"},
		{"$ref cycle without a property is any", `{"$ref":"#/$defs/a","$defs":{"a":{"$ref":"#/$defs/b"},"b":{"$ref":"#/$defs/a"}}}`, "any"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := parseRoot(t, c.schema)
			if got := sketch(s.Root(), 4); got != c.want {
				t.Errorf("got  %s\nwant %s", got, c.want)
			}
		})
	}
}

// Recursion: a node reached through a $ref already on its path carries
// that ref, including a ref its ancestor reached through allOf.
func TestReaderRecursionKeys(t *testing.T) {
	t.Parallel()
	for _, schema := range []string{
		`{"$ref":"#/$defs/n","$defs":{"n":{"type":"object","properties":{"next":{"$ref":"#/$defs/n"}}}}}`,
		`{"type":"object","allOf":[{"$ref":"#/$defs/n"}],"$defs":{"n":{"type":"object","properties":{"next":{"$ref":"#/$defs/n"}}}}}`,
	} {
		s := parseRoot(t, schema)
		root := s.Root()
		next := root.Child(0)
		shared := false
		for _, r := range next.Refs {
			for _, a := range root.Refs {
				shared = shared || r == a
			}
		}
		if !shared {
			t.Errorf("%s: next's refs %v share none with the root's %v", schema, next.Refs, root.Refs)
		}
		if sketch(root, 3) != "object{next:object{next:object{next:object{…}}}}" {
			t.Errorf("recursive schema reads as %s", sketch(root, 3))
		}
	}
}

func TestReaderShorthandAndEnvelope(t *testing.T) {
	t.Parallel()
	s := parseRoot(t, `{"data":{"threadId":"str","count":"int","tags":"list[str]","note":"str | None","meta":"dict"}}`)
	root, enveloped := s.DataRoot()
	if !enveloped {
		t.Fatal("a shorthand data root is the canonical envelope's data")
	}
	if got := sketch(root, 2); got != "object{threadId:string,count:integer,tags:array<string>,note:string | null,meta:object{?}}" {
		t.Errorf("shorthand reads as %s", got)
	}
	s = parseRoot(t, `{"type":"object","properties":{"successful":{"type":"boolean"},"data":{"type":"array","items":{"type":"string"}},"error":{"type":"string"}}}`)
	if root, ok := s.DataRoot(); !ok || sketch(root, 1) != "array<string>" {
		t.Errorf("envelope data root: %v %s", ok, sketch(root, 1))
	}
	s = parseRoot(t, `{"type":"object","properties":{"data":{"type":"string"},"total":{"type":"integer"}}}`)
	if _, ok := s.DataRoot(); ok {
		t.Error("a property named data without successful or error is not an envelope")
	}
}

func TestReaderRefusesDeepNesting(t *testing.T) {
	t.Parallel()
	deep := strings.Repeat(`{"a":`, 1100) + "1" + strings.Repeat("}", 1100)
	if _, err := ParseSchema([]byte(deep)); err == nil || !strings.Contains(err.Error(), "nesting deeper than 1000 levels") {
		t.Fatalf("nesting over 1,000 levels: %v", err)
	}
}

// The type rules of allOf and anyOf/oneOf: allOf allows what every part
// allows; nested alternatives are flattened; a declared type beside
// alternatives that resolve to more than any does not pick one of them.
func TestReaderTypeRules(t *testing.T) {
	t.Parallel()
	const defs = `"$defs":{"Obj":{"type":"object","properties":{"g":{"type":"string"}}},
		"NullObj":{"type":["object","null"],"properties":{"e":{"type":"string"}}}}`
	for _, c := range []struct{ name, schema, want string }{
		// allOf: the intersection of the parts' types.
		{"allOf object with a nullable object is object", `{"allOf":[{"$ref":"#/$defs/Obj"},{"type":["object","null"]}],` + defs + `}`, "object{g:string}"},
		{"$ref beside type is allOf", `{"$ref":"#/$defs/Obj","type":["object","null"],` + defs + `}`, "object{g:string}"},
		{"allOf of a nullable ref and a description stays nullable", `{"allOf":[{"$ref":"#/$defs/NullObj"},{"description":"d"}],` + defs + `}`, "object | null{e:string}"},
		{"allOf string | null with string is string", `{"allOf":[{"type":["string","null"]},{"type":"string","format":"date"}]}`, "string"},
		{"allOf integer is within number", `{"allOf":[{"type":"number"},{"type":"integer"}]}`, "integer"},
		{"allOf keeps the shared types in order", `{"allOf":[{"type":["string","integer","boolean"]},{"type":["boolean","string"]}]}`, "string | boolean"},
		{"allOf picks object out of several types", `{"allOf":[{"type":["object","string"]},{"properties":{"a":{"type":"string"}}}]}`, "object{a:string}"},
		{"allOf contradiction lists the declared types", `{"allOf":[{"type":"string"},{"type":"integer"}]}`, "string | integer"},
		{"allOf of a union and a string is string", `{"allOf":[{"anyOf":[{"type":"string"},{"type":"integer"}]},{"type":"string"}]}`, "string"},
		{"OpenAPI nullable beside allOf still says nullable", `{"allOf":[{"$ref":"#/$defs/Obj"}],"nullable":true,` + defs + `}`, "object | null{g:string}"},
		// anyOf/oneOf: flattening and nullability.
		{"nested anyOf with null is flattened", `{"anyOf":[{"type":"integer"},{"anyOf":[{},{"type":"null"}]}]}`, "union | null(integer|any)"},
		{"a nullable alternative makes the node nullable", `{"anyOf":[{"type":"string"},{"type":["string","null"]}]}`, "string | null"},
		{"a nullable alternative beside a declared type", `{"type":"string","anyOf":[{"anyOf":[{"format":"date"},{"type":"null"}]}]}`, "string | null"},
		{"nested oneOf of objects merges", `{"anyOf":[{"$ref":"#/$defs/Obj"},{"oneOf":[{"type":"object","properties":{"x":{"type":"integer"}}},{"type":"null"}]}],` + defs + `}`, "object | null{g:string,x:integer}"},
		{"enum with null is nullable", `{"enum":["a","b",null]}`, "string | null"},
		{"const null alternative is dropped", `{"anyOf":[{"type":"string"},{"const":null}]}`, "string | null"},
		// The family of the deployment API's gitRepo: a declared type beside alternatives.
		{"type null beside oneOf of objects: a nullable object with the union", `{"type":"null","oneOf":[
			{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}}},
			{"type":"object","properties":{"a":{"type":"string"},"c":{"type":"string"}}}]}`, "object | null{a:string,b:string,c:string}"},
		{"type [object, null] beside anyOf of objects", `{"type":["object","null"],"anyOf":[
			{"properties":{"a":{"type":"string"}}},{"properties":{"c":{"type":"integer"}}}]}`, "object | null{a:string,c:integer}"},
		{"a declared type the alternatives disagree with", `{"type":"string","oneOf":[
			{"type":"object","properties":{"a":{"type":"string"}}},{"type":"object","properties":{"c":{"type":"string"}}}]}`, "object{a:string,c:string}"},
		{"oneOf inside allOf", `{"allOf":[{"oneOf":[{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}}},
			{"type":"object","properties":{"a":{"type":"string"},"c":{"type":"string"}}}]},{"properties":{"d":{"type":"string"}}}]}`,
			"object{a:string,b:string,c:string,d:string}"},
		{"type null beside oneOf inside allOf", `{"allOf":[{"type":"null","oneOf":[{"type":"object","properties":{"a":{"type":"string"}}},
			{"type":"object","properties":{"c":{"type":"string"}}}]},{"description":"d"}]}`, "object | null{a:string,c:string}"},
		{"type null beside constraint-only alternatives is null", `{"type":"null","anyOf":[{"format":"date"}]}`, "null"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := parseRoot(t, c.schema)
			if got := sketch(s.Root(), 3); got != c.want {
				t.Errorf("got  %s\nwant %s", got, c.want)
			}
		})
	}
}

// A node's primary $ref is the first one followed to reach it; a base type
// inherited through allOf is among its refs but not the primary one.
func TestReaderPrimaryRef(t *testing.T) {
	t.Parallel()
	s := parseRoot(t, `{"type":"object","properties":{
		"own":{"$ref":"#/$defs/User"},
		"list":{"type":"array","items":{"$ref":"#/$defs/User"}},
		"inherits":{"allOf":[{"description":"no ref here"},{"allOf":[{"$ref":"#/$defs/User"}]}]},
		"single":{"anyOf":[{"$ref":"#/$defs/User"},{"type":"null"}]},
		"merged":{"anyOf":[{"$ref":"#/$defs/User"},{"$ref":"#/$defs/Resource"}]},
		"inline":{"type":"object","properties":{"a":{"type":"string"}}}},
		"$defs":{"Resource":{"type":"object","properties":{"gid":{"type":"string"}}},
		"User":{"allOf":[{"$ref":"#/$defs/Resource"},{"properties":{"name":{"type":"string"}}}]}}}`)
	root := s.Root()
	for i, want := range []string{"#/$defs/User", "#/$defs/User", "#/$defs/User", "#/$defs/User", "", ""} {
		n := root.Child(i)
		if got := s.RefName(n.PrimaryRef()); got != want {
			t.Errorf("%s: primary $ref %q, want %q (refs %v)", root.Props[i].Name, got, want, n.Refs)
		}
	}
	user := root.Child(0)
	if len(user.Refs) < 2 || s.RefName(user.Refs[1]) != "#/$defs/Resource" {
		t.Errorf("User's refs should hold its base type Resource too: %v", user.Refs)
	}
}
