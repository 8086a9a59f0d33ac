package tui

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"mcpeek/mcpclient"
	"mcpeek/model"
	"mcpeek/tui/callform"
	"mcpeek/tui/kit"
)

// shapesSchema has one argument of each shape the form knows.
const shapesSchema = `{"type":"object","properties":{
 "name":{"type":"string","description":"Who <b>it</b> is\u001b[31m.","examples":["Ada"]},
 "count":{"type":"integer","default":3},
 "ratio":{"type":"number"},
 "dry_run":{"type":"boolean","default":false},
 "mode":{"type":"string","enum":["fast","slow"]},
 "tags":{"type":"array","items":{"type":"string"},"default":["a","b"]},
 "filter":{"type":"object","properties":{"field":{"type":"string"},"deep":{"type":"object","properties":{"x":{"type":"integer"}}}},"required":["field"]},
 "either":{"anyOf":[{"type":"string"},{"type":"integer"}]},
 "rows":{"type":"array","items":{"type":"object","properties":{"id":{"type":"integer"}}}}
},"required":["name","mode"]}`

func shapesBackend() *fakeBackend {
	return &fakeBackend{servers: []model.Server{{Name: "lab", State: model.StateConnected, Tools: []model.Tool{
		{Server: "lab", Name: "shapes", InputSchema: json.RawMessage(shapesSchema)},
		{Server: "lab", Name: "bare", InputSchema: json.RawMessage(`{"type":"object"}`)},
	}}}}
}

// openForm opens the call form of a tool with x, remembered sets read from
// the test's state directory.
func openForm(t *testing.T, b Backend, tool string, w, h int) (*harness, *callFormDialog) {
	t.Helper()
	hs := newHarness(t, b, w, h)
	hs.selectTool(tool)
	hs.keys("x")
	d, ok := hs.m.dialogs.Top().(*callFormDialog)
	if !ok {
		t.Fatalf("x opened no call form:\n%s", hs.screen())
	}
	return hs, d
}

// focusField tabs to the field titled name.
func focusField(t *testing.T, h *harness, d *callFormDialog, path string) {
	t.Helper()
	for range len(d.Fields()) + 2 {
		h.send(tea.KeyPressMsg{Code: tea.KeyTab, Mod: tea.ModShift})
	}
	for range len(d.Fields()) + 2 {
		if f, _ := d.Form().FocusedField(); f != nil && strings.HasPrefix(fieldTitleOf(f), path) {
			return
		}
		h.keys("tab")
	}
	t.Fatalf("no field %q:\n%s", path, h.screen())
}

// fieldTitleOf is the title a huh field shows, read from its view.
func fieldTitleOf(f interface{ View() string }) string {
	line, _, _ := strings.Cut(f.View(), "\n")
	return strings.TrimLeft(trimLines(ansi.Strip(line)), "┃ ")
}

func TestCallFormFieldsFromSchema(t *testing.T) {
	t.Parallel()
	h, d := openForm(t, shapesBackend(), "shapes", 100, 60)
	var got []string
	for _, f := range d.Fields() {
		got = append(got, f.Path.String()+":"+kindName(f.Kind))
	}
	want := "name:string count:integer ratio:number dry_run:bool mode:choice tags:list filter:object " +
		"filter.field:string filter.deep:json either:json rows:json"
	if strings.Join(got, " ") != want {
		t.Errorf("fields\n got %s\nwant %s", strings.Join(got, " "), want)
	}
	scr := h.screen()
	for _, s := range []string{"name *", "mode *", "filter.field *", "either (JSON)", "rows (JSON)",
		"Who it is.", "one item per line", "Ada"} {
		if !strings.Contains(scr, s) {
			t.Errorf("form lacks %q:\n%s", s, scr)
		}
	}
	if strings.Contains(h.m.View().Content, "\x1b[31m") {
		t.Error("a description's escape sequence reached the screen")
	}
	// Defaults are pre-filled.
	args, _ := d.Args()
	if string(args) != `{"count":3,"dry_run":false,"tags":["a","b"]}` {
		t.Errorf("pre-filled args %s", args)
	}
}

