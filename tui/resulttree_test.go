package tui

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mcpeek/mcpclient"
	"mcpeek/summarizer/schematree"
	"mcpeek/tui/resultview"
	"mcpeek/tui/toolview"
)

// The value tree folds like the other trees: objects and arrays open
// lazily, items are [0], [1]... on the array's path with "[]", leaves
// show their JSON, and a big array opens into a bounded number of lines.
func TestValueTreeFolds(t *testing.T) {
	t.Parallel()
	res := resultOf(t, map[string]any{"structuredContent": map[string]any{
		"id": 7, "note": "a \x1b[31mred\x1b[0m note",
		"line_items": []any{map[string]any{"sku": "A-1", "qty": 2}, map[string]any{"sku": "B-2", "qty": 1}},
	}})
	tr := resultview.NewTree(res, toolview.DecodeStructured(res.StructuredContent, nil), false, nil)
	tr.SetHeight(50)
	got := plainTree(tr, 80, false)
	for _, want := range []string{"▾ structuredContent: object  3 keys", "id: 7", `note: "a \u001b[31mred\u001b[0m note"`, "content  none", "▸ line_items: array  2 items"} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in\n%s", want, got)
		}
	}
	items := findNode(tr, "line_items")
	tr.Expand(items)
	kids := items.Children()
	if len(kids) != 2 || kids[0].Name != "[0]" || kids[0].Path.String() != "line_items[]" {
		t.Fatalf("items: %d, first %q at %q", len(kids), kids[0].Name, kids[0].Path)
	}
	tr.Expand(kids[1])
	var sku *schematree.Node
	for _, c := range kids[1].Children() {
		if c.Name == "sku" {
			sku = c
		}
	}
	d, _ := resultview.ValueOf(sku)
	if sku.Path.String() != "line_items[].sku" || d.Pointer != "/line_items/1/sku" || d.JQ != ".line_items[1].sku" || sku.Type != `"B-2"` {
		t.Fatalf("sku: path %q pointer %q jq %q type %q", sku.Path, d.Pointer, d.JQ, sku.Type)
	}

	var many []any
	for i := range resultview.MaxValueKids + 5 {
		many = append(many, i)
	}
	bigRes := resultOf(t, map[string]any{"structuredContent": map[string]any{"xs": many, "n": 1}})
	big := resultview.NewTree(bigRes, toolview.DecodeStructured(bigRes.StructuredContent, nil), false, nil)
	xs := findNode(big, "xs")
	if strings.Contains(got, "\x1b") {
		t.Error("an escape sequence reaches the screen")
	}
	if big.Len() > 10 {
		t.Fatalf("a folded array materialised %d lines", big.Len())
	}
	big.Expand(xs)
	last := xs.Children()[len(xs.Children())-1]
	if len(xs.Children()) != resultview.MaxValueKids+1 || last.Kind != schematree.KindMore || last.Note != "5 more items not shown" {
		t.Fatalf("%d children, last %q %q", len(xs.Children()), last.Name, last.Note)
	}
}

// In an enveloped result the paths start inside data, as the schema's do.
func TestValueTreeEnvelopePaths(t *testing.T) {
	t.Parallel()
	res := resultOf(t, map[string]any{"structuredContent": map[string]any{
		"successful": true, "data": map[string]any{"id": 1}}})
	tr := resultview.NewTree(res, toolview.DecodeStructured(res.StructuredContent, nil), true, nil)
	data := findNode(tr, "")
	for n := tr.First(); n != nil; n = n.Next() {
		if n.Name == "data" {
			data = n
		}
	}
	tr.Expand(data)
	if id := data.Children()[0]; id.Path.String() != "id" {
		t.Fatalf("id at %q", id.Path)
	}
}

// Content blocks: JSON text as values, image and audio as mime and
// decoded size (never the base64), links and embedded resources.
func TestContentBlocks(t *testing.T) {
	t.Parallel()
	png := make([]byte, 3000)
	b64 := base64.StdEncoding.EncodeToString(png)
	res := resultOf(t, map[string]any{"content": []any{
		map[string]any{"type": "text", "text": `{"a": {"b": 1}}`},
		map[string]any{"type": "image", "mimeType": "image/png", "data": b64},
		map[string]any{"type": "audio", "mimeType": "audio/wav", "data": "not base64!"},
		map[string]any{"type": "resource_link", "uri": "file:///r.txt", "name": "r", "mimeType": "text/plain"},
		map[string]any{"type": "resource", "resource": map[string]any{"uri": "mem://x", "mimeType": "text/plain", "text": "one\ntwo"}},
		map[string]any{"type": "text", "text": "line one\nline two\x1b]0;pwned\x07"},
	}})
	tr := resultview.NewTree(res, toolview.DecodeStructured(res.StructuredContent, nil), false, nil)
	tr.SetHeight(50)
	got := plainTree(tr, 120, false)
	for _, want := range []string{"structuredContent  none", "▾ content  6 blocks", "▸ [0] text: JSON  15 bytes",
		"[1] image: image/png, 2.9 KB", "[2] audio: audio/wav, not valid base64",
		"[3] resource_link: file:///r.txt  r  text/plain", "▸ [4] resource: mem://x  text/plain  2 lines",
		"▸ [5] text: text  2 lines", "▸ result  the JSON-RPC response's result"} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in\n%s", want, got)
		}
	}
	if strings.Contains(got, b64[:40]) {
		t.Error("the image's base64 is on the screen")
	}
	for n := tr.First(); n != nil; n = n.Next() {
		if strings.HasPrefix(n.Name, "[0]") {
			tr.Expand(n) // the JSON text decodes into values
			if kids := n.Children(); len(kids) != 1 || kids[0].Name != "a" || kids[0].Type != "object" {
				t.Fatalf("JSON text opened into %d lines", len(kids))
			}
			if d, _ := resultview.ValueOf(n.Children()[0]); d.Pointer != "/a" {
				t.Errorf("pointer %q", d.Pointer)
			}
			break
		}
	}
	for n := tr.First(); n != nil; n = n.After() {
		if n.Name == "result" {
			tr.Expand(n)
		}
	}
	for n := tr.First(); n != nil; n = n.Next() {
		if strings.HasPrefix(n.Name, "[5]") {
			tr.Expand(n)
			if lines := n.Children(); len(lines) != 2 || lines[1].Name != "line two" {
				t.Errorf("text lines %v", len(lines))
			}
		}
	}
	if got := plainTree(tr, 120, false); strings.Contains(got, "\x1b") || strings.Contains(got, "\x07") {
		t.Error("escape sequences reach the screen")
	}
}

