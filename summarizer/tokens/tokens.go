// Package tokens measures what text costs in a prompt: bytes, and tokens in
// the cl100k and o200k encodings (GPT-4 and GPT-4o families), counted
// offline from OpenAI's own rank files, embedded (see encoding.go).
package tokens

import (
	"strings"
	"sync"
)

// Size is the cost of one text.
type Size struct {
	Bytes  int `json:"bytes"`
	CL100K int `json:"cl100k_tokens"`
	O200K  int `json:"o200k_tokens"`
}

// Counter counts tokens. Building one loads two vocabularies (tens of
// milliseconds), so make one and reuse it; it is safe for concurrent use.
type Counter struct {
	once       sync.Once
	cl100k     *encoding
	o200k      *encoding
	loadFailed error
}

// NewCounter returns a Counter; vocabularies load on first use.
func NewCounter() *Counter { return &Counter{} }

func (c *Counter) load() {
	c.once.Do(func() {
		if c.cl100k, c.loadFailed = loadEncoding("cl100k_base"); c.loadFailed != nil {
			return
		}
		c.o200k, c.loadFailed = loadEncoding("o200k_base")
	})
}

// CL100K counts text's tokens in cl100k only (-1 if the vocabulary could
// not be loaded): half the work of Measure.
func (c *Counter) CL100K(text string) int {
	c.load()
	if c.loadFailed != nil {
		return -1
	}
	t := newTally(c.cl100k)
	t.add(text)
	return t.total(0)
}

// Measure returns the size of text. Token counts are -1 if a vocabulary
// could not be loaded.
func (c *Counter) Measure(text string) Size {
	c.load()
	if c.loadFailed != nil {
		return Size{Bytes: len(text), CL100K: -1, O200K: -1}
	}
	t := newTally(c.cl100k, c.o200k)
	t.add(text)
	return Size{Bytes: len(text), CL100K: t.total(0), O200K: t.total(1)}
}

// Meter measures a text handed to it a part at a time, and gives what
// Measure gives for the whole text, while it holds only the piece it is
// about to count (about 64 KB): a 6 MB tools/list need not be built as one
// string to be measured. Make one per text with Counter.Meter; it is not
// safe for concurrent use.
type Meter struct {
	tally *tally // nil if the vocabularies could not be loaded
	piece int    // about how many bytes it hands the tally at a time
	text  []byte // what is not counted yet
	from  int    // where in text a piece's end is looked for next
	bytes int
}

// Meter returns a Meter that counts with c.
func (c *Counter) Meter() *Meter {
	c.load()
	m := &Meter{piece: pieceBytes}
	if c.loadFailed == nil {
		m.tally = newTally(c.cl100k, c.o200k)
	}
	return m
}

// Write adds p to the text; it never fails.
func (m *Meter) Write(p []byte) (int, error) {
	m.text = append(m.text, p...)
	m.countPieces()
	return len(p), nil
}

// WriteString adds s to the text; it never fails.
func (m *Meter) WriteString(s string) (int, error) {
	m.text = append(m.text, s...)
	m.countPieces()
	return len(s), nil
}

// countPieces counts every piece of about m.piece bytes that the text
// holds whole, each ending where a piece may end, and keeps the rest.
func (m *Meter) countPieces() {
	for len(m.text) > m.piece {
		from := max(m.from, m.piece)
		i := splitAfter(m.text[from:])
		if i < 0 {
			m.from = len(m.text) - 1 // no piece ends before the next byte
			return
		}
		end := from + i
		m.add(string(m.text[:end]))
		m.text = m.text[:copy(m.text, m.text[end:])]
		m.from = 0
	}
}

// add counts one piece of the text.
func (m *Meter) add(piece string) {
	m.bytes += len(piece)
	if m.tally != nil {
		m.tally.add(piece)
	}
}

// Size counts what is left of the text and returns the size of all of it.
func (m *Meter) Size() Size {
	if len(m.text) > 0 {
		m.add(string(m.text))
		m.text, m.from = m.text[:0], 0
	}
	if m.tally == nil {
		return Size{Bytes: m.bytes, CL100K: -1, O200K: -1}
	}
	return Size{Bytes: m.bytes, CL100K: m.tally.total(0), O200K: m.tally.total(1)}
}

