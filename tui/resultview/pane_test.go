package resultview

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"mcpeek/mcpclient"
	"mcpeek/model"
)

// running is a call under way as the header reads it.
type running struct{ progress mcpclient.Progress }

func (r running) Started() time.Time                   { return time.Now() }
func (r running) Progress() (mcpclient.Progress, bool) { return r.progress, true }
func (r running) Task(time.Time) string                { return "task t1 · working" }

// The pane on its own, with no explorer around it: the header of a call
// that ended and of one under way, the rows the tree is left, and the
// copy key on a value and off one.
func TestPaneOnItsOwn(t *testing.T) {
	t.Parallel()
	sc := `{"n":7}`
	res := &mcpclient.CallResult{Raw: json.RawMessage(`{"structuredContent":` + sc + `}`), StructuredContent: json.RawMessage(sc)}
	v, err := model.DecodeJSON([]byte(sc))
	if err != nil {
		t.Fatal(err)
	}
	p := NewPane(NewTree(res, v, false, nil), &Outcome{Args: json.RawMessage(`{"a":1}`), Result: res, Latency: 1500 * time.Microsecond})
	if rows := p.Resize(60, 10); rows != 9 || p.HeaderRows() != 1 {
		t.Errorf("the tree has %d rows under a header of %d", rows, p.HeaderRows())
	}
	if head := p.Header(Styles{}); len(head) != 1 || !strings.HasPrefix(head[0], `ok  2ms  at `) || !strings.Contains(head[0], `args {"a":1}`) {
		t.Errorf("header %q", head)
	}
	keys := Keys{CopyValue: key.NewBinding(key.WithKeys("Y"))}
	copyKey := tea.KeyPressMsg{Code: 'Y', Text: "Y"}
	if a, ok := p.Key(copyKey, keys); !ok || a != (CopyValue{sc}) {
		t.Errorf("Y on structuredContent: %#v", a)
	}
	p.Tree.Down(1)
	if a, _ := p.Key(copyKey, keys); a != (CopyValue{"7"}) {
		t.Errorf("Y on n: %#v", a)
	}
	if _, onValue := p.Place(); !onValue {
		t.Error("the cursor on n is not on a value")
	}
	p.Tree.Bottom()
	if a, _ := p.Key(copyKey, keys); a != (Refused{"no value under the cursor"}) {
		t.Errorf("Y on the raw result: %#v", a)
	}
	if section, _ := p.Place(); section != "result" {
		t.Errorf("the cursor is in %q", section)
	}
	if _, ok := p.Key(tea.KeyPressMsg{Code: 'j', Text: "j"}, keys); ok {
		t.Error("the pane took a key of the tree's")
	}

	p.Call = running{mcpclient.Progress{Progress: 1, Total: 4, Message: "reading"}}
	head := strings.Join(p.Header(Styles{}), "\n")
	for _, want := range []string{"calling… 0s  esc cancels", "task t1 · working", "reading", "last call: ok"} {
		if !strings.Contains(head, want) {
			t.Errorf("the header of a call under way lacks %q:\n%s", want, head)
		}
	}
	if p.Headline() != "calling…" {
		t.Errorf("headline %q", p.Headline())
	}
}

func TestSavedStatus(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		s     Saved
		want  string
		isErr bool
	}{
		{Saved{Paths: []string{"a.json", "a-0.png"}}, "saved a.json, a-0.png", false},
		{Saved{Paths: []string{"a.json"}, Err: errors.New("save block 1: a-1.png exists")}, "saved a.json; save block 1: a-1.png exists", true},
		{Saved{Err: errors.New("save the result: denied")}, "save the result: denied", true},
	} {
		if got, isErr := c.s.Status(); got != c.want || isErr != c.isErr {
			t.Errorf("%+v: %q %v", c.s, got, isErr)
		}
	}
}
