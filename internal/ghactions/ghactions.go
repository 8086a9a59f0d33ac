// Package ghactions writes GitHub Actions workflow commands
// (`::error file=F,line=L,title=T::message`), escaped as the runner
// reads them, and appends to the job summary ($GITHUB_STEP_SUMMARY).
package ghactions

import (
	"errors"
	"os"
	"strconv"
	"strings"
)

// Level is an annotation's level: what the pull request shows it as.
type Level string

// The levels of annotation.
const (
	Error   Level = "error"
	Warning Level = "warning"
	Notice  Level = "notice"
)

// Annotation is one annotation: a message at a place in a file.
type Annotation struct {
	Level Level
	// File is the path from the repository's root; "" for none.
	File string
	// Line and Column are 1-based; 0 for none.
	Line, Column int
	Title        string
	Message      string
}

// String writes the annotation as one workflow command line (no final
// newline): properties and message escaped so that nothing in them can
// end the command or start another.
func (a Annotation) String() string {
	var props []string
	add := func(name, value string) {
		if value != "" {
			props = append(props, name+"="+EscapeProperty(value))
		}
	}
	add("file", a.File)
	if a.Line > 0 {
		add("line", strconv.Itoa(a.Line))
	}
	if a.Column > 0 {
		add("col", strconv.Itoa(a.Column))
	}
	add("title", a.Title)
	cmd := "::" + string(a.Level)
	if len(props) > 0 {
		cmd += " " + strings.Join(props, ",")
	}
	return cmd + "::" + EscapeData(a.Message)
}

// EscapeData escapes a command's message: %, CR and LF.
func EscapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// EscapeProperty escapes a command's property value: as a message, and
// the ':' and ',' that end a value.
func EscapeProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}

// SummaryVar is the variable that names the job summary's file.
const SummaryVar = "GITHUB_STEP_SUMMARY"

// AppendSummary appends markdown to the job summary at path, the value
// of $GITHUB_STEP_SUMMARY, when the job has one (path is not ""), and
// reports whether it did.
func AppendSummary(path, markdown string) (bool, error) {
	if path == "" {
		return false, nil
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return false, err
	}
	_, err = f.WriteString(markdown + "\n")
	return true, errors.Join(err, f.Close())
}
