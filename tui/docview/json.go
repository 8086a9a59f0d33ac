package docview

import (
	"bytes"
	"encoding/json"
	"strings"
	"unicode"
	"unicode/utf8"

	"charm.land/lipgloss/v2"

	"mcpeek/model"
	"mcpeek/tui/uitext"
)

// tokKind is what a token of a JSON document is, which picks its style.
type tokKind uint8

const (
	tokOther   tokKind = iota // whitespace, punctuation, anything else
	tokKey                    // a string followed by a colon
	tokString                 // any other string
	tokNumber                 // a JSON number
	tokLiteral                // true, false, null
)

// token is a run of one token kind on one line.
type token struct {
	text string
	kind tokKind
}

// lexJSON splits text into the raw view's tokens, in order, by the rules
// the view has always coloured with (once chroma's regular expressions,
// which cost a third of the explorer's time to open a tool): at each
// place the first that matches of a run of whitespace, a string followed
// by a colon (a key), a string, a number, true/false/null, one of {}[],:
// and else one character. A string is a quote, characters or escapes
// (a backslash and any character but a newline), and a quote; one that
// does not end so is not a string, and its quote is one character.
func lexJSON(text string, emit func(tok string, kind tokKind)) {
	for i := 0; i < len(text); {
		n, kind := jsonToken(text[i:])
		emit(text[i:i+n], kind)
		i += n
	}
}

// jsonToken is the length and kind of the token text starts with.
func jsonToken(text string) (int, tokKind) {
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
		return n, tokOther
	case r == '"':
		if n := jsonString(text); n > 0 {
			rest := strings.TrimLeftFunc(text[n:], unicode.IsSpace)
			if strings.HasPrefix(rest, ":") {
				return n, tokKey
			}
			return n, tokString
		}
	case r == '-' || '0' <= r && r <= '9':
		if n := jsonNumber(text); n > 0 {
			return n, tokNumber
		}
	case strings.HasPrefix(text, "true"), strings.HasPrefix(text, "null"):
		return 4, tokLiteral
	case strings.HasPrefix(text, "false"):
		return 5, tokLiteral
	}
	return size, tokOther
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

// JSON is a JSON document (a tool's definition, a planner's descriptor,
// a gateway call), pretty-printed, sanitised and tokenised once; its
// lines are styled on first display and kept.
type JSON struct {
	lines  [][]token
	styled []string // per line, once shown
	done   []bool   // which lines are styled
	top    int
	x      int // the first cell shown (← →)
	widest int // the longest line's cells
}

// JSONStyles are the styles of a JSON document's tokens.
type JSONStyles struct {
	Key, String, Number, Literal, Punct lipgloss.Style
}

func (s *JSONStyles) of(k tokKind) lipgloss.Style {
	switch k {
	case tokKey:
		return s.Key
	case tokString:
		return s.String
	case tokNumber:
		return s.Number
	case tokLiteral:
		return s.Literal
	}
	return s.Punct
}

// NewJSON pretty-prints and tokenises raw JSON; text that is no JSON is
// shown as it is, sanitised.
func NewJSON(raw []byte) *JSON {
	var buf bytes.Buffer
	if err := json.Indent(&buf, raw, "", "  "); err != nil {
		buf.Reset()
		buf.Write(raw)
	}
	text := model.Sanitize(buf.String())
	text = strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n")
	d := &JSON{}
	line := []token{}
	lexJSON(text, func(tok string, kind tokKind) {
		for i, p := range strings.Split(tok, "\n") {
			if i > 0 {
				d.lines = append(d.lines, line)
				line = []token{}
			}
			if p != "" {
				line = append(line, token{text: strings.ReplaceAll(p, "\t", "  "), kind: kind})
			}
		}
	})
	d.lines = append(d.lines, line)
	d.styled = make([]string, len(d.lines))
	d.done = make([]bool, len(d.lines))
	for i := range d.lines {
		d.widest = max(d.widest, uitext.Width(d.LineText(i)))
	}
	return d
}

// Len is the number of lines.
func (d *JSON) Len() int { return len(d.lines) }

// LineText is the plain text of line i.
func (d *JSON) LineText(i int) string {
	var b strings.Builder
	for _, t := range d.lines[i] {
		b.WriteString(t.text)
	}
	return b.String()
}

// Pan moves the view n cells sideways, within the longest line.
func (d *JSON) Pan(n, _ int) { d.x = min(max(d.x+n, 0), max(d.widest-PanStep, 0)) }

// Left is the first cell shown.
func (d *JSON) Left() int { return d.x }

// Restyle forgets the styled lines (the palette changed).
func (d *JSON) Restyle() { clear(d.done) }

// Scroll moves the view by n lines within [0, len-height].
func (d *JSON) Scroll(n, height int) {
	d.top = min(max(d.top+n, 0), max(len(d.lines)-height, 0))
}

// Span is the first line shown and the number of lines.
func (d *JSON) Span() (int, int) { return d.top, len(d.lines) }

// Rows is height: every row is a line.
func (d *JSON) Rows(height int) int { return height }

// Render draws the lines on screen; each line is styled once.
func (d *JSON) Render(s *JSONStyles, width, height int) string {
	var b strings.Builder
	for i := d.top; i < len(d.lines) && i < d.top+height; i++ {
		if i > d.top {
			b.WriteByte('\n')
		}
		if !d.done[i] {
			var lb strings.Builder
			for _, t := range d.lines[i] {
				if t.text != "" {
					lb.WriteString(s.of(t.kind).Render(t.text))
				}
			}
			d.styled[i], d.done[i] = lb.String(), true
		}
		b.WriteString(Panned(d.styled[i], d.x, width))
	}
	return b.String()
}
