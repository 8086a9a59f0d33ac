package mcpclient

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Clients are the clients whose config ClientFile knows, by the names the
// command line uses.
var Clients = []string{"claude-desktop", "claude-code", "cursor", "windsurf", "vscode", "codex", "gemini", "zed", "opencode", "goose"}

// ErrNoProjectFile is why ClientFile has no project file for a client.
var ErrNoProjectFile = errors.New("keeps no servers in a project file")

// ClientFile is the file where client keeps the servers of the user
// (home), or with project those of the project at cwd: the same places
// Discover reads (Claude Code's user servers are the top-level
// "mcpServers" of ~/.claude.json; opencode's file is opencode.jsonc when
// that one exists).
func ClientFile(client string, project bool, cwd, home string) (string, error) {
	lookup := os.LookupEnv
	exists := func(p string) bool { _, err := os.Stat(p); return err == nil }
	var user, proj string
	switch client {
	case "claude-desktop":
		user = filepath.Join(appSupportDir(home), "Claude", "claude_desktop_config.json")
	case "claude-code":
		user, proj = filepath.Join(home, ".claude.json"), filepath.Join(cwd, ".mcp.json")
	case "cursor":
		user, proj = filepath.Join(home, ".cursor", "mcp.json"), filepath.Join(cwd, ".cursor", "mcp.json")
	case "windsurf":
		user = filepath.Join(home, ".codeium", "windsurf", "mcp_config.json")
	case "vscode":
		user, proj = filepath.Join(appSupportDir(home), "Code", "User", "mcp.json"), filepath.Join(cwd, ".vscode", "mcp.json")
	case "codex":
		codexHome := filepath.Join(home, ".codex")
		if v, ok := lookup("CODEX_HOME"); ok && v != "" {
			codexHome = v
		}
		user, proj = filepath.Join(codexHome, "config.toml"), filepath.Join(cwd, ".codex", "config.toml")
	case "gemini":
		user, proj = filepath.Join(home, ".gemini", "settings.json"), filepath.Join(cwd, ".gemini", "settings.json")
	case "zed":
		user, proj = filepath.Join(zedDir(home, lookup), "settings.json"), filepath.Join(cwd, ".zed", "settings.json")
	case "opencode":
		dir := filepath.Join(xdgConfigHome(home, lookup), "opencode")
		user, proj = filepath.Join(dir, "opencode.json"), filepath.Join(cwd, "opencode.json")
		if exists(filepath.Join(dir, "opencode.jsonc")) {
			user = filepath.Join(dir, "opencode.jsonc")
		}
		if exists(filepath.Join(cwd, "opencode.jsonc")) {
			proj = filepath.Join(cwd, "opencode.jsonc")
		}
	case "goose":
		user = filepath.Join(gooseDir(home, lookup), "config.yaml")
	default:
		return "", fmt.Errorf("unknown client %q: the clients are %s", client, strings.Join(Clients, ", "))
	}
	if !project {
		return user, nil
	}
	if proj == "" {
		return "", fmt.Errorf("%s %w", client, ErrNoProjectFile)
	}
	return proj, nil
}

// IsClient reports whether name is one of Clients.
func IsClient(name string) bool { return slices.Contains(Clients, name) }
