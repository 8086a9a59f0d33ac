package servertext

import (
	"bytes"
	"strings"
	"testing"

	"mcpeek/internal/styled"
	"mcpeek/model"
	"mcpeek/summarizer"
)

var plainMarks = Marks{State: func(model.ConnState) string { return "*" }, Output: "O", NoOutput: "o", Hidden: "h"}

func TestFailedNamesEachServerThatFailed(t *testing.T) {
	t.Parallel()
	ok := model.Server{Name: "ok", State: model.StateConnected}
	down := model.Server{Name: "down", State: model.StateError, Err: "refused"}
	login := model.Server{Name: "remote", State: model.StateNeedsLogin}
	if err := Failed([]model.Server{ok}); err != nil {
		t.Errorf("none failed: %v", err)
	}
	if err := Failed([]model.Server{ok, down}); err == nil || err.Error() != "server down: refused" {
		t.Errorf("one failed: %v", err)
	}
	if err := Failed([]model.Server{down, login}); err == nil ||
		err.Error() != "2 servers failed:\n  down: refused\n  remote: needs login: run mcpeek auth login remote" {
		t.Errorf("two failed: %v", err)
	}
}

func TestServerSaysWhatIsKnownOfIt(t *testing.T) {
	t.Parallel()
	s := model.Server{Name: "shop", State: model.StateNeedsLogin, Transport: "http", Source: "mcp.json", Err: "401",
		ProtocolVersion: model.EraModern, Offers: model.Offers{Prompts: true, Logging: true}}
	var buf bytes.Buffer
	Server(styled.Printer{W: &buf}, plainMarks, s)
	want := "* shop  " + s.State.String() + "  0 tools  (http, from mcp.json)\n" +
		"    protocol " + model.EraModern + ", the sessionless era (" + model.EraModern + "); offers prompts, logging\n" +
		"    401\n    log in with: mcpeek auth login shop\n"
	if buf.String() != want {
		t.Errorf("got\n%s\nwant\n%s", buf.String(), want)
	}
	j := NewServerJSON(s)
	if j.Era != model.EraModern || strings.Join(j.Offers, ",") != "prompts,logging" || j.Roots == nil {
		t.Errorf("%+v", j)
	}
}

func TestServerToolsMarksEachTool(t *testing.T) {
	t.Parallel()
	tool := model.Tool{Server: "shop", Name: "get", Description: "Get it. More.", Title: "Getter", InputSchema: []byte(`{"type":"object"}`)}
	d, err := summarizer.Describe(tool, summarizer.Options{MaxFields: 5, MaxDepth: 4})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	p := styled.Printer{W: &buf}
	ServerTools(p, plainMarks, model.Server{Name: "shop", Tools: []model.Tool{tool}}, []Tool{NewTool(tool, d)})
	ToolsLegend(p, plainMarks)
	lines := strings.Split(buf.String(), "\n")
	if lines[0] != "* shop (1 tool)" || !strings.HasPrefix(lines[1], "  o   ") || lines[2] != "      Getter — Get it." ||
		!strings.HasPrefix(lines[3], "O declares an output schema   o declares none   h its summary hides fields") {
		t.Errorf("%q", lines)
	}
}