func kindName(k callform.Kind) string {
	return [...]string{"string", "text", "number", "integer", "bool", "choice", "list", "json", "object", "multi"}[k]
}

func TestCallFormErrorAtField(t *testing.T) {
	t.Parallel()
	h, d := openForm(t, demoBackend(t), "shop_get_order", 80, 24)
	if scr := h.screen(); strings.Contains(scr, "required property is missing") || !strings.Contains(scr, "order_id *") {
		t.Fatalf("the form opens on an error before anything was typed:\n%s", scr)
	}
	h.typeText("abc")
	if scr := h.screen(); !strings.Contains(scr, "order_id *  ✗ 'abc' does not match pattern") {
		t.Fatalf("the pattern error is not at its field:\n%s", scr)
	}
	h.keys("backspace", "backspace", "backspace")
	if d.Form().Titles()[0] != "order_id *" {
		t.Fatalf("an empty field not yet left is marked: %q", d.Form().Titles()[0])
	}
	h.keys("tab")
	if d.Form().Titles()[0] != "order_id *  ✗ required property is missing" {
		t.Fatalf("an empty required field left is not marked: %q", d.Form().Titles()[0])
	}
	h.send(tea.KeyPressMsg{Code: tea.KeyTab, Mod: tea.ModShift})
	h.typeText("5601234042")
	if e := d.Errors()[0]; e != "" {
		t.Fatalf("a valid id is still refused: %s", e)
	}
}

// pressButton tabs to the form's button and presses enter, returning what
// the dialog asked for.
func pressButton(t *testing.T, h *harness, d *callFormDialog) kit.Action {
	t.Helper()
	for range len(d.Fields()) + 2 {
		if _, onButton := d.Form().FocusedField(); onButton {
			return settle(d, d.Key(keyPress("enter"), &h.m.keys))
		}
		h.keys("tab")
	}
	t.Fatal("the button is never reached")
	return nil
}

func TestCallFormSubmitRefusedThenSent(t *testing.T) {
	t.Parallel()
	h, d := openForm(t, demoBackend(t), "shop_get_order", 80, 24)
	if a := pressButton(t, h, d); a != nil {
		t.Fatalf("invalid arguments were submitted: %#v", a)
	}
	if !strings.Contains(h.screen(), "fix order_id: required property is missing") {
		t.Errorf("the refusal is not shown:\n%s", h.screen())
	}
	focusField(t, h, d, "order_id")
	h.typeText("5601234042")
	a := pressButton(t, h, d)
	sub, ok := a.(submitCall)
	if !ok {
		t.Fatalf("the button did not submit: %#v\n%s", a, h.screen())
	}
	var args map[string]any
	if err := json.Unmarshal(sub.call.args, &args); err != nil || args["order_id"] != "5601234042" {
		t.Fatalf("submitted %s", sub.call.args)
	}
	if sub.call.toolID != "demo.shop_get_order" || sub.call.server != "demo" || sub.call.tool != "shop_get_order" {
		t.Errorf("submitted for %+v", sub.call)
	}
	// The root model closes the form and remembers the set.
	h.run(h.m.act(sub))
	if h.m.dialogs.Top() != nil {
		t.Error("the form stayed open")
	}
	sets, err := argsOf(t).load("demo.shop_get_order")
	if err != nil || len(sets) != 1 || !model.EqualJSON(sets[0].Args, sub.call.args) {
		t.Fatalf("remembered %v, %v", sets, err)
	}
	path, _ := argsOf(t).path()
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("state file %v, %v", fi, err)
	}
}

