package registry_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"mcpeek/internal/registrytest"
	"mcpeek/mcpclient/registry"
)

// t0 is when the test registries' documents were published.
var t0 = time.Date(2026, 9, 1, 12, 0, 0, 0, time.UTC)

// peers are the server.json documents of the npm servers the end-to-end
// tests run, at the versions e2e/package-lock.json pins.
var peers = []string{"server-everything", "server-filesystem", "server-memory"}

func doc(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// peerRegistry serves the three npm peers and a remote server.
func peerRegistry(t *testing.T) *registrytest.Registry {
	t.Helper()
	reg := registrytest.New(t)
	for _, p := range append(peers, "remote-weather") {
		reg.Add(t, doc(t, p), t0)
	}
	return reg
}

func client(t *testing.T, url string) *registry.Client {
	t.Helper()
	c, err := registry.NewClient(url, nil)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestVersionReadsTheEntryWithTheNameEscaped(t *testing.T) {
	t.Parallel()
	reg := peerRegistry(t)
	e, err := client(t, reg.URL).Version(context.Background(), "io.github.modelcontextprotocol/server-filesystem", "latest")
	if err != nil {
		t.Fatal(err)
	}
	s := e.Server
	if s.Version != "2026.8.31" || len(s.Packages) != 1 || s.Repository.Subfolder != "src/filesystem" || !e.Meta.Official.IsLatest {
		t.Fatalf("entry read wrong: %+v", e)
	}
	p := s.Packages[0]
	arg := p.PackageArguments[0]
	if p.RegistryType != "npm" || p.Identifier != "@modelcontextprotocol/server-filesystem" || p.Transport.Type != "stdio" ||
		arg.Type != "positional" || arg.ValueHint != "allowed_directory" || !arg.IsRequired || !arg.IsRepeated || arg.Format != "filepath" {
		t.Fatalf("package read wrong: %+v", p)
	}
	got := reg.Requests()[0].EscapedPath()
	if want := "/v0.1/servers/io.github.modelcontextprotocol%2Fserver-filesystem/versions/latest"; got != want {
		t.Errorf("path %s, want %s", got, want)
	}
}

func TestVersionExactAndNotFound(t *testing.T) {
	t.Parallel()
	reg := peerRegistry(t)
	newer := strings.Replace(string(doc(t, "server-memory")), `"version": "2026.8.31",`+"\n  \"packages\"", `"version": "2026.9.1",`+"\n  \"packages\"", 1)
	reg.Add(t, []byte(newer), t0.Add(time.Hour))
	c := client(t, reg.URL)
	ctx := context.Background()
	old, err := c.Version(ctx, "io.github.modelcontextprotocol/server-memory", "2026.8.31")
	if err != nil || old.Server.Version != "2026.8.31" || old.Meta.Official.IsLatest {
		t.Fatalf("exact version: %+v, %v", old.Server.Version, err)
	}
	latest, err := c.Version(ctx, "io.github.modelcontextprotocol/server-memory", "latest")
	if err != nil || latest.Server.Version != "2026.9.1" {
		t.Fatalf("latest: %v, %v", latest.Server.Version, err)
	}
	all, err := c.Versions(ctx, "io.github.modelcontextprotocol/server-memory")
	if err != nil || len(all) != 2 || all[0].Server.Version != "2026.9.1" {
		t.Fatalf("versions: %d, %v", len(all), err)
	}
	if _, err := c.Version(ctx, "io.github.nobody/nothing", "latest"); !errors.Is(err, registry.ErrNotFound) || !strings.Contains(err.Error(), "Server not found") {
		t.Errorf("a missing server: %v", err)
	}
}

func TestUnknownFieldsAreKeptAndWrongTypesNamed(t *testing.T) {
	t.Parallel()
	reg := peerRegistry(t)
	c := client(t, reg.URL)
	e, err := c.Version(context.Background(), "com.example/weather", "latest")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(e.Raw), "x-publisher-note") || len(e.Server.Remotes) != 2 ||
		e.Server.Remotes[0].Variables["region"].Default != "eu" || !e.Server.NeedsSecret() {
		t.Errorf("remote entry read wrong: %+v", e.Server)
	}
	_, err = registry.ParseServer([]byte(`{"name":"a.b/c","version":"1","packages":[{"registryType":"npm","identifier":5}]}`))
	if err == nil || !strings.Contains(err.Error(), `"packages.identifier" is a JSON number, not a string`) {
		t.Errorf("wrong type: %v", err)
	}
}

func TestListFollowsTenThousandEntriesAcrossPages(t *testing.T) {
	t.Parallel()
	reg := registrytest.New(t)
	const n = 10_050
	for i := range n {
		reg.Add(t, fmt.Appendf(nil, `{"name":"io.example/s%05d","description":"server %d","version":"1.0.0"}`, i, i), t0)
	}
	l, err := client(t, reg.URL).List(context.Background(), registry.Query{Version: "latest"}, registry.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Entries) != n || l.Pages != 101 || l.Stopped.Cut() || len(l.Problems) != 0 {
		t.Fatalf("%d entries in %d pages (stopped %v), want %d in 101", len(l.Entries), l.Pages, l.Stopped, n)
	}
	if got := l.Entries[n-1].Server.Name; got != "io.example/s10049" {
		t.Errorf("last entry %s", got)
	}
	for _, u := range reg.Requests() {
		if u.Query().Get("limit") != "100" {
			t.Fatalf("asked %s, want limit=100", u)
		}
	}
	capped, err := client(t, reg.URL).List(context.Background(), registry.Query{}, registry.Limits{Pages: 3})
	if err != nil || capped.Stopped.Limit != registry.LimitPages || len(capped.Entries) != 300 {
		t.Errorf("capped at 3 pages: %d entries, stopped %v, %v", len(capped.Entries), capped.Stopped, err)
	}
}

func TestListRefusesARepeatedCursor(t *testing.T) {
	t.Parallel()
	reg := registrytest.New(t)
	reg.Override(func(w http.ResponseWriter, _ *http.Request) bool {
		fmt.Fprint(w, `{"servers":[],"metadata":{"nextCursor":"again"}}`)
		return true
	})
	_, err := client(t, reg.URL).List(context.Background(), registry.Query{}, registry.Limits{})
	if err == nil || !strings.Contains(err.Error(), `cursor "again" twice`) {
		t.Fatalf("a cursor loop: %v", err)
	}
	if n := len(reg.Requests()); n != 2 {
		t.Errorf("%d requests, want 2", n)
	}
}

func TestAnAnswerOverTheCapIsNotRead(t *testing.T) {
	t.Parallel()
	reg := registrytest.New(t)
	reg.Override(func(w http.ResponseWriter, _ *http.Request) bool {
		fmt.Fprintf(w, `{"servers":[],"padding":"%s"}`, strings.Repeat("x", registry.DefaultMaxPageBytes))
		return true
	})
	_, err := client(t, reg.URL).Page(context.Background(), registry.Query{})
	if err == nil || !strings.Contains(err.Error(), "larger than 8388608 bytes") {
		t.Fatalf("a 8 MiB page: %v", err)
	}
}

func TestNotAServerList(t *testing.T) {
	t.Parallel()
	for _, body := range []string{`{"items":[]}`, `[1,2]`, `<html>`, `{"servers":{"a":1}}`} {
		reg := registrytest.New(t)
		reg.Override(func(w http.ResponseWriter, _ *http.Request) bool { fmt.Fprint(w, body); return true })
		if _, err := client(t, reg.URL).Page(context.Background(), registry.Query{}); err == nil || !strings.Contains(err.Error(), "not a server list") {
			t.Errorf("%s: %v", body, err)
		}
	}
}

func TestHostileEntriesAreReadAsData(t *testing.T) {
	t.Parallel()
	reg := peerRegistry(t)
	huge := strings.Repeat("A", 1<<20)
	reg.Add(t, fmt.Appendf(nil, `{"name":"io.evil/huge","description":%q,"version":"1.0.0"}`, huge), t0)
	reg.Add(t, []byte(`{"name":"io.evil/escape","description":"\u001b]0;owned\u0007\u001b[2Jgone","version":"1.0.0",
		"packages":[{"registryType":"npm","identifier":"../../etc","version":"-rf","transport":{"type":"stdio"},
		"packageArguments":[{"type":"positional","value":"; rm -rf ~"},{"type":"named","name":"--x","value":"$(touch /tmp/pwned)"},{"type":"positional","value":"-e"}]}]}`), t0)
	reg.Add(t, []byte(`{"name":"io.evil/typed","description":"x","version":"1.0.0","packages":[{"registryType":"npm","identifier":["a"]}]}`), t0)
	l, err := client(t, reg.URL).List(context.Background(), registry.Query{Search: "io.evil"}, registry.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Entries) != 2 || len(l.Problems) != 1 || l.Problems[0].Name != "io.evil/typed" ||
		!strings.Contains(l.Problems[0].String(), `"server.packages.identifier" is a JSON array, not a string`) {
		t.Fatalf("entries %d, problems %v", len(l.Entries), l.Problems)
	}
	if d := l.Entries[0].Server.Description; len(d) != 1<<20 {
		t.Errorf("the 1 MB description was read as %d bytes", len(d))
	}
	args := l.Entries[1].Server.Packages[0].PackageArguments
	if args[0].Value != "; rm -rf ~" || args[1].Value != "$(touch /tmp/pwned)" {
		t.Errorf("arguments not kept as data: %+v", args)
	}
}

// clock is a test's time, moved by hand.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

func browser(t *testing.T, url, cacheDir string, now *clock) *registry.Browser {
	return &registry.Browser{Client: client(t, url), Cache: registry.OpenCache(cacheDir), MaxAge: time.Hour, Now: now.Now}
}

func names(es []registry.Entry) string {
	var out []string
	for _, e := range es {
		out = append(out, registry.ShortName(e.Server.Name)+"@"+e.Server.Version)
	}
	return strings.Join(out, " ")
}

func TestSearchIsCachedAndRefreshedWithUpdatedSince(t *testing.T) {
	t.Parallel()
	reg := peerRegistry(t)
	now := &clock{now: t0.Add(time.Minute)}
	b := browser(t, reg.URL, t.TempDir(), now)
	ctx := context.Background()
	first, err := b.Search(ctx, "modelcontextprotocol")
	if err != nil {
		t.Fatal(err)
	}
	if got := names(first.Entries); got != "server-everything@2026.8.31 server-filesystem@2026.8.31 server-memory@2026.8.31" || first.FromCache {
		t.Fatalf("first search: %s (from cache %v)", got, first.FromCache)
	}
	now.Add(30 * time.Minute)
	if again, err := b.Search(ctx, "modelcontextprotocol"); err != nil || !again.FromCache || len(reg.Requests()) != 1 {
		t.Fatalf("a search within the hour asked the registry again (%d requests, %v)", len(reg.Requests()), err)
	}

	now.Add(2 * time.Hour)
	newer := strings.Replace(string(doc(t, "server-memory")), `"version": "2026.8.31",`+"\n  \"packages\"", `"version": "2026.9.1",`+"\n  \"packages\"", 1)
	reg.Add(t, []byte(newer), now.Now())
	reg.Delete("io.github.modelcontextprotocol/server-filesystem", now.Now())
	now.Add(time.Minute)
	r, err := b.Search(ctx, "modelcontextprotocol")
	if err != nil {
		t.Fatal(err)
	}
	if got := names(r.Entries); got != "server-everything@2026.8.31 server-memory@2026.9.1" || !r.Refreshed {
		t.Fatalf("refreshed search: %s (refreshed %v)", got, r.Refreshed)
	}
	reqs := reg.Requests()
	since := reqs[len(reqs)-1].Query().Get("updated_since")
	if want := t0.Add(time.Minute).Add(-5 * time.Minute).Format(time.RFC3339); since != want {
		t.Errorf("refresh asked updated_since=%q, want %q", since, want)
	}
	if r.FetchedAt != now.Now() {
		t.Errorf("refreshed listing dated %v, want %v", r.FetchedAt, now.Now())
	}
}

func TestOfflineUseSaysHowOldTheCacheIs(t *testing.T) {
	t.Parallel()
	reg := peerRegistry(t)
	now := &clock{now: t0}
	dir := t.TempDir()
	b := browser(t, reg.URL, dir, now)
	ctx := context.Background()
	if _, err := b.Search(ctx, "server-"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := b.Show(ctx, "io.github.modelcontextprotocol/server-memory", "latest"); err != nil {
		t.Fatal(err)
	}

	reg.SetDown(true)
	now.Add(3 * time.Hour)
	r, err := b.Search(ctx, "server-")
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Entries) != 3 || !r.FromCache || r.Unreachable == nil || r.Age(now.Now()) != 3*time.Hour ||
		!strings.Contains(r.Unreachable.Error(), "503") {
		t.Fatalf("registry down: %d entries, from cache %v, unreachable %v, age %v", len(r.Entries), r.FromCache, r.Unreachable, r.Age(now.Now()))
	}
	e, f, err := b.Show(ctx, "io.github.modelcontextprotocol/server-memory", "latest")
	if err != nil || e.Server.Version != "2026.8.31" || !f.FromCache || f.Unreachable == nil {
		t.Fatalf("show, registry down: %v %+v %v", e.Server.Version, f, err)
	}

	off := browser(t, "http://127.0.0.1:1", dir, now) // another registry: nothing cached for it
	off.Offline = true
	if _, err := off.Search(ctx, "server-"); err == nil || !strings.Contains(err.Error(), "not in the cache") {
		t.Errorf("offline, nothing cached: %v", err)
	}
	b.Offline = true
	n := len(reg.Requests())
	if r, err := b.Search(ctx, "server-"); err != nil || !r.FromCache || r.Unreachable != nil || len(reg.Requests()) != n {
		t.Errorf("offline search asked the registry or failed: %v", err)
	}
}

func TestTheRegistryIsBelievedOverTheCacheWhenAServerIsGone(t *testing.T) {
	t.Parallel()
	reg := peerRegistry(t)
	now := &clock{now: t0}
	b := browser(t, reg.URL, t.TempDir(), now)
	ctx := context.Background()
	if _, _, err := b.Show(ctx, "com.example/weather", "1.4.0"); err != nil {
		t.Fatal(err)
	}
	reg.Delete("com.example/weather", t0)
	now.Add(2 * time.Hour)
	if _, _, err := b.Show(ctx, "com.example/weather", "1.4.0"); !errors.Is(err, registry.ErrNotFound) {
		t.Errorf("a deleted server: %v", err)
	}
}

func TestCacheFilesArePrivateAndWholeAfterEachWrite(t *testing.T) {
	t.Parallel()
	reg := peerRegistry(t)
	dir := t.TempDir()
	now := &clock{now: t0}
	b := browser(t, reg.URL, dir, now)
	for range 3 {
		if _, err := b.Search(context.Background(), ""); err != nil {
			t.Fatal(err)
		}
		now.Add(2 * time.Hour)
	}
	var files []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, p)
			st, _ := d.Info()
			if st.Mode().Perm() != 0o600 {
				t.Errorf("%s has mode %v, want 0600", p, st.Mode().Perm())
			}
			var v map[string]any
			b, _ := os.ReadFile(p)
			if json.Unmarshal(b, &v) != nil {
				t.Errorf("%s is not whole JSON", p)
			}
		}
		return err
	})
	if err != nil || len(files) != 1 {
		t.Errorf("cache holds %v (%v), want one file and no temporary ones", files, err)
	}
}

