package mcpclient

import (
	"encoding/base64"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"mcpeek/internal/testkit"
	"mcpeek/model"
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

// TestStderrSecretsAreMaskedInEveryEncoding: a server that writes its
// secret to stderr JSON-escaped, URL-encoded, in base64 or upper-cased
// shows none of them: each line keeps its label, the secret is ***.
func TestStderrSecretsAreMaskedInEveryEncoding(t *testing.T) {
	t.Parallel()
	const secret = `Tök3n/"a b"+&<x>~~~`
	sc := helperConfig("leaky", "leak-encoded")
	sc.Env["API_KEY"] = secret
	m := startManager(t, Config{Servers: []ServerConfig{sc}}, WithBackoff(time.Hour, time.Hour))
	forms := testkit.SecretEncodings(secret)
	s := waitServer(t, m, "leaky", "every encoding on stderr", func(s model.Server) bool {
		return slices.ContainsFunc(s.Stderr, func(l string) bool { return strings.HasPrefix(l, "url twice:") })
	})
	for name, form := range forms {
		if !slices.Contains(s.Stderr, name+": ***") {
			t.Errorf("%s (%s): not masked on stderr", name, form)
		}
		if strings.Contains(s.Err, form) {
			t.Errorf("%s: in the error: %q", name, s.Err)
		}
	}
	if t.Failed() {
		t.Logf("stderr: %q", s.Stderr)
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

// BenchmarkStderrLineWithSecret is what one stderr line of 200 bytes
// costs a server with a secret: sanitised, masked in every encoding,
// stored.
func BenchmarkStderrLineWithSecret(b *testing.B) {
	sc := ServerConfig{Env: map[string]string{"API_KEY": "sk-live-0123456789abcdef0123456789abcdef"}}
	r := newLineRing(50, sc.secrets())
	line := []byte("2026-12-07T21:00:00Z INFO request handled path=/v1/items/42 status=200 duration=3ms user=alice " + strings.Repeat("x", 100) + "\n")
	for b.Loop() {
		r.Write(line)
	}
}

// TestLineRingMasksWhenRead: lines are masked when read, those written
// between two reads too, however far the ring turned.
func TestLineRingMasksWhenRead(t *testing.T) {
	t.Parallel()
	const secret = "env-secret-value"
	r := newLineRing(3, []string{secret})
	b64 := base64.StdEncoding.EncodeToString([]byte(secret))
	fmt.Fprintln(r, "a "+secret)
	fmt.Fprintln(r, "b "+b64)
	if got, want := r.Lines(), []string{"a ***", "b ***"}; !slices.Equal(got, want) {
		t.Errorf("first read %q, want %q", got, want)
	}
	for _, l := range []string{"c " + secret, "d " + b64, "e " + strings.ToUpper(secret), "f " + secret} {
		fmt.Fprintln(r, l)
	}
	if got, want := r.Lines(), []string{"d ***", "e ***", "f ***"}; !slices.Equal(got, want) {
		t.Errorf("second read %q, want %q", got, want)
	}
	fmt.Fprintln(r, "g "+b64)
	if got, want := r.Lines(), []string{"e ***", "f ***", "g ***"}; !slices.Equal(got, want) {
		t.Errorf("third read %q, want %q", got, want)
	}
}
