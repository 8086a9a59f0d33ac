package main

import (
	"strings"

	"github.com/spf13/cobra"
)

// acceptSpacedRefs lets every command whose first argument is SERVER.TOOL
// (or SERVER.PROMPT) take it as two, SERVER TOOL, as people type it: a
// first argument without a dot cannot be SERVER.TOOL (a server's name
// holds none), so with another after it the two are one reference. With
// --schema a command names no tool, and its arguments are left as given.
// Commands that take a list of SERVER or SERVER.TOOL (lint, lock update)
// are not changed: there "a b" names two servers. A lone first argument
// without a dot is refused with both forms shown.
func acceptSpacedRefs(root *cobra.Command) {
	for _, c := range root.Commands() {
		acceptSpacedRefs(c)
	}
	first := strings.Fields(root.Use)
	if len(first) < 2 || root.RunE == nil {
		return
	}
	var what, lister string
	switch strings.Trim(first[1], "[]") {
	case "SERVER.TOOL":
		what, lister = "TOOL", "tools"
	case "SERVER.PROMPT":
		what, lister = "PROMPT", "prompts"
	default:
		return
	}
	check, run := root.Args, root.RunE
	if check == nil {
		check = cobra.ArbitraryArgs
	}
	root.Args = func(c *cobra.Command, args []string) error { return check(c, joinRef(c, args)) }
	root.RunE = func(c *cobra.Command, args []string) error {
		args = joinRef(c, args)
		if len(args) > 0 && !strings.Contains(args[0], ".") && !hasSchema(c) {
			return usageError("%q names no %s: give SERVER.%s or SERVER %s (mcpeek %s %s lists them)",
				args[0], strings.ToLower(what), what, what, lister, args[0])
		}
		return run(c, args)
	}
}

// hasSchema reports whether c was given --schema FILE (it then names no
// tool).
func hasSchema(c *cobra.Command) bool {
	f := c.Flags().Lookup("schema")
	return f != nil && f.Value.String() != ""
}

// joinRef writes SERVER TOOL at the start of args as SERVER.TOOL.
func joinRef(c *cobra.Command, args []string) []string {
	if hasSchema(c) || len(args) < 2 || args[0] == "" || args[1] == "" || strings.Contains(args[0], ".") {
		return args
	}
	return append([]string{args[0] + "." + args[1]}, args[2:]...)
}
