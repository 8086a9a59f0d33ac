package mcpclient

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestStderrSecretsAreRedacted(t *testing.T) {
	t.Parallel()
	const secret = "sk-live-0123456789abcdef"
	up := helperConfig("up", "leak")
	up.Env["API_KEY"] = secret
	down := helperConfig("down", "leak-exit")
	down.Env["API_KEY"] = secret
	m := startManager(t, Config{Servers: []ServerConfig{up, down}}, WithBackoff(time.Hour, time.Hour))
	// stderr is read asynchronously; once the child has exited it has all
	// been read.
	crash(t, m, "up")
	for _, name := range []string{"up", "down"} {
		s, _ := m.Server(name)
		if strings.Contains(strings.Join(s.Stderr, "\n")+s.Err, secret) {
			t.Errorf("%s: the secret reached the snapshot: err %q, stderr %q", name, s.Err, s.Stderr)
		}
		if !slices.Contains(s.Stderr, "using key ***") {
			t.Errorf("%s: stderr = %q", name, s.Stderr)
		}
	}
}

func TestLineRingRedacts(t *testing.T) {
	t.Parallel()
	sc := ServerConfig{
		URL:     "https://user:hunter22@api.example.com/mcp",
		Headers: map[string]string{"Authorization": "Bearer tok-12345"},
		Env:     map[string]string{"API_KEY": "env-secret-value", "DEBUG": "1"},
	}
	r := newLineRing(10, sc.secrets())
	fmt.Fprintln(r, "pass hunter22, token tok-12345, key env-secret-value, debug 1")
	// A secret that straddles the point where a long line is cut is still
	// redacted, not shown in part.
	fmt.Fprintln(r, strings.Repeat("x", maxStderrLine-5)+"env-secret-value and more")
	// So is one hidden by an escape sequence.
	fmt.Fprintln(r, "env-\x1b[0msecret-value")
	got := r.Lines()
	want := []string{
		"pass ***, token ***, key ***, debug 1",
		strings.Repeat("x", maxStderrLine-5) + "***…",
		"***",
	}
	if !slices.Equal(got, want) {
		t.Errorf("Lines() = %q,\nwant %q", got, want)
	}
}
