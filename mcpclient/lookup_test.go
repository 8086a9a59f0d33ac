package mcpclient

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"mcpeek/model"
)

func TestUnknownServerNamesTheNearestAndAll(t *testing.T) {
	err := UnknownServer("shpo", []string{"shop", "billing"})
	want := `no server named "shpo" (did you mean shop?); the servers are: shop, billing`
	if err.Error() != want {
		t.Errorf("got  %s\nwant %s", err, want)
	}
	if e, ok := errors.AsType[*UnknownServerError](err); !ok || e.Name != "shpo" {
		t.Errorf("not an UnknownServerError naming shpo: %#v", err)
	}
}

func TestOnlyServersKeepsConfigOrder(t *testing.T) {
	servers := []ServerConfig{{Name: "a"}, {Name: "b"}, {Name: "c"}}
	kept, err := OnlyServers(servers, []string{"c", "a"}, false)
	if err != nil || len(kept) != 2 || kept[0].Name != "a" || kept[1].Name != "c" {
		t.Fatalf("got %v, %v; want a, c", kept, err)
	}
	if _, err := OnlyServers(servers, []string{"d"}, false); err == nil || !strings.Contains(err.Error(), `no server named "d"`) {
		t.Errorf("an unknown name: %v", err)
	}
	if kept, err := OnlyServers(servers, []string{"d", "b"}, true); err != nil || len(kept) != 1 || kept[0].Name != "b" {
		t.Errorf("lenient: got %v, %v; want b", kept, err)
	}
}

func TestNotReadySaysWhy(t *testing.T) {
	for _, c := range []struct {
		s    model.Server
		want string
	}{
		{model.Server{Name: "x", State: model.StateError, Err: "refused"}, `server "x" could not be reached: refused`},
		{model.Server{Name: "x", State: model.StateDisabled, Source: "mcp.json"}, `server "x" is disabled in its config (mcp.json)`},
		{model.Server{Name: "x", State: model.StateStarting}, `server "x" did not finish starting in time (--connect-timeout gives it longer)`},
	} {
		if got := NotReady(c.s).Error(); got != c.want {
			t.Errorf("got  %s\nwant %s", got, c.want)
		}
	}
}

func TestFindToolPickServersAndWholeSnapshot(t *testing.T) {
	t.Parallel()
	srv := server.NewMCPServer("shop", "1", server.WithToolCapabilities(true))
	srv.AddTool(mcp.NewTool("search_items"), func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText("ok"), nil
	})
	m := startManager(t, Config{}, WithInProcess("shop", srv))
	if tool, err := m.FindTool("shop", "search_items"); err != nil || tool.Name != "search_items" {
		t.Fatalf("FindTool: %v, %v", tool.Name, err)
	}
	if _, err := m.FindTool("shop", "serch_items"); err == nil || !strings.Contains(err.Error(), `shop lists no tool named "serch_items"`) {
		t.Errorf("a tool not listed: %v", err)
	}
	if _, err := m.FindTool("shpo", "search_items"); err == nil || !strings.Contains(err.Error(), `no server named "shpo"`) {
		t.Errorf("a server not configured: %v", err)
	}
	picked, err := m.PickServers([]string{"shop", "shop"})
	if err != nil || len(picked) != 1 {
		t.Fatalf("PickServers: %v, %v; want shop once", picked, err)
	}
	if all, err := m.PickServers(nil); err != nil || len(all) != 1 {
		t.Errorf("PickServers(nil): %v, %v", all, err)
	}
	snap, err := m.WholeSnapshot(context.Background(), picked)
	if err != nil || len(snap.Servers) != 1 || len(snap.Servers[0].Tools) != 1 {
		t.Fatalf("WholeSnapshot: %+v, %v", snap, err)
	}
}