func TestNewClientRefusesWhatIsNotABaseURL(t *testing.T) {
	t.Parallel()
	for _, u := range []string{"registry.example.com", "ftp://x", "https://x/?q=1", "http://"} {
		if _, err := registry.NewClient(u, nil); err == nil {
			t.Errorf("%q accepted", u)
		}
	}
	c, err := registry.NewClient("https://example.com/sub/", nil)
	if err != nil || c.URL() != "https://example.com/sub" {
		t.Errorf("a sub-registry with a path: %v %v", c, err)
	}
}

func TestSplitRefAndShortName(t *testing.T) {
	t.Parallel()
	for in, want := range map[string][2]string{
		"io.github.x/server-everything":           {"io.github.x/server-everything", "latest"},
		"io.github.x/server-everything@2026.8.31": {"io.github.x/server-everything", "2026.8.31"},
	} {
		if n, v := registry.SplitRef(in); n != want[0] || v != want[1] {
			t.Errorf("SplitRef(%q) = %q, %q", in, n, v)
		}
	}
	if got := registry.ShortName("io.github.x/server-everything"); got != "server-everything" {
		t.Errorf("ShortName: %q", got)
	}
	for _, bad := range []string{"nameonly", "a/b/c", "../x", "a b/c", "/x", "x/"} {
		if registry.CheckName(bad) == nil {
			t.Errorf("CheckName(%q) accepted", bad)
		}
	}
}

