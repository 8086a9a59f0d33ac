// Package sarif writes SARIF 2.1.0 logs (the OASIS Static Analysis Results
// Interchange Format), which code-scanning UIs read to annotate the lines
// a finding is about. It holds the few parts of the format mcpeek fills:
// one run, its tool with a rule per kind of finding, and results located
// at a line and column of a file.
package sarif

import (
	"io"
	"path/filepath"
	"strings"

	"mcpeek/internal/jsonfmt"
	"mcpeek/model"
)

// Version and SchemaURI are the log's "version" and "$schema".
const (
	Version   = "2.1.0"
	SchemaURI = "https://json.schemastore.org/sarif-2.1.0.json"
)

// Log is a SARIF log of one run.
type Log struct {
	Schema  string `json:"$schema"`
	Version string `json:"version"`
	Runs    []Run  `json:"runs"`
}

// Run is one tool's results.
type Run struct {
	Tool    Tool     `json:"tool"`
	Results []Result `json:"results"`
}

// Tool names the program and its rules.
type Tool struct {
	Driver Driver `json:"driver"`
}

// Driver is the program that found the results.
type Driver struct {
	Name           string `json:"name"`
	Version        string `json:"version,omitempty"`
	InformationURI string `json:"informationUri,omitempty"`
	Rules          []Rule `json:"rules"`
}

// Rule is one kind of finding, with its help.
type Rule struct {
	ID               string   `json:"id"`
	Name             string   `json:"name,omitempty"`
	ShortDescription Message  `json:"shortDescription"`
	FullDescription  *Message `json:"fullDescription,omitempty"`
	Help             *Message `json:"help,omitempty"`
	HelpURI          string   `json:"helpUri,omitempty"`
	// DefaultConfiguration holds the level results of the rule take
	// unless they say otherwise.
	DefaultConfiguration *Configuration `json:"defaultConfiguration,omitempty"`
}

// Configuration is a rule's default level.
type Configuration struct {
	Level Level `json:"level"`
}

// Level is how serious a result is.
type Level string

// The levels mcpeek uses.
const (
	Error   Level = "error"
	Warning Level = "warning"
	Note    Level = "note"
)

// Message is text, and optionally the same in Markdown.
type Message struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown,omitempty"`
}

// Result is one finding.
type Result struct {
	RuleID    string     `json:"ruleId"`
	RuleIndex int        `json:"ruleIndex"`
	Level     Level      `json:"level"`
	Message   Message    `json:"message"`
	Locations []Location `json:"locations,omitempty"`
	// PartialFingerprints keep a result the same result across runs, so
	// that a UI does not list it as new when lines move.
	PartialFingerprints map[string]string `json:"partialFingerprints,omitempty"`
}

// Location is where a result is.
type Location struct {
	PhysicalLocation PhysicalLocation `json:"physicalLocation"`
}

// PhysicalLocation is a region of a file.
type PhysicalLocation struct {
	ArtifactLocation ArtifactLocation `json:"artifactLocation"`
	Region           *Region          `json:"region,omitempty"`
}

// ArtifactLocation names a file by a relative URI.
type ArtifactLocation struct {
	URI string `json:"uri"`
}

// Region is a line and column, both 1-based.
type Region struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
}

// At locates a result at line and column of the file at path (column 0
// for none). A path is written as a URI relative to the working directory
// when it is under it, with forward slashes, as code-scanning UIs match
// files of the repository.
func At(path string, line, column int) []Location {
	loc := Location{PhysicalLocation: PhysicalLocation{ArtifactLocation: ArtifactLocation{URI: fileURI(path)}}}
	if line > 0 {
		loc.PhysicalLocation.Region = &Region{StartLine: line, StartColumn: column}
	}
	return []Location{loc}
}

func fileURI(path string) string {
	if filepath.IsAbs(path) {
		if wd, err := filepath.Abs("."); err == nil {
			if rel, err := filepath.Rel(wd, path); err == nil && !strings.HasPrefix(rel, "..") {
				path = rel
			}
		}
	}
	uri := filepath.ToSlash(path)
	if filepath.IsAbs(path) {
		return "file://" + uri
	}
	return strings.ReplaceAll(uri, " ", "%20")
}

// Builder collects the rules and results of one run.
type Builder struct {
	driver  Driver
	index   map[string]int
	results []Result
}

// NewBuilder starts a run of the named tool.
func NewBuilder(name, version, informationURI string) *Builder {
	return &Builder{driver: Driver{Name: name, Version: version, InformationURI: informationURI, Rules: []Rule{}}, index: map[string]int{}}
}

// Rule declares a rule; declaring an ID again keeps the first.
func (b *Builder) Rule(r Rule) {
	if _, ok := b.index[r.ID]; ok {
		return
	}
	b.index[r.ID] = len(b.driver.Rules)
	b.driver.Rules = append(b.driver.Rules, r)
}

// Add records a result of a declared rule; a rule not declared is
// declared with its ID as its description.
func (b *Builder) Add(r Result) {
	i, ok := b.index[r.RuleID]
	if !ok {
		b.Rule(Rule{ID: r.RuleID, ShortDescription: Message{Text: r.RuleID}})
		i = b.index[r.RuleID]
	}
	r.RuleIndex = i
	b.results = append(b.results, r)
}

// Log returns the log of the run.
func (b *Builder) Log() Log {
	results := b.results
	if results == nil {
		results = []Result{}
	}
	return Log{Schema: SchemaURI, Version: Version, Runs: []Run{{Tool: Tool{Driver: b.driver}, Results: results}}}
}

// Write writes the log as indented JSON, as mcpeek's JSON outputs are
// written: what its strings quote from servers (tool names, paths,
// fingerprints) may hold controls and BiDi or invisible characters, which
// are written as \u escapes (model.EscapeJSON), the same JSON value, so
// that no viewer of the file shows a name that reads otherwise.
func (l Log) Write(w io.Writer) error {
	b, err := jsonfmt.MarshalIndent(l)
	if err != nil {
		return err
	}
	_, err = w.Write(model.EscapeJSON(b))
	return err
}
