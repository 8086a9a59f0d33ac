package main

import (
	"encoding/xml"
	"fmt"
	"io"
	"strings"

	"mcpeek/mcpclient/calls"
)

// JUnit XML as CI systems read test reports (Jenkins' junit-10.xsd, which
// GitHub, GitLab and Azure reporters follow): one testsuite for the calls
// file, one testcase per call (classname SERVER.TOOL), one <failure> per
// failed assertion, an <error> for a call that could not run.
type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Time     string       `xml:"time,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Errors   int         `xml:"errors,attr"`
	Skipped  int         `xml:"skipped,attr"`
	Time     string      `xml:"time,attr"`
	File     string      `xml:"file,attr,omitempty"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string         `xml:"name,attr"`
	Classname string         `xml:"classname,attr"`
	Time      string         `xml:"time,attr"`
	File      string         `xml:"file,attr,omitempty"`
	Line      int            `xml:"line,attr,omitempty"`
	Failures  []junitProblem `xml:"failure"`
	Errors    []junitProblem `xml:"error"`
	SystemOut string         `xml:"system-out,omitempty"`
}

type junitProblem struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",chardata"`
}

// writeJUnit writes a run as JUnit XML. Every text is sanitised first
// (XML 1.0 cannot hold most control characters; encoding/xml would replace
// them, the sanitiser removes escape sequences whole).
func writeJUnit(w io.Writer, r testReport) error {
	suite := junitSuite{Name: clean(r.File), File: clean(r.File), Tests: len(r.Calls), Failures: r.Failed, Errors: r.NotRun}
	var total int64
	for _, run := range r.Calls {
		total += run.ElapsedMS
		c := junitCase{Name: clean(run.Name), Classname: clean(run.Tool), Time: seconds(run.ElapsedMS), File: clean(r.File), Line: run.Line}
		if run.Status == runNotRun {
			c.Errors = append(c.Errors, junitProblem{Message: clean(run.Error), Type: "not-run", Text: clean(run.Error)})
		}
		for _, f := range run.failures() {
			line := clean(assertionLine(f))
			c.Failures = append(c.Failures, junitProblem{Message: line, Type: clean(f.Kind), Text: junitDetail(f)})
		}
		suite.Cases = append(suite.Cases, c)
	}
	suite.Time = seconds(total)
	doc := junitSuites{Name: "mcpeek test", Tests: suite.Tests, Failures: suite.Failures, Errors: suite.Errors, Time: suite.Time, Suites: []junitSuite{suite}}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// junitDetail is a failure's body: the path, expected and got on lines of
// their own, as CI systems show it under the test's name.
func junitDetail(f calls.Assertion) string {
	var b strings.Builder
	fmt.Fprintf(&b, "assertion: %s\n", clean(f.Kind))
	if f.Path != "" {
		fmt.Fprintf(&b, "path: %s\n", clean(f.Path))
	}
	if f.Expected != "" {
		fmt.Fprintf(&b, "expected: %s\n", clean(f.Expected))
	}
	fmt.Fprintf(&b, "got: %s", clean(f.Got))
	return b.String()
}

func seconds(ms int64) string { return fmt.Sprintf("%.3f", float64(ms)/1000) }
