package registry

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
)

// Limits on an MCPB bundle, so that a hostile one cannot fill the disk.
const (
	// MaxBundleBytes bounds the download.
	MaxBundleBytes = 256 << 20
	// MaxUnpackedBytes bounds what the bundle's files hold, unpacked.
	MaxUnpackedBytes = 1 << 30
	// MaxBundleFiles bounds the number of files and folders.
	MaxBundleFiles = 20_000
)

// ErrChecksum is why a downloaded bundle was refused: its SHA-256 is not
// the registry's fileSha256.
var ErrChecksum = errors.New("the bundle's SHA-256 is not the registry's fileSha256")

// MCPBDir is the directory a bundle is unpacked in under root:
// root/mcpb/SHA256, named by its checksum (so a bundle once checked is
// not downloaded again).
func MCPBDir(root, sha string) string {
	return filepath.Join(root, "mcpb", strings.ToLower(sha))
}

// FetchBundle downloads the bundle at url with client, checks its SHA-256
// against sha (refusing it, with nothing unpacked, on a mismatch) and
// unpacks it into dir, unless dir already holds it. The files are first
// unpacked beside dir and renamed into place once whole.
func FetchBundle(ctx context.Context, client *http.Client, url, sha, dir string) error {
	if _, err := os.Stat(filepath.Join(dir, "manifest.json")); err == nil {
		return nil
	}
	if client == nil {
		client = http.DefaultClient
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	if req.URL.Scheme != "https" {
		return fmt.Errorf("%s: a bundle is downloaded over https only", url)
	}
	resp, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("downloading the bundle: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("downloading the bundle %s: %s", url, resp.Status)
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, MaxBundleBytes+1))
	if err != nil {
		return fmt.Errorf("downloading the bundle: %w", err)
	}
	if len(data) > MaxBundleBytes {
		return fmt.Errorf("the bundle %s is larger than %d MiB: not read", url, MaxBundleBytes>>20)
	}
	sum := sha256.Sum256(data)
	if got := hex.EncodeToString(sum[:]); !strings.EqualFold(got, sha) {
		return fmt.Errorf("%s: %w (it is %s, the registry says %s): nothing unpacked", url, ErrChecksum, got, strings.ToLower(sha))
	}
	part := dir + ".partial"
	if err := os.RemoveAll(part); err != nil {
		return err
	}
	if err := Unpack(data, part); err != nil {
		os.RemoveAll(part)
		return err
	}
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	return os.Rename(part, dir)
}

// Unpack writes the zip archive data into dir, which it makes. It refuses
// the whole archive for an entry whose name is absolute, climbs out
// ("../"), or is a symlink, device or other special file, and stops
// past MaxUnpackedBytes or MaxBundleFiles, counting the bytes really
// written rather than what the archive claims. Files are readable by all
// (a root sandbox runs as nobody); their executable bits are kept.
func Unpack(data []byte, dir string) error {
	return unpack(data, dir, MaxUnpackedBytes, MaxBundleFiles)
}

