package tui

import (
	"bytes"
	"cmp"
	"encoding/base64"
	"encoding/json"
	"strconv"
	"strings"

	"mcpeek/fieldpath"
	"mcpeek/mcpclient"
	"mcpeek/model"
	"mcpeek/resultcheck"
	"mcpeek/schematree"
)

// The result view's tree has three sections: the structuredContent as a
// value tree, every content block, and the raw result as received. Each
// loads its lines when first opened.

// textLines is a line whose children are lines of text (a text block, the
// raw response).
type textLines struct{ text string }

// jsonText is a text block that holds a JSON object or array: decoded
// into a value tree when first opened.
type jsonText struct{ text string }

// rawJSON is the raw result, pretty-printed into lines when first opened.
type rawJSON struct{ raw []byte }

// blockList is the content section: the blocks of the result.
type blockList struct{ blocks []contentBlock }

// contentBlock is one block of a result's content, as the MCP
// specification writes it (text, image, audio, resource_link, resource).
type contentBlock struct {
	Type     string `json:"type"`
	Text     string `json:"text"`
	MimeType string `json:"mimeType"`
	Data     string `json:"data"` // base64, image and audio
	URI      string `json:"uri"`
	Name     string `json:"name"`
	Resource *struct {
		URI      string `json:"uri"`
		MimeType string `json:"mimeType"`
		Text     string `json:"text"`
		Blob     string `json:"blob"` // base64
	} `json:"resource"`
}

// binary is a block's decoded bytes (image, audio, a resource's blob), or
// nil when it has none.
func (b contentBlock) binary() ([]byte, error) {
	data := b.Data
	if b.Type == "resource" && b.Resource != nil {
		data = b.Resource.Blob
	}
	if data == "" {
		return nil, nil
	}
	return base64.StdEncoding.DecodeString(data)
}

// mime is the block's mime type.
func (b contentBlock) mime() string {
	if b.Type == "resource" && b.Resource != nil {
		return b.Resource.MimeType
	}
	return b.MimeType
}

// parseBlocks reads a result's content array; what is not one gives none.
func parseBlocks(raw json.RawMessage) []contentBlock {
	var blocks []contentBlock
	if len(raw) > 0 {
		_ = json.Unmarshal(raw, &blocks)
	}
	return blocks
}

// maxTextLines bounds the lines a text section opens into.
const maxTextLines = 10000

// newResultTree builds the tree of a call's result. enveloped says the
// tool's schema puts its fields under "data": the value paths then start
// inside it, as the schema's do.
func newResultTree(res *mcpclient.CallResult, sc *model.Value, enveloped bool, check *resultcheck.Outcome) *schematree.Tree {
	var sections []*schematree.Node
	if fs := checkFindings(check); len(fs) > 0 {
		sections = append(sections, schematree.NewNode(schematree.Row{Kind: schematree.KindSection, Name: "check",
			Count: -1, Note: plural(len(fs), "finding") + " · enter on one shows its field"}, true, &findingList{findings: fs}))
	}
	structured := schematree.NewNode(schematree.Row{Kind: schematree.KindSection, Name: "structuredContent",
		Count: -1, Note: "none"}, false, nil)
	if sc != nil {
		d := &valueData{v: sc, envelope: enveloped}
		n := valueNode("structuredContent", fieldpath.Root(fieldpath.Output), d)
		n.Kind = schematree.KindSection
		structured = n
	}
	sections = append(sections, structured)
	blocks := parseBlocks(res.Content)
	count := plural(len(blocks), "block")
	if len(blocks) == 0 {
		count = "none"
	}
	content := schematree.NewNode(schematree.Row{Kind: schematree.KindSection, Name: "content", Count: -1,
		Note: count}, len(blocks) > 0, &blockList{blocks})
	sections = append(sections, content)
	raw := schematree.NewNode(schematree.Row{Kind: schematree.KindSection, Name: "result", Count: -1,
		Note: "the JSON-RPC response's result, as received"}, true, &rawJSON{res.Raw})
	sections = append(sections, raw)

	t := schematree.NewTree(schematree.LoaderFunc(loadResultLine), sections...)
	t.Expand(structured)
	if structured.Openable() && len(structured.Children()) <= 1 {
		for _, c := range structured.Children() {
			t.Expand(c)
		}
	}
	t.Expand(content)
	t.Top()
	return t
}

