package tui

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// slowRegistry answers every listing with the start of a large page and
// then nothing more, until the client goes away: a registry too slow for
// any search to end. It notes each search's text, and whether a search
// was still being answered when the next began.
type slowRegistry struct {
	mu      sync.Mutex
	open    []chan struct{} // closed when the request ended
	texts   []string
	overlap []string
	arrived chan string
}

func (s *slowRegistry) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != "/v0.1/servers" {
		http.NotFound(w, r)
		return
	}
	text := r.URL.Query().Get("search")
	s.mu.Lock()
	before := append([]chan struct{}(nil), s.open...)
	beforeTexts := append([]string(nil), s.texts...)
	done := make(chan struct{})
	s.open, s.texts = append(s.open, done), append(s.texts, text)
	s.mu.Unlock()
	defer close(done)
	// The explorer cancels a search before it starts the next; the
	// server hears of it when the connection closes, which may come a
	// moment after the next request. A search still answered after
	// this long was not cancelled.
	for i, d := range before {
		select {
		case <-d:
		case <-time.After(10 * time.Second):
			s.mu.Lock()
			s.overlap = append(s.overlap, fmt.Sprintf("the search %q was still under way when %q began", beforeTexts[i], text))
			s.mu.Unlock()
		}
	}
	s.arrived <- text
	w.Header().Set("Content-Type", "application/json")
	fmt.Fprintf(w, `{"servers":[{"server":{"name":"io.slow/a","version":"1","description":"%s"}}`, strings.Repeat("x", 1<<20))
	w.(http.Flusher).Flush()
	<-r.Context().Done()
}

// TestTmuxRegistryPaneRunsOneSearchAtATime types into the registry pane
// of the real mcpeek binary, in tmux, over a registry that never finishes
// a page: the listing that R starts is cancelled by the first key, six
// letters typed at once make at most one more search, and each letter
// typed after that cancels the search before it. The registry never
// answers two searches at once.
func TestTmuxRegistryPaneRunsOneSearchAtATime(t *testing.T) {
	if testing.Short() {
		t.Skip("a tmux walk of the registry pane: not in -short")
	}
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed (apt-get install -y tmux)")
	}
	reg := &slowRegistry{arrived: make(chan string, 64)}
	srv := httptest.NewServer(reg)
	t.Cleanup(srv.Close)
	dir := t.TempDir()
	bin := filepath.Join(dir, "mcpeek")
	if out, err := exec.Command("go", "build", "-o", bin, "mcpeek/cmd/mcpeek").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	session := fmt.Sprintf("mcpeek-registry-%d", os.Getpid())
	tmux := func(args ...string) string {
		t.Helper()
		out, err := exec.Command("tmux", args...).CombinedOutput()
		if err != nil {
			t.Fatalf("tmux %q: %v\n%s", args, err, out)
		}
		return string(out)
	}
	env := fmt.Sprintf("cd %s && env HOME=%[1]s XDG_CONFIG_HOME=%[1]s/config XDG_CACHE_HOME=%[1]s/cache XDG_STATE_HOME=%[1]s/state ", dir)
	tmux("new-session", "-d", "-s", session, "-x", "160", "-y", "48", env+bin+" --registry "+srv.URL)
	t.Cleanup(func() { exec.Command("tmux", "kill-session", "-t", session).Run() })
	typed := func(s string) { tmux("send-keys", "-t", session, "-l", s) }
	wait := func(want string) {
		t.Helper()
		for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(100 * time.Millisecond) {
			screen := tmux("capture-pane", "-p", "-t", session)
			if strings.Contains(screen, want) {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("gave up waiting for %q on:\n%s", want, screen)
			}
		}
	}
	searched := func(want string) {
		t.Helper()
		for {
			select {
			case got := <-reg.arrived:
				if got == want {
					return
				}
			case <-time.After(30 * time.Second):
				reg.mu.Lock()
				defer reg.mu.Unlock()
				t.Fatalf("no search for %q reached the registry (searched %q)", want, reg.texts)
			}
		}
	}

	wait("shop_")
	tmux("send-keys", "-t", session, "R")
	wait("MCP Registry")
	searched("")
	typed("hostil")
	searched("hostil")
	query := "hostil"
	for _, more := range []string{"e", "y"} {
		typed(more)
		query += more
		searched(query)
	}
	reg.mu.Lock()
	defer reg.mu.Unlock()
	if len(reg.overlap) > 0 {
		t.Errorf("more than one search at once:\n%s\n(searched %q)", strings.Join(reg.overlap, "\n"), reg.texts)
	}
}
