package main

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"mcpeek/mcpclient"
	"mcpeek/model"
)

// maxLogLines bounds the server log lines one command prints; each line is
// already cut to a bounded length, sanitised and redacted by mcpclient.
const maxLogLines = 1000

// logFlag is --log-level (on call, and on the commands of resources and
// prompts): the servers are asked for log messages from
// that level up (logging/setLevel, or on each request in the 2026-07-28
// era), and those that arrive are printed on stderr.
type logFlag struct{ level string }

func (l *logFlag) register(cmd *cobra.Command) {
	cmd.Flags().StringVar(&l.level, "log-level", "",
		"Ask the server for its log messages from LEVEL up ("+strings.Join(mcpclient.LogLevels, ", ")+") and print them on stderr")
}

// options checks the level and returns the Manager options it needs.
func (l *logFlag) options() ([]mcpclient.Option, error) {
	if l.level == "" {
		return nil, nil
	}
	if !slices.Contains(mcpclient.LogLevels, l.level) {
		return nil, usageError("--log-level %q: give one of %s", l.level, strings.Join(mcpclient.LogLevels, ", "))
	}
	return []mcpclient.Option{mcpclient.WithLogLevel(l.level)}, nil
}

// follow prints the server's log messages on stderr, those it sent while
// connecting and then each as it arrives, up to maxLogLines. The returned
// func closes m and waits for the last line to be printed; call it in
// place of m.Close. Without --log-level it only closes m.
//
// A server that logs faster than stderr takes them may have some thinned
// out: the Manager's event queue keeps the newest waiting message, and its
// snapshot the last few.
func (l *logFlag) follow(a *app, m *mcpclient.Manager, server string) (closeManager func()) {
	if l.level == "" {
		return func() { m.Close() }
	}
	var (
		printed, dropped int
		last             time.Time // of the last message printed
	)
	print := func(msg model.LogMessage) {
		last = msg.Time
		if printed >= maxLogLines {
			dropped++
			return
		}
		printed++
		// The fields are sanitised and redacted by mcpclient; note
		// sanitises the whole line again.
		a.note(fmt.Sprintf("%s log: %s", server, msg))
	}
	// fromSnapshot prints what the server's snapshot holds past last.
	fromSnapshot := func() {
		if s, ok := m.Server(server); ok {
			for _, msg := range s.Log {
				if msg.Time.After(last) {
					print(msg)
				}
			}
		}
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		fromSnapshot()
		for ev := range m.Events() {
			// The snapshot already held what was waiting in the queue.
			if ev.Kind == mcpclient.EventLog && ev.Server == server && ev.Log.Time.After(last) {
				print(ev.Log)
			}
		}
	}()
	return func() {
		m.Close()
		<-done
		// Closing drops the events still queued; the snapshot has them.
		fromSnapshot()
		if dropped > 0 {
			a.note(fmt.Sprintf("%d more log messages from %s not shown (at most %d are)", dropped, server, maxLogLines))
		}
	}
}
