package tui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"mcpeek/summarizer"
)

// defaultBudget is the summary's defaults: MAX_SUMMARY_FIELDS and
// DEFAULT_SUMMARY_MAX_DEPTH.
var defaultBudget = summarizer.Options{MaxFields: summarizer.MaxSummaryFields, MaxDepth: summarizer.DefaultSummaryMaxDepth}

// The knobs' ranges.
const (
	maxKnobFields = 500
	maxKnobDepth  = 12
)

// fieldsStep moves max_fields one notch up (dir 1) or down (dir -1): by 1
// up to 10, by 5 up to 50, by 10 beyond, so 30 -> 10 is four presses and
// every value below 10 can be reached.
func fieldsStep(v, dir int) int {
	step := func(x int) int {
		switch {
		case x < 10:
			return 1
		case x < 50:
			return 5
		}
		return 10
	}
	if dir > 0 {
		v += step(v)
	} else {
		v -= step(v - 1)
	}
	return min(max(v, 1), maxKnobFields)
}

// setBudget turns the knobs. The summary, planner and compare views of
// the current tool fold again at once (sync); the tools pane's "hides
// fields" marks are recomputed in the background.
func (m *Model) setBudget(b summarizer.Options) tea.Cmd {
	b.MaxFields = min(max(b.MaxFields, 1), maxKnobFields)
	b.MaxDepth = min(max(b.MaxDepth, 1), maxKnobDepth)
	if b == m.budget {
		return nil
	}
	m.budget = b
	return m.requestServers()
}

// knobsKey handles the knob keys; ok is false for any other key.
func (m *Model) knobsKey(msg tea.KeyPressMsg) (cmd tea.Cmd, ok bool) {
	k := &m.keys
	b := m.budget
	switch {
	case key.Matches(msg, k.FieldsUp):
		b.MaxFields = fieldsStep(b.MaxFields, 1)
	case key.Matches(msg, k.FieldsDown):
		b.MaxFields = fieldsStep(b.MaxFields, -1)
	case key.Matches(msg, k.DepthUp):
		b.MaxDepth++
	case key.Matches(msg, k.DepthDown):
		b.MaxDepth--
	case key.Matches(msg, k.ResetBudget):
		b = defaultBudget
	default:
		return nil, false
	}
	return m.setBudget(b), true
}
