package schemadiff

import (
	"encoding/json"
	"fmt"
	"testing"

	"mcpeek/assets"
	"mcpeek/model"
)

// benchSnapshots makes two snapshots of a 1,200-tool server cycling the demo
// catalogue: "heavy" cycles all of it (definitions up to 47 KB, $defs,
// recursion; 15 KB on average), "typical" the tools under 8 KB. In the new one every
// tenth tool has a new optional input and lost its first output field;
// with rewrite, every other tool's schemas also differ in bytes but not in
// meaning (a "$comment" at their roots), so that every schema is parsed
// and walked instead of skipped as identical.
func benchSnapshots(tb testing.TB, catalogue string, rewrite bool) (Snapshot, Snapshot) {
	var all, defs []map[string]any
	if err := json.Unmarshal(assets.DemoTools(), &all); err != nil {
		tb.Fatal(err)
	}
	for _, def := range all {
		if b, _ := json.Marshal(def); catalogue == "heavy" || len(b) < 8<<10 {
			defs = append(defs, def)
		}
	}
	const count = 1200
	var old, new []model.Tool
	for i := range count {
		def := clone(tb, defs[i%len(defs)])
		def["name"] = fmt.Sprintf("%s_%04d", def["name"], i)
		old = append(old, tool(tb, def))
		switch {
		case i%10 == 0:
			in := def["inputSchema"].(map[string]any)
			in["properties"].(map[string]any)["bench_flag"] = map[string]any{"type": "boolean"}
			if out, ok := def["outputSchema"].(map[string]any); ok {
				if props, ok := out["properties"].(map[string]any); ok {
					for name := range props {
						delete(props, name)
						break
					}
				}
			}
		case rewrite:
			for _, key := range []string{"inputSchema", "outputSchema"} {
				if s, ok := def[key].(map[string]any); ok {
					s["$comment"] = "regenerated"
				}
			}
		}
		new = append(new, tool(tb, def))
	}
	return FromServers([]model.Server{{Name: "big", Tools: old}}), FromServers([]model.Server{{Name: "big", Tools: new}})
}

func clone(tb testing.TB, v map[string]any) map[string]any {
	b, _ := json.Marshal(v)
	var out map[string]any
	if err := json.Unmarshal(b, &out); err != nil {
		tb.Fatal(err)
	}
	return out
}

func tool(tb testing.TB, def map[string]any) model.Tool {
	b, err := json.Marshal(def)
	if err != nil {
		tb.Fatal(err)
	}
	t, err := ParseTool("big", b)
	if err != nil {
		tb.Fatal(err)
	}
	return t
}

// BenchmarkDiff1200 diffs two 1,200-tool snapshots, from their lock files
// (decoding both) to the list of changes.
func BenchmarkDiff1200(b *testing.B) {
	for _, c := range []struct {
		catalogue string
		rewrite   bool
	}{{"typical", false}, {"heavy", false}, {"heavy", true}} {
		name := c.catalogue + "/tenth-changed"
		if c.rewrite {
			name = c.catalogue + "/all-rewritten"
		}
		b.Run(name, func(b *testing.B) {
			old, new := benchSnapshots(b, c.catalogue, c.rewrite)
			oldFile, err := old.Encode()
			if err != nil {
				b.Fatal(err)
			}
			newFile, err := new.Encode()
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(oldFile) + len(newFile)))
			b.ResetTimer()
			for b.Loop() {
				o, err := Decode(oldFile)
				if err != nil {
					b.Fatal(err)
				}
				n, err := Decode(newFile)
				if err != nil {
					b.Fatal(err)
				}
				if changes := Diff(o, n); Worst(changes) != Breaking {
					b.Fatalf("want breaking changes, got %d changes", len(changes))
				}
			}
		})
	}
}

// BenchmarkDecodeStdlib1200 is the baseline of BenchmarkDiff1200: only
// decoding the same two lock files with encoding/json into any.
func BenchmarkDecodeStdlib1200(b *testing.B) {
	for _, catalogue := range []string{"typical", "heavy"} {
		b.Run(catalogue, func(b *testing.B) {
			old, new := benchSnapshots(b, catalogue, false)
			oldFile, _ := old.Encode()
			newFile, _ := new.Encode()
			b.SetBytes(int64(len(oldFile) + len(newFile)))
			b.ResetTimer()
			for b.Loop() {
				var o, n any
				if json.Unmarshal(oldFile, &o) != nil || json.Unmarshal(newFile, &n) != nil {
					b.Fatal("not JSON")
				}
			}
		})
	}
}
