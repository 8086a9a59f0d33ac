package callform

import (
	"encoding/json"
	"strings"

	"mcpeek/model"
	"mcpeek/model/fieldpath"
	"mcpeek/model/toolargs"
)

// A form's fields hold text; these functions turn that text into the
// argument object and back, and lay the validator's errors on the fields
// they point at.

// PathValue is a value the form has no field for (an undeclared property,
// a member of a JSON-filled object), kept so that filling the form from
// JSON loses nothing.
type PathValue struct {
	Path  fieldpath.Path
	Value *model.Value
}

// BuildArgs makes the object the texts describe, members in the fields'
// order, then the extra values. An empty text leaves its property out. A
// text that is not what its field takes (a word in a number field) goes
// in as a string, for the validator to say why; only JSON that does not
// parse is refused here, in bad (by field index).
func BuildArgs(fields []Field, texts []string, extra []PathValue) (args json.RawMessage, bad map[int]string) {
	root := &model.Value{Kind: model.JSONObject}
	for i, f := range fields {
		if f.Kind == KindObject || strings.TrimSpace(texts[i]) == "" {
			continue
		}
		v, err := fieldValue(f, texts[i])
		if err != "" {
			if bad == nil {
				bad = map[int]string{}
			}
			bad[i] = err
			continue
		}
		setPath(root, f.Path, v)
	}
	for _, e := range extra {
		setPath(root, e.Path, e.Value)
	}
	return root.AppendJSON(nil), bad
}

// fieldValue reads one field's text.
func fieldValue(f Field, text string) (*model.Value, string) {
	switch f.Kind {
	case KindString, KindText:
		return &model.Value{Kind: model.JSONString, Str: text}, ""
	case KindList:
		list := &model.Value{Kind: model.JSONArray}
		for line := range strings.SplitSeq(text, "\n") {
			if line = strings.TrimSpace(line); line != "" {
				list.Items = append(list.Items, scalarValue(f.Item, line))
			}
		}
		return list, ""
	case KindMulti:
		list := &model.Value{Kind: model.JSONArray}
		for line := range strings.SplitSeq(text, "\n") {
			if line = strings.TrimSpace(line); line == "" {
				continue
			}
			v, err := model.DecodeJSON([]byte(line))
			if err != nil {
				return nil, "not JSON: " + model.SanitizeLine(err.Error())
			}
			list.Items = append(list.Items, v)
		}
		return list, ""
	case KindJSON, KindChoice:
		v, err := model.DecodeJSON([]byte(text))
		if err != nil {
			return nil, "not JSON: " + model.SanitizeLine(err.Error())
		}
		return v, ""
	}
	return scalarValue(f.Kind, strings.TrimSpace(text)), ""
}

// scalarValue reads a number or a boolean from text, and keeps anything
// else as a string.
func scalarValue(kind Kind, text string) *model.Value {
	if kind == KindNumber || kind == KindInteger || kind == KindBool {
		if v, err := model.DecodeJSON([]byte(text)); err == nil && (v.Kind == model.JSONNumber || v.Kind == model.JSONBool) {
			return v
		}
	}
	return &model.Value{Kind: model.JSONString, Str: text}
}

// setPath puts v at path (of properties) in obj, making the objects on
// the way.
func setPath(obj *model.Value, path fieldpath.Path, v *model.Value) {
	steps := path.Steps()
	for _, s := range steps[:len(steps)-1] {
		next := obj.Get(s.Name)
		if next == nil || next.Kind != model.JSONObject {
			next = &model.Value{Kind: model.JSONObject}
			obj.Members = append(obj.Members, model.Member{Name: s.Name, Value: next})
		}
		obj = next
	}
	obj.Members = append(obj.Members, model.Member{Name: steps[len(steps)-1].Name, Value: v})
}

// FillTexts reads an argument object back into the fields' texts; what no
// field takes is returned as extra.
func FillTexts(fields []Field, args *model.Value) (texts []string, extra []PathValue) {
	texts = make([]string, len(fields))
	taken := map[fieldpath.Key]bool{}
	for i, f := range fields {
		taken[f.Path.Key()] = true
		v := lookupPath(args, f.Path)
		if v == nil || f.Kind == KindObject {
			continue
		}
		texts[i] = fieldText(f, v)
	}
	var walk func(obj *model.Value, path fieldpath.Path)
	walk = func(obj *model.Value, path fieldpath.Path) {
		for _, m := range obj.Members {
			p := path.Prop(m.Name)
			key := p.Key()
			switch {
			case !taken[key]:
				extra = append(extra, PathValue{Path: p, Value: m.Value})
			case m.Value.Kind == model.JSONObject && isHeading(fields, key):
				walk(m.Value, p)
			}
		}
	}
	if args != nil && args.Kind == model.JSONObject {
		walk(args, fieldpath.Root(fieldpath.Input))
	}
	return texts, extra
}

func isHeading(fields []Field, key fieldpath.Key) bool {
	for _, f := range fields {
		if f.Kind == KindObject && f.Path.Key() == key {
			return true
		}
	}
	return false
}

// fieldText is a value as its field holds it.
func fieldText(f Field, v *model.Value) string {
	switch f.Kind {
	case KindString, KindText:
		if v.Kind == model.JSONString {
			return v.Str
		}
	case KindList:
		if v.Kind == model.JSONArray {
			return listText(v)
		}
	case KindMulti:
		if v.Kind == model.JSONArray {
			return jsonLines(v)
		}
	case KindNumber, KindInteger, KindBool:
		if v.Kind != model.JSONArray && v.Kind != model.JSONObject {
			return valueText(v)
		}
	}
	return string(v.AppendJSON(nil))
}

func lookupPath(v *model.Value, path fieldpath.Path) *model.Value {
	for _, s := range path.Steps() {
		if v == nil || v.Kind != model.JSONObject {
			return nil
		}
		v = v.Get(s.Name)
	}
	return v
}

// FieldErrors lays the validator's errors on the fields: each error goes
// to the field whose path is the longest prefix of its pointer; the ones
// no field takes (the whole object, an undeclared property) are returned
// as general. Texts are sanitised.
func FieldErrors(fields []Field, errs []toolargs.FieldError) (at map[int]string, general []string) {
	at = map[int]string{}
	for _, e := range errs {
		best, bestLen := -1, 0
		for i, f := range fields {
			ptr := f.Path.Pointer()
			if (e.Path == ptr || strings.HasPrefix(e.Path, ptr+"/")) && len(ptr) > bestLen {
				best, bestLen = i, len(ptr)
			}
		}
		msg := model.SanitizeLine(e.Message)
		if best < 0 {
			general = append(general, model.SanitizeLine(e.Where())+": "+msg)
			continue
		}
		if rest := strings.TrimPrefix(e.Path, fields[best].Path.Pointer()); rest != "" {
			msg = model.SanitizeLine(rest) + ": " + msg
		}
		if at[best] == "" {
			at[best] = msg
		}
	}
	return at, general
}

func quoteJSON(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
