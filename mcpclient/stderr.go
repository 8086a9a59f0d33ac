package mcpclient

import (
	"bytes"
	"sync"
	"unicode/utf8"

	"mcpeek/mcpclient/secretmask"
	"mcpeek/model"
)

// maxStderrLine bounds one stored stderr line; the rest of a longer line is
// dropped (the pipe keeps being drained).
const maxStderrLine = 1024

// lineRing keeps the last lines written to it, sanitised and, when read,
// with the server's secrets redacted. It is the io.Writer a child's stderr is copied
// into: Write never blocks and never fails, so the child can never stall on
// a full pipe.
type lineRing struct {
	mu      sync.Mutex
	lines   []string // ring storage, len <= max
	next    int      // index of the oldest line once the ring is full
	max     int
	secrets []string         // longest first; see ServerConfig.secrets
	mask    *secretmask.Mask // of secrets
	keep    int              // bytes kept of one line: see newLineRing
	partial []byte
	long    bool // the current line passed keep
	// unmasked counts the newest lines not yet masked.
	unmasked int
	// firstErr is the first line that looked like an error, and pushed
	// the number of lines stored before it: Lines keeps it when the ring
	// has let it go.
	firstErr    string
	firstErrAt  int
	pushed      int
	hasFirstErr bool
}

// newLineRing keeps the last max lines, with secrets replaced by "***" in
// every form a line may carry them (secretmask).
// Of a long line it keeps maxStderrLine bytes and, so that a secret the cut
// falls inside is still recognised whole, as many again as the longest
// secret.
func newLineRing(max int, secrets []string) *lineRing {
	if max <= 0 {
		max = 50
	}
	keep := maxStderrLine
	if len(secrets) > 0 {
		keep += len(secrets[0])
	}
	return &lineRing{max: max, secrets: secrets, mask: secretmask.New(secrets), keep: keep}
}

// Write splits p into lines and stores the complete ones.
func (r *lineRing) Write(p []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, c := range p {
		if c == '\n' {
			r.push()
			continue
		}
		if len(r.partial) < r.keep {
			r.partial = append(r.partial, c)
		} else {
			r.long = true
		}
	}
	return len(p), nil
}

// Flush stores a last line that had no newline.
func (r *lineRing) Flush() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.partial) > 0 || r.long {
		r.push()
	}
}

// push stores the partial line. Callers hold mu.
func (r *lineRing) push() {
	raw, cut := r.partial, r.long
	if len(raw) > maxStderrLine {
		raw, cut = raw[:cutOutside(raw, maxStderrLine, r.secrets)], true
	}
	// Masked after sanitising, so that a secret broken up by an escape
	// sequence is found too, and after the cut is marked, so that the
	// start of an encoded secret the cut falls inside is hidden too; and
	// only when read (see Lines), since masking every encoding costs far
	// more than storing a line.
	line := Sanitize(string(raw))
	if cut {
		line += "…"
	}
	r.partial, r.long = r.partial[:0], false
	if !r.hasFirstErr && model.LooksLikeError(line) {
		r.firstErr, r.firstErrAt, r.hasFirstErr = r.mask.Hide(line), r.pushed, true
	}
	r.pushed++
	r.unmasked = min(r.unmasked+1, r.max)
	if len(r.lines) < r.max {
		r.lines = append(r.lines, line)
		return
	}
	r.lines[r.next] = line
	r.next = (r.next + 1) % r.max
}

// cutOutside returns where to cut b, at n or a little later: not inside a
// UTF-8 character, nor inside an occurrence of one of secrets, which would
// leave part of it unredacted.
func cutOutside(b []byte, n int, secrets []string) int {
	for n > 0 && n < len(b) && !utf8.RuneStart(b[n]) {
		n--
	}
	for moved := true; moved; {
		moved = false
		for _, s := range secrets {
			// Any occurrence inside this window starts before n and ends
			// after it.
			lo, hi := max(0, n-len(s)+1), min(len(b), n+len(s)-1)
			if lo < hi {
				if i := bytes.Index(b[lo:hi], []byte(s)); i >= 0 {
					n, moved = lo+i+len(s), true
				}
			}
		}
	}
	return n
}

// Lines returns the stored lines, oldest first; the first line that
// looked like an error comes first, with "…" after it, when the ring has
// let it go.
func (r *lineRing) Lines() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	// The newest lines, stored since the last read, are masked now, once.
	for k := 1; k <= r.unmasked; k++ {
		i := (r.next - k + len(r.lines)) % len(r.lines)
		r.lines[i] = r.mask.Hide(r.lines[i])
	}
	r.unmasked = 0
	out := make([]string, 0, len(r.lines)+2)
	if r.hasFirstErr && r.firstErrAt < r.pushed-len(r.lines) {
		out = append(out, r.firstErr, "…")
	}
	out = append(out, r.lines[r.next:]...)
	return append(out, r.lines[:r.next]...)
}
