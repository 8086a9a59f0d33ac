package mcpclient

import (
	"context"
	"errors"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/server"

	"mcpeek/internal/testkit"
	"mcpeek/model"
)

// TestDroppedToolsListedAndNeverCalled: a tool whose x-mcp-header breaks
// the 2026-07-28 rules stays in the list with its fault, on every
// transport and era, and a call to it is refused before anything is sent;
// the tools around it keep working, and the tools' icons, MCP Apps
// resources and the server's icons are read.
func TestDroppedToolsListedAndNeverCalled(t *testing.T) {
	t.Parallel()
	ts := httptest.NewServer(server.NewStreamableHTTPServer(testkit.SpecServer(), server.WithStateLess(true)))
	t.Cleanup(ts.Close)
	for _, c := range []struct {
		name string
		cfg  Config
		opts []Option
	}{
		{name: "in process", opts: []Option{WithInProcess("spec", testkit.SpecServer())}},
		{name: "2026-07-28 HTTP", cfg: Config{Servers: []ServerConfig{{Name: "spec", Type: "http", URL: ts.URL + "/mcp"}}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			m := startManager(t, c.cfg, c.opts...)
			s := waitServer(t, m, "spec", "its tools", func(s model.Server) bool { return len(s.Tools) == 5 })
			byName := map[string]model.Tool{}
			for _, tool := range s.Tools {
				byName[tool.Name] = tool
			}
			if f := byName["bad_header"].HeaderFault; f.Pointer != "/inputSchema/properties/ids/items" {
				t.Errorf("bad_header fault %q", f)
			}
			if f := byName["number_header"].HeaderFault; !strings.Contains(f.Why, `"number"`) {
				t.Errorf("number_header fault %q", f)
			}
			if !byName["region"].HeaderFault.IsZero() || model.IconsText(byName["region"].Icons) != "2 icons: image/png 48x48, image/svg+xml dark" {
				t.Errorf("region: %+v", byName["region"])
			}
			if !byName["app_view"].App.IsApp() || byName["legacy_app"].App.ResourceURI != testkit.AppURI {
				t.Errorf("apps: %+v / %+v", byName["app_view"].App, byName["legacy_app"].App)
			}
			if model.IconsText(s.Implementation.Icons) != "1 icon: image/png 64x64" {
				t.Errorf("server icons %+v", s.Implementation.Icons)
			}
			for _, name := range []string{"bad_header", "number_header"} {
				_, err := m.CallTool(context.Background(), "spec", name, nil)
				var hf *HeaderFaultError
				if !errors.As(err, &hf) || !strings.Contains(err.Error(), "not calling "+name+": clients drop this tool") {
					t.Errorf("call %s: %v", name, err)
				}
			}
			res, err := m.CallTool(context.Background(), "spec", "region", []byte(`{"region":"eu"}`))
			if err != nil || res.Text != "called region" {
				t.Errorf("call region: %v", err)
			}
		})
	}
}
