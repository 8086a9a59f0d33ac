package resultcheck

import (
	"strings"
	"testing"

	"mcpeek/assets"
	"mcpeek/model"
	"mcpeek/summarizer"
)

// CheckCall holds a result to the schema only when there is one and the
// tool did not report an error.
func TestCheckCall(t *testing.T) {
	t.Parallel()
	data, _ := assets.DemoResult("stale_get_order")
	target, err := NewTarget(model.ParseTool(model.Tool{OutputSchema: demoTools(t)["stale_get_order"]}))
	if err != nil {
		t.Fatal(err)
	}
	if o := CheckCall(nil, false, data, "", summarizer.Options{}); o.Checked || !strings.Contains(o.Note, "declares no output schema") {
		t.Errorf("no schema: %+v", o)
	}
	if o := CheckCall(target, true, data, "", summarizer.Options{}); o.Checked || !strings.Contains(o.Note, "isError") {
		t.Errorf("isError: %+v", o)
	}
	if o := CheckCall(target, false, data, "", summarizer.Options{}); !o.Checked || !o.Breaks() {
		t.Errorf("the drifting result: verdict %s", o.Verdict())
	}
}
