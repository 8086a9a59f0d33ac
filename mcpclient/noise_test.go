package mcpclient

import (
	"errors"
	"io"
	"os/exec"
	"syscall"
	"time"

	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"

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

// failingWriter is a server's stdin that it closed already.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, syscall.EPIPE }
func (failingWriter) Close() error              { return nil }

// A server that closed its stdin before its stdout was read makes a write
// fail first: the transport waits for that stdout to end, so what the
// server printed before going is read when the error is made.
func TestAFailedWriteWaitsForTheServersLastWords(t *testing.T) {
	t.Parallel()
	r, w := io.Pipe()
	tr := newStdioTransport(r, failingWriter{})
	tr.noise = newLineRing(1, nil)
	if err := tr.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	go func() {
		time.Sleep(50 * time.Millisecond)
		io.WriteString(w, "port 3000 in use\n")
		w.Close()
	}()
	_, err := tr.SendRequest(t.Context(), transport.JSONRPCRequest{JSONRPC: "2.0", ID: mcp.NewRequestId(int64(1)), Method: "initialize"})
	if !errors.Is(err, syscall.EPIPE) {
		t.Fatalf("err = %v, want a broken pipe", err)
	}
	if got := tr.noise.Lines(); len(got) != 1 || got[0] != "port 3000 in use" {
		t.Errorf("noise when the error came = %q", got)
	}
}
