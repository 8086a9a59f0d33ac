package summaryview

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"charm.land/lipgloss/v2"

	"mcpeek/internal/styled"
	"mcpeek/model"
	"mcpeek/summarizer"
)

const orderSchema = "../testdata/shopify_order.output.json"

func schemaFile(t *testing.T) model.Tool {
	t.Helper()
	b, err := os.ReadFile(orderSchema)
	if err != nil {
		t.Fatal(err)
	}
	return model.Tool{OutputSchema: b}
}

func TestASchemaFileIsSummarizedAlone(t *testing.T) {
	t.Parallel()
	v, err := Build(schemaFile(t), orderSchema, summarizer.Options{MaxFields: 5, MaxDepth: 4}, true)
	if err != nil {
		t.Fatal(err)
	}
	if v.Title != orderSchema || v.Descriptor != nil || v.Stats == nil || v.Stats.Coverage == nil || v.Stats.Lines != len(v.Summary.Lines) {
		t.Fatalf("%+v", v)
	}
	b, _ := json.Marshal(v.JSON())
	if !bytes.HasPrefix(b, []byte(`{"summary":`)) || !bytes.Contains(b, []byte(`"stats":`)) {
		t.Errorf("JSON: %s", b)
	}
	var buf bytes.Buffer
	v.Text(styled.Printer{W: &buf})
	for _, want := range []string{orderSchema + "\n", "has_hidden_fields: true (6 lines; some fields hidden", "\ndescriptor: ", "\nleaves: "} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("text lacks %q:\n%s", want, buf.String())
		}
	}
	if md := v.Markdown(); !strings.HasPrefix(md, "### `"+orderSchema+"`\n\n| field | type | folded |\n") {
		t.Errorf("markdown:\n%s", md)
	}
}

func TestALiveToolHasItsDescriptor(t *testing.T) {
	t.Parallel()
	tool := model.Tool{Server: "shop", Name: "get_order", Description: "Get an order. More.", InputSchema: []byte(`{"type":"object"}`)}
	v, err := Build(tool, "", summarizer.Options{MaxFields: 5, MaxDepth: 4}, false)
	if err != nil {
		t.Fatal(err)
	}
	if v.Title != "shop.get_order" || v.Descriptor == nil {
		t.Fatalf("%+v", v)
	}
	var buf bytes.Buffer
	v.Text(styled.Printer{W: &buf})
	if want := "  Get an order.\n  No output schema: the server does not say what the tool returns (mcpeek call shop.get_order shows a result).\n"; !strings.Contains(buf.String(), want) {
		t.Errorf("the header lacks the reader's note %q:\n%s", want, buf.String())
	}
}

func TestLineIsStyledOnlyInColour(t *testing.T) {
	t.Parallel()
	s, err := model.ParseSchema(schemaFile(t).OutputSchema)
	if err != nil {
		t.Fatal(err)
	}
	l := summarizer.Summarize(s, summarizer.Options{MaxFields: 5, MaxDepth: 4}).Lines[0]
	if got := Line(styled.Printer{}, l); got != l.String() {
		t.Errorf("plain: %q, want %q", got, l.String())
	}
	bold := lipgloss.NewStyle().Bold(true)
	coloured := styled.Printer{Styles: styled.Styles{Color: true, Path: bold, Type: func(string) lipgloss.Style { return bold }}}
	if got := Line(coloured, l); got == l.String() || !strings.Contains(got, l.Written()) {
		t.Errorf("coloured: %q", got)
	}
}

func TestComparisonCountsWhatTheLegacyCutHides(t *testing.T) {
	t.Parallel()
	s, err := model.ParseSchema(schemaFile(t).OutputSchema)
	if err != nil {
		t.Fatal(err)
	}
	c := Compare(s, summarizer.Options{MaxFields: 8, MaxDepth: 4})
	var buf bytes.Buffer
	c.Text(styled.Printer{W: &buf})
	if !strings.Contains(buf.String(), "legacy: first N leaf paths, hard cut\n") || !strings.Contains(buf.String(), "invisible (no marker says they exist): ") {
		t.Errorf("%s", buf.String())
	}
	if len(c.Legacy) != 8 || c.LegacyCoverage.BeyondCount == 0 {
		t.Errorf("%d legacy lines, %d invisible", len(c.Legacy), c.LegacyCoverage.BeyondCount)
	}
}
