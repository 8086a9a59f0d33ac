package mcpclient

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"mcpeek/model"
)

// LoginsPending remembers the servers a login was started for, so that
// what is said of servers still starting names those that wait for the
// browser. It is safe for use by several goroutines.
type LoginsPending struct {
	mu    sync.Mutex
	names map[string]bool
}

// Add remembers that a login was started for the server name.
func (l *LoginsPending) Add(name string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.names == nil {
		l.names = map[string]bool{}
	}
	l.names[name] = true
}

// Has reports whether a login was started for the server name.
func (l *LoginsPending) Has(name string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.names[name]
}

// StillStarting sorts servers, in their order: those still connecting
// (waiting), those of them that wait for a login in the browser
// (loggingIn says which: loggingIn), and those connected (ready).
func StillStarting(servers []model.Server, loginPending func(name string) bool) (waiting, loggingIn, ready []string) {
	for _, s := range servers {
		switch {
		case s.State == model.StateConnected:
			ready = append(ready, s.Name)
		case s.State != model.StateStarting:
		case loginPending(s.Name):
			loggingIn = append(loggingIn, s.Name)
		default:
			waiting = append(waiting, s.Name)
		}
	}
	return waiting, loggingIn, ready
}

// WaitingNote says which servers a command still waits for, how long it
// will, and how to skip them: naming the servers needed (those ready, if
// any, as the example) or a lower --connect-timeout.
func WaitingNote(waiting, ready []string, timeout time.Duration) string {
	them := "them"
	if len(waiting) == 1 {
		them = "it"
	}
	skip := "name the servers you need (as in mcpeek servers SERVER...)"
	if len(ready) > 0 {
		skip = "name the servers you need (ready: " + strings.Join(ready, ", ") + ")"
	}
	return fmt.Sprintf("waiting for %s to connect (giving up after %s: --connect-timeout); to skip %s, %s or lower --connect-timeout",
		strings.Join(waiting, ", "), timeout, them, skip)
}

// NoteAfter calls note once d has passed, unless stop is called first.
// Calling stop waits for a note being written; it may be called more
// than once.
func NoteAfter(d time.Duration, note func()) (stop func()) {
	done, stopped := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(stopped)
		select {
		case <-done:
			return
		case <-time.After(d):
		}
		note()
	}()
	var once sync.Once
	return func() {
		once.Do(func() { close(done) })
		<-stopped
	}
}

// EachServerDone calls show with each server of m once its first attempt
// is over (connected or failed), or as it stands when ctx ends. The order
// is the config's while every server is done within grace, so the output
// of a command is the same from run to run; a server that takes longer
// holds up the others only until then: late is called (to say which
// servers are still awaited), those done are shown, in config order, and
// each late one as soon as it is done.
func (m *Manager) EachServerDone(ctx context.Context, grace time.Duration, late func(), show func(model.Server)) {
	servers := m.Servers()
	done := make(chan int, len(servers))
	for i, s := range servers {
		go func() {
			m.WaitFirstAttempt(ctx, s.Name) // an error is ctx ending: shown as it stands
			done <- i
		}()
	}
	timer := time.NewTimer(grace)
	defer timer.Stop()
	finished, shown := make([]bool, len(servers)), make([]bool, len(servers))
	isLate := false
	for left := len(servers); left > 0; {
		select {
		case i := <-done:
			finished[i] = true
		case <-timer.C:
			isLate = true
			late()
		}
		for i := range servers {
			if !finished[i] {
				if isLate {
					continue
				}
				break // in config order until then
			}
			if !shown[i] {
				shown[i] = true
				left--
				if s, ok := m.Server(servers[i].Name); ok {
					show(s)
				}
			}
		}
	}
}
