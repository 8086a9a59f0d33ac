package gateway

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strconv"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// redisServer is a real redis-server (Debian's package) on a loopback
// port, for the tests of the shared store. It can be stopped and started
// again on the same port; it keeps nothing on disk.
type redisServer struct {
	t    testing.TB
	bin  string
	port int
	dir  string
	cmd  *exec.Cmd
}

// needRedis finds redis-server, or skips the test saying how to get it.
func needRedis(t testing.TB) string {
	t.Helper()
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		t.Skip("redis-server is not installed (scripts/store-e2e-install installs Debian's package): the shared store is not tested")
	}
	return bin
}

// startRedis starts a redis-server for the test; it stops at cleanup.
func startRedis(t testing.TB) *redisServer {
	t.Helper()
	r := &redisServer{t: t, bin: needRedis(t), port: freePort(t), dir: t.TempDir()}
	r.start()
	t.Cleanup(r.stop)
	return r
}

func (r *redisServer) URL() string { return fmt.Sprintf("redis://127.0.0.1:%d/0", r.port) }

func (r *redisServer) start() {
	r.t.Helper()
	r.cmd = exec.Command(r.bin, "--port", strconv.Itoa(r.port), "--bind", "127.0.0.1", "--save", "",
		"--appendonly", "no", "--dir", r.dir, "--protected-mode", "yes", "--loglevel", "warning")
	r.cmd.Stdout, r.cmd.Stderr = os.Stderr, os.Stderr
	if err := r.cmd.Start(); err != nil {
		r.t.Fatalf("redis-server: %v", err)
	}
	c := redis.NewClient(&redis.Options{Addr: fmt.Sprintf("127.0.0.1:%d", r.port), MaxRetries: -1})
	defer c.Close()
	deadline := time.Now().Add(10 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		err := c.Ping(ctx).Err()
		cancel()
		if err == nil {
			return
		}
		if time.Now().After(deadline) {
			r.t.Fatalf("redis-server did not answer: %v", err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// stop ends the server (its data is gone: nothing is saved).
func (r *redisServer) stop() {
	if r.cmd == nil {
		return
	}
	r.cmd.Process.Kill()
	r.cmd.Wait()
	r.cmd = nil
}

// client is a plain client of the server, for looking at what is stored.
func (r *redisServer) client() *redis.Client {
	c := redis.NewClient(&redis.Options{Addr: fmt.Sprintf("127.0.0.1:%d", r.port)})
	r.t.Cleanup(func() { c.Close() })
	return c
}

// freePort returns a loopback port that was free a moment ago.
func freePort(t testing.TB) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}