func TestCallFormJSONFallback(t *testing.T) {
	t.Parallel()
	h, d := openForm(t, shapesBackend(), "shapes", 100, 60)
	focusField(t, h, d, "either")
	h.typeText("{oops")
	if !strings.HasPrefix(d.Errors()[9], "not JSON") || !strings.Contains(h.screen(), "either (JSON)  ✗ not JSON") {
		t.Fatalf("bad JSON not marked at its field: %q\n%s", d.Errors()[9], h.screen())
	}
	for range 5 {
		h.keys("backspace")
	}
	h.typeText("42")
	args, bad := d.Args()
	if len(bad) != 0 || !strings.Contains(string(args), `"either":42`) {
		t.Fatalf("args %s, bad %v", args, bad)
	}
	if d.Errors()[9] != "" {
		t.Errorf("42 is one of either's shapes, still marked: %s", d.Errors()[9])
	}
}

func TestCallFormNoArguments(t *testing.T) {
	t.Parallel()
	h, d := openForm(t, shapesBackend(), "bare", 80, 24)
	if !strings.Contains(h.screen(), "takes no arguments") {
		t.Errorf("no word on the missing arguments:\n%s", h.screen())
	}
	sub, ok := pressButton(t, h, d).(submitCall)
	if !ok || string(sub.call.args) != "{}" {
		t.Fatalf("submitted %#v", sub)
	}
}

func TestRememberedSetsPrefillAndCycle(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 5, 1, 9, 30, 0, 0, time.Local)
	for i, args := range []string{`{"order_id":"1"}`, `{"order_id":"2"}`, `{"order_id":"1"}`} {
		if err := argsOf(t).save("demo.shop_get_order", json.RawMessage(args), at.Add(time.Duration(i)*time.Hour)); err != nil {
			t.Fatal(err)
		}
	}
	h, d := openForm(t, demoBackend(t), "shop_get_order", 80, 24)
	if len(d.Sets()) != 2 {
		t.Fatalf("%d sets, want 2 (the repeat moved first)", len(d.Sets()))
	}
	if v := d.Form().Values()[0]; v != "1" {
		t.Errorf("pre-filled order_id %q, want the newest, 1", v)
	}
	if !strings.Contains(h.screen(), "args 1 of 2 from 2026-05-01 11:30") {
		t.Errorf("no word on the set shown:\n%s", h.screen())
	}
	h.send(tea.KeyPressMsg{Code: 'r', Mod: tea.ModCtrl})
	if v := d.Form().Values()[0]; v != "2" || !strings.Contains(h.screen(), "args 2 of 2") {
		t.Errorf("ctrl+r shows %q:\n%s", v, h.screen())
	}
	h.send(tea.KeyPressMsg{Code: 'r', Mod: tea.ModCtrl})
	if v := d.Form().Values()[0]; v != "" || !strings.Contains(h.screen(), "defaults") {
		t.Errorf("after the oldest set, the defaults: %q\n%s", v, h.screen())
	}
}

func TestRememberKeepsTenDistinct(t *testing.T) {
	t.Parallel()
	var sets []callform.Set
	for i := range 12 {
		sets = remember(sets, json.RawMessage(`{"n":`+itoa(i)+`}`), time.Unix(int64(i), 0))
	}
	sets = remember(sets, json.RawMessage(`{ "n" : 5 }`), time.Unix(99, 0))
	if len(sets) != maxArgSets || string(sets[0].Args) != `{ "n" : 5 }` || string(sets[1].Args) != `{"n":11}` {
		t.Fatalf("sets %v", sets)
	}
	for _, s := range sets[1:] {
		if model.EqualJSON(s.Args, sets[0].Args) {
			t.Fatal("a repeated set was kept twice")
		}
	}
}

func TestUnreadableArgFileIsANote(t *testing.T) {
	t.Parallel()
	os.WriteFile(filepath.Join(stateDir(t), "call-args.json"), []byte("{nope"), 0o600)
	h, _ := openForm(t, demoBackend(t), "shop_get_order", 80, 24)
	if !strings.Contains(h.m.status.text, "remembered arguments not read") {
		t.Errorf("status %q", h.m.status.text)
	}
}

