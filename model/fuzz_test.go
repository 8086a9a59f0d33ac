package model

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"
)

// FuzzParseSchema: any bytes are read or refused with an error, and every
// node reachable from the root resolves without panic or endless work.
func FuzzParseSchema(f *testing.F) {
	files, _ := filepath.Glob("../summarizer/testdata/*.json")
	for _, name := range files {
		// Large files make poor seeds: the fuzzer spends its time
		// minimising them instead of exploring.
		if b, err := os.ReadFile(name); err == nil && len(b) <= 16<<10 {
			f.Add(b)
		}
	}
	for _, s := range []string{`{}`, `[`, `{"$ref":"#"}`, `{"a":"str"}`, `{"type":["object","null"],"properties":{"x":{"$ref":"#/properties"}}}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		done := make(chan struct{})
		defer close(done)
		go func() {
			select {
			case <-done:
			case <-time.After(5 * time.Second):
				buf := make([]byte, 1<<20)
				n := runtime.Stack(buf, true)
				panic(fmt.Sprintf("input took over 5s (%d bytes): %q\n%s", len(b), b, buf[:n]))
			}
		}()
		s, err := ParseSchema(b)
		if err != nil {
			return
		}
		visited := 0
		var walk func(n *Node, depth int)
		walk = func(n *Node, depth int) {
			if visited > 2000 || depth > 20 {
				return
			}
			visited++
			_ = n.Label()
			term, _ := n.Unwrap(nil)
			for i := range term.Props {
				walk(term.Child(i), depth+1)
			}
			for i := range term.Alts {
				walk(term.Alt(i), depth+1)
			}
		}
		walk(s.Root(), 0)
		s.DataRoot()
	})
}
