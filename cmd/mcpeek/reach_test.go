package main

import (
	"encoding/json"
	"mcpeek/summarizer/reach"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const (
	reachTasks = "testdata/reach-examples.tasks.json"
	reachLock  = "testdata/reach-examples.lock.json"
)

// reach counts, per budget, the needed paths a summary lists and those one
// or two inspect calls away (golden: tasks over tools built from the
// summarizer's example schemas, and the demo server's example file).
func TestReach(t *testing.T) {
	out, stderr, code := mcpeek(t, "reach", reachTasks, "--snapshot", reachLock)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	assertGolden(t, "reach-examples.txt", out)

	t.Setenv("HOME", t.TempDir())
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	out, stderr, code = mcpeek(t, "reach", "../../docs/reach-demo.json", "--budget", "10,30")
	if code != 0 {
		t.Fatalf("demo: exit %d: %s", code, stderr)
	}
	assertGolden(t, "reach-demo.txt", out)
}

func TestReachJSON(t *testing.T) {
	t.Parallel()
	out, stderr, code := mcpeek(t, "reach", reachTasks, "--snapshot", reachLock, "--json", "--budget", "30,20,30")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var rep reach.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Totals) != 2 || rep.Totals[0].MaxFields != 20 || rep.Totals[1].MaxFields != 30 {
		t.Fatalf("budgets sorted and each once: %+v", rep.Totals)
	}
	for _, tot := range rep.Totals {
		if tot.Listed+tot.OneCall+tot.TwoCalls+tot.Hidden+tot.NotFound != tot.Paths || tot.Paths != 74 {
			t.Errorf("counts do not add up: %+v", tot)
		}
	}
	// The first task's detail at 20 lines: order.state is listed by step
	// 3.5 (order is a lone wrapper beside errors[]); the amount is one call
	// away, in the nearest fold.
	first := rep.Detail[0]
	if first.Tool != "square.retrieve_order" || len(first.Budgets) != 2 {
		t.Fatalf("detail: %+v", first)
	}
	state := first.Budgets[0].Needs[0]
	if state.Path != "order.state" || state.Reach != reach.Listed || state.Step != "3.5 wrapped entity, leaf" {
		t.Errorf("order.state at 20: %+v", state)
	}
	amount := first.Budgets[0].Needs[1]
	if amount.Reach != reach.OneCall || amount.Fold != "order.total_money" || len(amount.Via) != 1 || amount.Via[0] != "order.total_money" {
		t.Errorf("order.total_money.amount at 20: %+v", amount)
	}
}

func TestReachBadInput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"reach", filepath.Join(dir, "missing.json")}, "cannot read the task file"},
		{[]string{"reach", write("obj.json", `{"tool":"a.b"}`)}, "want a JSON array"},
		{[]string{"reach", write("typo.json", `[{"tool":"a.b","paths":["x"],"path":["y"]}]`)}, "unknown field"},
		{[]string{"reach", write("empty.json", `[]`)}, "holds no tasks"},
		{[]string{"reach", write("nodot.json", `[{"tool":"nodot","paths":["x"]}]`)}, "task 1: \"nodot\" is not SERVER.TOOL"},
		{[]string{"reach", write("nopaths.json", `[{"tool":"a.b","paths":[]}]`)}, "needs no paths"},
		{[]string{"reach", reachTasks, "--snapshot", reachLock, "--budget", "0"}, "at least 1"},
	} {
		_, stderr, code := mcpeek(t, c.args...)
		if code == 0 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q, want %q", c.args[1:], code, stderr, c.want)
		}
	}
	// A tool the snapshot lacks and a path that names nothing are reported,
	// not counted, and the command still succeeds.
	p := write("missing-tool.json", `[{"tool":"shop.nope","task":"x","paths":["id"]},{"tool":"shop.get_order","task":"y","paths":["id","nope"]}]`)
	out, stderr, code := mcpeek(t, "reach", p, "--snapshot", reachLock, "--budget", "30")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"3 paths needed", "1 (100.0%)", "2 paths name nothing", "shop.nope id: no tool shop.nope", `shop.get_order nope: field_path "nope" not found`} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}
