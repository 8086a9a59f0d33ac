// Package tokens measures what text costs in a prompt: bytes, and tokens in
// the cl100k and o200k encodings (GPT-4 and GPT-4o families), counted
// offline with github.com/tiktoken-go/tokenizer.
package tokens

import (
	"sync"

	"github.com/tiktoken-go/tokenizer"
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
	cl100k     tokenizer.Codec
	o200k      tokenizer.Codec
	loadFailed error
}

// NewCounter returns a Counter; vocabularies load on first use.
func NewCounter() *Counter { return &Counter{} }

func (c *Counter) load() {
	c.once.Do(func() {
		if c.cl100k, c.loadFailed = tokenizer.Get(tokenizer.Cl100kBase); c.loadFailed != nil {
			return
		}
		c.o200k, c.loadFailed = tokenizer.Get(tokenizer.O200kBase)
	})
}

// CL100K counts text's tokens in cl100k only (-1 if the vocabulary could
// not be loaded): half the work of Measure.
func (c *Counter) CL100K(text string) int {
	c.load()
	if c.loadFailed != nil {
		return -1
	}
	return count(c.cl100k, text, pieceBytes)
}

// Measure returns the size of text. Token counts are -1 if a vocabulary
// could not be loaded.
func (c *Counter) Measure(text string) Size {
	c.load()
	s := Size{Bytes: len(text), CL100K: -1, O200K: -1}
	if c.loadFailed != nil {
		return s
	}
	s.CL100K = count(c.cl100k, text, pieceBytes)
	s.O200K = count(c.o200k, text, pieceBytes)
	return s
}

// Meter measures a text handed to it a part at a time, and gives what
// Measure gives for the whole text, while it holds only the piece it is
// about to count (about 64 KB): a 6 MB tools/list need not be built as one
// string to be measured. Make one per text with Counter.Meter; it is not
// safe for concurrent use.
type Meter struct {
	c      *Counter
	piece  int    // about how many bytes are counted at a time
	text   []byte // what is not counted yet
	from   int    // where in text a piece's end is looked for next
	size   Size
	failed bool // a count failed: the token counts are -1
}

// Meter returns a Meter that counts with c.
func (c *Counter) Meter() *Meter {
	return &Meter{c: c, piece: pieceBytes}
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
// holds whole, each ending where count ends one, and keeps the rest.
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
	s := m.c.Measure(piece)
	m.size.Bytes += s.Bytes
	if s.CL100K < 0 || s.O200K < 0 {
		m.failed = true
	}
	m.size.CL100K += s.CL100K
	m.size.O200K += s.O200K
}

// Size counts what is left of the text and returns the size of all of it.
func (m *Meter) Size() Size {
	if len(m.text) > 0 {
		m.add(string(m.text))
		m.text, m.from = m.text[:0], 0
	}
	s := m.size
	if m.failed {
		s.CL100K, s.O200K = -1, -1
	}
	return s
}

// pieceBytes is about how much text is counted at a time. The tokenizer
// holds the text it is given as runes, and every piece it splits off, until
// it ends: a whole 6 MB tools/list took some 25 MB more per encoding.
const pieceBytes = 64 << 10

// count counts text's tokens in codec, a piece of about size bytes at a
// time (-1 on error). A piece ends between an ASCII letter and a double
// quote (the end of every JSON key and of most strings), where both
// encodings' pre-tokenizers always split: a letter piece never takes a
// quote, a piece of punctuation never a letter, and neither looks behind,
// so the sum is the count of the whole text. Text with no such place is
// counted whole.
func count(codec tokenizer.Codec, text string, size int) int {
	total := 0
	for len(text) > 0 {
		end := len(text)
		if len(text) > size {
			if i := splitAfter(text[size:]); i >= 0 {
				end = size + i
			}
		}
		n, err := codec.Count(text[:end])
		if err != nil {
			return -1
		}
		total += n
		text = text[end:]
	}
	return total
}

// splitAfter is the offset in s of the first double quote that follows an
// ASCII letter, or -1.
func splitAfter[T string | []byte](s T) int {
	for i := 1; i < len(s); i++ {
		if s[i] == '"' && isASCIILetter(s[i-1]) {
			return i
		}
	}
	return -1
}

func isASCIILetter(b byte) bool { return 'a' <= b|0x20 && b|0x20 <= 'z' }
