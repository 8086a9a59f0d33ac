package theme

import (
	"testing"

	"mcpeek/model"
)

// Every state has its mark; a state this build does not know reads as
// disabled, in both front ends.
func TestStateMarks(t *testing.T) {
	m := DefaultMarks
	for s, want := range map[model.ConnState]string{
		model.StateStarting: m.Starting, model.StateConnected: m.Connected, model.StateError: m.Error,
		model.StateNeedsLogin: m.NeedsLogin, model.StateDisabled: m.Disabled, model.ConnState(99): m.Disabled,
	} {
		if got := m.State(s); got != want {
			t.Errorf("State(%d) = %q, want %q", s, got, want)
		}
	}
}