// finding is one line of the check section: what the check found, and
// the field of the output schema it is about, which enter shows in the
// schema view.
type finding struct {
	text string
	// path is the field's path as the check writes it (inside an
	// envelope's data); envelope says it is a field of the envelope;
	// field is false for a line about no field.
	path            string
	envelope, field bool
}

// findingList is the check section: its findings, each wrapped to the
// pane's width when the section opens (the pane loads them again when
// its width changes: a finding is never cut).
type findingList struct {
	findings []finding
	width    int
}

// findingLine is the data of every line a finding is wrapped onto.
type findingLine struct{ f *finding }

// checkFindings are a check's findings, one each: the overlay's marks
// (an undeclared key's about its object, which the trees mark), then what
// only the validator saw, as schema errors.
func checkFindings(c *resultcheck.Outcome) []finding {
	if c == nil || c.Report == nil {
		return nil
	}
	r := c.Report
	objectOf := map[string]string{}
	for parent, ms := range r.Extras() {
		for _, m := range ms {
			objectOf[m.Path] = parent
		}
	}
	var out []finding
	for _, m := range r.Marks {
		f := finding{text: m.String(), path: m.Path, envelope: m.Envelope, field: true}
		if parent, ok := objectOf[m.Path]; ok {
			f.path = parent // an undeclared key has no line of its own
		}
		out = append(out, f)
	}
	if n := r.MarksOmitted; n > 0 {
		out = append(out, finding{text: plural(n, "more mark") + " not listed"})
	}
	for _, e := range c.Unexplained() {
		out = append(out, finding{text: "schema error: " + resultcheck.DisplayPath(e.Path) + ": " + e.Message,
			path: e.Path, envelope: e.Envelope, field: true})
	}
	return out
}

// findingNodes are the lines of the findings, each wrapped to width: a
// finding's first line, then the rest indented under it.
func findingNodes(d *findingList) []*schematree.Node {
	// A line of the section is indented by four cells; one more is kept
	// free, so that nothing is cut.
	w := max(cmp.Or(d.width, 80)-5, 20)
	var kids []*schematree.Node
	for i := range d.findings {
		f := &d.findings[i]
		text := model.SanitizeLine(f.text)
		first, rest := text, ""
		if lines := wrapText(text, w); len(lines) > 1 {
			first, rest = lines[0], strings.TrimSpace(strings.Join(lines[1:], " "))
		}
		kids = append(kids, findingNode(first, f))
		if rest != "" {
			for _, l := range wrapText(rest, w-2) {
				kids = append(kids, findingNode("  "+l, f))
			}
		}
	}
	return kids
}

func findingNode(text string, f *finding) *schematree.Node {
	// Fields rather than notes, so that the search finds them.
	return schematree.NewNode(schematree.Row{Kind: schematree.KindField, Name: text, Count: -1}, false, &findingLine{f})
}

// loadResultLine materialises a line of the result tree.
func loadResultLine(n *schematree.Node) []*schematree.Node {
	switch d := n.Data().(type) {
	case *valueData:
		return loadValue(n)
	case *textLines:
		return textNodes(d.text)
	case *findingList:
		return findingNodes(d)
	case *rawJSON:
		return textNodes(prettyJSON(d.raw))
	case *jsonText:
		v, err := model.DecodeJSON([]byte(d.text))
		if err != nil { // json.Valid said yes: only nesting past model.MaxNesting
			return textNodes(d.text)
		}
		return valueKids(fieldpath.Root(fieldpath.Output), &valueData{v: v})
	case *blockList:
		kids := make([]*schematree.Node, len(d.blocks))
		for i, b := range d.blocks {
			kids[i] = blockNode(i, b)
		}
		return kids
	}
	return nil
}

