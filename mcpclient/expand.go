package mcpclient

import (
	"path/filepath"
	"strings"
)

// expander replaces ${...} references in config strings.
//
// Supported forms, as the editors that write these files understand them:
//
//	${VAR}              environment variable (Claude Code, Cursor)
//	${VAR:-default}     environment variable with a default (Claude Code)
//	${env:VAR}          environment variable (VS Code, Cursor)
//	${userHome}         the home directory (VS Code, Cursor)
//	${workspaceFolder}  the project directory (VS Code, Cursor)
//	${workspaceFolderBasename}, ${pathSeparator}, ${/}
//
// Other ${prefix:...} forms (VS Code's ${input:...}, ${command:...}) cannot be
// resolved outside the editor: they are left as written, with a warning. An
// unset variable without a default expands to "" with a warning.
type expander struct {
	lookup    func(string) (string, bool)
	home      string
	workspace string
	// missing collects the names that could not be resolved.
	missing []string
}

// expand returns s with its references replaced.
func (e *expander) expand(s string) string {
	if !strings.Contains(s, "${") {
		return s
	}
	var b strings.Builder
	for {
		i := strings.Index(s, "${")
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		j := closingBrace(s[i:])
		if j < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		ref := s[i+2 : i+j]
		if v, ok := e.resolve(ref); ok {
			b.WriteString(v)
		} else {
			b.WriteString(s[i : i+j+1])
		}
		s = s[i+j+1:]
	}
}

// resolve returns the value of one reference (the text between ${ and }),
// or false to leave it as written.
func (e *expander) resolve(ref string) (string, bool) {
	switch ref {
	case "userHome":
		if e.home != "" {
			return e.home, true
		}
	case "workspaceFolder":
		if e.workspace != "" {
			return e.workspace, true
		}
	case "workspaceFolderBasename":
		if e.workspace != "" {
			return filepath.Base(e.workspace), true
		}
	case "pathSeparator", "/":
		return string(filepath.Separator), true
	}
	name, def, hasDef := strings.Cut(ref, ":-")
	if after, ok := strings.CutPrefix(name, "env:"); ok {
		name = after
	}
	if !isEnvName(name) {
		e.missing = append(e.missing, "${"+ref+"} cannot be resolved outside its editor")
		return "", false
	}
	if v, ok := e.lookup(name); ok && (v != "" || !hasDef) {
		return v, true
	}
	if hasDef {
		return e.expand(def), true
	}
	e.missing = append(e.missing, "${"+name+"} is not set")
	return "", true
}

// isEnvName reports whether s is a plain environment variable name.
func isEnvName(s string) bool {
	if s == "" {
		return false
	}
	for i, c := range s {
		switch {
		case c == '_', c >= 'A' && c <= 'Z', c >= 'a' && c <= 'z':
		case c >= '0' && c <= '9' && i > 0:
		default:
			return false
		}
	}
	return true
}

// closingBrace returns the index of the } that closes the ${ at the start of
// s, allowing nested references in a default, or -1.
func closingBrace(s string) int {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch {
		case strings.HasPrefix(s[i:], "${"):
			depth++
			i++
		case s[i] == '}':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}
