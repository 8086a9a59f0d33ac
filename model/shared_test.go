package model

import (
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

const sharedDoc = `{"type": "object", "properties": {
	"a": {"$ref": "#/$defs/A"}, "b": {"type": "array", "items": {"$ref": "#/$defs/A"}},
	"c": {"anyOf": [{"type": "string"}, {"$ref": "#/$defs/A"}]}},
	"$defs": {"A": {"type": "object", "properties": {"x": {"type": "integer"}, "self": {"$ref": "#/$defs/A"}}}}}`

// walkAll resolves every node reachable from n, each once.
func walkAll(n *Node, seen map[*Node]bool) int {
	if n == nil || seen[n] {
		return 0
	}
	seen[n] = true
	count := 1
	for i := range n.Props {
		count += walkAll(n.Child(i), seen)
	}
	for i := range n.Alts {
		count += walkAll(n.Alt(i), seen)
	}
	count += walkAll(n.Items(), seen)
	count += walkAll(n.AdditionalProperties(), seen)
	return count
}

// TestSharedSchemaParsesOnce holds SharedSchema to its promise: the same
// bytes, asked for by many goroutines at once, are parsed once and give
// the same value, which they then read concurrently (run with -race).
func TestSharedSchemaParsesOnce(t *testing.T) {
	raw := []byte(sharedDoc + " ") // bytes no other test asks for
	before := Parses()
	const readers = 8
	got := make([]*Schema, readers)
	counts := make([]int, readers)
	var wg sync.WaitGroup
	for i := range readers {
		wg.Go(func() {
			s, err := SharedSchema(append([]byte(nil), raw...)) // equal bytes, not the same slice
			if err != nil {
				t.Error(err)
				return
			}
			got[i] = s
			counts[i] = walkAll(s.Root(), map[*Node]bool{})
			_ = s.RefName(1)
			_ = s.LookupRef("#/$defs/A")
		})
	}
	wg.Wait()
	if n := Parses() - before; n != 1 {
		t.Errorf("%d goroutines asking for the same bytes parsed them %d times, want 1", readers, n)
	}
	for i := range got {
		if got[i] != got[0] {
			t.Fatalf("goroutine %d got another value for the same bytes", i)
		}
		if counts[i] != counts[0] {
			t.Errorf("goroutine %d reached %d nodes, goroutine 0 %d", i, counts[i], counts[0])
		}
	}
	if s, _ := SharedSchema(raw); s != got[0] {
		t.Error("asked again, the same bytes gave another value")
	}
	if n := Parses() - before; n != 1 {
		t.Errorf("asked again: %d parses, want 1", n)
	}
}

// TestSharedSchemaErrorsAndTools: unreadable bytes give their error (once
// parsed, like any), and ParseTool shares one schema between two tools
// that declare the same bytes.
func TestSharedSchemaErrorsAndTools(t *testing.T) {
	before := Parses()
	for range 3 {
		if _, err := SharedSchema([]byte(`{"type": "object",`)); err == nil {
			t.Fatal("a truncated schema read without error")
		}
	}
	if n := Parses() - before; n != 1 {
		t.Errorf("a bad schema asked for 3 times was parsed %d times, want 1", n)
	}
	// Too large to hold, a bad schema leaves nothing behind in the table.
	big := append([]byte(`{"title": "`+strings.Repeat("x", recentBytes)), `",`...)
	if _, err := SharedSchema(big); err == nil {
		t.Fatal("a truncated large schema read without error")
	}
	shared.mu.Lock()
	for _, list := range shared.byHash {
		for _, e := range list {
			if len(e.key) > recentBytes {
				t.Error("a large unreadable schema stayed in the table")
			}
		}
	}
	shared.mu.Unlock()
	in := []byte(`{"type": "object", "properties": {"q": {"type": "string", "title": "shared"}}}`)
	a := ParseTool(Tool{Name: "a", InputSchema: in, OutputSchema: in})
	b := ParseTool(Tool{Name: "b", InputSchema: append([]byte(nil), in...)})
	if a.In == nil || a.In != a.Out || a.In != b.In || b.Out != nil || b.OutErr != nil {
		t.Errorf("ParseTool: a.In %p a.Out %p b.In %p b.Out %p (%v)", a.In, a.Out, b.In, b.Out, b.OutErr)
	}
	if a.In.Text() != string(in) || a.In.Source() != a.In.Doc() {
		t.Errorf("Text %q, Source and Doc differ: %v", a.In.Text(), a.In.Source() != a.In.Doc())
	}
}

// TestSharedSchemaIsBounded: past the recent caps, a schema nobody holds
// is collected and its entry leaves the table; one still held stays
// shared.
func TestSharedSchemaIsBounded(t *testing.T) {
	held, err := SharedSchema([]byte(`{"title": "held", "type": "string"}`))
	if err != nil {
		t.Fatal(err)
	}
	for i := range 4 * recentSchemas {
		if _, err := SharedSchema(fmt.Appendf(nil, `{"title": "bounded %d", "type": "string"}`, i)); err != nil {
			t.Fatal(err)
		}
	}
	entries := func() int {
		shared.mu.Lock()
		defer shared.mu.Unlock()
		n := 0
		for _, list := range shared.byHash {
			n += len(list)
		}
		if len(shared.recent) > recentSchemas || shared.recentBytes > recentBytes {
			t.Errorf("%d recent schemas of %d bytes, above the caps", len(shared.recent), shared.recentBytes)
		}
		return n
	}
	// Cleanups run on their own goroutine after a collection: wait for
	// the table to shrink, not for a time.
	for range 100 {
		runtime.GC()
		if entries() <= 2*recentSchemas {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if n := entries(); n > 2*recentSchemas {
		t.Errorf("%d entries after %d schemas nobody holds, want at most %d", n, 4*recentSchemas, 2*recentSchemas)
	}
	before := Parses()
	if again, _ := SharedSchema([]byte(`{"title": "held", "type": "string"}`)); again != held {
		t.Error("a schema still held was parsed again")
	}
	if n := Parses() - before; n != 0 {
		t.Errorf("%d parses for a held schema", n)
	}
	runtime.KeepAlive(held)
}
