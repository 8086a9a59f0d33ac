package registry

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// ErrNotInstalled is why NPMBin found no package to run.
var ErrNotInstalled = errors.New("not installed")

// NPMDir is the directory of its own that an npm package, a name Launch
// accepted, is installed in under root: root/npm/IDENTIFIER@VERSION, a
// scope being one more level.
func NPMDir(root, identifier, version string) string {
	return filepath.Join(root, "npm", filepath.FromSlash(identifier)+"@"+version)
}

// NPMBin is the file of the command an npm package installed in dir
// (dir/node_modules/IDENTIFIER) starts, as npx chooses it: the package's
// only command, else the one named as the package. It is an error
// wrapping ErrNotInstalled when the package is not there at that version.
func NPMBin(dir, identifier, version string) (string, error) {
	pkg := filepath.Join(dir, "node_modules", filepath.FromSlash(identifier))
	b, err := os.ReadFile(filepath.Join(pkg, "package.json"))
	if errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("%s@%s: %w in %s", identifier, version, ErrNotInstalled, dir)
	}
	if err != nil {
		return "", err
	}
	var m struct {
		Name    string          `json:"name"`
		Version string          `json:"version"`
		Bin     json.RawMessage `json:"bin"`
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return "", fmt.Errorf("%s: %w", filepath.Join(pkg, "package.json"), err)
	}
	if m.Version != version {
		return "", fmt.Errorf("%s@%s: %w in %s (version %s is)", identifier, version, ErrNotInstalled, dir, m.Version)
	}
	_, short, _ := strings.Cut(identifier, "/")
	if short == "" {
		short = identifier
	}
	var file string
	var one string
	var many map[string]string
	switch {
	case json.Unmarshal(m.Bin, &one) == nil && one != "":
		file = one
	case json.Unmarshal(m.Bin, &many) == nil && len(many) == 1:
		for _, f := range many {
			file = f
		}
	case many[short] != "":
		file = many[short]
	default:
		return "", fmt.Errorf("%s@%s has no command to run (its package.json has no single \"bin\")", identifier, version)
	}
	path := filepath.Join(pkg, filepath.FromSlash(file))
	if rel, err := filepath.Rel(pkg, path); err != nil || !filepath.IsLocal(rel) {
		return "", fmt.Errorf("%s@%s: its command %q lies outside the package", identifier, version, file)
	}
	return path, nil
}
