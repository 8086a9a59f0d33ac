package gateway

import (
	"strings"
	"testing"

	"mcpeek/internal/testkit"
	"mcpeek/mcpclient"
)

// TestDroppedToolsNotOffered: an upstream tool whose x-mcp-header clients
// drop is offered in neither mode and tool_exec answers NOT_FOUND for it,
// while its valid neighbours are offered and run.
func TestDroppedToolsNotOffered(t *testing.T) {
	t.Parallel()
	up := []mcpclient.Option{mcpclient.WithInProcess("spec", testkit.SpecServer())}
	h := newHarness(t, harnessConfig{noDemo: true, upOpts: up})
	mustCode(t, h.exec("spec.bad_header", map[string]any{}), CodeNotFound)
	mustCode(t, h.exec("spec.number_header", map[string]any{}), CodeNotFound)
	mustOK(t, h.exec("spec.region", map[string]any{"region": "eu"}))

	d := newHarness(t, harnessConfig{noDemo: true, upOpts: up, opts: Options{Mode: ModeDirect}})
	listed := strings.Join(names(d.client.Tools("gw")), " ")
	if strings.Contains(listed, "bad_header") || strings.Contains(listed, "number_header") {
		t.Errorf("direct mode lists %s", listed)
	}
	if !strings.Contains(listed, "spec__region") || !strings.Contains(listed, "spec__app_view") {
		t.Errorf("direct mode lacks the valid tools: %s", listed)
	}
}
