package tui

import (
	"strconv"
	"strings"
	"time"

	"mcpeek/gateway"
	"mcpeek/model"
)

// The traffic view lists the background gateway's calls as they come, and
// opens one to show what the client sent and what it got back.

const (
	// trafficKeep is how many calls the traffic view keeps.
	trafficKeep = 10_000
	// trafficBodies bounds the bytes of requests and envelopes kept: past
	// it the oldest calls keep their line but lose their bodies.
	trafficBodies = 64 << 20
)

// trafficLog is a ring of the last trafficKeep events. Events are
// addressed by sequence number (the first event ever is 0), so a cursor
// stays on its event while older ones fall out.
type trafficLog struct {
	ring   []gateway.Event
	head   int // ring index of the oldest event kept
	n      int // events kept
	total  int // events ever added: the next sequence number
	bodies int // bytes of requests and envelopes held
	bare   int // events before this sequence number have no bodies
}

// first and last are the sequence numbers of the oldest and newest events
// kept; last < first when there is none.
func (l *trafficLog) first() int { return l.total - l.n }
func (l *trafficLog) last() int  { return l.total - 1 }

// at returns the event numbered seq, which must be kept.
func (l *trafficLog) at(seq int) *gateway.Event {
	return &l.ring[(l.head+seq-l.first())%len(l.ring)]
}

func bodySize(ev *gateway.Event) int { return len(ev.Request) + len(ev.Envelope) }

// add appends events, dropping the oldest past trafficKeep and the oldest
// bodies past trafficBodies. It never blocks and costs O(1) per event.
func (l *trafficLog) add(evs ...gateway.Event) {
	if l.ring == nil {
		l.ring = make([]gateway.Event, trafficKeep)
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
		for l.bodies > trafficBodies && l.bare < l.last() {
			old := l.at(l.bare)
			l.bodies -= bodySize(old)
			old.Request, old.Envelope = nil, nil
			l.bare++
		}
	}
}

// trafficList is the traffic screen's list of calls, with a cursor.
type trafficList struct {
	cursor    int  // sequence number of the call under the cursor
	top       int  // sequence number of the first row shown
	height    int  // rows of calls
	following bool // the cursor stays on the newest call
}

// follow keeps the cursor on the newest call when following, and on a kept
// call otherwise.
func (v *trafficList) follow(l *trafficLog) {
	if v.following {
		v.cursor = l.last()
	}
	v.clamp(l)
}

// move moves the cursor by n calls; reaching the newest follows it again.
func (v *trafficList) move(l *trafficLog, n int) {
	v.cursor += n
	v.clamp(l)
	v.following = v.cursor == l.last()
}

// scroll moves the rows shown by n, keeping the cursor on screen.
func (v *trafficList) scroll(l *trafficLog, n int) {
	h := max(v.height, 1)
	v.top = min(max(v.top+n, l.first()), max(l.last()-h+1, l.first()))
	v.cursor = min(max(v.cursor, v.top), v.top+h-1)
	v.clamp(l)
	v.following = v.cursor == l.last()
}

func (v *trafficList) clamp(l *trafficLog) {
	h := max(v.height, 1)
	v.cursor = min(max(v.cursor, l.first()), max(l.last(), l.first()))
	if v.cursor < v.top {
		v.top = v.cursor
	}
	if v.cursor >= v.top+h {
		v.top = v.cursor - h + 1
	}
	v.top = min(max(v.top, l.first()), max(l.last()-h+1, l.first()))
}

// Columns of the list; the op takes what is left, up to maxOp.
const (
	colTime   = 12 // 15:04:05.000
	colTool   = 10 // tool_batch
	colResult = 17 // PERMISSION_DENIED
	colMS     = 8
	colBytes  = 8  // 1.2MB
	colTrace  = 19 // tr_ and 16 hex digits
	colGap    = 2
	minOp     = 12
	wideOp    = 30 // the op's room before the wide columns are added
	maxOp     = 56
)

// trafficListHead are the list's rows above the calls: the screen's title
// and the column heads.
const trafficListHead = 2

// trafficCols is how the list's columns fit a width: a narrow screen
// loses the time column and cuts long codes; a wide one adds the sizes
// and the trace id.
type trafficCols struct {
	time, wide bool
	op, result int
}

