package traffic

import "mcpeek/gateway"

const (
	// Keep is how many calls the traffic screen keeps.
	Keep = 10_000
	// keepBodies bounds the bytes of requests and envelopes kept: past
	// it the oldest calls keep their line but lose their bodies.
	keepBodies = 64 << 20
)

// callLog is a ring of the last Keep events. Events are
// addressed by sequence number (the first event ever is 0), so a cursor
// stays on its event while older ones fall out.
type callLog struct {
	ring   []gateway.Event
	head   int // ring index of the oldest event kept
	n      int // events kept
	total  int // events ever added: the next sequence number
	bodies int // bytes of requests and envelopes held
	bare   int // events before this sequence number have no bodies
}

// first and last are the sequence numbers of the oldest and newest events
// kept; last < first when there is none.
func (l *callLog) first() int { return l.total - l.n }
func (l *callLog) last() int  { return l.total - 1 }

// at returns the event numbered seq, which must be kept.
func (l *callLog) at(seq int) *gateway.Event {
	return &l.ring[(l.head+seq-l.first())%len(l.ring)]
}

func bodySize(ev *gateway.Event) int { return len(ev.Request) + len(ev.Envelope) }

// add appends events, dropping the oldest past Keep and the oldest
// bodies past keepBodies. It never blocks and costs O(1) per event.
func (l *callLog) add(evs ...gateway.Event) {
	if l.ring == nil {
		l.ring = make([]gateway.Event, Keep)
	}
	for _, ev := range evs {
		if l.n == len(l.ring) { // full: the oldest goes
			if l.first() >= l.bare {
				l.bodies -= bodySize(&l.ring[l.head])
			}
			l.ring[l.head] = gateway.Event{}
			l.head = (l.head + 1) % len(l.ring)
			l.n--
		}
		l.ring[(l.head+l.n)%len(l.ring)] = ev
		l.n++
		l.total++
		l.bodies += bodySize(&ev)
		l.bare = max(l.bare, l.first())
		for l.bodies > keepBodies && l.bare < l.last() {
			old := l.at(l.bare)
			l.bodies -= bodySize(old)
			old.Request, old.Envelope = nil, nil
			l.bare++
		}
	}
}
