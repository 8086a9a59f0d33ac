package schemadiff

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"testing"

	"mcpeek/assets"
	"mcpeek/model"
)

// benchSnapshots makes two snapshots of a 1,200-tool server cycling the demo
// catalogue: "heavy" cycles all of it (definitions up to 47 KB, $defs,
// recursion; 15 KB on average), "typical" the tools under 8 KB. In the new one every
// tenth tool has a new optional input and lost its first output field (by
// name).
// The others are the same, or with rewrite "comment" their schemas differ
// in bytes but not in meaning (a "$comment" at their roots), or with
// rewrite "edit" each of their schemas really changed deep inside (see
// editDeep), so that every schema is parsed and walked instead of skipped
// as identical.
func benchSnapshots(tb testing.TB, catalogue, rewrite string) (Snapshot, Snapshot) {
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
				if props, ok := out["properties"].(map[string]any); ok && len(props) > 0 {
					delete(props, slices.Sorted(maps.Keys(props))[0])
				}
			}
		case rewrite == "comment":
			for _, key := range []string{"inputSchema", "outputSchema"} {
				if s, ok := def[key].(map[string]any); ok {
					s["$comment"] = "regenerated"
				}
			}
		case rewrite == "edit":
			for _, key := range []string{"inputSchema", "outputSchema"} {
				if s, ok := def[key].(map[string]any); ok {
					editDeep(s)
				}
			}
		}
		new = append(new, tool(tb, def))
	}
	return FromServers([]model.Server{{Name: "big", Tools: old}}), FromServers([]model.Server{{Name: "big", Tools: new}})
}

// editDeep changes a schema the way a pull request does, deep inside: the
// description of the deepest schema found by following, from the first
// definition of $defs when there is one (every $ref to it sees the change),
// else from the root, the last property in name order, level after level.
// Where that schema is an object, it also gets a new optional property.
func editDeep(schema map[string]any) {
	at := schema
	if defs, ok := schema["$defs"].(map[string]any); ok && len(defs) > 0 {
		if d, ok := defs[slices.Sorted(maps.Keys(defs))[0]].(map[string]any); ok {
			at = d
		}
	}
	for {
		props, ok := at["properties"].(map[string]any)
		if !ok || len(props) == 0 {
			break
		}
		next, ok := props[slices.Sorted(maps.Keys(props))[len(props)-1]].(map[string]any)
		if !ok {
			break
		}
		at = next
	}
	at["description"] = fmt.Sprint(at["description"], " (edited)")
	if props, ok := at["properties"].(map[string]any); ok {
		props["bench_note"] = map[string]any{"type": "string"}
	}
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
		name               string
		catalogue, rewrite string
	}{
		{"typical/tenth-changed", "typical", ""},
		{"heavy/tenth-changed", "heavy", ""},
		{"heavy/all-rewritten", "heavy", "comment"},
		{"heavy/all-edited", "heavy", "edit"},
	} {
		b.Run(c.name, func(b *testing.B) {
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
			cpu := startCPU(b)
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
			cpu.report(b)
		})
	}
}

// BenchmarkDecodeStdlib1200 is the baseline of BenchmarkDiff1200: only
// decoding the same two lock files with encoding/json into any.
func BenchmarkDecodeStdlib1200(b *testing.B) {
	for _, catalogue := range []string{"typical", "heavy"} {
		b.Run(catalogue, func(b *testing.B) {
			old, new := benchSnapshots(b, catalogue, "")
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
