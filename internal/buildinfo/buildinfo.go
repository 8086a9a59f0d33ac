// Package buildinfo says which build of mcpeek is running, from what the
// Go toolchain records in the binary.
package buildinfo

import (
	"runtime/debug"
	"strings"
)

// Version is the module's version when mcpeek was installed as a module
// (go install mcpeek@v1.2.3), else the commit it was built from ("devel
// 1a2b3c4d5e6f", "+dirty" when the tree had changes, and the commit's
// time), else "devel" when the build recorded neither.
func Version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	return versionOf(info)
}

func versionOf(info *debug.BuildInfo) string {
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	var rev, at string
	dirty := false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return "devel"
	}
	var b strings.Builder
	b.WriteString("devel " + rev[:min(12, len(rev))])
	if dirty {
		b.WriteString("+dirty")
	}
	if at != "" {
		b.WriteString(" (" + at + ")")
	}
	return b.String()
}
