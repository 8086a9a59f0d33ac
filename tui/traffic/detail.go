package traffic

import (
	"bytes"
	"mcpeek/tui/kit"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"

	"mcpeek/gateway"
	"mcpeek/model"
	"mcpeek/tui/docview"
	"mcpeek/tui/uitext"
)

// detailMaxBody bounds each body a detail pretty-prints; a longer one is
// shown cut, as plain text.
const detailMaxBody = 8 << 20

// detailHead are the detail's rows above its JSON.
const detailHead = 2

// detail is one call opened: what the client sent and the envelope
// it got, as one JSON document ({"request": ..., "envelope": ...}),
// pretty-printed, sanitised and coloured as the raw view is.
type detail struct {
	ev  gateway.Event // without its bodies
	doc *docview.JSON
	// bare says the bodies were dropped to bound memory.
	bare bool
}

// DetailMsg: a call's detail was built, for the read numbered req.
type DetailMsg struct {
	req    uint64
	detail *detail
}

// openCall builds a call's detail off the UI loop: an envelope can be
// megabytes of JSON to indent and tokenise.
func openCall(ev gateway.Event, req uint64) tea.Cmd {
	return func() tea.Msg { return DetailMsg{req: req, detail: newDetail(ev)} }
}

func newDetail(ev gateway.Event) *detail {
	d := &detail{bare: ev.Request == nil && ev.Envelope == nil}
	body := func(b []byte) []byte {
		switch {
		case len(b) == 0:
			return []byte("null")
		case len(b) > detailMaxBody:
			return b[:detailMaxBody]
		}
		return b
	}
	var doc bytes.Buffer
	doc.WriteString(`{"request":`)
	doc.Write(body(ev.Request))
	doc.WriteString(`,"envelope":`)
	doc.Write(body(ev.Envelope))
	doc.WriteString(`}`)
	ev.Request, ev.Envelope = nil, nil
	d.ev = ev
	d.doc = docview.NewJSON(doc.Bytes())
	return d
}

func (d *detail) Scroll(n, height int)  { d.doc.Scroll(n, max(height-detailHead, 1)) }
func (d *detail) Span() (int, int)      { return d.doc.Span() }
func (d *detail) Rows(height int) int   { return max(height-detailHead, 1) }
func (d *detail) Pan(n, width int)      { d.doc.Pan(n, width) }
func (d *detail) Left() int             { return d.doc.Left() }
func (d *detail) LineText(i int) string { return d.doc.LineText(i) }

// render draws the call's line, its numbers, and the JSON under them.
func (d *detail) render(s *kit.Styles, width, height int) string {
	ev := &d.ev
	result := s.Status.Render("ok")
	if !ev.OK {
		result = s.ErrText.Render(model.SanitizeLine(string(ev.Code)))
	}
	op := s.PathBar.Render(model.SanitizeLine(ev.Op))
	if ev.Op == "" {
		op = s.Dim.Render("(root)")
	}
	var b strings.Builder
	b.WriteString(uitext.Fit(s.Title.Render(ev.Tool)+" "+op+"  "+result, width))
	b.WriteByte('\n')
	facts := []string{"started " + ev.Time.Format("2006-01-02 15:04:05.000"), latency(ev.LatencyMS) + " ms"}
	if ev.Kind != "" {
		facts = append(facts, model.SanitizeLine(ev.Kind))
	}
	facts = append(facts, model.SanitizeLine(ev.TraceID), "args "+byteCount(ev.ArgsBytes), "answer "+byteCount(ev.ResultBytes))
	line := s.Dim.Render(strings.Join(facts, " · "))
	if d.bare {
		line += s.ErrText.Render("  bodies dropped to bound memory")
	}
	b.WriteString(uitext.Fit(line, width))
	if rows := height - detailHead; rows > 0 {
		b.WriteByte('\n')
		b.WriteString(d.doc.Render(&s.JSON, width, rows))
	}
	return b.String()
}

// byteCount writes 812 B, 4.2kB, 1.3MB.
func byteCount(n int) string {
	if n < 1000 {
		return strconv.Itoa(n) + " B"
	}
	return uitext.Compact(n) + "B"
}
