package registryview

import (
	"context"
	"errors"
	"testing"

	tea "charm.land/bubbletea/v2"

	"mcpeek/mcpclient/registry"
	"mcpeek/tui/kit"
)

// runBatch is the commands of the batch cmd makes.
func runBatch(t *testing.T, cmd tea.Cmd) []tea.Cmd {
	t.Helper()
	batch, ok := cmd().(tea.BatchMsg)
	if !ok {
		t.Fatal("a try is not a batch of commands")
	}
	return batch
}

// A try's steps come in order, its end last, through commands only: one
// runs the try, the other reads its steps one at a time.
func TestTryStepsComeInOrderThroughCommands(t *testing.T) {
	t.Parallel()
	failed := errors.New("no such package")
	src := Source{
		Search: func(context.Context, string) (registry.SearchResult, error) { return registry.SearchResult{}, nil },
		Try: func(_ context.Context, e registry.Entry, _ map[string]string, progress func(string)) (string, error) {
			for _, l := range []string{"fetching", "installing", "starting"} {
				progress(l)
			}
			return "", failed
		},
	}
	d, _ := New(context.Background(), src, &kit.Styles{})
	e := registry.Entry{Server: registry.Server{Name: "io.example/server"}}
	cmds := runBatch(t, d.Try(e, nil))
	if len(cmds) != 2 {
		t.Fatalf("%d commands", len(cmds))
	}
	ran := make(chan tea.Msg, 1)
	go func() { ran <- cmds[0]() }() // Bubble Tea runs each command on its own
	var lines []string
	next := cmds[1]
	for {
		msg, ok := next().(TryMsg)
		if !ok {
			t.Fatalf("a step is %T", msg)
		}
		d.Stepped(msg)
		if msg.Done {
			if !errors.Is(msg.Err, failed) || msg.Entry.Server.Name != e.Server.Name {
				t.Errorf("the end: %+v", msg)
			}
			break
		}
		lines = append(lines, msg.Line)
		next = msg.Next()
	}
	if got := <-ran; got != nil {
		t.Errorf("the try's command sent %T; its end comes as a step", got)
	}
	if want := []string{"fetching", "installing", "starting"}; len(lines) != 3 || lines[0] != want[0] || lines[2] != want[2] {
		t.Errorf("steps %q, want %q", lines, want)
	}
	if d.Trying() || d.line != failed.Error() || !d.lineErr {
		t.Errorf("the dialog after the end: trying %v, line %q", d.Trying(), d.line)
	}
}
