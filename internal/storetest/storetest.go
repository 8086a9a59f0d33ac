// Package storetest runs the real programs that the tests of the gateway's
// shared store need: Debian's redis-server, and haproxy as the balancer in
// front of replicas. A test that cannot find them skips, saying how to
// install them (scripts/store-e2e-install).
package storetest

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gomodule/redigo/redis"
)

// install is what a skipped test says.
const install = "scripts/store-e2e-install installs Debian's redis-server and haproxy"

// Redis is a real redis-server on a loopback port. It can be stopped and
// started again on the same port; it keeps nothing on disk, so a restart
// starts it empty.
type Redis struct {
	t    testing.TB
	bin  string
	Port int
	dir  string
	args []string
	cmd  *exec.Cmd
}

// StartRedis starts a redis-server for the test, or skips the test when
// none is installed; args are more of its options ("--requirepass", "pw").
// It stops at cleanup.
func StartRedis(t testing.TB, args ...string) *Redis {
	t.Helper()
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		t.Skip("redis-server is not installed: the shared store is not tested (" + install + ")")
	}
	r := &Redis{t: t, bin: bin, Port: FreePort(t), dir: t.TempDir(), args: args}
	r.Start()
	t.Cleanup(r.Stop)
	return r
}

// URL is the server's redis:// URL.
func (r *Redis) URL() string { return fmt.Sprintf("redis://127.0.0.1:%d/0", r.Port) }

// Start starts the server (again) and waits until it answers PING.
func (r *Redis) Start() {
	r.t.Helper()
	r.cmd = exec.Command(r.bin, "--port", strconv.Itoa(r.Port), "--bind", "127.0.0.1", "--save", "",
		"--appendonly", "no", "--dir", r.dir, "--loglevel", "warning", "--logfile", filepath.Join(r.dir, "redis.log"))
	r.cmd.Args = append(r.cmd.Args, r.args...)
	if err := r.cmd.Start(); err != nil {
		r.t.Fatalf("redis-server: %v", err)
	}
	waitFor(r.t, "redis-server to listen", func() bool {
		c, err := net.DialTimeout("tcp", r.addr(), time.Second)
		if err == nil {
			c.Close()
		}
		return err == nil
	})
}

// Stop kills the server; what it held is gone.
func (r *Redis) Stop() {
	if r.cmd == nil {
		return
	}
	r.cmd.Process.Kill()
	r.cmd.Wait()
	r.cmd = nil
}

// Client is a plain connection to the server, for looking at what is
// stored; it closes at cleanup. password is the server's, if it has one.
func (r *Redis) Client(password ...string) redis.Conn {
	var opts []redis.DialOption
	if len(password) > 0 {
		opts = append(opts, redis.DialPassword(password[0]))
	}
	c, err := redis.Dial("tcp", r.addr(), opts...)
	if err != nil {
		r.t.Fatalf("redis-server: %v", err)
	}
	r.t.Cleanup(func() { c.Close() })
	return c
}

func (r *Redis) addr() string { return "127.0.0.1:" + strconv.Itoa(r.Port) }

// HAProxy is haproxy balancing HTTP round robin over some backends on
// loopback, with a health check every 100 ms and a failed connection
// retried on another backend. Each answer carries the backend that served
// it in the X-Served-By header ("r0", "r1", ...).
type HAProxy struct {
	// URL is the balancer's base URL, "http://127.0.0.1:PORT".
	URL string
	cmd *exec.Cmd
}

// StartHAProxy balances over the backends ("127.0.0.1:PORT"), or skips the
// test when haproxy is not installed. It stops at cleanup.
func StartHAProxy(t testing.TB, backends ...string) *HAProxy {
	t.Helper()
	bin, err := exec.LookPath("haproxy")
	if err != nil {
		if _, serr := os.Stat("/usr/sbin/haproxy"); serr != nil {
			t.Skip("haproxy is not installed: the replicas are not tested behind a balancer (" + install + ")")
		}
		bin = "/usr/sbin/haproxy"
	}
	port := FreePort(t)
	var b strings.Builder
	fmt.Fprintf(&b, `global
  maxconn 256
defaults
  mode http
  timeout connect 1s
  timeout client 60s
  timeout server 60s
  retries 2
  option redispatch
frontend fe
  bind 127.0.0.1:%d
  default_backend be
backend be
  balance roundrobin
  http-response set-header X-Served-By %%[srv_name]
`, port)
	for i, addr := range backends {
		fmt.Fprintf(&b, "  server r%d %s check inter 100ms fall 1 rise 1\n", i, addr)
	}
	cfg := filepath.Join(t.TempDir(), "haproxy.cfg")
	if err := os.WriteFile(cfg, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	h := &HAProxy{URL: fmt.Sprintf("http://127.0.0.1:%d", port), cmd: exec.Command(bin, "-db", "-f", cfg)}
	h.cmd.Stdout, h.cmd.Stderr = os.Stderr, os.Stderr
	if err := h.cmd.Start(); err != nil {
		t.Fatalf("haproxy: %v", err)
	}
	t.Cleanup(func() { h.cmd.Process.Kill(); h.cmd.Wait() })
	waitFor(t, "haproxy to listen", func() bool {
		c, err := net.DialTimeout("tcp", fmt.Sprintf("127.0.0.1:%d", port), time.Second)
		if err == nil {
			c.Close()
		}
		return err == nil
	})
	return h
}

// FreePort returns a loopback port that was free a moment ago.
func FreePort(t testing.TB) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// waitFor checks cond every 10 ms for up to 10 s.
func waitFor(t testing.TB, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
