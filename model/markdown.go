package model

import "strings"

// MarkdownCell makes text safe inside a Markdown table cell.
func MarkdownCell(s string) string {
	return strings.ReplaceAll(SanitizeLine(s), "|", `\|`)
}

// MarkdownCode makes text safe inside a code span in a table.
func MarkdownCode(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(SanitizeLine(s), "`", "'"), "|", `\|`)
}
