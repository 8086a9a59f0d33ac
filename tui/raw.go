package tui

import (
	"bytes"
	"encoding/json"
	"strings"
	"sync"

	"charm.land/lipgloss/v2"
	"github.com/alecthomas/chroma/v2"

	"mcpeek/model"
)

// jsonLexer tokenises JSON with chroma's regex engine. It is defined here
// rather than taken from chroma's lexer registry, whose package init parses
// every embedded lexer and would slow every start of mcpeek.
var jsonLexer = sync.OnceValue(func() chroma.Lexer {
	return chroma.MustNewLexer(&chroma.Config{Name: "JSON", NotMultiline: true}, func() chroma.Rules {
		return chroma.Rules{"root": {
			{Pattern: `\s+`, Type: chroma.TextWhitespace},
			{Pattern: `"(\\.|[^"\\])*"(?=\s*:)`, Type: chroma.NameTag},
			{Pattern: `"(\\.|[^"\\])*"`, Type: chroma.LiteralStringDouble},
			{Pattern: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, Type: chroma.LiteralNumber},
			{Pattern: `true|false|null`, Type: chroma.KeywordConstant},
			{Pattern: `[{}\[\],:]`, Type: chroma.Punctuation},
			{Pattern: `.`, Type: chroma.Text},
		}}
	})
})

// rawTok is a run of one token type on one line.
type rawTok struct {
	text string
	typ  chroma.TokenType
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
	d := &rawDoc{}
	line := []rawTok{}
	it, err := jsonLexer().Tokenise(nil, text)
	if err != nil {
		for _, l := range strings.Split(text, "\n") {
			d.lines = append(d.lines, []rawTok{{text: l, typ: chroma.Text}})
		}
	} else {
		for tok := it(); tok != chroma.EOF; tok = it() {
			parts := strings.Split(tok.Value, "\n")
			for i, p := range parts {
				if i > 0 {
					d.lines = append(d.lines, line)
					line = []rawTok{}
				}
				if p != "" {
					line = append(line, rawTok{text: strings.ReplaceAll(p, "\t", "  "), typ: tok.Type})
				}
			}
		}
		d.lines = append(d.lines, line)
	}
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
				segs = append(segs, seg{t.text, s.jsonStyle(t.typ)})
			}
			s.renderLine(&lb, segs, 1<<20, false, false)
			d.styled[i], d.done[i] = lb.String(), true
		}
		b.WriteString(panned(d.styled[i], d.x, width))
	}
	return b.String()
}

func (s *Styles) jsonStyle(t chroma.TokenType) lipgloss.Style {
	switch t {
	case chroma.NameTag:
		return s.JSONKey
	case chroma.LiteralStringDouble:
		return s.JSONString
	case chroma.LiteralNumber:
		return s.JSONNumber
	case chroma.KeywordConstant:
		return s.JSONLiteral
	}
	return s.JSONPunct
}
