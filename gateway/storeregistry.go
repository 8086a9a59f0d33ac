package gateway

import (
	"bytes"
	"context"
	"time"

	"github.com/gomodule/redigo/redis"
)

// publishEvery is how often a replica publishes its registry_version to
// the shared store and reads the others'; each entry lives three times as
// long, so that a replica that stopped drops out.
const publishEvery = 10 * time.Second

// publishRegistry publishes this replica's registry_version now, then
// every publishEvery, until the gateway closes; and counts the versions
// the replicas serve, for the store's health.
func (g *Gateway) publishRegistry() {
	if g.store == nil {
		return
	}
	g.wg.Add(1)
	go func() {
		defer g.wg.Done()
		tick := time.NewTicker(publishEvery)
		defer tick.Stop()
		for {
			g.publishOnce()
			select {
			case <-g.life.Done():
				return
			case <-tick.C:
			}
		}
	}()
}

func (g *Gateway) publishOnce() {
	s := g.store
	version := g.Registry().Version
	prefix := s.key("replica", "")
	var counts map[string]int
	err := s.do(g.life, func(ctx context.Context) error {
		if _, err := s.cmd(ctx, "SET", prefix+s.replica, version, "PX", (3 * publishEvery).Milliseconds()); err != nil {
			return err
		}
		counts = map[string]int{}
		keys, err := s.scan(ctx, prefix+"*")
		if err != nil || len(keys) == 0 {
			return err
		}
		vals, err := redis.Values(s.cmd(ctx, "MGET", redis.Args{}.AddFlat(keys)...))
		for _, v := range vals {
			if v, ok := v.([]byte); ok && !bytes.ContainsAny(v, "\x00\n") {
				counts[string(v)]++
			}
		}
		return err
	})
	if err == nil {
		s.mu.Lock()
		s.versions = counts
		s.mu.Unlock()
	}
}
