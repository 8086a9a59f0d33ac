package mcpclient

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
)

// Discover finds the servers configured for the project at cwd and for the
// user whose home is home, reading every file that exists, in this order:
//
// Project files, for cwd and each parent up to the repository root (the
// nearest directory holding .git; only cwd when there is none):
//
//  1. .mcp.json                 Claude Code, project scope
//  2. .cursor/mcp.json          Cursor, project
//  3. .vscode/mcp.json          VS Code, workspace ("servers" format)
//  4. .codex/config.toml        Codex CLI, project ([mcp_servers.NAME])
//  5. .gemini/settings.json     Gemini CLI, project ("mcpServers")
//  6. .zed/settings.json        Zed, project ("context_servers")
//  7. .opencode/opencode.json, .opencode/opencode.jsonc, opencode.json,
//     opencode.jsonc            opencode ("mcp")
//
// Then the user's files:
//
//  8. ~/.claude.json            Claude Code: local scope of this project
//     ("projects" entry for the directory), then user scope ("mcpServers")
//  9. Claude Desktop            claude_desktop_config.json in the
//     application support directory of the platform (~/.config/Claude on
//     Linux, ~/Library/Application Support/Claude on macOS,
//     ~/AppData/Roaming/Claude on Windows)
//  10. ~/.cursor/mcp.json       Cursor, global
//  11. ~/.codeium/windsurf/mcp_config.json   Windsurf
//  12. VS Code user mcp.json    (Code/User/mcp.json beside Claude Desktop's)
//  13. Codex CLI                $CODEX_HOME/config.toml, else
//     ~/.codex/config.toml
//  14. ~/.gemini/settings.json  Gemini CLI, user
//  15. Zed                      zed/settings.json in $XDG_CONFIG_HOME or
//     ~/.config (~/.config/zed on macOS, ~/AppData/Roaming/Zed on Windows)
//  16. opencode                 $OPENCODE_CONFIG, then opencode.jsonc and
//     opencode.json in $XDG_CONFIG_HOME/opencode or ~/.config/opencode
//  17. Goose                    goose/config.yaml in $XDG_CONFIG_HOME or
//     ~/.config (~/AppData/Roaming/Block/goose/config on Windows)
//
// Within one client, the order is the client's own precedence (the file it
// lets override the others comes first). The first definition of a server
// name wins; later ones are ignored. Missing files are skipped. Entries that
// are not servers mcpeek can start (Zed extensions, Goose builtins) are
// skipped. A file that cannot be read or parsed does not stop the others:
// Discover returns every server it could load together with an error
// joining a [ConfigError] for each bad file.
func Discover(cwd, home string) (Config, error) {
	return discover(cwd, home, os.LookupEnv)
}

// DiscoverEnv is [Discover] with environment variables ($CODEX_HOME,
// $XDG_CONFIG_HOME, the ${VAR} in the files) read through lookup instead
// of from the process: a caller that carries its own environment, such as
// a test that runs beside others, passes it here.
func DiscoverEnv(cwd, home string, lookup func(string) (string, bool)) (Config, error) {
	return discover(cwd, home, lookup)
}

// SearchPaths returns the files [Discover] would read, in order.
func SearchPaths(cwd, home string) []string {
	var out []string
	for _, c := range candidates(cwd, home, os.LookupEnv) {
		if len(out) == 0 || out[len(out)-1] != c.path {
			out = append(out, c.path)
		}
	}
	return out
}

// candidate is one place Discover looks.
type candidate struct {
	path      string
	format    format
	workspace string
	// claudeProjects, when set, marks ~/.claude.json: the "projects"
	// entries of these directories (nearest first), then its top-level
	// mcpServers, all read in one pass over a file that can hold hundreds
	// of megabytes of Claude Code's history.
	claudeProjects []string
}

