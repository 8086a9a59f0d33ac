package calls

import (
	"encoding/xml"
	"fmt"
	"io"
	"strings"

	"mcpeek/model"
)

// JUnit XML as CI systems read test reports (Jenkins' junit-10.xsd, which
// GitHub, GitLab and Azure reporters follow): one testsuite for the calls
// file, one testcase per call (classname SERVER.TOOL), one <failure> per
// failed assertion, an <error> for a call that could not run.
//
// JUnitSuites is the document.
type JUnitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Time     string       `xml:"time,attr"`
	Suites   []JUnitSuite `xml:"testsuite"`
}

// JUnitSuite is the calls file.
type JUnitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Errors   int         `xml:"errors,attr"`
	Skipped  int         `xml:"skipped,attr"`
	Time     string      `xml:"time,attr"`
	File     string      `xml:"file,attr,omitempty"`
	Cases    []JUnitCase `xml:"testcase"`
}

// JUnitCase is one call.
type JUnitCase struct {
	Name      string         `xml:"name,attr"`
	Classname string         `xml:"classname,attr"`
	Time      string         `xml:"time,attr"`
	File      string         `xml:"file,attr,omitempty"`
	Line      int            `xml:"line,attr,omitempty"`
	Failures  []JUnitProblem `xml:"failure"`
	Errors    []JUnitProblem `xml:"error"`
	SystemOut string         `xml:"system-out,omitempty"`
}

// JUnitProblem is a failed assertion or why a call did not run.
type JUnitProblem struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",chardata"`
}

// WriteJUnit writes r as JUnit XML. Every text is sanitised first
// (XML 1.0 cannot hold most control characters; encoding/xml would replace
// them, the sanitiser removes escape sequences whole).
func WriteJUnit(w io.Writer, r Report) error {
	suite := JUnitSuite{Name: model.SanitizeLine(r.File), File: model.SanitizeLine(r.File), Tests: len(r.Calls), Failures: r.Failed, Errors: r.NotRun}
	var total int64
	for _, run := range r.Calls {
		total += run.ElapsedMS
		c := JUnitCase{Name: model.SanitizeLine(run.Name), Classname: model.SanitizeLine(run.Tool), Time: seconds(run.ElapsedMS), File: model.SanitizeLine(r.File), Line: run.Line}
		if run.Status == StatusNotRun {
			c.Errors = append(c.Errors, JUnitProblem{Message: model.SanitizeLine(run.Error), Type: "not-run", Text: model.SanitizeLine(run.Error)})
		}
		for _, f := range run.Failures() {
			line := model.SanitizeLine(f.Line())
			c.Failures = append(c.Failures, JUnitProblem{Message: line, Type: model.SanitizeLine(f.Kind), Text: junitDetail(f)})
		}
		suite.Cases = append(suite.Cases, c)
	}
	suite.Time = seconds(total)
	doc := JUnitSuites{Name: "mcpeek test", Tests: suite.Tests, Failures: suite.Failures, Errors: suite.Errors, Time: suite.Time, Suites: []JUnitSuite{suite}}
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
func junitDetail(f Assertion) string {
	var b strings.Builder
	fmt.Fprintf(&b, "assertion: %s\n", model.SanitizeLine(f.Kind))
	if f.Path != "" {
		fmt.Fprintf(&b, "path: %s\n", model.SanitizeLine(f.Path))
	}
	if f.Expected != "" {
		fmt.Fprintf(&b, "expected: %s\n", model.SanitizeLine(f.Expected))
	}
	fmt.Fprintf(&b, "got: %s", model.SanitizeLine(f.Got))
	return b.String()
}

// seconds is ms as JUnit writes times.
func seconds(ms int64) string { return fmt.Sprintf("%.3f", float64(ms)/1000) }
