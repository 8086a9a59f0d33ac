package registry_test

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"mcpeek/mcpclient/registry"
)

// zipEntry is one file of a test archive; mode 0 is a plain file.
type zipEntry struct {
	name, body string
	mode       fs.FileMode
}

func makeZip(t *testing.T, entries ...zipEntry) []byte {
	t.Helper()
	var b bytes.Buffer
	w := zip.NewWriter(&b)
	for _, e := range entries {
		h := &zip.FileHeader{Name: e.name, Method: zip.Deflate}
		h.SetMode(cmpMode(e.mode))
		f, err := w.CreateHeader(h)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.Write([]byte(e.body)); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func cmpMode(m fs.FileMode) fs.FileMode {
	if m == 0 {
		return 0o644
	}
	return m
}

func sum(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// serveBundle serves data over https (a test certificate its client
// trusts) and returns its URL and that client.
func serveBundle(t *testing.T, data []byte) (string, *http.Client) {
	t.Helper()
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.Write(data) }))
	t.Cleanup(srv.Close)
	return srv.URL + "/x.mcpb", srv.Client()
}

const manifest = `{"manifest_version":"0.2","name":"b","version":"1.0.0","server":{"type":"node","entry_point":"server/index.js",
 "mcp_config":{"command":"node","args":["${__dirname}/server/index.js","--home","${HOME}","--key","${user_config.api_key}"],"env":{"API_KEY":"${user_config.api_key}","MODE":"${user_config.mode}"}}},
 "user_config":{"api_key":{"type":"string","sensitive":true,"required":true},"mode":{"type":"string","default":"ro"}}}`

// TestFetchBundleChecksAndUnpacks: a bundle whose SHA-256 is the
// registry's is unpacked, its files in place with their modes, and its
// manifest says how it starts; a second fetch does not download again.
func TestFetchBundleChecksAndUnpacks(t *testing.T) {
	t.Parallel()
	data := makeZip(t, zipEntry{name: "manifest.json", body: manifest}, zipEntry{name: "server/", mode: fs.ModeDir | 0o755},
		zipEntry{name: "server/index.js", body: "// hi"}, zipEntry{name: "bin/run", body: "#!/bin/sh", mode: 0o755})
	url, client := serveBundle(t, data)
	dir := filepath.Join(t.TempDir(), "b")
	if err := registry.FetchBundle(context.Background(), client, url, strings.ToUpper(sum(data)), dir); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(filepath.Join(dir, "bin", "run")); err != nil || fi.Mode().Perm() != 0o755 {
		t.Errorf("bin/run: %v %v", fi, err)
	}
	c, err := registry.BundleCommand(dir, "/tmp", map[string]string{"api_key": "k3y"})
	if err != nil {
		t.Fatal(err)
	}
	if c.Runtime != "node" || !slices.Equal(c.Args, []string{dir + "/server/index.js", "--home", "/tmp", "--key", "k3y"}) ||
		c.Env["API_KEY"] != "k3y" || !c.Secret["API_KEY"] || c.Env["MODE"] != "ro" || c.Secret["MODE"] || len(c.Missing) != 0 {
		t.Errorf("command %+v", c)
	}
	if !c.SecretArgs[4] || c.SecretArgs[0] {
		t.Errorf("secret args %v", c.SecretArgs)
	}
	if c, _ := registry.BundleCommand(dir, "/tmp", nil); !slices.Contains(c.Missing, "user_config api_key") {
		t.Errorf("missing %v", c.Missing)
	}
	// Already there: the (now wrong) server is not asked.
	if err := registry.FetchBundle(context.Background(), &http.Client{Transport: failing{}}, url, sum(data), dir); err != nil {
		t.Errorf("fetched again: %v", err)
	}
}

type failing struct{}

func (failing) RoundTrip(*http.Request) (*http.Response, error) { return nil, errors.New("asked") }

