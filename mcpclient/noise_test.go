package mcpclient

import (
	"os/exec"
	"strings"
	"testing"

	"mcpeek/model"
)

// A stdio server that fails to connect after writing to stdout what is not
// JSON-RPC (a banner, a log line) has that line in its error: without it
// the error says only that it timed out or exited. One that connects
// despite such lines shows no error.
func TestAFailedServerShowsItsStdoutNoise(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	m := startManager(t, Config{Servers: []ServerConfig{
		{Name: "banner", Source: "test", Command: "sh", Args: []string{"-c", "echo 'Listening on port 3000'; exit 1"}},
		helperConfig("garbage", "garbage"),
	}})
	s, _ := m.Server("banner")
	if s.State != model.StateError || !strings.Contains(s.Err, `not JSON-RPC, "Listening on port 3000"`) {
		t.Errorf("banner: %s, %q", s.State, s.Err)
	}
	if s, _ := m.Server("garbage"); s.State != model.StateConnected || s.Err != "" {
		t.Errorf("garbage: %s, %q", s.State, s.Err)
	}
}
