package mcpclient

import "sync"

// maxStderrLine bounds one stored stderr line; the rest of a longer line is
// dropped (the pipe keeps being drained).
const maxStderrLine = 1024

// lineRing keeps the last lines written to it, sanitised. It is the io.Writer
// a child's stderr is copied into: Write never blocks and never fails, so the
// child can never stall on a full pipe.
type lineRing struct {
	mu      sync.Mutex
	lines   []string // ring storage, len <= max
	next    int      // index of the oldest line once the ring is full
	max     int
	partial []byte
	long    bool // the current line passed maxStderrLine
}

func newLineRing(max int) *lineRing {
	if max <= 0 {
		max = 50
	}
	return &lineRing{max: max}
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
		if len(r.partial) < maxStderrLine {
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
	line := Sanitize(string(r.partial))
	if r.long {
		line += "…"
	}
	r.partial, r.long = r.partial[:0], false
	if len(r.lines) < r.max {
		r.lines = append(r.lines, line)
		return
	}
	r.lines[r.next] = line
	r.next = (r.next + 1) % r.max
}

// Lines returns the stored lines, oldest first.
func (r *lineRing) Lines() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]string, 0, len(r.lines))
	out = append(out, r.lines[r.next:]...)
	return append(out, r.lines[:r.next]...)
}
