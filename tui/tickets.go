package tui

// Every answer of a command that can go stale (a snapshot, a tool's views,
// a count, a traffic call, a gateway run, a status line's timer) carries
// the ticket of the request it answers. Where the answer will land, the
// model keeps the ticket it still waits for: a newer request replaces it,
// a request given up clears it. One check, stale, drops the rest.

// ticket tags an async request; its answer carries it back. 0 is none.
type ticket uint64

// tickets hands out tickets. The model has one, so that no two requests
// share a ticket, whatever they ask for.
type tickets struct{ last ticket }

func (t *tickets) next() ticket {
	t.last++
	return t.last
}

// stale reports whether an answer tagged got is no longer wanted: the
// request waited for (want) is another one, or none.
func stale(got, want ticket) bool { return got == 0 || got != want }