func candidates(cwd, home string, lookup func(string) (string, bool)) []candidate {
	dirs := projectDirs(cwd, home)
	root := dirs[len(dirs)-1]
	var out []candidate
	for _, d := range dirs {
		out = append(out,
			candidate{path: filepath.Join(d, ".mcp.json"), workspace: d},
			candidate{path: filepath.Join(d, ".cursor", "mcp.json"), workspace: d},
			candidate{path: filepath.Join(d, ".vscode", "mcp.json"), workspace: d},
			candidate{path: filepath.Join(d, ".codex", "config.toml"), format: formatCodex, workspace: d},
			candidate{path: filepath.Join(d, ".gemini", "settings.json"), format: formatGemini, workspace: d},
			candidate{path: filepath.Join(d, ".zed", "settings.json"), format: formatZed, workspace: d},
			candidate{path: filepath.Join(d, ".opencode", "opencode.json"), format: formatOpencode, workspace: d},
			candidate{path: filepath.Join(d, ".opencode", "opencode.jsonc"), format: formatOpencode, workspace: d},
			candidate{path: filepath.Join(d, "opencode.json"), format: formatOpencode, workspace: d},
			candidate{path: filepath.Join(d, "opencode.jsonc"), format: formatOpencode, workspace: d},
		)
	}
	if home == "" {
		return out
	}
	claude := filepath.Join(home, ".claude.json")
	out = append(out, candidate{path: claude, workspace: root, claudeProjects: dirs})
	appDir := appSupportDir(home)
	out = append(out,
		candidate{path: filepath.Join(appDir, "Claude", "claude_desktop_config.json"), workspace: root},
		candidate{path: filepath.Join(home, ".cursor", "mcp.json"), workspace: root},
		candidate{path: filepath.Join(home, ".codeium", "windsurf", "mcp_config.json"), workspace: root},
		candidate{path: filepath.Join(appDir, "Code", "User", "mcp.json"), workspace: root},
	)
	codexHome := filepath.Join(home, ".codex")
	if v, ok := lookup("CODEX_HOME"); ok && v != "" {
		codexHome = v
	}
	out = append(out,
		candidate{path: filepath.Join(codexHome, "config.toml"), format: formatCodex, workspace: root},
		candidate{path: filepath.Join(home, ".gemini", "settings.json"), format: formatGemini, workspace: root},
		candidate{path: filepath.Join(zedDir(home, lookup), "settings.json"), format: formatZed, workspace: root},
	)
	if v, ok := lookup("OPENCODE_CONFIG"); ok && v != "" {
		out = append(out, candidate{path: v, format: formatOpencode, workspace: root})
	}
	opencode := filepath.Join(xdgConfigHome(home, lookup), "opencode")
	out = append(out,
		candidate{path: filepath.Join(opencode, "opencode.jsonc"), format: formatOpencode, workspace: root},
		candidate{path: filepath.Join(opencode, "opencode.json"), format: formatOpencode, workspace: root},
		candidate{path: filepath.Join(gooseDir(home, lookup), "config.yaml"), format: formatGoose, workspace: root},
	)
	return out
}

// xdgConfigHome is $XDG_CONFIG_HOME when it is an absolute path, else
// ~/.config, as the XDG base directory specification says.
func xdgConfigHome(home string, lookup func(string) (string, bool)) string {
	if v, ok := lookup("XDG_CONFIG_HOME"); ok && filepath.IsAbs(v) {
		return v
	}
	return filepath.Join(home, ".config")
}

// zedDir is where Zed keeps its settings: the XDG directory on Linux and
// the BSDs, ~/.config/zed on macOS, Zed in the roaming application data on
// Windows.
func zedDir(home string, lookup func(string) (string, bool)) string {
	switch runtime.GOOS {
	case "darwin":
		return filepath.Join(home, ".config", "zed")
	case "windows":
		return filepath.Join(appSupportDir(home), "Zed")
	}
	return filepath.Join(xdgConfigHome(home, lookup), "zed")
}

// gooseDir is where Goose keeps config.yaml: the XDG directory (on macOS
// too), Block\goose\config in the roaming application data on Windows.
func gooseDir(home string, lookup func(string) (string, bool)) string {
	if runtime.GOOS == "windows" {
		return filepath.Join(appSupportDir(home), "Block", "goose", "config")
	}
	return filepath.Join(xdgConfigHome(home, lookup), "goose")
}

// appSupportDir is where desktop applications keep their settings.
func appSupportDir(home string) string {
	switch runtime.GOOS {
	case "darwin":
		return filepath.Join(home, "Library", "Application Support")
	case "windows":
		return filepath.Join(home, "AppData", "Roaming")
	}
	return filepath.Join(home, ".config")
}

// projectDirs returns cwd and its parents up to the repository root, or just
// cwd when no .git is found below home.
func projectDirs(cwd, home string) []string {
	cwd = filepath.Clean(cwd)
	if home != "" {
		home = filepath.Clean(home)
	}
	var dirs []string
	for d := cwd; ; {
		dirs = append(dirs, d)
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
			return dirs
		}
		parent := filepath.Dir(d)
		if d == home || parent == d {
			break
		}
		d = parent
	}
	return []string{cwd}
}

