package resultview

import (
	"bytes"
	"cmp"
	"encoding/base64"
	"encoding/json"
	"strconv"
	"strings"

	"mcpeek/mcpclient"
	"mcpeek/model"
	"mcpeek/model/fieldpath"
	"mcpeek/summarizer/resultcheck"
	"mcpeek/summarizer/schematree"
	"mcpeek/tui/uitext"
)

// The result view's tree has three sections: the structuredContent as a
// value tree, every content block, and the raw result as received. Each
// loads its lines when first opened.

// TextLines is a line whose children are lines of text (a text block, the
// raw response).
type TextLines struct{ Text string }

// JSONText is a text block that holds a JSON object or array: decoded
// into a value tree when first opened.
type JSONText struct{ Text string }

// rawJSON is the raw result, pretty-printed into lines when first opened.
type rawJSON struct{ raw []byte }

// BlockList is the content section: the blocks of the result.
type BlockList struct{ Blocks []Block }

// Block is one block of a result's content, as the MCP
// specification writes it (text, image, audio, resource_link, resource).
type Block struct {
	Type     string            `json:"type"`
	Text     string            `json:"text"`
	MimeType string            `json:"mimeType"`
	Data     string            `json:"data"` // base64, image and audio
	URI      string            `json:"uri"`
	Name     string            `json:"name"`
	Resource *EmbeddedResource `json:"resource"`
}

// EmbeddedResource is the resource a "resource" block carries.
type EmbeddedResource struct {
	URI      string `json:"uri"`
	MimeType string `json:"mimeType"`
	Text     string `json:"text"`
	Blob     string `json:"blob"` // base64
}

// Binary is a block's decoded bytes (image, audio, a resource's blob), or
// nil when it has none.
func (b Block) Binary() ([]byte, error) {
	data := b.Data
	if b.Type == "resource" && b.Resource != nil {
		data = b.Resource.Blob
	}
	if data == "" {
		return nil, nil
	}
	return base64.StdEncoding.DecodeString(data)
}

// Mime is the block's mime type.
func (b Block) Mime() string {
	if b.Type == "resource" && b.Resource != nil {
		return b.Resource.MimeType
	}
	return b.MimeType
}

// ParseBlocks reads a result's content array; what is not one gives none.
func ParseBlocks(raw json.RawMessage) []Block {
	var blocks []Block
	if len(raw) > 0 {
		_ = json.Unmarshal(raw, &blocks)
	}
	return blocks
}

// maxTextLines bounds the lines a text section opens into.
const maxTextLines = 10000

