package tui

import (
	"bytes"
	"encoding/json"
	"strings"
	"unicode"
	"unicode/utf8"

	"charm.land/lipgloss/v2"

	"mcpeek/model"
)

// rawKind is what a token of the raw view is, which picks its style.
type rawKind uint8

const (
	rawOther   rawKind = iota // whitespace, punctuation, anything else
	rawKey                    // a string followed by a colon
	rawString                 // any other string
	rawNumber                 // a JSON number
	rawLiteral                // true, false, null
)

// rawTok is a run of one token kind on one line.
type rawTok struct {
	text string
	kind rawKind
}

// lexJSON splits text into the raw view's tokens, in order, by the rules
// the view has always coloured with (once chroma's regular expressions,
// which cost a third of the explorer's time to open a tool): at each
// place the first that matches of a run of whitespace, a string followed
// by a colon (a key), a string, a number, true/false/null, one of {}[],:
// and else one character. A string is a quote, characters or escapes
// (a backslash and any character but a newline), and a quote; one that
// does not end so is not a string, and its quote is one character.
func lexJSON(text string, emit func(tok string, kind rawKind)) {
	for i := 0; i < len(text); {
		n, kind := jsonToken(text[i:])
		emit(text[i:i+n], kind)
		i += n
	}
}

// jsonToken is the length and kind of the token text starts with.
func jsonToken(text string) (int, rawKind) {
	r, size := utf8.DecodeRuneInString(text)
	switch {
	case unicode.IsSpace(r):
		n := size
		for n < len(text) {
			r, size := utf8.DecodeRuneInString(text[n:])
			if !unicode.IsSpace(r) {
				break
			}
			n += size
		}
		return n, rawOther
	case r == '"':
		if n := jsonString(text); n > 0 {
			rest := strings.TrimLeftFunc(text[n:], unicode.IsSpace)
			if strings.HasPrefix(rest, ":") {
				return n, rawKey
			}
			return n, rawString
		}
	case r == '-' || '0' <= r && r <= '9':
		if n := jsonNumber(text); n > 0 {
			return n, rawNumber
		}
	case strings.HasPrefix(text, "true"), strings.HasPrefix(text, "null"):
		return 4, rawLiteral
	case strings.HasPrefix(text, "false"):
		return 5, rawLiteral
	}
	return size, rawOther
}

// jsonString is the length of the string text starts with, or 0.
func jsonString(text string) int {
	for i := 1; i < len(text); {
		switch text[i] {
		case '"':
			return i + 1
		case '\\':
			r, size := utf8.DecodeRuneInString(text[i+1:])
			if size == 0 || r == '\n' {
				return 0
			}
			i += 1 + size
		default:
			i++
		}
	}
	return 0
}

// jsonNumber is the length of the number text starts with, or 0:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func jsonNumber(text string) int {
	digits := func(i int) int {
		for i < len(text) && '0' <= text[i] && text[i] <= '9' {
			i++
		}
		return i
	}
	i := 0
	if i < len(text) && text[i] == '-' {
		i++
	}
	switch {
	case i < len(text) && text[i] == '0':
		i++
	case i < len(text) && '1' <= text[i] && text[i] <= '9':
		i = digits(i + 1)
	default:
		return 0
	}
	if i+1 < len(text) && text[i] == '.' && '0' <= text[i+1] && text[i+1] <= '9' {
		i = digits(i + 1)
	}
	if i < len(text) && (text[i] == 'e' || text[i] == 'E') {
		j := i + 1
		if j < len(text) && (text[j] == '+' || text[j] == '-') {
			j++
		}
		if j < len(text) && '0' <= text[j] && text[j] <= '9' {
			i = digits(j)
		}
	}
	return i
}

// rawDoc is a tool's definition, pretty-printed, sanitised and tokenised
// once; its lines are styled on first display and kept.
type rawDoc struct {
	lines  [][]rawTok
	styled []string // per line, once shown
	done   []bool   // which lines are styled
	top    int
	x      int // the first cell shown (← →)
	widest int // the longest line's cells
}

// newRawDoc pretty-prints and tokenises raw JSON.
func newRawDoc(raw []byte) *rawDoc {
	var buf bytes.Buffer
	if err := json.Indent(&buf, raw, "", "  "); err != nil {
		buf.Reset()
		buf.Write(raw)
	}
	text := model.Sanitize(buf.String())
	text = strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n")
	d := &rawDoc{}
	line := []rawTok{}
	lexJSON(text, func(tok string, kind rawKind) {
		for i, p := range strings.Split(tok, "\n") {
			if i > 0 {
				d.lines = append(d.lines, line)
				line = []rawTok{}
			}
			if p != "" {
				line = append(line, rawTok{text: strings.ReplaceAll(p, "\t", "  "), kind: kind})
			}
		}
	})
	d.lines = append(d.lines, line)
	d.styled = make([]string, len(d.lines))
	d.done = make([]bool, len(d.lines))
	for i := range d.lines {
		d.widest = max(d.widest, cells(d.lineText(i)))
	}
	return d
}

func (d *rawDoc) pan(n, _ int) { d.x = min(max(d.x+n, 0), max(d.widest-panStep, 0)) }
func (d *rawDoc) left() int    { return d.x }

// restyle forgets the styled lines (the palette changed).
func (d *rawDoc) restyle() { clear(d.done) }

// scroll moves the view by n lines within [0, len-height].
func (d *rawDoc) scroll(n, height int) {
	d.top = min(max(d.top+n, 0), max(len(d.lines)-height, 0))
}

func (d *rawDoc) span() (int, int)    { return d.top, len(d.lines) }
func (d *rawDoc) rows(height int) int { return height }

// render draws the lines on screen; each line is styled once.
func (d *rawDoc) render(s *Styles, width, height int) string {
	var b strings.Builder
	for i := d.top; i < len(d.lines) && i < d.top+height; i++ {
		if i > d.top {
			b.WriteByte('\n')
		}
		if !d.done[i] {
			var lb strings.Builder
			segs := make([]seg, 0, len(d.lines[i]))
			for _, t := range d.lines[i] {
				segs = append(segs, seg{t.text, s.jsonStyle(t.kind)})
			}
			s.renderLine(&lb, segs, 1<<20, false, false)
			d.styled[i], d.done[i] = lb.String(), true
		}
		b.WriteString(panned(d.styled[i], d.x, width))
	}
	return b.String()
}

func (s *Styles) jsonStyle(k rawKind) lipgloss.Style {
	switch k {
	case rawKey:
		return s.JSONKey
	case rawString:
		return s.JSONString
	case rawNumber:
		return s.JSONNumber
	case rawLiteral:
		return s.JSONLiteral
	}
	return s.JSONPunct
}
