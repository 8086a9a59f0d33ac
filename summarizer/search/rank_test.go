package search

import (
	"slices"
	"sort"
	"testing"
)

func TestNameTiers(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, q string
		want    Score
	}{
		{"shop_get_order", "shop_get_order", NameExact},
		{"shop_get_order", "SHOP_GET", NamePrefix},
		{"shop_get_order", "order", NameWord},
		{"shop_list_orders", "order", NameWordStart},
		{"getOrderById", "order", NameWord},
		{"reorder", "order", NameSubstring},
		{"shop_get_order", "sgo", NameFuzzy},
		{"shop_get_order", "xyz", NoMatch},
		{"anything", "", NoMatch},
	}
	for _, c := range cases {
		if got := Name(c.name, c.q); got != c.want {
			t.Errorf("Name(%q, %q) = %v, want %v", c.name, c.q, got, c.want)
		}
	}
}

func TestDescriptionBelowEveryName(t *testing.T) {
	t.Parallel()
	if Text("Fetch one order by id", "order") != DescWord || Text("reordering", "order") != DescSubstring {
		t.Error("description tiers")
	}
	if Tool("zzz", "order", "order") >= NameFuzzy {
		t.Error("a description match ranks above a fuzzy name")
	}
}

// The trap of the filter: of five pulls_get* tools, the exact name wins,
// and "order" prefers the whole word.
func TestBestMatchFirst(t *testing.T) {
	t.Parallel()
	rank := func(names []string, q string) []string {
		out := slices.Clone(names)
		sort.SliceStable(out, func(i, j int) bool { return Name(out[i], q) > Name(out[j], q) })
		return out
	}
	got := rank([]string{"pulls_get_review", "pulls_get_files", "pulls_get_comments", "pulls_get", "pulls_get_status"}, "pulls_get")
	if got[0] != "pulls_get" {
		t.Errorf("pulls_get ranks %v", got)
	}
	got = rank([]string{"shop_list_orders", "shop_get_order", "crm_reorder"}, "order")
	if got[0] != "shop_get_order" {
		t.Errorf("order ranks %v", got)
	}
}
