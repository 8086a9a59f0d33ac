package resultview

import (
	"bytes"
	"cmp"
	"encoding/json"
	"mime"
	"strconv"
	"strings"

	"mcpeek/mcpclient"
	"mcpeek/model"
	"mcpeek/summarizer/schematree"
	"mcpeek/tui/uitext"
)

// A resource read and a prompt get are results too: their trees are made
// of the same lines as a call's (text, JSON text, content blocks) and
// load them with LoadLine.

// maxOfferText bounds the text kept of one resource's contents or one
// prompt message: a 50 MB resource is shown cut, and says so. The whole
// text is never drawn: the tree draws the lines on screen.
const maxOfferText = 1 << 20

// ContentsTree is the tree of a resources/read result: a line per item of
// its contents. Text opens into its lines, JSON text (or a JSON mime type)
// into the value tree the results get, a blob says its type and size; a
// JSON Schema in an item's _meta opens as a value tree beside it.
func ContentsTree(contents []mcpclient.ResourceContents) *schematree.Tree {
	var top []*schematree.Node
	for i, c := range contents {
		r := schematree.Row{Kind: schematree.KindSection, Name: "[" + strconv.Itoa(i) + "] " + model.SanitizeLine(c.URI), Count: -1}
		mt := model.SanitizeLine(c.MIMEType)
		size := c.Size()
		switch {
		case !c.IsText():
			r.Type, r.Note = cmp.Or(mt, "blob"), ByteSize(int(size))
			top = append(top, schematree.NewNode(r, false, nil))
		default:
			text := *c.Text
			cut := ""
			if len(text) > maxOfferText {
				text = cutUTF8(text, maxOfferText)
				cut = "cut: " + ByteSize(len(text)) + " of " + ByteSize(int(size)) + " shown"
			}
			r.Type = cmp.Or(mt, "text")
			if t := strings.TrimSpace(text); cut == "" && (isJSONType(c.MIMEType) || t != "" && (t[0] == '{' || t[0] == '[')) && json.Valid([]byte(t)) {
				r.Note = "JSON, " + ByteSize(len(t))
				top = append(top, schematree.NewNode(r, true, &JSONText{Text: t}))
			} else {
				r.Note = strings.TrimSpace(uitext.Plural(strings.Count(text, "\n")+1, "line") + "  " + cut)
				top = append(top, schematree.NewNode(r, true, &TextLines{Text: text}))
			}
		}
		if name, raw := MetaSchema(c.Meta); raw != nil {
			top = append(top, schematree.NewNode(schematree.Row{Kind: schematree.KindSection,
				Name: "schema in _meta." + model.SanitizeLine(name), Count: -1, Note: "v shows its tree"}, false, nil))
		}
	}
	if len(top) == 0 {
		top = append(top, schematree.NewNode(schematree.Row{Kind: schematree.KindSection, Name: "no contents", Count: -1}, false, nil))
	}
	t := schematree.NewTree(schematree.LoaderFunc(LoadLine), top...)
	t.Expand(t.First())
	return t
}

// PromptTree is the tree of a prompts/get result: its description, then a
// line per message, which opens into its content block.
func PromptTree(res *mcpclient.PromptResult) *schematree.Tree {
	var top []*schematree.Node
	if res.Description != "" {
		top = append(top, schematree.NewNode(schematree.Row{Kind: schematree.KindSection, Name: "description", Count: -1,
			Type: LeafText(&model.Value{Kind: model.JSONString, Str: res.Description})}, false, nil))
	}
	for i, msg := range res.Messages {
		c := msg.Content
		if len(c.Text) > maxOfferText {
			c.Text = cutUTF8(c.Text, maxOfferText)
		}
		b := Block{Type: c.Type, Text: c.Text, MimeType: c.MIMEType, Data: c.Data, URI: c.URI, Name: c.Name}
		if r := c.Resource; r != nil {
			b.Resource = &EmbeddedResource{URI: r.URI, MimeType: r.MIMEType}
			if r.Text != nil {
				b.Resource.Text = cutUTF8(*r.Text, maxOfferText)
			}
			if r.Blob != nil {
				b.Resource.Blob = *r.Blob
			}
		}
		r := schematree.Row{Kind: schematree.KindSection, Name: "[" + strconv.Itoa(i) + "] " + model.SanitizeLine(msg.Role), Count: -1, Type: model.SanitizeLine(c.Type)}
		top = append(top, schematree.NewNode(r, true, &BlockList{Blocks: []Block{b}}))
	}
	if len(top) == 0 {
		top = append(top, schematree.NewNode(schematree.Row{Kind: schematree.KindSection, Name: "no messages", Count: -1}, false, nil))
	}
	t := schematree.NewTree(schematree.LoaderFunc(LoadLine), top...)
	t.ExpandToDepth(2)
	return t
}

// cutUTF8 cuts s to at most n bytes, on a character boundary.
func cutUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n]
}

// isJSONType reports whether a mime type is JSON (application/json,
// application/schema+json, ...).
func isJSONType(mt string) bool {
	t, _, err := mime.ParseMediaType(mt)
	return err == nil && (t == "application/json" || strings.HasSuffix(t, "+json"))
}

// MetaSchemaTree is the schema tree of the JSON Schema in _meta, if any,
// as a tool's output schema is drawn; the member's name with it.
func MetaSchemaTree(meta json.RawMessage) (string, *schematree.Tree) {
	name, raw := MetaSchema(meta)
	if raw == nil {
		return "", nil
	}
	s, err := model.ParseSchema(raw)
	if err != nil {
		return "", nil
	}
	return name, schematree.NewSchema(s, nil, "", "a resource has no input")
}

// MetaSchema finds a JSON Schema in an item's _meta: a member that is an
// object with $schema, or with properties.
func MetaSchema(meta json.RawMessage) (string, json.RawMessage) {
	if len(bytes.TrimSpace(meta)) == 0 {
		return "", nil
	}
	var members map[string]json.RawMessage
	if json.Unmarshal(meta, &members) != nil {
		return "", nil
	}
	for name, raw := range members {
		var probe struct {
			Schema     *string         `json:"$schema"`
			Type       any             `json:"type"`
			Properties json.RawMessage `json:"properties"`
		}
		if json.Unmarshal(raw, &probe) != nil || (probe.Schema == nil && probe.Properties == nil) {
			continue
		}
		return name, raw
	}
	return "", nil
}
