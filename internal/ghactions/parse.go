package ghactions

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// command is a workflow command line as the runner reads it: "::" a name,
// properties up to "::" (none holds ':'), the message.
var command = regexp.MustCompile(`^::(error|warning|notice)(?: ([^:]*))?::(.*)$`)

// Parse reads a workflow command line as the runner does: an annotation,
// its properties and message unescaped. A line that is not one, a
// property written twice or not name=value, or a value holding a raw
// ',' (it would end the value) is an error.
func Parse(line string) (Annotation, error) {
	m := command.FindStringSubmatch(line)
	if m == nil || strings.ContainsAny(line, "\r\n") {
		return Annotation{}, fmt.Errorf("not a workflow command: %q", line)
	}
	a := Annotation{Level: Level(m[1]), Message: unescape(m[3])}
	seen := map[string]bool{}
	for _, prop := range strings.Split(m[2], ",") {
		if m[2] == "" {
			break
		}
		name, value, ok := strings.Cut(prop, "=")
		if !ok || seen[name] {
			return Annotation{}, fmt.Errorf("property %q of %q", prop, line)
		}
		seen[name] = true
		value = unescape(value)
		var err error
		switch name {
		case "file":
			a.File = value
		case "line":
			a.Line, err = strconv.Atoi(value)
		case "col":
			a.Column, err = strconv.Atoi(value)
		case "title":
			a.Title = value
		default:
			err = fmt.Errorf("unknown property %q", name)
		}
		if err != nil {
			return Annotation{}, err
		}
	}
	return a, nil
}

func unescape(s string) string {
	return strings.NewReplacer("%0D", "\r", "%0A", "\n", "%3A", ":", "%2C", ",", "%25", "%").Replace(s)
}