// blockNode is the line of content block i: a text block opens into its
// text (JSON text into a value tree), an image or audio block says its
// mime type and decoded size, a link its uri, name and mime type.
func blockNode(i int, b contentBlock) *schematree.Node {
	r := schematree.Row{Kind: schematree.KindField, Name: "[" + strconv.Itoa(i) + "] " + model.SanitizeLine(b.Type), Count: -1}
	switch b.Type {
	case "text":
		if t := strings.TrimSpace(b.Text); t != "" && (t[0] == '{' || t[0] == '[') && json.Valid([]byte(t)) {
			r.Type, r.Note = "JSON", byteSize(len(t))
			return schematree.NewNode(r, true, &jsonText{t})
		}
		lines := strings.Count(b.Text, "\n") + 1
		r.Type, r.Note = "text", plural(lines, "line")
		if lines == 1 {
			r.Type = leafText(&model.Value{Kind: model.JSONString, Str: b.Text})
			r.Note = ""
			return schematree.NewNode(r, false, nil)
		}
		return schematree.NewNode(r, true, &textLines{b.Text})
	case "image", "audio":
		r.Type = model.SanitizeLine(b.MimeType) + ", " + binarySize(b)
		return schematree.NewNode(r, false, nil)
	case "resource_link":
		r.Type = model.SanitizeLine(b.URI)
		r.Note = strings.TrimSpace(model.SanitizeLine(b.Name + "  " + b.MimeType))
		return schematree.NewNode(r, false, nil)
	case "resource":
		if b.Resource == nil {
			r.Type = "no resource"
			return schematree.NewNode(r, false, nil)
		}
		r.Type = model.SanitizeLine(b.Resource.URI)
		if b.Resource.Blob != "" {
			r.Note = strings.TrimSpace(model.SanitizeLine(b.Resource.MimeType) + "  blob, " + binarySize(b))
			return schematree.NewNode(r, false, nil)
		}
		r.Note = strings.TrimSpace(model.SanitizeLine(b.Resource.MimeType) + "  " + plural(strings.Count(b.Resource.Text, "\n")+1, "line"))
		return schematree.NewNode(r, true, &textLines{b.Resource.Text})
	}
	return schematree.NewNode(r, false, nil)
}

// binarySize is a block's decoded size ("12.3 KB"), never its base64.
func binarySize(b contentBlock) string {
	data, err := b.binary()
	if err != nil {
		return "not valid base64"
	}
	return byteSize(len(data))
}

// byteSize writes a size in bytes, KB or MB.
func byteSize(n int) string {
	switch {
	case n < 1024:
		return plural(n, "byte")
	case n < 1024*1024:
		return strconv.FormatFloat(float64(n)/1024, 'f', 1, 64) + " KB"
	}
	return strconv.FormatFloat(float64(n)/(1024*1024), 'f', 1, 64) + " MB"
}

// textNodes are the lines of text as note lines, sanitised.
func textNodes(text string) []*schematree.Node {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	var kids []*schematree.Node
	for i, l := range lines {
		if i == maxTextLines {
			kids = append(kids, moreValues(fieldpath.Root(fieldpath.Output), len(lines)-i, "line"))
			break
		}
		// Fields rather than notes, so that the search finds them.
		kids = append(kids, schematree.NewNode(schematree.Row{Kind: schematree.KindField,
			Name: model.SanitizeLine(strings.ReplaceAll(l, "\t", "  ")), Count: -1}, false, nil))
	}
	return kids
}

// prettyJSON indents raw JSON; what does not parse is kept as it is.
func prettyJSON(raw []byte) string {
	var b bytes.Buffer
	if err := json.Indent(&b, raw, "", "  "); err != nil {
		return string(raw)
	}
	return b.String()
}