// NewTree builds the tree of a call's result. enveloped says the
// tool's schema puts its fields under "data": the value paths then start
// inside it, as the schema's do.
func NewTree(res *mcpclient.CallResult, sc *model.Value, enveloped bool, check *resultcheck.Outcome) *schematree.Tree {
	var sections []*schematree.Node
	if fs := checkFindings(check); len(fs) > 0 {
		sections = append(sections, schematree.NewNode(schematree.Row{Kind: schematree.KindSection, Name: "check",
			Count: -1, Note: uitext.Plural(len(fs), "finding") + " · enter on one shows its field"}, true, &FindingList{Findings: fs}))
	}
	structured := schematree.NewNode(schematree.Row{Kind: schematree.KindSection, Name: "structuredContent",
		Count: -1, Note: "none"}, false, nil)
	if sc != nil {
		d := &ValueLine{V: sc, Envelope: enveloped}
		n := ValueNode("structuredContent", fieldpath.Root(fieldpath.Output), d)
		n.Kind = schematree.KindSection
		structured = n
	}
	sections = append(sections, structured)
	blocks := ParseBlocks(res.Content)
	count := uitext.Plural(len(blocks), "block")
	if len(blocks) == 0 {
		count = "none"
	}
	content := schematree.NewNode(schematree.Row{Kind: schematree.KindSection, Name: "content", Count: -1,
		Note: count}, len(blocks) > 0, &BlockList{blocks})
	sections = append(sections, content)
	raw := schematree.NewNode(schematree.Row{Kind: schematree.KindSection, Name: "result", Count: -1,
		Note: "the JSON-RPC response's result, as received"}, true, &rawJSON{res.Raw})
	sections = append(sections, raw)

	t := schematree.NewTree(schematree.LoaderFunc(LoadLine), sections...)
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

// Finding is one line of the check section: what the check found, and
// the field of the output schema it is about, which enter shows in the
// schema view.
type Finding struct {
	Text string
	// Path is the field's path as the check writes it (inside an
	// envelope's data); Envelope says it is a field of the envelope;
	// Field is false for a line about no field.
	Path            string
	Envelope, Field bool
}

// FindingList is the check section: its findings, each wrapped to the
// pane's width when the section opens (the pane loads them again when
// its width changes: a finding is never cut).
type FindingList struct {
	Findings []Finding
	Width    int
}

// FindingLine is the data of every line a finding is wrapped onto.
type FindingLine struct{ F *Finding }

// checkFindings are a check's findings, one each: the overlay's marks
// (an undeclared key's about its object, which the trees mark), then what
// only the validator saw, as schema errors.
func checkFindings(c *resultcheck.Outcome) []Finding {
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
	var out []Finding
	for _, m := range r.Marks {
		f := Finding{Text: m.String(), Path: m.Path, Envelope: m.Envelope, Field: true}
		if parent, ok := objectOf[m.Path]; ok {
			f.Path = parent // an undeclared key has no line of its own
		}
		out = append(out, f)
	}
	if n := r.MarksOmitted; n > 0 {
		out = append(out, Finding{Text: uitext.Plural(n, "more mark") + " not listed"})
	}
	for _, e := range c.Unexplained() {
		out = append(out, Finding{Text: "schema error: " + resultcheck.DisplayPath(e.Path) + ": " + e.Message,
			Path: e.Path, Envelope: e.Envelope, Field: true})
	}
	return out
}

// findingNodes are the lines of the findings, each wrapped to width: a
// finding's first line, then the rest indented under it.
func findingNodes(d *FindingList) []*schematree.Node {
	// A line of the section is indented by four cells; one more is kept
	// free, so that nothing is cut.
	w := max(cmp.Or(d.Width, 80)-5, 20)
	var kids []*schematree.Node
	for i := range d.Findings {
		f := &d.Findings[i]
		text := model.SanitizeLine(f.Text)
		first, rest := text, ""
		if lines := uitext.Wrap(text, w); len(lines) > 1 {
			first, rest = lines[0], strings.TrimSpace(strings.Join(lines[1:], " "))
		}
		kids = append(kids, findingNode(first, f))
		if rest != "" {
			for _, l := range uitext.Wrap(rest, w-2) {
				kids = append(kids, findingNode("  "+l, f))
			}
		}
	}
	return kids
}

func findingNode(text string, f *Finding) *schematree.Node {
	// Fields rather than notes, so that the search finds them.
	return schematree.NewNode(schematree.Row{Kind: schematree.KindField, Name: text, Count: -1}, false, &FindingLine{f})
}

// LoadLine materialises a line of the result tree.
func LoadLine(n *schematree.Node) []*schematree.Node {
	switch d := n.Data().(type) {
	case *ValueLine:
		return LoadValue(n)
	case *TextLines:
		return TextNodes(d.Text)
	case *FindingList:
		return findingNodes(d)
	case *rawJSON:
		return TextNodes(PrettyJSON(d.raw))
	case *JSONText:
		v, err := model.DecodeJSON([]byte(d.Text))
		if err != nil { // json.Valid said yes: only nesting past model.MaxNesting
			return TextNodes(d.Text)
		}
		return ValueKids(fieldpath.Root(fieldpath.Output), &ValueLine{V: v})
	case *BlockList:
		kids := make([]*schematree.Node, len(d.Blocks))
		for i, b := range d.Blocks {
			kids[i] = blockNode(i, b)
		}
		return kids
	}
	return nil
}

// blockNode is the line of content block i: a text block opens into its
// text (JSON text into a value tree), an image or audio block says its
// mime type and decoded size, a link its uri, name and mime type.
func blockNode(i int, b Block) *schematree.Node {
	r := schematree.Row{Kind: schematree.KindField, Name: "[" + strconv.Itoa(i) + "] " + model.SanitizeLine(b.Type), Count: -1}
	switch b.Type {
	case "text":
		if t := strings.TrimSpace(b.Text); t != "" && (t[0] == '{' || t[0] == '[') && json.Valid([]byte(t)) {
			r.Type, r.Note = "JSON", ByteSize(len(t))
			return schematree.NewNode(r, true, &JSONText{t})
		}
		lines := strings.Count(b.Text, "\n") + 1
		r.Type, r.Note = "text", uitext.Plural(lines, "line")
		if lines == 1 {
			r.Type = LeafText(&model.Value{Kind: model.JSONString, Str: b.Text})
			r.Note = ""
			return schematree.NewNode(r, false, nil)
		}
		return schematree.NewNode(r, true, &TextLines{b.Text})
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
		r.Note = strings.TrimSpace(model.SanitizeLine(b.Resource.MimeType) + "  " + uitext.Plural(strings.Count(b.Resource.Text, "\n")+1, "line"))
		return schematree.NewNode(r, true, &TextLines{b.Resource.Text})
	}
	return schematree.NewNode(r, false, nil)
}

// binarySize is a block's decoded size ("12.3 KB"), never its base64.
func binarySize(b Block) string {
	data, err := b.Binary()
	if err != nil {
		return "not valid base64"
	}
	return ByteSize(len(data))
}

// ByteSize writes a size in bytes, KB or MB.
func ByteSize(n int) string {
	switch {
	case n < 1024:
		return uitext.Plural(n, "byte")
	case n < 1024*1024:
		return strconv.FormatFloat(float64(n)/1024, 'f', 1, 64) + " KB"
	}
	return strconv.FormatFloat(float64(n)/(1024*1024), 'f', 1, 64) + " MB"
}

// TextNodes are the lines of text as note lines, sanitised.
func TextNodes(text string) []*schematree.Node {
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

// PrettyJSON indents raw JSON; what does not parse is kept as it is.
func PrettyJSON(raw []byte) string {
	var b bytes.Buffer
	if err := json.Indent(&b, raw, "", "  "); err != nil {
		return string(raw)
	}
	return b.String()
}