// syncExec runs the editor at once, as tests need.
func syncExec(c *exec.Cmd, done tea.ExecCallback) tea.Cmd {
	return func() tea.Msg { return done(c.Run()) }
}

func TestEditArgsInEditor(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "ed.sh")
	os.WriteFile(script, []byte("#!/bin/sh\ncp \"$(dirname \"$0\")/next.json\" \"$1\"\n"), 0o700)
	t.Setenv("VISUAL", "")
	t.Setenv("EDITOR", script)
	h, d := openForm(t, demoBackend(t), "shop_get_order", 80, 24)
	h.m.forms.exec = syncExec

	os.WriteFile(filepath.Join(dir, "next.json"), []byte(`{"order_id": "777", "include_refunds": false, "note": "kept"`), 0o600)
	h.sendWaiting(tea.KeyPressMsg{Code: 'e', Mod: tea.ModCtrl})
	if !strings.Contains(d.Note(), "not used") || d.Draft() == "" {
		t.Fatalf("bad JSON from the editor: note %q, draft %q", d.Note(), d.Draft())
	}
	os.WriteFile(filepath.Join(dir, "next.json"), []byte(`{"order_id": "777", "include_refunds": false, "note": "kept"}`), 0o600)
	h.sendWaiting(tea.KeyPressMsg{Code: 'e', Mod: tea.ModCtrl})
	if d.Form().Values()[0] != "777" || d.Draft() != "" {
		t.Fatalf("the form was not filled from the editor: %q, note %q", d.Form().Values()[0], d.Note())
	}
	args, _ := d.Args()
	if !strings.Contains(string(args), `"include_refunds":false`) || !strings.Contains(string(args), `"note":"kept"`) {
		t.Errorf("args after the edit %s", args)
	}
	if !strings.Contains(h.screen(), "note: property is not allowed") && !strings.Contains(h.screen(), "/note") {
		t.Logf("screen:\n%s", h.screen())
	}
}

// The call form on the demo's order tool at 80x24, an error at its field.
func TestAppCallForm80x24(t *testing.T) {
	t.Parallel()
	tm, _ := startSpiedApp(t, 80, 24)
	filterTo(t, tm, "shop_get_order")
	typeKeys(tm, "x")
	waitScreen(t, tm, "Call demo.shop_get_order")
	tm.Type("ord")
	waitScreen(t, tm, "does not match")
	golden.RequireEqual(t, finalScreen(t, tm))
}

func TestCallFormOddSchemas(t *testing.T) {
	t.Parallel()
	var props []string
	for i := range 100 {
		props = append(props, `"p`+itoa(i)+`":{"type":"string"}`)
	}
	b := &fakeBackend{servers: []model.Server{{Name: "lab", State: model.StateConnected, Tools: []model.Tool{
		{Server: "lab", Name: "wide", InputSchema: json.RawMessage(`{"type":"object","properties":{` + strings.Join(props, ",") + `}}`)},
		{Server: "lab", Name: "broken", InputSchema: json.RawMessage(`{"type":"object","properties":`)},
	}}}}
	h, d := openForm(t, b, "wide", 80, 24)
	if len(d.Fields()) != callform.MaxFields || !strings.Contains(h.screen(), "20 more arguments are not shown: ctrl+e") {
		t.Errorf("%d fields:\n%s", len(d.Fields()), h.screen())
	}
	h, _ = openForm(t, b, "broken", 80, 24)
	if scr := h.screen(); !strings.Contains(scr, "The input schema cannot be read") {
		t.Errorf("an unreadable schema is not said:\n%s", scr)
	}
}

