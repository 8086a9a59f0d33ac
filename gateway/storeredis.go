package gateway

import (
	"context"
	"crypto/tls"
	"fmt"
	"net"
	"net/url"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gomodule/redigo/redis"
)

// The store speaks to its server through redigo, a small client of the
// Redis protocol: the gateway sends a handful of commands (GET, SET,
// GETEX, SCAN, MGET, PING and four Lua scripts), so a client that links
// every command of the protocol would weigh on the binary and its build
// for nothing.

// storeURLPort is the port of a --store URL that names none.
const storeURLPort = "6379"

// newRedisPool returns the pool of connections to the server of u (checked
// by ParseStoreURL), authenticated with password when it is set. Every
// connection dials, reads and writes under timeout, and one that the
// server closed while it sat idle is dropped before it is reused, so that
// a restarted server is no failure of the next call.
func newRedisPool(u *url.URL, password string, timeout time.Duration) (*redis.Pool, error) {
	host, port := u.Hostname(), u.Port()
	if port == "" {
		port = storeURLPort
	}
	opts := []redis.DialOption{
		redis.DialConnectTimeout(timeout),
		redis.DialReadTimeout(timeout),
		redis.DialWriteTimeout(timeout),
	}
	if db := strings.Trim(u.Path, "/"); db != "" {
		n, err := strconv.Atoi(db)
		if err != nil || n < 0 {
			return nil, fmt.Errorf("the database %q is not a number", db)
		}
		opts = append(opts, redis.DialDatabase(n))
	}
	if user := u.User.Username(); user != "" {
		opts = append(opts, redis.DialUsername(user))
	}
	if password != "" {
		opts = append(opts, redis.DialPassword(password))
	}
	if u.Scheme == "rediss" {
		opts = append(opts, redis.DialUseTLS(true), redis.DialTLSConfig(&tls.Config{ServerName: host, MinVersion: tls.VersionTLS12}))
	}
	addr := net.JoinHostPort(host, port)
	size := 10 * runtime.GOMAXPROCS(0)
	return &redis.Pool{
		DialContext: func(ctx context.Context) (redis.Conn, error) {
			var raw net.Conn
			dial := func(ctx context.Context, network, addr string) (net.Conn, error) {
				c, err := (&net.Dialer{Timeout: timeout, KeepAlive: 5 * time.Minute}).DialContext(ctx, network, addr)
				raw = c
				return c, err
			}
			// opts is shared by every dial: Clip makes append copy it
			// rather than write into its spare room from two dials at once.
			c, err := redis.DialContext(ctx, "tcp", addr, append(slices.Clip(opts), redis.DialContextFunc(dial))...)
			if err != nil {
				return nil, err
			}
			return &storeConn{ConnWithContext: c.(redis.ConnWithContext), raw: raw}, nil
		},
		TestOnBorrow: func(c redis.Conn, _ time.Time) error {
			if sc, ok := c.(*storeConn); ok {
				return connAlive(sc.raw)
			}
			return nil
		},
		MaxIdle:     size,
		MaxActive:   size,
		Wait:        true, // a call waits for a connection, under its own deadline
		IdleTimeout: 30 * time.Minute,
	}, nil
}

// storeConn is a connection of the pool with the socket under it, which
// connAlive looks at before the connection is reused.
type storeConn struct {
	redis.ConnWithContext
	raw net.Conn
}

// cmd sends one command on a connection of the pool, under ctx.
func (s *store) cmd(ctx context.Context, name string, args ...any) (any, error) {
	c, err := s.pool.GetContext(ctx)
	if err != nil {
		return nil, err
	}
	defer c.Close()
	return redis.DoContext(c, ctx, name, args...)
}

// script runs a Lua script on a connection of the pool, under ctx.
func (s *store) script(ctx context.Context, sc *redis.Script, keysAndArgs ...any) (any, error) {
	c, err := s.pool.GetContext(ctx)
	if err != nil {
		return nil, err
	}
	defer c.Close()
	return sc.DoContext(ctx, c, keysAndArgs...)
}

// scan returns every key that matches pattern, a SCAN of COUNT 100 at a
// time.
func (s *store) scan(ctx context.Context, pattern string) ([]string, error) {
	var keys []string
	cursor := "0"
	for {
		reply, err := redis.Values(s.cmd(ctx, "SCAN", cursor, "MATCH", pattern, "COUNT", 100))
		if err != nil {
			return nil, err
		}
		var page []string
		if _, err := redis.Scan(reply, &cursor, &page); err != nil {
			return nil, err
		}
		keys = append(keys, page...)
		if cursor == "0" {
			return keys, nil
		}
	}
}
