package gateway

import (
	"strings"
	"sync"
	"time"

	"mcpeek/model"
)

// Health is a group's health in tool_help("").
type Health string

// The healths a group can have.
const (
	HealthOK       Health = "ok"
	HealthDegraded Health = "degraded"
	HealthDown     Health = "down"
	// HealthNeedsLogin: the server asks for an OAuth login that the user
	// must make (`mcpeek auth login SERVER`); a model cannot fix it.
	HealthNeedsLogin Health = "needs_login"
)

// degradedFor is how long a failed call marks a connected server degraded.
const degradedFor = time.Minute

// healthBook remembers each server's last unavailable call, so that a
// server that is connected but not answering shows as degraded.
type healthBook struct {
	now func() time.Time
	mu  sync.Mutex
	bad map[string]failure
}

type failure struct {
	at  time.Time
	msg string
}

func newHealthBook(now func() time.Time) *healthBook {
	return &healthBook{now: now, bad: map[string]failure{}}
}

func (b *healthBook) failed(server, msg string) {
	b.mu.Lock()
	b.bad[server] = failure{at: b.now(), msg: msg}
	b.mu.Unlock()
}

func (b *healthBook) succeeded(server string) {
	b.mu.Lock()
	if _, ok := b.bad[server]; ok {
		delete(b.bad, server)
	}
	b.mu.Unlock()
}

func (b *healthBook) recent(server string) (string, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	f, ok := b.bad[server]
	if !ok || b.now().Sub(f.at) > degradedFor {
		return "", false
	}
	return f.msg, true
}

// groupHealth is ok, degraded (connecting, or connected but a call just
// failed to get an answer), needs_login (an OAuth login the user must make)
// or down (with the last error).
func (g *Gateway) groupHealth(group string, servers []model.Server) (Health, string) {
	if group == ToolboxGroup {
		return HealthOK, ""
	}
	for _, s := range servers {
		if s.Name != group {
			continue
		}
		switch s.State {
		case model.StateConnected:
			if msg, bad := g.health.recent(group); bad {
				return HealthDegraded, msg
			}
			return HealthOK, ""
		case model.StateStarting:
			if s.Err != "" {
				return HealthDegraded, model.SanitizeLine(s.Err)
			}
			return HealthDegraded, "connecting"
		case model.StateDisabled:
			return HealthDown, "disabled in the config"
		case model.StateNeedsLogin:
			return HealthNeedsLogin, "needs login: the user must run `mcpeek auth login " + group + "`"
		default:
			return HealthDown, model.SanitizeLine(s.Err)
		}
	}
	return HealthDown, "not configured"
}

// healthKey fingerprints the groups' health for the root help cache.
func healthKey(groups []GroupInfo) string {
	var b strings.Builder
	for _, g := range groups {
		b.WriteString(string(g.Health))
		b.WriteByte(0)
		b.WriteString(g.LastError)
		b.WriteByte(0)
		b.WriteString(g.Sandbox)
		b.WriteByte(0)
	}
	return b.String()
}
