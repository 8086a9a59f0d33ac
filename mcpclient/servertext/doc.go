// Package servertext is what the command line prints of the servers and
// what they offer, for a person: a server's line and what is known of
// it, its tools and their entries in `tools --json`, its prompts and a
// prompt's messages, its resources and templates, a resource's
// contents. Text a server sent is sanitised here, where it is shown.
package servertext

import "mcpeek/model"

// clean makes untrusted text safe for a terminal and keeps it on one line.
func clean(s string) string { return model.SanitizeLine(s) }

// DisplayName is "Title (name)" when a title is given, else the name,
// made safe for the terminal.
func DisplayName(name, title string) string {
	if title == "" || title == name {
		return clean(name)
	}
	return clean(title) + " (" + clean(name) + ")"
}