func TestTheCacheForgetsAnswersNotWrittenForAMonth(t *testing.T) {
	t.Parallel()
	reg := peerRegistry(t)
	dir := t.TempDir()
	now := &clock{now: t0}
	b := browser(t, reg.URL, dir, now)
	ctx := context.Background()
	for _, q := range []string{"memory", "everything"} {
		if _, err := b.Search(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*.json"))
	if len(files) != 2 {
		t.Fatalf("%d cache files, want 2", len(files))
	}
	old := time.Now().Add(-31 * 24 * time.Hour)
	for _, f := range files {
		if err := os.Chtimes(f, old, old); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := b.Search(ctx, "filesystem"); err != nil {
		t.Fatal(err)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "*", "*.json")); len(files) != 1 {
		t.Errorf("after a month: %d cache files, want the new one alone", len(files))
	}
}

func TestADamagedCacheFileIsReplaced(t *testing.T) {
	t.Parallel()
	reg := peerRegistry(t)
	dir := t.TempDir()
	now := &clock{now: t0}
	b := browser(t, reg.URL, dir, now)
	ctx := context.Background()
	if _, err := b.Search(ctx, "memory"); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*.json"))
	if err := os.WriteFile(files[0], []byte(`{"registry": 5`), 0o600); err != nil {
		t.Fatal(err)
	}
	b.Offline = true
	if _, err := b.Search(ctx, "memory"); err == nil || !strings.Contains(err.Error(), "not in the cache") {
		t.Errorf("offline with a damaged file: %v", err)
	}
	b.Offline = false
	if r, err := b.Search(ctx, "memory"); err != nil || len(r.Entries) != 1 || r.FromCache {
		t.Errorf("a damaged file was not replaced: %v", err)
	}
}

func TestARefreshAfterTheLatestVersionIsDeletedListsTheOneBefore(t *testing.T) {
	t.Parallel()
	reg := peerRegistry(t)
	now := &clock{now: t0.Add(time.Minute)}
	b := browser(t, reg.URL, t.TempDir(), now)
	ctx := context.Background()
	now.Add(time.Hour)
	newer := strings.Replace(string(doc(t, "server-memory")), `"version": "2026.8.31",`+"\n  \"packages\"", `"version": "2026.9.1",`+"\n  \"packages\"", 1)
	reg.Add(t, []byte(newer), now.Now())
	now.Add(time.Minute)
	if r, err := b.Search(ctx, "server-memory"); err != nil || names(r.Entries) != "server-memory@2026.9.1" {
		t.Fatalf("before: %s, %v", names(r.Entries), err)
	}
	now.Add(2 * time.Hour)
	reg.DeleteVersion("io.github.modelcontextprotocol/server-memory", "2026.9.1", now.Now())
	now.Add(time.Minute)
	if r, err := b.Search(ctx, "server-memory"); err != nil || names(r.Entries) != "server-memory@2026.8.31" {
		t.Errorf("after the latest version was deleted: %q, %v", names(r.Entries), err)
	}
}
