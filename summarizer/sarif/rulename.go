package sarif

import "strings"

// RuleName writes a rule ID as SARIF names rules: "output-removed" is
// OutputRemoved.
func RuleName(id string) string {
	var b strings.Builder
	for _, part := range strings.FieldsFunc(id, func(r rune) bool { return r == '-' || r == '_' || r == '/' }) {
		b.WriteString(strings.ToUpper(part[:1]) + part[1:])
	}
	return b.String()
}