// narrowResult fits every code but PERMISSION_DENIED (cut) on a narrow screen.
const narrowResult = 11

func newTrafficCols(width int) trafficCols {
	fixed := colTool + colResult + colMS + 3*colGap
	extra := 2*(colBytes+colGap) + colGap + colTrace
	switch left := width - fixed - colTime - colGap; {
	case left-extra >= wideOp:
		return trafficCols{time: true, wide: true, op: min(left-extra, maxOp), result: colResult}
	case left >= minOp:
		return trafficCols{time: true, op: min(left, maxOp), result: colResult}
	}
	return trafficCols{op: max(width-fixed+colResult-narrowResult, 1), result: narrowResult}
}

// render draws the column heads and the calls on screen: it costs the
// rows shown, whatever the number of calls kept.
func (v *trafficList) render(s *Styles, l *trafficLog, width int) string {
	c := newTrafficCols(width)
	var b strings.Builder
	var head []seg
	if c.time {
		head = append(head, seg{Text: padRight("ended", colTime+colGap), Style: s.Dim})
	}
	head = append(head, seg{Text: padRight("tool", colTool+colGap), Style: s.Dim}, seg{Text: padRight("op", c.op+colGap), Style: s.Dim},
		seg{Text: padRight("result", c.result), Style: s.Dim}, seg{Text: padLeft("ms", colMS+colGap), Style: s.Dim})
	if c.wide {
		head = append(head, seg{Text: padLeft("args", colBytes+colGap), Style: s.Dim}, seg{Text: padLeft("answer", colBytes+colGap), Style: s.Dim},
			seg{Text: "  trace", Style: s.Dim})
	}
	s.renderLine(&b, head, width, false, false)
	segs := make([]seg, 0, 8)
	for seq := v.top; seq <= l.last() && seq < v.top+v.height; seq++ {
		b.WriteByte('\n')
		segs = trafficRow(segs[:0], s, l.at(seq), c)
		s.renderLine(&b, segs, width, seq == v.cursor, true)
	}
	return b.String()
}

// trafficRow lays out one call: each column padded to its width, so that
// the cursor's line (drawn as one run) keeps the columns.
func trafficRow(segs []seg, s *Styles, ev *gateway.Event, c trafficCols) []seg {
	if c.time {
		segs = append(segs, seg{Text: endTime(ev).Format("15:04:05.000") + "  ", Style: s.Dim})
	}
	result, rst := "ok", s.Status
	if !ev.OK {
		result, rst = string(ev.Code), s.ErrText
		if result == "" {
			result = "error"
		}
	}
	op, ost := model.SanitizeLine(ev.Op), s.PathBar
	if op == "" {
		op, ost = "(root)", s.Dim // tool_help("")
	}
	segs = append(segs,
		seg{Text: padRight(cut(ev.Tool, colTool), colTool+colGap), Style: s.Tool},
		seg{Text: padRight(cut(op, c.op), c.op+colGap), Style: ost},
		seg{Text: padRight(cut(model.SanitizeLine(result), c.result), c.result), Style: rst},
		seg{Text: padLeft(latency(ev.LatencyMS), colMS+colGap), Style: s.Count})
	if c.wide {
		segs = append(segs, seg{Text: padLeft(byteCount(ev.ArgsBytes), colBytes+colGap), Style: s.Dim},
			seg{Text: padLeft(byteCount(ev.ResultBytes), colBytes+colGap), Style: s.Dim},
			seg{Text: "  " + cut(model.SanitizeLine(ev.TraceID), colTrace), Style: s.Faint})
	}
	return segs
}

// latency writes milliseconds with one decimal.
// endTime is when a call ended. A row is added when its call ends, so the
// list shows end times: they rise down the list as a log's do, where a
// start time would put a slow call's row below later ones' and jump back.
func endTime(ev *gateway.Event) time.Time {
	return ev.Time.Add(time.Duration(ev.LatencyMS * float64(time.Millisecond)))
}

func latency(ms float64) string { return strconv.FormatFloat(ms, 'f', 1, 64) }

// cut shortens s to at most w cells, with an ellipsis.
func cut(s string, w int) string {
	if len(s) <= w {
		return s
	}
	return fit(s, w)
}
