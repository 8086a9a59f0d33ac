package callform

import (
	"encoding/json"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"mcpeek/model"
)

// testKeys are the explorer's bindings for the keys the call form reads.
func testKeys() CallKeys {
	b := func(keys ...string) key.Binding { return key.NewBinding(key.WithKeys(keys...)) }
	return CallKeys{
		Keys:   Keys{Submit: b("ctrl+s"), Accept: b("enter"), Next: b("tab", "enter"), Prev: b("shift+tab")},
		Cancel: b("esc"), EditArgs: b("ctrl+e"), OlderArgs: b("ctrl+r"), AsTask: b("ctrl+t"),
	}
}

func newTestCall(t *testing.T, schema string, sets ...Set) *Call {
	t.Helper()
	in, err := model.ParseSchema([]byte(schema))
	if err != nil {
		t.Fatal(err)
	}
	return NewCall(Tool{ID: 7, ToolID: "srv.tool", Name: "tool", Raw: json.RawMessage(schema), Input: in, Sets: sets})
}

// The call form on its own, without the explorer: a refused submit names
// the field, typed text makes it valid, the submit hands out the
// arguments; a property named with a dot stays one property.
func TestCallSubmitsItsArguments(t *testing.T) {
	t.Parallel()
	c := newTestCall(t, `{"type":"object","properties":{"a.x":{"type":"integer"},"n":{"type":"string"}},"required":["a.x"]}`)
	c.View(Styles{}, 80, 24)
	k := testKeys()
	if o, _ := c.Key(tea.KeyPressMsg{Code: 's', Mod: tea.ModCtrl}, k); o != nil {
		t.Fatalf("an empty required field was let through: %#v", o)
	}
	if !strings.Contains(c.Note(), "fix a.x") {
		t.Fatalf("the refusal does not name the field: %q", c.Note())
	}
	for _, r := range "42" {
		c.Key(tea.KeyPressMsg{Code: r, Text: string(r)}, k)
	}
	o, _ := c.Key(tea.KeyPressMsg{Code: 's', Mod: tea.ModCtrl}, k)
	sub, ok := o.(Submitted)
	if !ok || string(sub.Args) != `{"a.x":42}` {
		t.Fatalf("submitted %#v", o)
	}
}

// esc on a changed form asks first; a second esc closes it. The editor's
// answer for another form is not taken.
func TestCallEscAsksAndEditorTicket(t *testing.T) {
	t.Parallel()
	c := newTestCall(t, `{"type":"object","properties":{"n":{"type":"string"}}}`)
	k := testKeys()
	c.Key(tea.KeyPressMsg{Code: 'x', Text: "x"}, k)
	if o, _ := c.Key(tea.KeyPressMsg{Code: tea.KeyEscape}, k); o != nil {
		t.Fatalf("the first esc on a changed form closed it: %#v", o)
	}
	if o, _ := c.Key(tea.KeyPressMsg{Code: tea.KeyEscape}, k); o != (Closed{}) {
		t.Fatalf("the second esc: %#v", o)
	}
	c.Update(EditedMsg{ID: 8, Text: `{"n":"other"}`})
	if c.Form().Values()[0] != "x" {
		t.Fatalf("an answer for another form was taken: %q", c.Form().Values())
	}
	c.Update(EditedMsg{ID: 7, Text: `{"n":"mine"}`})
	if c.Form().Values()[0] != "mine" {
		t.Fatalf("the editor's answer was not taken: %q", c.Form().Values())
	}
}

// A field's description ends its sentence before the hint on how to type
// it, when the server's does not.
func TestFieldDescriptionEndsItsSentence(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		desc string
		kind Kind
		want string
	}{
		{"Maximum number of tokens to generate", KindNumber, "Maximum number of tokens to generate. A number."},
		{"How many.", KindInteger, "How many. A whole number."},
		{"Pick one (or none)", KindChoice, "Pick one (or none) ↑/↓ chooses."},
		{"", KindNumber, "A number."},
		{"The topic", KindText, "The topic"},
	} {
		if got := fieldDescription(Field{Desc: c.desc, Kind: c.kind}); got != c.want {
			t.Errorf("%q (%v): %q, want %q", c.desc, c.kind, got, c.want)
		}
	}
}
