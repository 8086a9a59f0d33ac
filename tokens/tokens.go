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
	n, err := c.cl100k.Count(text)
	if err != nil {
		return -1
	}
	return n
}

// Measure returns the size of text. Token counts are -1 if a vocabulary
// could not be loaded.
func (c *Counter) Measure(text string) Size {
	c.load()
	s := Size{Bytes: len(text), CL100K: -1, O200K: -1}
	if c.loadFailed != nil {
		return s
	}
	if n, err := c.cl100k.Count(text); err == nil {
		s.CL100K = n
	}
	if n, err := c.o200k.Count(text); err == nil {
		s.O200K = n
	}
	return s
}
