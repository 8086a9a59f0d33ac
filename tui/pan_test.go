package tui

import (
	"strings"
	"testing"
)

// Raw, planner and compare scroll sideways with ← and →: a long line's
// end can be read, and a cut is marked "…" on the side it is.
func TestDocumentsScrollSideways(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		keys []string
		end  string // the end of a line too long for 53 columns
	}{
		{[]string{"v", "v"}, `holding both shop and presentment currencies."`},
		{[]string{"p"}, `currency_view?: string = \"shop\")"`},
		{[]string{"c"}, ""}, // its lines fit: → only shifts them
	} {
		h := newHarness(t, demoBackend(t), 80, 30)
		h.selectTool("shop_get_order")
		h.keys(c.keys...)
		scr := h.screen()
		if c.end == "" {
			h.keys("right")
			scr = h.screen()
		} else {
			tail := c.end[len(c.end)-20:]
			if strings.Contains(scr, tail) {
				t.Fatalf("%v: the line's end shows before scrolling", c.keys)
			}
			for i := 0; i < 40 && !strings.Contains(scr, tail); i++ {
				h.keys("right")
				scr = h.screen()
			}
			if !strings.Contains(scr, tail) {
				t.Errorf("%v: → does not bring the end of the long line on screen:\n%s", c.keys, scr)
			}
		}
		if !strings.Contains(scr, "│…") || !strings.Contains(scr, "from column") {
			t.Errorf("%v: the cut on the left is not marked:\n%s", c.keys, scr)
		}
		for range 40 {
			h.keys("left")
		}
		if strings.Contains(h.screen(), "│…") {
			t.Errorf("%v: ← does not come back", c.keys)
		}
	}
}
