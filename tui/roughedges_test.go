package tui

import (
	"strings"
	"testing"
)

// A second / starts a new query: what is typed replaces the kept filter
// instead of extending it, and enter on an empty query keeps it.
func TestSlashStartsANewFilter(t *testing.T) {
	t.Parallel()
	h := newHarness(t, demoBackend(t), 80, 24)
	h.keys("/")
	h.typeText("echo")
	h.keys("enter")
	if h.m.tools.filter != "echo" {
		t.Fatalf("filter %q after /echo", h.m.tools.filter)
	}
	h.keys("/")
	if !strings.Contains(h.screen(), "filter: echo") {
		t.Errorf("the kept filter is not shown in the new query's input:\n%s", h.screen())
	}
	h.typeText("get_ord")
	if h.m.tools.filter != "get_ord" {
		t.Fatalf("a second / typed get_ord into filter %q", h.m.tools.filter)
	}
	h.keys("enter")
	if got := h.selectedName(); got != "demo.shop_get_order" {
		t.Errorf("/get_ord selects %s", got)
	}
	// An empty query keeps the filter it replaces; esc clears it.
	h.keys("/", "enter")
	if h.m.tools.filter != "get_ord" {
		t.Errorf("/ enter dropped the filter: %q", h.m.tools.filter)
	}
	h.keys("/", "esc")
	if h.m.tools.filter != "" {
		t.Errorf("/ esc kept the filter %q", h.m.tools.filter)
	}
}
