package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"mcpeek/mcpclient/registry"
)

// RegistryEnv names the environment variable that sets the registry's
// base URL when --registry is not given.
const RegistryEnv = "MCPEEK_REGISTRY"

// settings is mcpeek's own settings file,
// $XDG_CONFIG_HOME/mcpeek/settings.json (~/.config/mcpeek/settings.json):
// a JSON object whose fields each stand for a flag's default. Fields
// mcpeek does not know are ignored.
type settings struct {
	// Registry is the base URL of the MCP Registry (--registry).
	Registry string `json:"registry"`
}

// settingsPath is where the settings file is; "" when there is no config
// directory.
func settingsPath() string {
	dir, err := os.UserConfigDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "mcpeek", "settings.json")
}

// loadSettings reads the settings file; a missing one is no settings.
func loadSettings() (settings, string, error) {
	var s settings
	path := settingsPath()
	if path == "" {
		return s, "", nil
	}
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return s, path, nil
	}
	if err != nil {
		return s, path, err
	}
	if err := json.Unmarshal(b, &s); err != nil {
		return s, path, fmt.Errorf("%s: %w", path, err)
	}
	return s, path, nil
}

// registryURL is the registry's base URL and where it comes from: the
// --registry flag, else $MCPEEK_REGISTRY, else the settings file's
// "registry", else the official registry.
func (f registryFlags) registryURL() (url, from string, err error) {
	if f.url != "" {
		return f.url, "--registry", nil
	}
	if v := os.Getenv(RegistryEnv); v != "" {
		return v, "$" + RegistryEnv, nil
	}
	s, path, err := loadSettings()
	if err != nil {
		return "", "", err
	}
	if s.Registry != "" {
		return s.Registry, path + ` ("registry")`, nil
	}
	return registry.DefaultURL, "", nil
}
