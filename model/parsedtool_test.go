package model

import (
	"bytes"
	"sync"
	"testing"

	"github.com/go-json-experiment/json/jsontext"
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

// TestParseToolReadsOnce holds ParseTool to its promise: a tool read by
// ReadTool, asked for by many goroutines at once and through copies, is
// parsed once and gives the same schemas, which they then read
// concurrently (run with -race); a tool built by hand is read afresh
// until made ReadOnce.
func TestParseToolReadsOnce(t *testing.T) {
	raw := []byte(`{"name": "t", "inputSchema": ` + sharedDoc + `, "outputSchema": {"type": "object", "properties": {"a": {"type": "string"}}}}`)
	tool, err := ReadTool(jsontext.NewDecoder(bytes.NewBuffer(raw)), raw)
	if err != nil {
		t.Fatal(err)
	}
	before := Parses()
	const readers = 8
	got := make([]ParsedTool, readers)
	counts := make([]int, readers)
	var wg sync.WaitGroup
	for i := range readers {
		copied := tool // each goroutine its own copy of the value
		wg.Go(func() {
			p := ParseTool(copied)
			got[i] = p
			counts[i] = walkAll(p.In.Root(), map[*Node]bool{})
			_ = p.In.RefName(1)
			_ = p.In.LookupRef("#/$defs/A")
		})
	}
	wg.Wait()
	if n := Parses() - before; n != 2 {
		t.Errorf("%d goroutines asking for one tool's two schemas parsed %d, want 2", readers, n)
	}
	for i := range got {
		if got[i].In != got[0].In || got[i].Out != got[0].Out || got[i].In == nil || got[i].Out == nil {
			t.Fatalf("goroutine %d got other schemas for the same tool", i)
		}
		if counts[i] != counts[0] {
			t.Errorf("goroutine %d reached %d nodes, goroutine 0 %d", i, counts[i], counts[0])
		}
	}
	if p := ParseTool(tool); p.In != got[0].In || Parses()-before != 2 {
		t.Error("asked again, the tool was read again")
	}
	if p := ParseTool(tool); p.In.Text() != sharedDoc || p.In.Source() != p.In.Doc() {
		t.Errorf("Text %q, Source and Doc differ: %v", p.In.Text(), p.In.Source() != p.In.Doc())
	}

	byHand := Tool{Name: "h", InputSchema: []byte(sharedDoc)}
	before = Parses()
	ParseTool(byHand)
	ParseTool(byHand)
	if n := Parses() - before; n != 2 {
		t.Errorf("a tool built by hand: %d parses for two asks, want 2 (read afresh)", n)
	}
	once := byHand.ReadOnce()
	before = Parses()
	if a, b := ParseTool(once), ParseTool(once); a.In != b.In || Parses()-before != 1 {
		t.Errorf("ReadOnce: %d parses, same schema %t", Parses()-before, a.In == b.In)
	}
}

// TestParseToolErrors: a schema that cannot be read gives its error, read
// once like any, and an absent output schema is none, without error.
func TestParseToolErrors(t *testing.T) {
	tool := Tool{Name: "bad", InputSchema: []byte(`{"type": "object",`)}.ReadOnce()
	before := Parses()
	for range 3 {
		if p := ParseTool(tool); p.InErr == nil || p.In != nil || p.Out != nil || p.OutErr != nil {
			t.Fatalf("a truncated schema: %+v", p)
		}
	}
	if n := Parses() - before; n != 1 {
		t.Errorf("a bad schema asked for 3 times was parsed %d times, want 1", n)
	}
}
