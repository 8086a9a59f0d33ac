package registry

import (
	"fmt"
	"maps"
	"path/filepath"
	"regexp"
	"strings"

	"mcpeek/mcpclient/registry/sandbox"
)

// unsafeInName is what a package's identifier may hold that a folder's
// name should not.
var unsafeInName = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// dataDir is the data directory of a sandboxed package, identifier's,
// under root: a folder it may write, kept between runs and versions (its
// HOME and working directory), made writable by the sandbox's user.
func dataDir(sb *sandbox.Sandbox, root, identifier string) (string, error) {
	name := strings.Trim(unsafeInName.ReplaceAllString(identifier, "_"), "_.")
	if len(name) > 100 {
		name = name[len(name)-100:]
	}
	dir := filepath.Join(root, "data", name)
	if err := makeWritable(sb, filepath.Dir(dir), dir); err != nil {
		return "", fmt.Errorf("the server's data directory: %w", err)
	}
	return dir, nil
}

// withDataPaths points l's optional path variables that the user left
// unset (Launch.DataPaths) into data, where the server may write: a
// variable named as a directory (…_DIR, …_DIRECTORY) at data itself, any
// other at a file named after it (MEMORY_FILE_PATH: data/memory). note
// tells the user where the data goes.
func withDataPaths(l Launch, data string, note func(string)) Launch {
	var set []string
	env := maps.Clone(l.Env)
	if env == nil {
		env = map[string]string{}
	}
	for _, name := range l.DataPaths {
		if _, given := env[name]; given {
			continue
		}
		env[name] = dataPath(data, name)
		set = append(set, name+"="+env[name])
	}
	l.Env = env
	says := "data directory " + data + " (writable, kept between runs; the server's HOME and working directory)"
	if len(set) > 0 {
		says += "; " + strings.Join(set, ", ") + " (--registry-input NAME=PATH for another place)"
	}
	note(says)
	return l
}

// dataPath is where an unset path variable name points inside data.
func dataPath(data, name string) string {
	lower := strings.ToLower(name)
	for _, dirSuffix := range []string{"_directory", "_dir"} {
		if strings.HasSuffix(lower, dirSuffix) {
			return data
		}
	}
	for _, suffix := range []string{"_file_path", "_path", "_file"} {
		if trimmed := strings.TrimSuffix(lower, suffix); trimmed != lower && trimmed != "" {
			return filepath.Join(data, trimmed)
		}
	}
	return filepath.Join(data, lower)
}
