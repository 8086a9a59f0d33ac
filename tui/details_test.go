package tui

import (
	"strings"
	"testing"

	"mcpeek/model"
	"mcpeek/tui/dialog"
)

// detailsTool has a field with everything the details can show.
func detailsBackend() *fakeBackend {
	out := `{"type":"object","$defs":{"State":{"type":"string","enum":["open","closed","merged"],
	"description":"The state of the pull request.\n\n- **open**: still under review\n- **closed**: closed without merging\n\nSee ` + "`state_reason`" + ` for why."}},
	"properties":{"state":{"$ref":"#/$defs/State"},
	"title":{"type":"string","minLength":1,"maxLength":256,"pattern":"^\\S","default":"untitled","description":"A plain description that is long enough to wrap across more than one line of the details dialog at eighty columns, ending here: THE-END."},
	"labels":{"type":"array","minItems":1,"items":{"type":"string","format":"hostname"}}},"required":["state"]}`
	tool := model.Tool{Server: "gh", Name: "pulls_get", OutputSchema: []byte(out), Raw: []byte(`{"name":"pulls_get"}`)}
	return &fakeBackend{servers: []model.Server{{Name: "gh", State: model.StateConnected, Tools: []model.Tool{tool}}}}
}

// i shows a field's details: the whole description (Markdown rendered),
// type, format, enum, constraints, default, $ref, required, every path.
func TestDetailsPopup(t *testing.T) {
	t.Parallel()
	h := newHarness(t, detailsBackend(), 80, 40)
	h.keys("tab", "v") // schema view
	for _, c := range []struct {
		path string
		want []string
		not  []string
	}{
		{"state", []string{"state", "type", "string", "required     yes", "$ref", "#/$defs/State", `enum         "open", "closed", "merged"`,
			"The state of the pull request.", "open: still under review", "state_reason", "JSON pointer /state", "jq           .state",
			"mcpeek inspect gh.pulls_get state"}, []string{"**open**", "\x1b]8"}},
		{"title", []string{"default      \"untitled\"", "minLength 1 · maxLength 256 · pattern", "required     no", "THE-END"}, nil},
		{"labels[]", []string{"format       hostname", "minItems 1", "JSON pointer /labels/0", "jq           .labels[]"}, nil},
	} {
		if _, ok := h.m.currentTree().JumpTo(outPath(c.path)); !ok {
			t.Fatalf("no line %s", c.path)
		}
		h.keys("i")
		if _, ok := h.m.dialogs.Top().(*dialog.Details); !ok {
			t.Fatalf("i opened no details on %s", c.path)
		}
		scr := h.screen()
		for _, w := range c.want {
			if !strings.Contains(scr, w) {
				t.Errorf("%s: the details lack %q:\n%s", c.path, w, scr)
			}
		}
		for _, w := range c.not {
			if strings.Contains(h.m.View().Content, w) {
				t.Errorf("%s: the details show %q", c.path, w)
			}
		}
		h.keys("esc")
		if h.m.dialogs.Top() != nil {
			t.Fatal("esc did not close the details")
		}
	}
}
