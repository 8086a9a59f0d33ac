package model

import (
	"bytes"
	"hash/maphash"
	"runtime"
	"slices"
	"sync"
	"weak"
)

// SharedSchema returns the schema read from raw, parsed once: every caller
// that passes the same bytes gets the same *Schema, as long as one of them
// still holds it or it is among the last schemas asked for. Any number of
// goroutines may call it at once; a second caller of bytes being parsed
// waits for that parse instead of starting its own. A Schema is safe for
// concurrent readers, so the one value serves them all.
//
// It is bounded twice over: a schema nobody holds any more is collected as
// usual (the table keeps it only weakly), and the strong hold on the
// recent ones, which lets a walk that parses, drops and asks again find
// the same value, is capped at recentSchemas schemas and recentBytes of
// their bytes.
func SharedSchema(raw []byte) (*Schema, error) { return shared.get(raw) }

// The strong hold of SharedSchema on the schemas last asked for: enough
// for a server's tools as one walk of the explorer reads them, and little
// beside a big server's listing.
const (
	recentSchemas = 64
	recentBytes   = 1 << 20
)

// shared is the process's table of schemas by their bytes. A table keyed
// by bytes is process-wide by nature, as the unique package's is: two
// parts of the program that read the same bytes must find each other.
var shared = &schemaTable{seed: maphash.MakeSeed(), byHash: map[uint64][]*sharedEntry{}}

type schemaTable struct {
	seed maphash.Seed

	mu          sync.Mutex
	byHash      map[uint64][]*sharedEntry
	recent      []*sharedEntry // oldest first; each holds its schema
	recentBytes int
}

// sharedEntry is one schema's place in the table.
type sharedEntry struct {
	hash    uint64
	pending []byte        // the bytes, while the parse runs (then key)
	key     string        // the bytes, once parsed: the schema's own Text, or a copy for an error
	ready   chan struct{} // closed when the parse is done
	weak    weak.Pointer[Schema]
	err     error
	held    *Schema // set while among the recent
	recent  bool
}

func (e *sharedEntry) matches(raw []byte) bool {
	if e.pending != nil {
		return bytes.Equal(e.pending, raw)
	}
	return e.key == string(raw)
}

func (t *schemaTable) get(raw []byte) (*Schema, error) {
	h := maphash.Bytes(t.seed, raw)
	for {
		t.mu.Lock()
		e := t.find(h, raw)
		if e == nil {
			e = &sharedEntry{hash: h, pending: raw, ready: make(chan struct{})}
			t.byHash[h] = append(t.byHash[h], e)
			t.mu.Unlock()
			return t.parse(e, raw)
		}
		select {
		case <-e.ready:
			s, err := e.weak.Value(), e.err
			if s != nil || err != nil {
				t.hold(e, s)
				t.mu.Unlock()
				return s, err
			}
			t.drop(e) // collected since: parse again
			t.mu.Unlock()
		default:
			t.mu.Unlock()
			<-e.ready
			// Loop: the parse's result is found under the lock.
		}
	}
}

// find returns the entry of raw, or nil. Called with t.mu held.
func (t *schemaTable) find(h uint64, raw []byte) *sharedEntry {
	for _, e := range t.byHash[h] {
		if e.matches(raw) {
			return e
		}
	}
	return nil
}

// parse reads raw for e, outside the lock, and publishes the result.
func (t *schemaTable) parse(e *sharedEntry, raw []byte) (*Schema, error) {
	s, err := ParseSchema(raw)
	t.mu.Lock()
	e.pending, e.err = nil, err
	if s != nil {
		e.key = s.text
		e.weak = weak.Make(s)
		// When s is collected, its entry goes. The cleanup's argument is
		// the hash alone: it must not reach s.
		runtime.AddCleanup(s, t.sweep, e.hash)
	} else {
		e.key = string(raw)
	}
	if !t.hold(e, s) && err != nil {
		t.drop(e) // too large to keep, and no schema to keep it alive
	}
	close(e.ready)
	t.mu.Unlock()
	return s, err
}

// hold puts e among the recent (again), letting go of the oldest beyond
// the caps, and reports whether e is among them. Called with t.mu held.
func (t *schemaTable) hold(e *sharedEntry, s *Schema) bool {
	size := len(e.key)
	if e.recent || size > recentBytes {
		return e.recent
	}
	e.recent, e.held = true, s
	t.recent = append(t.recent, e)
	t.recentBytes += size
	for len(t.recent) > recentSchemas || t.recentBytes > recentBytes {
		old := t.recent[0]
		t.recent[0] = nil
		t.recent = t.recent[1:]
		t.recentBytes -= len(old.key)
		old.recent, old.held = false, nil
		if old.err != nil {
			t.drop(old) // an error has no schema to keep it: it goes now
		}
	}
	return e.recent
}

// drop takes e out of the table. Called with t.mu held.
func (t *schemaTable) drop(e *sharedEntry) {
	list := slices.DeleteFunc(t.byHash[e.hash], func(x *sharedEntry) bool { return x == e })
	if len(list) == 0 {
		delete(t.byHash, e.hash)
	} else {
		t.byHash[e.hash] = list
	}
}

// sweep drops the entries under hash h whose schema was collected.
func (t *schemaTable) sweep(h uint64) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, e := range slices.Clone(t.byHash[h]) {
		select {
		case <-e.ready:
			if e.err == nil && !e.recent && e.weak.Value() == nil {
				t.drop(e)
			}
		default:
		}
	}
}

// ParsedTool is a tool with its schemas read: what every part that reads
// a tool's schemas takes, so that none parses them again.
type ParsedTool struct {
	Tool Tool
	// In and Out are nil when the schema is absent or cannot be read.
	In, Out       *Schema
	InErr, OutErr error
}

// ParseTool reads a tool's input and output schemas, each through
// SharedSchema: a tool asked for again, or another tool with the same
// schema, costs no parse.
func ParseTool(t Tool) ParsedTool {
	p := ParsedTool{Tool: t}
	if len(bytes.TrimSpace(t.InputSchema)) > 0 {
		p.In, p.InErr = SharedSchema(t.InputSchema)
	}
	if t.HasOutputSchema() {
		p.Out, p.OutErr = SharedSchema(t.OutputSchema)
	}
	return p
}
