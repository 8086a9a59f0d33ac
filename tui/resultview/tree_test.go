package resultview

import (
	"encoding/json"
	"testing"

	"mcpeek/mcpclient"
	"mcpeek/model"
)

// The result tree on its own: its sections, a value line's pointer and jq
// path under a property named with a dot, and a block's decoded bytes.
func TestTreeOnItsOwn(t *testing.T) {
	t.Parallel()
	sc := `{"a.b":{"n":[1,2]}}`
	content := `[{"type":"image","mimeType":"image/png","data":"AAEC"}]`
	res := &mcpclient.CallResult{Raw: json.RawMessage(`{"structuredContent":` + sc + `,"content":` + content + `}`),
		StructuredContent: json.RawMessage(sc), Content: json.RawMessage(content)}
	v, err := model.DecodeJSON([]byte(sc))
	if err != nil {
		t.Fatal(err)
	}
	tr := NewTree(res, v, false, nil)
	var names []string
	for n := tr.First(); n != nil; n = n.After() {
		names = append(names, n.Name)
	}
	if len(names) != 3 || names[0] != "structuredContent" || names[1] != "content" || names[2] != "result" {
		t.Fatalf("sections %q", names)
	}
	for n := tr.First(); n != nil; n = n.Next() {
		if n.Name == "a.b" {
			tr.Expand(n)
			tr.Expand(n.Children()[0])
		}
	}
	var item *ValueLine
	for n := tr.First(); n != nil; n = n.Next() {
		if n.Name == "[1]" {
			item, _ = ValueOf(n)
		}
	}
	if item == nil || item.Pointer != "/a.b/n/1" || item.JQ != `.["a.b"].n[1]` {
		t.Fatalf("the second item: %+v", item)
	}
	blocks := ParseBlocks(res.Content)
	if b, err := blocks[0].Binary(); err != nil || len(b) != 3 || blocks[0].Mime() != "image/png" {
		t.Fatalf("block bytes %v %v %q", b, err, blocks[0].Mime())
	}
	if got := ByteSize(3000); got != "2.9 KB" {
		t.Errorf("ByteSize(3000) = %q", got)
	}
}