func TestCallFormKeyOnServerRowAndPaste(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoBackend(t), 80, 24)
	h.keys("g", "x") // the cursor on the server row
	if h.m.dialogs.Top() != nil || !strings.Contains(h.m.status.text, "x calls a tool") {
		t.Fatalf("x on a server: %q", h.m.status.text)
	}
	h.selectTool("shop_get_order")
	h.keys("x")
	d := h.m.dialogs.Top().(*callFormDialog)
	h.send(tea.PasteMsg{Content: "5601234042"})
	if d.Form().Values()[0] != "5601234042" || d.Errors()[0] != "" {
		t.Fatalf("pasted %q, error %q", d.Form().Values()[0], d.Errors()[0])
	}
}

// twoFields is a tool of two strings, a and b.
func twoFields() *fakeBackend {
	return &fakeBackend{servers: []model.Server{{Name: "lab", State: model.StateConnected, Tools: []model.Tool{
		{Server: "lab", Name: "pair", InputSchema: json.RawMessage(`{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}}}`)},
	}}}}
}

// burst sends keys to the model back to back, as a fast typist or a
// terminal's key repeat does: no command returned runs before the next key
// is read. The commands run afterwards, their messages fed back.
func (h *harness) burst(keys ...tea.KeyPressMsg) {
	var cmds []tea.Cmd
	for _, k := range keys {
		_, cmd := h.m.Update(k)
		cmds = append(cmds, cmd)
	}
	for _, c := range cmds {
		h.run(c)
	}
}

// keyBurst turns key names ("tab", "enter") and text into key presses.
func keyBurst(parts ...string) []tea.KeyPressMsg {
	var out []tea.KeyPressMsg
	for _, p := range parts {
		switch p {
		case "tab", "enter", "down", "up", "right", "left", "space", "backspace", "esc":
			out = append(out, keyPress(p))
		case "shift+tab":
			out = append(out, tea.KeyPressMsg{Code: tea.KeyTab, Mod: tea.ModShift})
		case "ctrl+s":
			out = append(out, tea.KeyPressMsg{Code: 's', Mod: tea.ModCtrl})
		default:
			for _, r := range p {
				out = append(out, tea.KeyPressMsg{Code: r, Text: string(r)})
			}
		}
	}
	return out
}

// Trap 3: a key typed right after tab lands in the field tab moved to,
// however fast it comes: huh's own move comes back as a message after
// the key, so the form moves the focus itself.
func TestCallFormKeysAfterTabLandInTheNextField(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		keys []string
		a, b string
	}{
		{[]string{"5", "tab", "7"}, "5", "7"},
		{[]string{"2", "tab", "abc"}, "2", "abc"},
		{[]string{"x", "tab", "y", "shift+tab", "z"}, "xz", "y"},
		{[]string{"tab", "tab", "tab", "q"}, "q", ""}, // round from the button
	} {
		h, d := openForm(t, twoFields(), "pair", 80, 24)
		h.burst(keyBurst(c.keys...)...)
		if v := d.Form().Values(); v[0] != c.a || v[1] != c.b {
			t.Errorf("%q gave a=%q b=%q, want %q %q", c.keys, v[0], v[1], c.a, c.b)
		}
	}
}

// The same holds in the elicitation form, pickers included.
func TestElicitationKeysAfterTabLandInTheNextField(t *testing.T) {
	t.Parallel()
	h, reply := ask(t)
	h.burst(keyBurst("Ada", "tab", "down", "down", "tab", "tab", "right", "ctrl+s")...)
	a := answered(t, reply)
	got, _ := json.Marshal(a.Content)
	if a.Action != mcpclient.ElicitAccept || string(got) != `{"count":2,"gift":true,"name":"Ada","size":"M"}` {
		t.Fatalf("answer %+v %s", a, got)
	}
}