// Copy on a value: y p the schema path, y j and y q this value's own
// pointer and jq path, Y the value as JSON.
func TestResultCopyPathAndValue(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoCalls(t, demoResult(t)), 120, 40)
	h.selectTool("shop_get_order")
	h.run(h.callShown("{}"))
	h.keys("/")
	h.typeText("line_items[].price_set")
	h.keys("enter")
	if h.cursorPath() != "line_items[].price_set" {
		t.Fatalf("cursor at %q:\n%s", h.cursorPath(), h.screen())
	}
	for _, c := range []struct{ keys, want string }{
		{"p", "line_items[].price_set"},
		{"j", "/line_items/0/price_set"},
		{"q", ".line_items[0].price_set"},
	} {
		h.keys("y", c.keys)
		if h.m.Copied() != c.want {
			t.Errorf("y %s copied %q, want %q", c.keys, h.m.Copied(), c.want)
		}
	}
	h.keys("l", "j", "Y") // shop_money
	var v map[string]any
	if err := json.Unmarshal([]byte(h.m.Copied()), &v); err != nil || v["currency_code"] == nil {
		t.Fatalf("Y copied %q", h.m.Copied())
	}
}

// w saves the raw result and each image beside it, and asks before it
// overwrites.
func TestResultSave(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	png := []byte("\x89PNG fake")
	h := newHarness(t, demoCalls(t, func(context.Context, string, string, json.RawMessage, mcpclient.CallOptions) (*mcpclient.CallResult, error) {
		return resultOf(t, map[string]any{"content": []any{
			map[string]any{"type": "text", "text": "hi"},
			map[string]any{"type": "image", "mimeType": "image/png", "data": base64.StdEncoding.EncodeToString(png)},
		}}), nil
	}), 100, 30)
	h.selectTool("util_echo")
	h.run(h.callShown("{}"))
	h.keys("w")
	name := resultview.SaveName("util_echo", h.m.current.Last.At)
	if !strings.Contains(h.screen(), name) {
		t.Fatalf("the dialog does not offer %s:\n%s", name, h.screen())
	}
	h.keys("enter")
	raw, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil || !strings.Contains(string(raw), `"type": "image"`) {
		t.Fatalf("saved %q, %v", raw, err)
	}
	image := strings.TrimSuffix(name, ".json") + "-1.png"
	if got, err := os.ReadFile(filepath.Join(dir, image)); err != nil || string(got) != string(png) {
		t.Fatalf("image %q, %v", got, err)
	}
	if !strings.Contains(h.m.status.text, "saved "+name+", "+image) {
		t.Errorf("status %q", h.m.status.text)
	}
	os.WriteFile(filepath.Join(dir, name), []byte("keep"), 0o644)
	h.keys("w", "enter")
	if !strings.Contains(h.screen(), "exists: overwrite? y/n") {
		t.Fatalf("no question:\n%s", h.screen())
	}
	h.keys("n", "esc")
	if got, _ := os.ReadFile(filepath.Join(dir, name)); string(got) != "keep" {
		t.Fatal("overwritten without a yes")
	}
}

// i on a value: the value, its schema's type, and this value's own
// pointer and jq path.
func TestResultDetailsOfAValue(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoCalls(t, demoResult(t)), 120, 40)
	h.selectTool("shop_get_order")
	h.run(h.callShown("{}"))
	h.keys("/")
	h.typeText("line_items[].quantity")
	h.keys("enter", "i")
	screen := h.screen()
	for _, want := range []string{"value        2", "type         integer", "JSON pointer /line_items/0/quantity", "jq           .line_items[0].quantity"} {
		if !strings.Contains(screen, want) {
			t.Errorf("no %q:\n%s", want, screen)
		}
	}
}

// / in the result view finds values as well as keys.
func TestResultSearchFindsValues(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoCalls(t, demoResult(t)), 120, 40)
	h.selectTool("shop_get_order")
	h.run(h.callShown("{}"))
	h.keys("/")
	h.typeText("northwind")
	h.keys("enter")
	if c := h.m.currentTree().Cursor(); c == nil || !strings.Contains(c.Type, "Northwind") {
		t.Fatalf("the search did not land on a value:\n%s", h.screen())
	}
}
