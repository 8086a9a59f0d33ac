package toolargs

import (
	"encoding/json"
	"strconv"

	"mcpeek/model"
)

// maxDefaultDepth bounds how deep into the arguments defaults are applied.
const maxDefaultDepth = 64

// defaultPlan is where an input schema's defaults go, built once per schema
// and read-only afterwards: applying it walks only the properties that
// declare or lead to a default, not the schema. A recursive schema gives a
// cyclic plan; applying it is bounded by the arguments' own depth.
type defaultPlan struct {
	props []planProp
	items *defaultPlan
}

type planProp struct {
	name  string
	dflt  *model.Value // nil: none
	child *defaultPlan // nil: not an object or array
}

// newDefaultPlan builds the plan of a schema's root; nil when no default is
// declared anywhere it can reach.
func newDefaultPlan(tree *model.Schema) *defaultPlan {
	if tree == nil {
		return nil
	}
	memo := map[*model.Node]*defaultPlan{}
	found := false
	p := planOf(tree.Root(), memo, &found)
	if !found {
		return nil
	}
	return p
}

func planOf(n *model.Node, memo map[*model.Node]*defaultPlan, found *bool) *defaultPlan {
	if p, ok := memo[n]; ok {
		return p
	}
	switch n.Shape {
	case model.Object:
		p := &defaultPlan{}
		memo[n] = p
		for i, prop := range n.Props {
			child := n.Child(i)
			pp := planProp{name: prop.Name, dflt: child.Default, child: planOf(child, memo, found)}
			if pp.dflt != nil {
				*found = true
			}
			p.props = append(p.props, pp)
		}
		return p
	case model.Array:
		p := &defaultPlan{}
		memo[n] = p
		p.items = planOf(n.Items(), memo, found)
		return p
	}
	return nil
}

// apply fills in the plan's defaults for properties the arguments leave
// out, at the top level and inside nested objects and arrays that are
// present. Members keep their order and numbers their literal text; a
// default is appended after the given members. It returns args unchanged
// (the same bytes) when no default applies, and the JSON pointers of the
// defaults it applied.
func (p *defaultPlan) apply(args json.RawMessage) (json.RawMessage, []string) {
	if p == nil {
		return args, nil
	}
	v, err := model.DecodeJSON(args)
	if err != nil || v.Kind != model.JSONObject {
		return args, nil
	}
	var applied []string
	p.fill(v, "", 0, &applied)
	if len(applied) == 0 {
		return args, nil
	}
	return v.AppendJSON(nil), applied
}

func (p *defaultPlan) fill(v *model.Value, at string, depth int, applied *[]string) {
	if p == nil || depth > maxDefaultDepth {
		return
	}
	switch v.Kind {
	case model.JSONObject:
		for _, pp := range p.props {
			if got := v.Get(pp.name); got != nil {
				if pp.child != nil {
					pp.child.fill(got, at+"/"+escapePointer(pp.name), depth+1, applied)
				}
			} else if pp.dflt != nil {
				v.Members = append(v.Members, model.Member{Name: pp.name, Value: pp.dflt})
				*applied = append(*applied, at+"/"+escapePointer(pp.name))
			}
		}
	case model.JSONArray:
		for i, el := range v.Items {
			p.items.fill(el, at+"/"+strconv.Itoa(i), depth+1, applied)
		}
	}
}
