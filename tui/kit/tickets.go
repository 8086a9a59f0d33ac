package kit

// Every answer of a command that can go stale (a snapshot, a tool's views,
// a count, a traffic call, a gateway run, a status line's timer) carries
// the ticket of the request it answers. Where the answer will land, the
// model keeps the ticket it still waits for: a newer request replaces it,
// a request given up clears it. One check, Stale, drops the rest.

// Ticket tags an async request; its answer carries it back. 0 is none.
type Ticket uint64

// Tickets hands out tickets. The model has one, so that no two requests
// share a ticket, whatever they ask for.
type Tickets struct{ last Ticket }

// Next is a ticket never handed out before.
func (t *Tickets) Next() Ticket {
	t.last++
	return t.last
}

// Stale reports whether an answer tagged got is no longer wanted: the
// request waited for (want) is another one, or none.
func Stale(got, want Ticket) bool { return got == 0 || got != want }
