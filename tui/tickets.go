package tui

import "mcpeek/tui/kit"

// The model's tickets are kit's (a screen's commands carry them too).

type ticket = kit.Ticket

// tickets hands out the model's tickets.
type tickets struct{ kit.Tickets }

func (t *tickets) next() ticket { return t.Next() }

// stale reports whether an answer tagged got is no longer wanted.
func stale(got, want ticket) bool { return kit.Stale(got, want) }
