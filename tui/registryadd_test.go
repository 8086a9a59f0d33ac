package tui

import (
	"context"
	"strings"
	"testing"

	"mcpeek/mcpclient/registry"
	"mcpeek/tui/dialog"
)

// enter on a server that needs inputs asks for them in a form first: a
// secret is shown as dots, an empty answer is refused, and the try gets
// the answers.
func TestRegistryPaneAsksForInputsBeforeTrying(t *testing.T) {
	var got map[string]string
	_, r := localRegistry(t, func(_ context.Context, e registry.Entry, values map[string]string, _ func(string)) (string, error) {
		got = values
		return "", errorf("stopped here")
	})
	r.Needs = func(e registry.Entry) []registry.Need {
		if !strings.HasSuffix(e.Server.Name, "weather") {
			return nil
		}
		return []registry.Need{{Key: "region", Label: "variable {region}", Description: "Where"},
			{Key: "token", Label: "variable {token}", Secret: true}}
	}
	h, d := registryHarness(t, r, demoBackend(t))
	h.typeText("weather")
	h.send(d.Asked())
	h.keys("enter")
	if _, ok := h.m.dialogs.Top().(*dialog.Inputs); !ok {
		t.Fatalf("no inputs form:\n%s", h.screen())
	}
	if scr := h.screen(); !strings.Contains(scr, "to try weather, give:") || !strings.Contains(scr, "variable {token} (secret: not shown") {
		t.Errorf("the form:\n%s", scr)
	}
	h.typeText("eu")
	h.keys("tab")
	h.keys("enter") // the secret is empty: refused
	if got != nil || !strings.Contains(h.screen(), "variable {token} is required") {
		t.Fatalf("an empty secret was taken (%v):\n%s", got, h.screen())
	}
	h.typeText("s3cret")
	if scr := h.screen(); strings.Contains(scr, "s3cret") || !strings.Contains(scr, "••••••") {
		t.Errorf("the secret is shown:\n%s", scr)
	}
	h.keys("enter")
	if got["region"] != "eu" || got["token"] != "s3cret" {
		t.Errorf("the try got %v", got)
	}
	if _, ok := h.m.dialogs.Top().(*registryDialog); !ok || !strings.Contains(h.screen(), "stopped here") {
		t.Errorf("back in the pane with the try's answer:\n%s", h.screen())
	}
	// esc in the form tries nothing.
	got = nil
	h.keys("enter", "esc")
	if got != nil {
		t.Errorf("tried after esc: %v", got)
	}
}

// tab then a on a server picks a client, asks for what adding needs,
// shows the change as a diff, and writes it on y; esc on the diff
// writes nothing.
func TestRegistryPaneAddsToAClient(t *testing.T) {
	_, r := localRegistry(t, nil)
	var planned []string
	written := 0
	cancelled := 0
	r.Clients = []string{"claude-code", "cursor"}
	r.AddNeeds = func(e registry.Entry) []registry.Need {
		return []registry.Need{{Key: "allowed_directory", Label: "argument <allowed_directory>"}}
	}
	r.PlanAdd = func(_ context.Context, e registry.Entry, client string, values map[string]string) (AddPlan, error) {
		planned = append(planned, client+" "+values["allowed_directory"])
		return AddPlan{Path: "/home/u/.cursor/mcp.json", Diff: "@@ -1,1 +1,3 @@\n {\n+  \"server-filesystem\": {}\n }\n",
			Write: func() error { written++; return nil }, Cancel: func() { cancelled++ }}, nil
	}
	h, d := registryHarness(t, r, demoBackend(t))
	h.typeText("filesystem")
	h.send(d.Asked())
	h.keys("a") // typed into the search: the query
	if d.Query() != "filesystema" {
		t.Fatalf("query %q", d.Query())
	}
	h.keys("backspace")
	h.send(d.Asked())
	h.keys("tab", "a")
	if _, ok := h.m.dialogs.Top().(*dialog.ClientPick); !ok || !strings.Contains(h.screen(), "add server-filesystem to which client?") {
		t.Fatalf("no client picker:\n%s", h.screen())
	}
	h.keys("down", "enter")
	h.typeText("/srv")
	h.keys("enter")
	if len(planned) != 1 || planned[0] != "cursor /srv" {
		t.Fatalf("planned %v", planned)
	}
	scr := h.screen()
	if _, ok := h.m.dialogs.Top().(*dialog.ConfigDiff); !ok || !strings.Contains(scr, "add to /home/u/.cursor/mcp.json") || !strings.Contains(scr, `+  "server-filesystem": {}`) {
		t.Fatalf("no diff:\n%s", scr)
	}
	if written != 0 {
		t.Fatal("written before y")
	}
	h.keys("y")
	if written != 1 || !strings.Contains(h.screen(), "added to /home/u/.cursor/mcp.json") {
		t.Errorf("written %d:\n%s", written, h.screen())
	}
	if _, ok := h.m.dialogs.Top().(*registryDialog); !ok {
		t.Errorf("not back in the pane")
	}
	// Again, cancelled on the diff.
	h.keys("a", "enter")
	h.typeText("/x")
	h.keys("enter", "esc")
	if written != 1 || cancelled != 1 {
		t.Errorf("written %d, cancelled %d", written, cancelled)
	}
}
