package gateway

import (
	"context"
	"errors"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
)

// callHelp calls tool_help("") on the gateway at url with mcp-go's own
// client over streamable HTTP.
func callHelp(t *testing.T, url string) {
	t.Helper()
	c, err := client.NewStreamableHttpClient(url)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Initialize(ctx, mcp.InitializeRequest{}); err != nil {
		t.Fatal(err)
	}
	res, err := c.CallTool(ctx, mcp.CallToolRequest{Params: mcp.CallToolParams{Name: toolHelp, Arguments: map[string]any{"path": ""}}})
	if err != nil || res.IsError {
		t.Fatalf("tool_help: %v %+v", err, res)
	}
}

// answers reports whether something serves url.
func answers(url string) bool {
	res, err := http.Post(url, "application/json", strings.NewReader(`{}`))
	if err == nil {
		res.Body.Close()
	}
	return err == nil
}

// freeAddr is a loopback address nothing listens on (yet).
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// A run serves on the address it was given, hands itself to the reader of
// Runs, reports each call as an event, and once stopped, stops serving and
// ends its events.
func TestRunnerStartServeStop(t *testing.T) {
	t.Parallel()
	r := NewRunner(noUpstreams{}, Options{Version: "test"}, 16)
	defer r.Close()
	run, err := r.Start(context.Background(), 7, "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if got := <-r.Runs(); got != run || run.ID() != 7 {
		t.Fatalf("Runs gave %p (id %d), Start %p", got, got.ID(), run)
	}
	if !strings.HasPrefix(run.URL(), "http://127.0.0.1:") || !strings.HasSuffix(run.URL(), "/mcp") || run.Gateway().Mode() != ModeProgressive {
		t.Fatalf("url %q mode %s", run.URL(), run.Gateway().Mode())
	}
	callHelp(t, run.URL())
	if ev := <-run.Events(); ev.Tool != toolHelp || !ev.OK || run.Gateway().Calls() != 1 {
		t.Fatalf("event %+v, %d calls", ev, run.Gateway().Calls())
	}
	if err := run.Stop(); err != nil || run.Err() != nil {
		t.Fatalf("stop: %v, %v", err, run.Err())
	}
	if _, open := <-run.Events(); open {
		t.Error("the events of a stopped run go on")
	}
	if answers(run.URL()) {
		t.Error("a stopped run still answers")
	}
	if err := run.Stop(); err != nil {
		t.Errorf("a second stop: %v", err)
	}
}

// A pinned address serves again after a stop: a client's config keeps
// working from one run to the next.
func TestRunnerPinnedAddressSurvivesARestart(t *testing.T) {
	t.Parallel()
	addr := freeAddr(t)
	r := NewRunner(noUpstreams{}, Options{}, 0)
	defer r.Close()
	first, err := r.Start(context.Background(), 1, addr)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Start(context.Background(), 2, addr); err == nil {
		t.Fatal("two runs on one address")
	}
	if first.Events() != nil {
		t.Error("a runner that subscribes nothing gives runs events")
	}
	if err := first.Stop(); err != nil {
		t.Fatal(err)
	}
	second, err := r.Start(context.Background(), 3, addr)
	if err != nil {
		t.Fatalf("restart on %s: %v", addr, err)
	}
	if second.URL() != first.URL() {
		t.Fatalf("url %s, then %s", first.URL(), second.URL())
	}
	callHelp(t, second.URL())
}

// The end of Start's context stops the run as Stop does (how `mcpeek
// gateway --http` ends on a signal); Close stops every run and refuses new
// ones.
func TestRunnerContextAndClose(t *testing.T) {
	t.Parallel()
	r := NewRunner(noUpstreams{}, Options{}, 1)
	ctx, cancel := context.WithCancel(context.Background())
	byCtx, err := r.Start(ctx, 1, "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	cancel()
	<-byCtx.Done()
	if byCtx.Err() != nil || answers(byCtx.URL()) {
		t.Fatalf("after its context: %v", byCtx.Err())
	}
	var runs []*Run
	for i := range 3 {
		run, err := r.Start(context.Background(), RunID(10+i), "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		runs = append(runs, run)
	}
	if newest := <-r.Runs(); newest != runs[2] {
		t.Errorf("Runs holds run %d, not the newest", newest.ID())
	}
	r.Close()
	for _, run := range runs {
		select {
		case <-run.Done():
		default:
			t.Fatalf("run %d still serves after Close", run.ID())
		}
		if answers(run.URL()) {
			t.Errorf("run %d still answers", run.ID())
		}
	}
	if _, err := r.Start(context.Background(), 20, "127.0.0.1:0"); !errors.Is(err, ErrClosed) {
		t.Fatalf("start after Close: %v", err)
	}
	r.Close()
}

// Starts that cannot listen fail with the reason, and leave nothing behind.
func TestRunnerStartFailures(t *testing.T) {
	t.Parallel()
	r := NewRunner(noUpstreams{}, Options{}, 1)
	defer r.Close()
	for _, addr := range []string{"0.0.0.0:0", "no-port", "127.0.0.1:notaport"} {
		if _, err := r.Start(context.Background(), 1, addr); err == nil {
			t.Errorf("%s: started", addr)
		}
	}
	if _, err := NewRunner(noUpstreams{}, Options{Mode: "sideways"}, 0).Start(context.Background(), 1, "127.0.0.1:0"); err == nil {
		t.Error("a runner with bad options started")
	}
	if len(r.live) != 0 {
		t.Errorf("%d runs kept", len(r.live))
	}
}

// failingListener's Accept fails for good, as a listener whose socket
// broke does.
type failingListener struct{ net.Listener }

func (failingListener) Accept() (net.Conn, error) { return nil, errors.New("accept: the socket broke") }

// A run whose serving fails by itself says why, and ends its events.
func TestRunnerReportsAFailure(t *testing.T) {
	t.Parallel()
	r := NewRunner(noUpstreams{}, Options{}, 1)
	g, err := New(noUpstreams{}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	events, _ := g.Subscribe(1)
	ln, err := g.Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	run := &Run{id: 1, g: g, url: g.URL(ln), events: events, done: make(chan struct{}), runner: r}
	go run.serve(context.Background(), failingListener{ln})
	<-run.Done()
	if err := run.Err(); err == nil || !strings.Contains(err.Error(), "the socket broke") {
		t.Fatalf("err %v", err)
	}
	if _, open := <-run.Events(); open {
		t.Error("a failed run's events go on")
	}
	if err := run.Stop(); err == nil {
		t.Error("Stop after a failure hides it")
	}
}

func TestCheckAddr(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		addr, token string
		ok          bool
	}{
		{"127.0.0.1:0", "", true},
		{"localhost:8931", "", true},
		{"[::1]:9000", "", true},
		{"0.0.0.0:8931", "", false},
		{"0.0.0.0:8931", "secret", true},
		{"8931", "", false},
		{"", "", false},
	} {
		if err := CheckAddr(c.addr, c.token); (err == nil) != c.ok {
			t.Errorf("CheckAddr(%q, %q): %v", c.addr, c.token, err)
		}
	}
}
