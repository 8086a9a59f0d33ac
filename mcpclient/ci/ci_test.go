package ci

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mcpeek/mcpclient/calls"
	"mcpeek/model"
	"mcpeek/summarizer/lint"
	"mcpeek/summarizer/schemadiff"
)

const diffCase = "../../summarizer/schemadiff/testdata/diff/input-open/"

func snapshot(t *testing.T, path string) schemadiff.Snapshot {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s, err := schemadiff.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// live are the servers of a snapshot, as connected.
func live(s schemadiff.Snapshot) []model.Server {
	var out []model.Server
	for _, srv := range s.Servers {
		out = append(out, model.Server{Name: srv.Name, State: model.StateConnected, Tools: srv.Tools})
	}
	return out
}

// check is the old snapshot of the diff case as the lock file, its new
// one live, linted for mcp, with no calls file.
func check(t *testing.T) Check {
	mcp, _ := lint.ClientNamed("mcp")
	lock := snapshot(t, diffCase+"old.json")
	return Check{Lock: lock, LockPath: "mcpeek.lock.json", Names: ServerNames(lock, nil), Live: live(snapshot(t, diffCase+"new.json")),
		Clients: []lint.Client{mcp}, CallsPath: filepath.Join(t.TempDir(), "mcpeek.calls.json"),
		RunCalls: func([]calls.Call) (calls.Report, error) {
			t.Error("no calls file, yet calls ran")
			return calls.Report{}, nil
		}}
}

func TestABreakingChangeFailsTheDiff(t *testing.T) {
	t.Parallel()
	r, err := check(t).Run()
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != Fail || r.Parts[0].Status != Fail || r.Parts[2].Status != Skipped || r.Verdict() != "failing" {
		t.Errorf("%+v", r.Parts)
	}
	if !strings.Contains(r.Parts[0].Summary, "against mcpeek.lock.json: 1 breaking, ") {
		t.Errorf("diff summary: %q", r.Parts[0].Summary)
	}
	if md := r.Markdown(); !strings.HasPrefix(md, "## mcpeek ci: **failing**\n") || !strings.Contains(md, "| diff | **fail** |") {
		t.Errorf("markdown:\n%s", md)
	}
}

func TestAnUnreachableServerLeavesDiffAndLintUnrun(t *testing.T) {
	t.Parallel()
	c := check(t)
	c.Live[0].State, c.Live[0].Tools, c.Live[0].Err = model.StateError, nil, "refused"
	r, err := c.Run()
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != Error || r.DiffRan() || r.LintRan() || !strings.Contains(r.Parts[1].Error, "could not be reached (error): refused") {
		t.Errorf("%+v", r.Parts)
	}
	if j := r.ForJSON(); j.Changes == nil || j.Findings == nil {
		t.Errorf("the JSON would hold null: %+v", j)
	}
}

func TestTheCallsDecideTheTestPart(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "mcpeek.calls.json")
	os.WriteFile(path, []byte(`{"mcpeek_calls": 1, "calls": [{"name": "one", "tool": "shop.list_orders", "arguments": {}}]}`), 0o644)
	for _, c := range []struct {
		report calls.Report
		want   string
	}{
		{calls.Report{Passed: 1}, Pass},
		{calls.Report{Failed: 1}, Fail},
		{calls.Report{NotRun: 1}, Error},
	} {
		ch := check(t)
		ch.CallsPath = path
		ch.RunCalls = func(list []calls.Call) (calls.Report, error) {
			if len(list) != 1 {
				t.Errorf("ran %d calls", len(list))
			}
			return c.report, nil
		}
		r, err := ch.Run()
		if err != nil {
			t.Fatal(err)
		}
		if r.Parts[2].Status != c.want || r.Test == nil || r.Test.File != path {
			t.Errorf("%+v: test part %+v", c.report, r.Parts[2])
		}
	}
	ch := check(t)
	ch.CallsPath = path
	ch.RunCalls = func([]calls.Call) (calls.Report, error) { return calls.Report{}, errors.New("gone") }
	if _, err := ch.Run(); err == nil {
		t.Error("the runner's error was lost")
	}
}

func TestACallsFileNamedAndAbsentCannotRun(t *testing.T) {
	t.Parallel()
	c := check(t)
	c.CallsGiven = true
	r, err := c.Run()
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != Error || r.Parts[2].Error != calls.NoFile(c.CallsPath) || r.Verdict() != "incomplete" {
		t.Errorf("%+v", r.Parts[2])
	}
}
