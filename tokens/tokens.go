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
func splitAfter(s string) int {
	for i := 1; i < len(s); i++ {
		if s[i] == '"' && isASCIILetter(s[i-1]) {
			return i
		}
	}
	return -1
}

func isASCIILetter(b byte) bool { return 'a' <= b|0x20 && b|0x20 <= 'z' }
