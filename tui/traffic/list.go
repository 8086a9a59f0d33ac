package traffic

import (
	"mcpeek/tui/kit"
	"strconv"
	"strings"
	"time"

	"mcpeek/gateway"
	"mcpeek/model"
	"mcpeek/tui/uitext"
)

// list is the screen's list of calls, with a cursor.
type list struct {
	cursor    int  // sequence number of the call under the cursor
	top       int  // sequence number of the first row shown
	height    int  // rows of calls
	following bool // the cursor stays on the newest call
}

// follow keeps the cursor on the newest call when following, and on a kept
// call otherwise.
func (v *list) follow(l *callLog) {
	if v.following {
		v.cursor = l.last()
	}
	v.clamp(l)
}

// move moves the cursor by n calls; reaching the newest follows it again.
func (v *list) move(l *callLog, n int) {
	v.cursor += n
	v.clamp(l)
	v.following = v.cursor == l.last()
}

// scroll moves the rows shown by n, keeping the cursor on screen.
func (v *list) scroll(l *callLog, n int) {
	h := max(v.height, 1)
	v.top = min(max(v.top+n, l.first()), max(l.last()-h+1, l.first()))
	v.cursor = min(max(v.cursor, v.top), v.top+h-1)
	v.clamp(l)
	v.following = v.cursor == l.last()
}

func (v *list) clamp(l *callLog) {
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

// listHead are the list's rows above the calls: the screen's title
// and the column heads.
const listHead = 2

// columns is how the list's columns fit a width: a narrow screen
// loses the time column and cuts long codes; a wide one adds the sizes
// and the trace id.
type columns struct {
	time, wide bool
	op, result int
}

// narrowResult fits every code but PERMISSION_DENIED (cut) on a narrow screen.
const narrowResult = 11

func newColumns(width int) columns {
	fixed := colTool + colResult + colMS + 3*colGap
	extra := 2*(colBytes+colGap) + colGap + colTrace
	switch left := width - fixed - colTime - colGap; {
	case left-extra >= wideOp:
		return columns{time: true, wide: true, op: min(left-extra, maxOp), result: colResult}
	case left >= minOp:
		return columns{time: true, op: min(left, maxOp), result: colResult}
	}
	return columns{op: max(width-fixed+colResult-narrowResult, 1), result: narrowResult}
}

// render draws the column heads and the calls on screen: it costs the
// rows shown, whatever the number of calls kept.
func (v *list) render(s *kit.Styles, l *callLog, width int) string {
	c := newColumns(width)
	var b strings.Builder
	var head []uitext.Seg
	if c.time {
		head = append(head, uitext.Seg{Text: uitext.PadRight("ended", colTime+colGap), Style: s.Dim})
	}
	head = append(head, uitext.Seg{Text: uitext.PadRight("tool", colTool+colGap), Style: s.Dim}, uitext.Seg{Text: uitext.PadRight("op", c.op+colGap), Style: s.Dim},
		uitext.Seg{Text: uitext.PadRight("result", c.result), Style: s.Dim}, uitext.Seg{Text: uitext.PadLeft("ms", colMS+colGap), Style: s.Dim})
	if c.wide {
		head = append(head, uitext.Seg{Text: uitext.PadLeft("args", colBytes+colGap), Style: s.Dim}, uitext.Seg{Text: uitext.PadLeft("answer", colBytes+colGap), Style: s.Dim},
			uitext.Seg{Text: "  trace", Style: s.Dim})
	}
	uitext.DrawLine(&b, head, width)
	segs := make([]uitext.Seg, 0, 8)
	for seq := v.top; seq <= l.last() && seq < v.top+v.height; seq++ {
		b.WriteByte('\n')
		segs = row(segs[:0], s, l.at(seq), c)
		if seq == v.cursor {
			uitext.DrawCursorLine(&b, segs, width, s.Cursor)
		} else {
			uitext.DrawLine(&b, segs, width)
		}
	}
	return b.String()
}

// row lays out one call: each column padded to its width, so that
// the cursor's line (drawn as one run) keeps the columns.
func row(segs []uitext.Seg, s *kit.Styles, ev *gateway.Event, c columns) []uitext.Seg {
	if c.time {
		segs = append(segs, uitext.Seg{Text: endTime(ev).Format("15:04:05.000") + "  ", Style: s.Dim})
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
		uitext.Seg{Text: uitext.PadRight(cut(ev.Tool, colTool), colTool+colGap), Style: s.Tool},
		uitext.Seg{Text: uitext.PadRight(cut(op, c.op), c.op+colGap), Style: ost},
		uitext.Seg{Text: uitext.PadRight(cut(model.SanitizeLine(result), c.result), c.result), Style: rst},
		uitext.Seg{Text: uitext.PadLeft(latency(ev.LatencyMS), colMS+colGap), Style: s.Count})
	if c.wide {
		segs = append(segs, uitext.Seg{Text: uitext.PadLeft(byteCount(ev.ArgsBytes), colBytes+colGap), Style: s.Dim},
			uitext.Seg{Text: uitext.PadLeft(byteCount(ev.ResultBytes), colBytes+colGap), Style: s.Dim},
			uitext.Seg{Text: "  " + cut(model.SanitizeLine(ev.TraceID), colTrace), Style: s.Faint})
	}
	return segs
}

// endTime is when a call ended. A row is added when its call ends, so the
// list shows end times: they rise down the list as a log's do, where a
// start time would put a slow call's row below later ones' and jump back.
func endTime(ev *gateway.Event) time.Time {
	return ev.Time.Add(time.Duration(ev.LatencyMS * float64(time.Millisecond)))
}

// latency writes milliseconds with one decimal.
func latency(ms float64) string { return strconv.FormatFloat(ms, 'f', 1, 64) }

// cut shortens s to at most w cells, with an ellipsis.
func cut(s string, w int) string {
	if len(s) <= w {
		return s
	}
	return uitext.Fit(s, w)
}