func unpack(data []byte, dir string, maxBytes int64, maxFiles int) error {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return fmt.Errorf("the bundle is not a zip archive: %w", err)
	}
	if len(zr.File) > maxFiles {
		return fmt.Errorf("the bundle holds %d files, more than %d: not unpacked", len(zr.File), maxFiles)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	var written int64
	for _, f := range zr.File {
		name := strings.ReplaceAll(f.Name, `\`, "/")
		clean := path.Clean(name)
		if name == "" || path.IsAbs(name) || !filepath.IsLocal(filepath.FromSlash(clean)) || strings.HasPrefix(name, "/") {
			return fmt.Errorf("the bundle's entry %q lies outside it: not unpacked", f.Name)
		}
		dst := filepath.Join(dir, filepath.FromSlash(clean))
		mode := f.Mode()
		switch {
		case mode.IsDir():
			if err := os.MkdirAll(dst, 0o755); err != nil {
				return err
			}
			continue
		case !mode.IsRegular():
			return fmt.Errorf("the bundle's entry %q is a %s, not a file: not unpacked", f.Name, kindOf(mode))
		}
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		n, err := unpackFile(f, dst, maxBytes-written, maxBytes)
		written += n
		if err != nil {
			return err
		}
	}
	return nil
}

func unpackFile(f *zip.File, dst string, room, limit int64) (int64, error) {
	r, err := f.Open()
	if err != nil {
		return 0, fmt.Errorf("the bundle's entry %q: %w", f.Name, err)
	}
	defer r.Close()
	perm := fs.FileMode(0o644)
	if f.Mode()&0o111 != 0 {
		perm = 0o755
	}
	// O_EXCL: an entry written twice (or through a folder made a file) is
	// refused rather than followed.
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return 0, fmt.Errorf("the bundle's entry %q: %w", f.Name, err)
	}
	n, err := io.Copy(out, io.LimitReader(r, room+1))
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return n, fmt.Errorf("the bundle's entry %q: %w", f.Name, err)
	}
	if n > room {
		return n, fmt.Errorf("the bundle unpacks to more than %d MiB: not unpacked", limit>>20)
	}
	return n, nil
}

func kindOf(m fs.FileMode) string {
	switch {
	case m&fs.ModeSymlink != 0:
		return "symlink"
	case m&fs.ModeDevice != 0:
		return "device"
	case m&fs.ModeNamedPipe != 0:
		return "named pipe"
	}
	return "special file"
}

// Manifest is what mcpeek reads of an MCPB bundle's manifest.json.
type Manifest struct {
	Name   string `json:"name"`
	Server struct {
		Type       string `json:"type"` // node, python, binary, uv
		EntryPoint string `json:"entry_point"`
		MCPConfig  *struct {
			Command string            `json:"command"`
			Args    []string          `json:"args"`
			Env     map[string]string `json:"env"`
		} `json:"mcp_config"`
	} `json:"server"`
	UserConfig map[string]struct {
		Title       string `json:"title"`
		Description string `json:"description"`
		Required    bool   `json:"required"`
		Sensitive   bool   `json:"sensitive"`
		Default     any    `json:"default"`
	} `json:"user_config"`
}

// Bundle is how an unpacked bundle starts: Runtime is "node",
// "python3" or "uv" (a program the caller finds), or "" when Program is
// a file of the bundle; Args follow it.
type Bundle struct {
	Runtime string
	Program string
	Args    []string
	Env     map[string]string
	// Secret names the Env entries, SecretArgs the indexes of Args, that
	// hold a sensitive user_config value.
	Secret     map[string]bool
	SecretArgs map[int]bool
	// Missing lists the required user_config values no one gave.
	Missing []string
}

// bundleVar is a ${...} of a manifest.
var bundleVar = regexp.MustCompile(`\$\{([A-Za-z_][A-Za-z0-9_.]*)\}`)

// BundleCommand reads the manifest of the bundle unpacked in dir and says
// how it starts: its mcp_config's command (node, python, python3 or uv,
// or a file of the bundle) and arguments, else its entry point run by the
// runtime its server type names. ${__dirname} is dir, ${HOME} home (the
// sandbox's scratch), ${user_config.KEY} the value given under KEY, else
// its default. A command that is neither a known runtime nor a file
// inside the bundle, and an entry point outside it, are refused.
func BundleCommand(dir, home string, values map[string]string) (Bundle, error) {
	b, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if err != nil {
		return Bundle{}, fmt.Errorf("the bundle has no manifest.json: %w", err)
	}
	var m Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		return Bundle{}, fmt.Errorf("the bundle's manifest.json: %w", fieldError(err))
	}
	c := Bundle{Env: map[string]string{}, Secret: map[string]bool{}, SecretArgs: map[int]bool{}}
	sensitive := func(raw string) bool {
		for _, sub := range bundleVar.FindAllStringSubmatch(raw, -1) {
			if key, ok := strings.CutPrefix(sub[1], "user_config."); ok && m.UserConfig[key].Sensitive {
				return true
			}
		}
		return false
	}
	expand := func(s string) string {
		return bundleVar.ReplaceAllStringFunc(s, func(v string) string {
			name := v[2 : len(v)-1]
			switch {
			case name == "__dirname":
				return dir
			case name == "HOME":
				return home
			case name == "pathSeparator" || name == "/":
				return "/"
			case strings.HasPrefix(name, "user_config."):
				key := strings.TrimPrefix(name, "user_config.")
				uc, declared := m.UserConfig[key]
				if values[key] != "" {
					return values[key]
				}
				if declared && uc.Default != nil {
					return fmt.Sprint(uc.Default)
				}
				if declared && uc.Required {
					c.Missing = append(c.Missing, "user_config "+key)
				}
				return ""
			}
			return v
		})
	}
	inside := func(p string) (string, error) {
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		rel, err := filepath.Rel(dir, filepath.Clean(p))
		if err != nil || !filepath.IsLocal(rel) {
			return "", fmt.Errorf("the bundle's command %q lies outside it", p)
		}
		if fi, err := os.Lstat(p); err != nil || !fi.Mode().IsRegular() {
			return "", fmt.Errorf("the bundle's command %q is not a file of it", p)
		}
		return p, nil
	}
	runtime := func(cmd string) string {
		switch cmd {
		case "node", "uv":
			return cmd
		case "python", "python3":
			return "python3"
		}
		return ""
	}
	if mc := m.Server.MCPConfig; mc != nil && mc.Command != "" {
		cmd := expand(mc.Command)
		if c.Runtime = runtime(cmd); c.Runtime == "" {
			if c.Program, err = inside(cmd); err != nil {
				return Bundle{}, err
			}
		}
		for _, a := range mc.Args {
			c.SecretArgs[len(c.Args)] = sensitive(a)
			c.Args = append(c.Args, expand(a))
		}
		for k, v := range mc.Env {
			if !envName.MatchString(k) {
				return Bundle{}, fmt.Errorf("the bundle's environment variable %q is not a name", k)
			}
			if LoaderVariable(k) {
				return Bundle{}, fmt.Errorf("the bundle's manifest sets the environment variable %s, which changes how programs load or run: mcpeek does not pass it", k)
			}
			c.Env[k], c.Secret[k] = expand(v), sensitive(v)
		}
		return c, nil
	}
	entry, err := inside(m.Server.EntryPoint)
	if err != nil {
		return Bundle{}, err
	}
	switch m.Server.Type {
	case "node":
		c.Runtime, c.Args = "node", []string{entry}
	case "python":
		c.Runtime, c.Args = "python3", []string{entry}
	case "binary":
		c.Program = entry
	default:
		return Bundle{}, fmt.Errorf("the bundle's server type %q has no entry point mcpeek knows how to run without mcp_config", m.Server.Type)
	}
	return c, nil
}