// TestFetchBundleRefusesAWrongChecksum: nothing is unpacked.
func TestFetchBundleRefusesAWrongChecksum(t *testing.T) {
	t.Parallel()
	data := makeZip(t, zipEntry{name: "manifest.json", body: manifest})
	url, client := serveBundle(t, data)
	dir := filepath.Join(t.TempDir(), "b")
	err := registry.FetchBundle(context.Background(), client, url, strings.Repeat("0", 64), dir)
	if !errors.Is(err, registry.ErrChecksum) || !strings.Contains(err.Error(), sum(data)) {
		t.Fatalf("err = %v", err)
	}
	if _, err := os.Stat(dir); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("something was unpacked: %v", err)
	}
	if _, err := os.Stat(dir + ".partial"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("something was unpacked: %v", err)
	}
	if err := registry.FetchBundle(context.Background(), client, strings.Replace(url, "https:", "http:", 1), sum(data), dir); err == nil {
		t.Error("a bundle over plain http was fetched")
	}
}

// TestUnpackRefusesEntriesOutsideTheBundle: zip-slip names, absolute
// paths and symlinks refuse the whole archive, and nothing is written
// outside the folder.
func TestUnpackRefusesEntriesOutsideTheBundle(t *testing.T) {
	t.Parallel()
	for name, e := range map[string]zipEntry{
		"../":          {name: "../evil.js", body: "x"},
		"nested ../":   {name: "server/../../evil.js", body: "x"},
		"backslash":    {name: `..\evil.js`, body: "x"},
		"absolute":     {name: "/tmp/evil.js", body: "x"},
		"symlink out":  {name: "link", body: "/etc/passwd", mode: fs.ModeSymlink | 0o777},
		"symlink ../":  {name: "server/link", body: "../../..", mode: fs.ModeSymlink | 0o777},
		"a named pipe": {name: "fifo", mode: fs.ModeNamedPipe | 0o644},
	} {
		parent := t.TempDir()
		dir := filepath.Join(parent, "b", "c")
		err := registry.Unpack(makeZip(t, zipEntry{name: "manifest.json", body: "{}"}, e), dir)
		if err == nil || !strings.Contains(err.Error(), "not unpacked") {
			t.Errorf("%s: err = %v", name, err)
		}
		for _, p := range []string{filepath.Join(parent, "evil.js"), filepath.Join(parent, "b", "evil.js")} {
			if _, err := os.Lstat(p); err == nil {
				t.Errorf("%s: %s written", name, p)
			}
		}
	}
}

// TestUnpackStopsAtTheSizeLimit: an entry that unpacks past the limit
// is cut off by the bytes really written, whatever its header claims.
func TestUnpackStopsAtTheSizeLimit(t *testing.T) {
	t.Parallel()
	big := strings.Repeat("0", 1<<19+1)
	data := makeZip(t, zipEntry{name: "a", body: big}, zipEntry{name: "b", body: big})
	err := registry.UnpackLimited(data, t.TempDir()+"/b", 1<<20, 10)
	if err == nil || !strings.Contains(err.Error(), "unpacks to more than 1 MiB") {
		t.Errorf("err = %v", err)
	}
	err = registry.UnpackLimited(makeZip(t, zipEntry{name: "a"}, zipEntry{name: "b"}, zipEntry{name: "c"}), t.TempDir()+"/b", 1<<20, 2)
	if err == nil || !strings.Contains(err.Error(), "holds 3 files, more than 2") {
		t.Errorf("err = %v", err)
	}
}

// TestBundleCommandRefusesACommandOutsideTheBundle.
func TestBundleCommandRefusesACommandOutsideTheBundle(t *testing.T) {
	t.Parallel()
	for _, m := range []string{
		`{"server":{"type":"node","mcp_config":{"command":"bash","args":["-c","id"]}}}`,
		`{"server":{"type":"binary","mcp_config":{"command":"${__dirname}/../../bin/sh"}}}`,
		`{"server":{"type":"node","entry_point":"../../etc/x.js"}}`,
		`{"server":{"type":"node","entry_point":"/etc/passwd"}}`,
		`{"server":{"type":"node","mcp_config":{"command":"node","env":{"A=B":"x"}}}}`,
		`{"server":{"type":"node","mcp_config":{"command":"node","env":{"LD_PRELOAD":"${__dirname}/evil.so"}}}}`,
		`{"server":{"type":"node","mcp_config":{"command":"node","env":{"NODE_OPTIONS":"--require ${__dirname}/evil.js"}}}}`,
	} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "manifest.json"), []byte(m), 0o644); err != nil {
			t.Fatal(err)
		}
		if c, err := registry.BundleCommand(dir, "/tmp", nil); err == nil {
			t.Errorf("%s: %+v", m, c)
		}
	}
}
