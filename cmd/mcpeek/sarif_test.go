package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"mcpeek/model"
	"mcpeek/summarizer/sarif"
	"mcpeek/summarizer/schemadiff"
)

// sarifSchemaFile is the SARIF 2.1.0 JSON Schema, copied unchanged from an
// npm package (internal/sarif/testdata/README.md says which).
const (
	sarifSchemaFile   = "../../summarizer/sarif/testdata/sarif-2.1.0-rtm.5.json"
	sarifSchemaSHA256 = "2d99159ae54a3eea97f81781cff48780548657c35949f4b7f25e99a2ba4de4f8"
)

func sarifSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	b, err := os.ReadFile(sarifSchemaFile)
	if err != nil {
		t.Fatal(err)
	}
	if sum := sha256.Sum256(b); hex.EncodeToString(sum[:]) != sarifSchemaSHA256 {
		t.Fatalf("%s is not the copy the README names (sha256 %x)", sarifSchemaFile, sum)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("sarif.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("sarif.json")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// validSARIF validates out against the schema and returns the log.
func validSARIF(t *testing.T, schema *jsonschema.Schema, what, out string) sarif.Log {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(out))
	if err != nil {
		t.Fatalf("%s: not JSON: %v\n%.500s", what, err, out)
	}
	if err := schema.Validate(doc); err != nil {
		t.Errorf("%s: the log breaks the SARIF 2.1.0 schema: %v", what, err)
	}
	var log sarif.Log
	if err := json.Unmarshal([]byte(out), &log); err != nil || len(log.Runs) != 1 {
		t.Fatalf("%s: %v", what, err)
	}
	for _, r := range log.Runs[0].Results {
		if rules := log.Runs[0].Tool.Driver.Rules; r.RuleIndex >= len(rules) || rules[r.RuleIndex].ID != r.RuleID {
			t.Errorf("%s: result of %s points at rule %d", what, r.RuleID, r.RuleIndex)
		}
	}
	return log
}

// TestSARIF: diff, lint and test write SARIF 2.1.0 that the schema
// accepts, with a rule per kind of finding and each result at the line and
// column of its tool in the lock file or its call in the calls file.
func TestSARIF(t *testing.T) {
	t.Parallel()
	demo := useDemo(t)
	schema := sarifSchema(t)

	newLock := diffCases + "output/new.json"
	out, stderr, code := demo.mcpeek(t, "diff", diffCases+"output/old.json", newLock, "--format", "sarif")
	if code != 2 {
		t.Fatalf("diff: exit %d: %s", code, stderr)
	}
	log := validSARIF(t, schema, "diff", out)
	b, _ := os.ReadFile(newLock)
	positions := schemadiff.ToolPositions(b)
	run := log.Runs[0]
	if len(run.Tool.Driver.Rules) != len(schemadiff.Kinds()) || len(run.Results) == 0 {
		t.Errorf("diff: %d rules, %d results", len(run.Tool.Driver.Rules), len(run.Results))
	}
	for _, r := range run.Results {
		if len(r.Locations) != 1 {
			t.Errorf("diff: %s not located", r.RuleID)
			continue
		}
		loc := r.Locations[0].PhysicalLocation
		tool := strings.SplitN(r.Message.Text, ":", 2)[0]
		server, name, _ := strings.Cut(tool, ".") // the test's servers have no dot in their names
		if want := positions[model.ToolID{Server: server, Tool: name}]; loc.ArtifactLocation.URI != newLock || loc.Region == nil || loc.Region.StartLine != want.Line || loc.Region.StartColumn != want.Column {
			t.Errorf("diff: %s of %s at %+v %+v, want line %d", r.RuleID, tool, loc.ArtifactLocation, loc.Region, want.Line)
		}
		if r.Level != sarif.Error && r.Level != sarif.Note {
			t.Errorf("diff: level %s", r.Level)
		}
	}

	out, stderr, code = demo.mcpeek(t, "lint", "--snapshot", newLock, "--format", "sarif")
	if code > 1 {
		t.Fatalf("lint: exit %d: %s", code, stderr)
	}
	log = validSARIF(t, schema, "lint", out)
	run = log.Runs[0]
	ids := []string{}
	for _, r := range run.Tool.Driver.Rules {
		ids = append(ids, r.ID)
		if r.HelpURI == "" || r.Help == nil {
			t.Errorf("lint: rule %s has no help", r.ID)
		}
	}
	if !slices.Contains(ids, "openai-strict/all-required") && !slices.Contains(ids, "mcp/tool-name") {
		t.Errorf("lint: rules %v", ids)
	}
	if len(run.Results) == 0 {
		t.Error("lint: no results")
	}
	for _, r := range run.Results {
		if len(r.Locations) != 1 || r.Locations[0].PhysicalLocation.Region.StartLine < 2 {
			t.Errorf("lint: %s not located: %+v", r.RuleID, r.Locations)
		}
	}

	file := writeCalls(t, passingCall, pathFailingCall, `{"name": "gone", "tool": "nosuch.tool"}`)
	out, stderr, code = demo.mcpeek(t, "test", file, "--format", "sarif")
	if code != 3 {
		t.Fatalf("test: exit %d: %s", code, stderr)
	}
	log = validSARIF(t, schema, "test", out)
	run = log.Runs[0]
	if len(run.Results) != 2 {
		t.Fatalf("test: %d results, want 2: %+v", len(run.Results), run.Results)
	}
	for i, want := range []struct {
		rule string
		line int
	}{{"equals", 7}, {"not-run", 9}} {
		r := run.Results[i]
		reg := r.Locations[0].PhysicalLocation.Region
		if r.RuleID != want.rule || reg.StartLine != want.line || reg.StartColumn != 1 || r.Locations[0].PhysicalLocation.ArtifactLocation.URI != "file://"+file {
			t.Errorf("test: result %d is %s at %+v, want %s at line %d", i, r.RuleID, reg, want.rule, want.line)
		}
	}
}

// TestSARIFSchemaRefuses: the schema is strict enough to catch a log
// written wrong (a result level SARIF does not have, a driver without a
// name), so a passing validation means something.
func TestSARIFSchemaRefuses(t *testing.T) {
	t.Parallel()
	schema := sarifSchema(t)
	for _, bad := range []string{
		`{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}}, "results": [{"ruleId": "r", "level": "fatal", "message": {"text": "m"}}]}]}`,
		`{"version": "2.1.0", "runs": [{"tool": {"driver": {}}}]}`,
		`{"version": "2.0.0", "runs": []}`,
	} {
		doc, _ := jsonschema.UnmarshalJSON(strings.NewReader(bad))
		if schema.Validate(doc) == nil {
			t.Errorf("the schema accepts %s", bad)
		}
	}
}

// TestCISARIF: ci --sarif writes the three parts as one run the schema
// accepts: the breaking change and lint's findings at their tools in the
// lock file, the failed assertion at its call in the calls file.
func TestCISARIF(t *testing.T) {
	t.Parallel()
	demo := useDemo(t)
	schema := sarifSchema(t)
	lock := demoLock(t, demo, true)
	callsFile := writeCalls(t, passingCall, pathFailingCall)
	out := filepath.Join(t.TempDir(), "ci.sarif")
	if _, stderr, code := demo.mcpeek(t, "ci", "--lock", lock, "--calls", callsFile, "--sarif", out); code != 1 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	log := validSARIF(t, schema, "ci", string(b))
	lockText, _ := os.ReadFile(lock)
	gone := schemadiff.ToolPositions(lockText)[model.ToolID{Server: "demo", Tool: "aaa_gone"}]
	seen := map[string]bool{}
	for _, r := range log.Runs[0].Results {
		loc := r.Locations[0].PhysicalLocation
		switch {
		case r.RuleID == "tool-removed":
			seen["diff"] = loc.ArtifactLocation.URI == "file://"+lock && loc.Region.StartLine == gone.Line
		case strings.HasPrefix(r.RuleID, "mcp/"):
			seen["lint"] = loc.ArtifactLocation.URI == "file://"+lock && loc.Region.StartLine > 1
		case r.RuleID == "equals":
			seen["test"] = loc.ArtifactLocation.URI == "file://"+callsFile && loc.Region.StartLine == 7
		}
	}
	if !seen["diff"] || !seen["lint"] || !seen["test"] {
		t.Errorf("parts located: %v\n%s", seen, b)
	}
}