func discover(cwd, home string, lookup func(string) (string, bool)) (Config, error) {
	var (
		cfg  Config
		errs []error
		seen = map[string]bool{}
	)
	cache := map[string][]byte{}
	for _, c := range candidates(cwd, home, lookup) {
		data, ok := cache[c.path]
		if !ok {
			var err error
			data, err = readConfigFile(c.path, syntaxOfFormat(c.format))
			if err != nil {
				var ce *ConfigError
				switch {
				case errors.As(err, &ce):
					errs = append(errs, err)
				case !errors.Is(err, fs.ErrNotExist):
					errs = append(errs, &ConfigError{Path: c.path, Msg: err.Error(), Err: err})
				}
				cache[c.path] = nil
				continue
			}
			cache[c.path] = data
		}
		if data == nil {
			continue
		}
		env := loadEnv{lookup: lookup, home: home, workspace: c.workspace}
		var (
			part Config
			err  error
		)
		switch {
		case c.claudeProjects != nil:
			part, err = parseClaudeCode(c.path, data, c.claudeProjects, env)
		default:
			part, err = parseFormat(c.format, c.path, data, env, false)
		}
		if err != nil {
			errs = append(errs, err)
		}
		cfg.Warnings = append(cfg.Warnings, part.Warnings...)
		for _, s := range part.Servers {
			if seen[s.Name] {
				continue
			}
			seen[s.Name] = true
			cfg.Servers = append(cfg.Servers, s)
		}
	}
	cfg.Warnings = dedupe(cfg.Warnings)
	return cfg, errors.Join(errs...)
}

// parseClaudeCode reads the servers of ~/.claude.json, where Claude Code
// keeps its "local" scope per project ({"projects": {"/dir": {"mcpServers":
// {...}}}}) and its "user" scope at the top: those of each of dirs in
// order, then the user's. A bad entry loses only its own scope's servers:
// the others are returned with the error.
func parseClaudeCode(path string, data []byte, dirs []string, env loadEnv) (Config, error) {
	file, err := readJSONSettings(path, data)
	if err != nil {
		return Config{}, err
	}
	var (
		cfg  Config
		errs []error
	)
	add := func(part Config, err error) {
		cfg.Servers = append(cfg.Servers, part.Servers...)
		cfg.Warnings = append(cfg.Warnings, part.Warnings...)
		if err != nil {
			errs = append(errs, err)
		}
	}
	if projects, ok := file.member("projects"); ok {
		add(file.claudeProjects(projects, dirs, env))
	}
	if servers, ok := file.member("mcpServers"); ok {
		add(parseServers(path, file.data, servers, env))
	} else if servers, ok := file.member("servers"); ok {
		add(parseServers(path, file.data, servers, env))
	}
	return cfg, errors.Join(errs...)
}

// claudeProjects reads the mcpServers of the entries of projects (the
// member of ~/.claude.json) for dirs, in the order of dirs.
func (s jsonSettings) claudeProjects(projects member, dirs []string, env loadEnv) (Config, error) {
	wanted := make(map[string]bool, len(dirs))
	for _, d := range dirs {
		wanted[filepath.Clean(d)] = true
	}
	entries, err := objectMembersWhere(projects.Value, projects.ValueOffset, func(key string) bool { return wanted[filepath.Clean(key)] })
	if err != nil {
		return Config{}, posConfigError(s.path, s.data, err, "", `"projects": `)
	}
	var (
		cfg  Config
		errs []error
	)
	for _, d := range dirs {
		for _, p := range entries {
			if filepath.Clean(p.Key) != filepath.Clean(d) {
				continue
			}
			part, err := s.projectServers(p, env)
			cfg.Servers = append(cfg.Servers, part.Servers...)
			cfg.Warnings = append(cfg.Warnings, part.Warnings...)
			if err != nil {
				errs = append(errs, err)
			}
		}
	}
	return cfg, errors.Join(errs...)
}

// projectServers reads the mcpServers of one project entry.
func (s jsonSettings) projectServers(project member, env loadEnv) (Config, error) {
	fields, err := objectMembers(project.Value, project.ValueOffset)
	if err != nil {
		return Config{}, posConfigError(s.path, s.data, err, "", fmt.Sprintf("project %q: ", project.Key))
	}
	for _, f := range fields {
		if f.Key == "mcpServers" {
			return parseServers(s.path, s.data, f, env)
		}
	}
	return Config{}, nil
}
