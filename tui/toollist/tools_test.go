package toollist

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"mcpeek/model"
	"mcpeek/tui/kit"
)

// noOffers is the offer type of a list without offers.
type noOffers struct{}

func listServers() []model.Server {
	tool := func(server, name string) model.Tool { return model.Tool{Server: server, Name: name} }
	return []model.Server{
		{Name: "a", State: model.StateConnected, Tools: []model.Tool{tool("a", "list_orders"), tool("a", "get_order")}},
		{Name: "b", State: model.StateConnected, Tools: []model.Tool{tool("b", "get_user"), tool("b", "orders")}},
	}
}

// nameInfo is a tool's Info with its name alone.
func nameInfo(id string) Info {
	_, name, _ := strings.Cut(id, ".")
	return Info{Name: name}
}

// TestFilterRanksServersByTheirBestTool: under a filter the server with
// the best match comes first and the cursor lands on it; clearing the
// filter goes back to the row selected when it opened.
func TestFilterRanksServersByTheirBestTool(t *testing.T) {
	t.Parallel()
	servers := listServers()
	l := New[noOffers](nil)
	l.SetHeight(10)
	l.Rebuild(servers, nameInfo)
	if len(l.Rows()) != 6 {
		t.Fatalf("%d rows, want 2 servers and 4 tools", len(l.Rows()))
	}
	l.move(2) // a.get_order
	l.OpenFilter(servers)
	l.SetFilter("orders", servers, nameInfo)
	if got := l.Selected(servers); got != (Key{Server: "b", Tool: "orders"}) {
		t.Errorf("the filter selected %+v, want b's exact match", got)
	}
	if l.Rows()[0].Server != 1 {
		t.Errorf("server b, with the exact match, is not first: %+v", l.Rows())
	}
	l.CloseFilter(servers, nameInfo)
	if got := l.Selected(servers); got != (Key{Server: "a", Tool: "get_order"}) {
		t.Errorf("closing the filter selected %+v, want a.get_order", got)
	}
}

// TestKeysFoldAndUnfoldAServer: on a tool the fold key goes up to its
// server, on the server it hides the tools; unfold shows them again, and
// unfold on a tool asks for the tool's view.
func TestKeysFoldAndUnfoldAServer(t *testing.T) {
	t.Parallel()
	servers := listServers()
	k := kit.NewKeyMap()
	press := func(l *List[noOffers], code rune) kit.Action {
		return l.Key(tea.KeyPressMsg{Code: code}, &k, servers, nameInfo)
	}
	l := New[noOffers](nil)
	l.SetHeight(10)
	l.Rebuild(servers, nameInfo)
	l.move(1)
	if _, ok := press(&l, 'l').(kit.FocusView); !ok {
		t.Errorf("unfold on a tool does not ask for its view")
	}
	press(&l, 'h')
	if r, _ := l.Row(); !r.IsServer() {
		t.Fatalf("fold on a tool did not go up to its server: %+v", r)
	}
	if _, ok := press(&l, 'h').(kit.ShowSelected); !ok || len(l.Rows()) != 4 {
		t.Fatalf("fold on a server left %d rows, want 4", len(l.Rows()))
	}
	press(&l, 'l')
	if len(l.Rows()) != 6 {
		t.Errorf("unfold left %d rows, want 6", len(l.Rows()))
	}
}
