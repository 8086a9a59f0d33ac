package toolview

import (
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"mcpeek/summarizer/schematree"
	"mcpeek/tui/kit"
)

// A recursive unfold (e, L, 1-9) of a huge schema loads hundreds of
// thousands of lines: it runs a slice at a time on the UI loop (the tree
// is the model's, so no goroutine touches it), each slice bounded in time,
// with a message between slices so keys and frames go on. The status line
// counts the lines; any key but a movement stops it.

// UnfoldSliceTime bounds one slice of an unfold, well under a frame budget of
// 50 ms.
const UnfoldSliceTime = 20 * time.Millisecond

// unfoldStep is how many lines an unfold visits between looks at the clock.
const unfoldStep = 512

// UnfoldSlice runs one slice of u: it steps until u is done or the slice's
// time, read from now, is up.
func UnfoldSlice(u *schematree.Unfolding, now func() time.Time) {
	deadline := now().Add(UnfoldSliceTime)
	for !u.Step(unfoldStep) && now().Before(deadline) {
	}
}

// OnlyMoves reports whether a key only moves the cursor: an unfold under
// way goes on through it.
func OnlyMoves(msg tea.KeyPressMsg, k *kit.KeyMap) bool {
	return key.Matches(msg, k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom, k.NextSibling, k.PrevSibling)
}