// A submit refused, then keys typed fast: nothing is sent, the focus is on
// the field the refusal names, and the keys land there.
func TestCallFormRefusedSubmitFocusesTheField(t *testing.T) {
	t.Parallel()
	h, d := openForm(t, demoBackend(t), "shop_get_order", 80, 24)
	h.typeText("abc")
	h.keys("tab", "tab")
	h.burst(keyBurst("ctrl+s", "enter", "ctrl+s", "backspace")...)
	if h.m.dialogs.Top() != d {
		t.Fatalf("invalid arguments were sent:\n%s", h.screen())
	}
	if d.Form().Focused() != 0 || d.Form().Values()[0] != "ab" {
		t.Errorf("the focus is on item %d, order_id %q: want the focus on order_id", d.Form().Focused(), d.Form().Values()[0])
	}
	if !strings.Contains(h.screen(), "fix order_id: 'abc' does not match pattern") {
		t.Errorf("the refusal is not shown:\n%s", h.screen())
	}
}

// An array of an enum's values is a multiple choice that lists them (it
// was a text area, the values in its description), and sends an array.
func TestCallFormMultipleChoice(t *testing.T) {
	t.Parallel()
	h, d := openForm(t, demoBackend(t), "shop_get_order", 100, 60)
	focusField(t, h, d, "expand")
	i := d.Form().Focused()
	if d.Fields()[i].Kind != callform.KindMulti {
		t.Fatalf("expand is a %s field", kindName(d.Fields()[i].Kind))
	}
	scr := h.screen()
	for _, s := range []string{"[•] line_items.variant", "[•] line_items.product", "[ ] customer.addresses", "[ ] fulfillments.line_items"} {
		if !strings.Contains(scr, s) {
			t.Errorf("the picker lacks %q:\n%s", s, scr)
		}
	}
	h.burst(keyBurst("space", "down", "down", "space")...) // drop variant, pick addresses
	args, _ := d.Args()
	if !strings.Contains(string(args), `"expand":["line_items.product","customer.addresses"]`) {
		t.Errorf("args %s", args)
	}
}

var ctrlR = tea.KeyPressMsg{Code: 'r', Mod: tea.ModCtrl}

// esc closes an untouched form at once; a changed one asks first, and any
// other key goes on editing.
func TestCallFormEscAsksBeforeDiscarding(t *testing.T) {
	t.Parallel()
	h, _ := openForm(t, twoFields(), "pair", 80, 24)
	h.keys("esc")
	if h.m.dialogs.Top() != nil {
		t.Fatal("esc on an untouched form did not close it")
	}
	h, d := openForm(t, twoFields(), "pair", 80, 24)
	h.typeText("5")
	h.keys("esc")
	if h.m.dialogs.Top() != d || !strings.Contains(h.screen(), "esc again discards your changes") {
		t.Fatalf("esc discarded a changed form without asking:\n%s", h.screen())
	}
	h.typeText("6")
	if v := d.Form().Values()[0]; v != "56" || strings.Contains(h.screen(), "esc again") {
		t.Fatalf("a key after the question: %q\n%s", v, h.screen())
	}
	h.keys("esc", "esc")
	if h.m.dialogs.Top() != nil {
		t.Fatal("a second esc did not discard")
	}
}

// ctrl+r keeps the edit in the round of remembered sets; with none, it
// says so and keeps the edit.
func TestCtrlRKeepsTheEdit(t *testing.T) {
	t.Parallel()
	h, d := openForm(t, demoBackend(t), "shop_get_order", 80, 24)
	h.typeText("123")
	h.send(ctrlR)
	if v := d.Form().Values()[0]; v != "123" || !strings.Contains(h.screen(), "no remembered arguments") {
		t.Fatalf("ctrl+r without history: order_id %q\n%s", v, h.screen())
	}

	if err := argsOf(t).save("demo.shop_get_order", json.RawMessage(`{"order_id":"1"}`), time.Now()); err != nil {
		t.Fatal(err)
	}
	h, d = openForm(t, demoBackend(t), "shop_get_order", 80, 24)
	h.keys("backspace")
	h.typeText("42")
	var seen []string
	for range 3 {
		h.send(ctrlR)
		seen = append(seen, d.Form().Values()[0])
	}
	if strings.Join(seen, ",") != "1,,42" {
		t.Fatalf("ctrl+r went through %q, want the set, the defaults, then the edit", seen)
	}
	if !strings.Contains(h.screen(), "your edit") {
		t.Errorf("no word on the edit:\n%s", h.screen())
	}
}

