package dialog

import (
	"errors"
	"strings"
	"testing"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"mcpeek/tui/kit"
)

// key is the key press s: a named key or a character typed.
func keyOf(s string) tea.KeyPressMsg {
	switch s {
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "left":
		return tea.KeyPressMsg{Code: tea.KeyLeft}
	case "backspace":
		return tea.KeyPressMsg{Code: tea.KeyBackspace}
	}
	r := []rune(s)[0]
	return tea.KeyPressMsg{Code: r, Text: s}
}

// press sends keys to d and returns the last action.
func press(d Dialog, keys ...string) kit.Action {
	k := kit.NewKeyMap()
	var a kit.Action
	for _, s := range keys {
		a = d.Key(keyOf(s), &k)
	}
	return a
}

type accepted struct{ text string }

func textDialog(offered bool, accept func(string) (kit.Action, error)) *Text {
	d := NewText(TextSpec{Title: "name it", Field: NewField(textinput.DefaultStyles(true), "name: ", "tool_name", offered),
		Keys: "enter save · esc cancel", Accept: accept, Writes: true})
	d.Focus()
	return d
}

// An offered name goes at the first character typed or pasted; a key
// that moves or deletes in it keeps it, to edit.
func TestOfferedNameReplacedByTyping(t *testing.T) {
	d := textDialog(true, nil)
	press(d, "a", "b")
	if v := d.Field().Value(); v != "ab" {
		t.Errorf("typed over the offered name: %q", v)
	}
	d = textDialog(true, nil)
	press(d, "backspace", "x")
	if v := d.Field().Value(); v != "tool_namx" {
		t.Errorf("edited the offered name: %q", v)
	}
	d = textDialog(true, nil)
	d.Paste("pasted\nname")
	if v := d.Field().Value(); v != "pasted name" && v != "pastedname" {
		t.Errorf("pasted over the offered name: %q", v)
	}
	d = textDialog(false, nil)
	press(d, "x")
	if v := d.Field().Value(); v != "tool_namex" {
		t.Errorf("a value not offered was replaced: %q", v)
	}
}

// enter hands the text to Accept: its error shows in the dialog, its
// action goes back and the dialog waits, keys ignored, on the write it
// asked for until refused.
func TestTextAcceptsRefusesAndWrites(t *testing.T) {
	s := kit.NewStyles(true, true)
	d := textDialog(true, func(text string) (kit.Action, error) {
		if text == "bad" {
			return nil, errors.New("not that one")
		}
		return accepted{text}, nil
	})
	if a := press(d, "b", "a", "d", "enter"); a != nil || d.Refused() != "not that one" ||
		!strings.Contains(d.Render(&s, 80, 24), "not that one") {
		t.Fatalf("a refused text: action %v, refused %q", a, d.Refused())
	}
	if a := press(d, "backspace", "backspace", "backspace", "o", "k", "enter"); a != (accepted{"ok"}) || !d.Writing() {
		t.Fatalf("enter on ok asked for %v (writing %v)", a, d.Writing())
	}
	if a := press(d, "esc"); a != nil || !strings.Contains(d.Render(&s, 80, 24), "writing…") {
		t.Fatalf("a key while writing did %v", a)
	}
	d.Refuse(errors.New("the file is gone"))
	if d.Writing() || !strings.Contains(d.Render(&s, 80, 24), "the file is gone") {
		t.Fatal("a refused write is not shown")
	}
	if _, ok := press(d, "esc").(kit.CloseDialog); !ok {
		t.Fatal("esc does not close the dialog")
	}
}

// An AskFirst from Accept asks its question: the overwrite key answers
// with its action, any other key withdraws it.
func TestTextAsksFirst(t *testing.T) {
	s := kit.NewStyles(true, true)
	d := textDialog(false, func(text string) (kit.Action, error) {
		return AskFirst{Question: text + " exists: overwrite? y/n", Then: accepted{text}}, nil
	})
	if a := press(d, "enter"); a != nil || !strings.Contains(d.Render(&s, 80, 24), "tool_name exists: overwrite? y/n") {
		t.Fatalf("enter did %v, and the question is not asked", a)
	}
	if a := press(d, "n"); a != nil || strings.Contains(d.Render(&s, 80, 24), "overwrite?") || d.Field().Value() != "tool_name" {
		t.Fatalf("n did %v, or did not withdraw the question, or was typed", a)
	}
	if a := press(d, "enter", "y"); a != (accepted{"tool_name"}) {
		t.Fatalf("y answered %v", a)
	}
}