// pieceBytes is about how much text the tokenizer is given at a time. The tokenizer
// holds the text it is given as runes, and every piece it splits off, until
// it ends: a whole 6 MB tools/list took some 25 MB more per encoding.
const pieceBytes = 64 << 10

// A text is counted in pieces, each ending between an ASCII letter and a
// double quote (the end of every JSON key and of most strings), where both
// encodings' pre-tokenizers always split: a letter piece never takes a
// quote, a piece of punctuation never a letter, and neither looks behind,
// so the sum of the pieces' counts is the count of the whole text, and a
// piece's count depends on nothing but its bytes. Text with no such place
// is counted whole.
//
// JSON repeats its keys and small values, so most pieces have been seen
// before: a 313 KB payments schema cuts into 8,972 pieces of which 2,250
// are distinct, and a 6 MB tools/list of 1,223 tools (whose definitions
// repeat) into 380,055 of which 2,223 are. A tally counts a piece up to
// shortBytes long once and remembers its counts. The tokenizer allocates
// some 270 bytes per token it finds (745 MB for that tools/list in both
// encodings), so counting less text saves both time and collections.
const (
	shortBytes  = 256     // a piece this long or shorter is remembered,
	memoEntries = 1 << 14 // up to this many pieces
	memoBytes   = 1 << 20 // and this many bytes of them
)

// A tally counts a text's tokens in one or two encodings. It is handed
// the text in parts, each ending where a piece may end (or at the end of
// the text).
type tally struct {
	codecs []*encoding
	n      [2]int
	failed bool // a count failed: the totals are -1
	piece  int  // about how many bytes of long pieces are counted at once
	short  int  // the longest piece remembered
	memo   map[string][2]int32
	held   int // the bytes of the pieces in memo
}

func newTally(codecs ...*encoding) *tally {
	return &tally{codecs: codecs, piece: pieceBytes, short: shortBytes}
}

// total is the count in the i-th encoding, -1 if a count failed.
func (t *tally) total(i int) int {
	if t.failed {
		return -1
	}
	return t.n[i]
}

// add counts text, which ends where a piece may end or is the end of the
// whole text. A run of long pieces is counted in one call, up to about
// t.piece bytes at a time.
func (t *tally) add(text string) {
	if pieceEnd(text, 0) == len(text) {
		t.count(text) // one piece: not worth remembering
		return
	}
	run := 0 // where the long pieces not counted yet begin
	for start := 0; start < len(text); {
		end := pieceEnd(text, start)
		switch {
		case end-start <= t.short:
			t.count(text[run:start])
			t.countShort(text[start:end])
			run = end
		case end-run >= t.piece:
			t.count(text[run:end])
			run = end
		}
		start = end
	}
	t.count(text[run:])
}

// countShort counts a short piece, once per tally.
func (t *tally) countShort(piece string) {
	n, ok := t.memo[piece]
	if !ok {
		for i, c := range t.codecs {
			k, err := c.Count(piece)
			if err != nil {
				t.failed = true
			}
			n[i] = int32(k)
		}
		if t.memo == nil {
			t.memo = make(map[string][2]int32)
		}
		if len(t.memo) < memoEntries && t.held+len(piece) <= memoBytes {
			t.memo[strings.Clone(piece)] = n
			t.held += len(piece)
		}
	}
	t.n[0] += int(n[0])
	t.n[1] += int(n[1])
}

// count counts text (whole pieces) in each encoding.
func (t *tally) count(text string) {
	if text == "" {
		return
	}
	for i, c := range t.codecs {
		k, err := c.Count(text)
		if err != nil {
			t.failed = true
		}
		t.n[i] += k
	}
}

// pieceEnd is where the piece of s that begins at start ends: the first
// double quote after it that follows an ASCII letter, or len(s).
func pieceEnd(s string, start int) int {
	for i := start + 1; i < len(s); i++ {
		j := strings.IndexByte(s[i:], '"')
		if j < 0 {
			break
		}
		i += j
		if isASCIILetter(s[i-1]) {
			return i
		}
	}
	return len(s)
}

// splitAfter is the offset in s of the first double quote that follows an
// ASCII letter, or -1.
func splitAfter(s []byte) int {
	for i := 1; i < len(s); i++ {
		if s[i] == '"' && isASCIILetter(s[i-1]) {
			return i
		}
	}
	return -1
}

func isASCIILetter(b byte) bool { return 'a' <= b|0x20 && b|0x20 <= 'z' }