// Keys typed right after x, while the form opens (its remembered sets are
// read first), land in the form: a digit did not unfold the tree.
func TestKeysTypedWhileTheFormOpensLandInIt(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoBackend(t), 80, 24)
	h.selectTool("shop_get_order")
	h.burst(keyBurst("x", "5601234042", "ctrl+s")...)
	if d, ok := h.m.dialogs.Top().(*callFormDialog); ok {
		t.Fatalf("the form stayed open: order_id %q\n%s", d.Form().Values()[0], h.screen())
	}
	if v := h.m.current.LastArgs; !strings.Contains(string(v), `"order_id":"5601234042"`) {
		t.Fatalf("called with %s", v)
	}
}

// A refusal at an object's heading (a required property of it missing)
// moves the focus to the first field under it; the sampling form takes a
// burst of keys and ctrl+s too.
func TestRefusalAtAHeadingAndSamplingBurst(t *testing.T) {
	t.Parallel()
	b := &fakeBackend{servers: []model.Server{{Name: "lab", State: model.StateConnected, Tools: []model.Tool{
		{Server: "lab", Name: "nested", InputSchema: json.RawMessage(`{"type":"object","properties":{
			"a":{"type":"string"},
			"filter":{"type":"object","properties":{"x":{"type":"string"},"y":{"type":"string"}},"required":["y"]}},
			"required":["filter"]}`)},
	}}}}
	h, d := openForm(t, b, "nested", 80, 40)
	h.burst(keyBurst("q", "ctrl+s")...) // the whole filter missing: the error is at its heading
	if h.m.dialogs.Top() != d || d.Errors()[1] == "" {
		t.Fatalf("sent without a filter, or the error is not at its heading: %v", d.Errors())
	}
	if at := d.Form().Focused(); at != 2 {
		t.Fatalf("the focus is on item %d, want filter.x", at)
	}

	h = newHarness(t, demoBackend(t), 80, 24)
	req, reply := pendingSampling(mcpclient.SamplingRequest{Server: "demo", MaxTokens: 9})
	h.send(samplingAskedMsg{req: req})
	h.burst(keyBurst("Four", "ctrl+s")...)
	if a := answered(t, reply); a.Decline || a.Text != "Four" {
		t.Fatalf("sampling answered %+v", a)
	}
}

// A oneOf (or anyOf) of consts with titles, alone or as an array's items,
// is a picker in the call form too: the titles shown, the values sent (it
// was a line of text, and a list, with no word of the choices).
func TestCallFormTitledConsts(t *testing.T) {
	t.Parallel()
	b := &fakeBackend{servers: []model.Server{{Name: "lab", State: model.StateConnected, Tools: []model.Tool{
		{Server: "lab", Name: "paint", InputSchema: json.RawMessage(`{"type":"object","properties":{
			"color":{"type":"string","oneOf":[{"const":"#f00","title":"Red"},{"const":"#0f0","title":"Green"}]},
			"more":{"type":"array","items":{"anyOf":[{"const":1,"title":"One"},{"const":2,"title":"Two"}]}}}}`)},
	}}}}
	h, d := openForm(t, b, "paint", 80, 40)
	scr := h.screen()
	for _, s := range []string{"Red", "Green", "[ ] One", "[ ] Two"} {
		if !strings.Contains(scr, s) {
			t.Errorf("the form lacks %q:\n%s", s, scr)
		}
	}
	if strings.Contains(scr, "#f00") {
		t.Errorf("a value is shown instead of its title:\n%s", scr)
	}
	h.burst(keyBurst("down", "down", "tab", "down", "space")...)
	if args, _ := d.Args(); string(args) != `{"color":"#0f0","more":[2]}` {
		t.Errorf("args %s", args)
	}
}
