package schemadiff

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestReadFileRefusesFilesOverTheLimit: the size is told before anything
// is read (the large file here is sparse), and the error names the file,
// the limit and how to raise it.
func TestReadFileRefusesFilesOverTheLimit(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	huge := filepath.Join(dir, "huge.lock.json")
	f, err := os.Create(huge)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(DefaultMaxFileBytes + 1); err != nil {
		t.Fatal(err)
	}
	f.Close()
	_, err = ReadFile(huge, 0)
	var tooLarge *FileTooLargeError
	if !errors.As(err, &tooLarge) || !strings.Contains(err.Error(), huge+": the file is over the 256 MiB limit for a snapshot (raise it with MCPEEK_MAX_SNAPSHOT_BYTES=SIZE)") {
		t.Fatalf("ReadFile(256 MiB + 1) = %v", err)
	}

	small := filepath.Join(dir, "small.lock.json")
	b, _ := Snapshot{}.Encode()
	os.WriteFile(small, b, 0o644)
	if _, err := ReadFile(small, int64(len(b))-1); !errors.As(err, &tooLarge) {
		t.Errorf("ReadFile(limit one byte short) = %v, want FileTooLargeError", err)
	}
	if _, err := ReadFile(small, int64(len(b))); err != nil {
		t.Errorf("ReadFile(limit of its size) = %v", err)
	}
	if _, err := ReadFile(filepath.Join(dir, "missing.json"), 0); !errors.Is(err, os.ErrNotExist) || !strings.Contains(err.Error(), "cannot read the snapshot") {
		t.Errorf("ReadFile(missing) = %v", err)
	}
}

// TestReadFileRefusesTooManyTools: tiny tools cost hundreds of bytes each
// whatever their size, so their number is bounded too (64 MiB of them
// took 7.7 GB in mcpeek diff before).
func TestReadFileRefusesTooManyTools(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString(`{"mcpeek_snapshot": 1, "servers": [{"name": "a", "tools": [{"name": "t"}]}, {"name": "b", "tools": [`)
	for i := range MaxTools {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"name":"t%d"}`, i)
	}
	b.WriteString("]}]}\n")
	path := filepath.Join(t.TempDir(), "many.lock.json")
	os.WriteFile(path, []byte(b.String()), 0o644)
	_, err := ReadFile(path, 0)
	if err == nil || err.Error() != path+": more than 100000 tools, the limit of a snapshot" {
		t.Fatalf("ReadFile(%d tools) = %v", MaxTools+1, err)
	}
}

// TestReadFileCostsLittleMoreThanTheFile: reading a lock file allocates
// under twice its size (the file, its compacted text, the tools' headers;
// definitions and schemas are slices of the text).
func TestReadFileCostsLittleMoreThanTheFile(t *testing.T) {
	text, err := os.ReadFile("testdata/diff/output/new.json")
	if err != nil {
		t.Fatal(err)
	}
	demo, err := Decode(text)
	if err != nil {
		t.Fatal(err)
	}
	var s Snapshot
	for i := 0; s.toolCount() < 5000; i++ {
		srv := demo.Servers[0]
		srv.Name = fmt.Sprintf("s%04d", i)
		s.Servers = append(s.Servers, srv)
	}
	b, err := s.Encode()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "big.lock.json")
	os.WriteFile(path, b, 0o644)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	got, err := ReadFile(path, 0)
	runtime.ReadMemStats(&after)
	if err != nil || got.toolCount() != s.toolCount() {
		t.Fatalf("ReadFile = %d tools, %v; want %d", got.toolCount(), err, s.toolCount())
	}
	alloc := after.TotalAlloc - before.TotalAlloc
	t.Logf("reading %d bytes allocated %d (%.2fx)", len(b), alloc, float64(alloc)/float64(len(b)))
	if alloc > 2*uint64(len(b)) {
		t.Errorf("reading %d bytes allocated %d (%.1fx), want under 2x", len(b), alloc, float64(alloc)/float64(len(b)))
	}
}

func (s Snapshot) toolCount() int {
	n := 0
	for _, srv := range s.Servers {
		n += len(srv.Tools)
	}
	return n
}

// TestReadFileOfWordsKeepsOneCopy: a lock file made mostly of words (long
// descriptions, written compact) is read into little more than its own
// size: the text is compacted where it lies, and the names, titles and
// descriptions are views of it, not copies. (Two copies of each made the
// diff of two 251 MiB such files peak at 2.7 GB.)
func TestReadFileOfWordsKeepsOneCopy(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"mcpeek_snapshot": 1, "servers": [{"name": "words", "tools": [`)
	words := strings.Repeat("Send a message to the recipient, with care. ", 200) // 8.8 KB
	for i := range 1000 {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"name": "tool_%04d", "title": "Tool %d", "description": "%s", "inputSchema": {"type": "object"}}`, i, i, words)
	}
	b.WriteString("]}]}\n")
	path := filepath.Join(t.TempDir(), "words.lock.json")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	size := uint64(b.Len())
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	got, err := ReadFile(path, 0)
	runtime.GC()
	runtime.ReadMemStats(&after)
	if err != nil || got.toolCount() != 1000 || got.Servers[0].Tools[999].Description != words {
		t.Fatalf("ReadFile = %d tools, %v", got.toolCount(), err)
	}
	alloc, kept := after.TotalAlloc-before.TotalAlloc, after.HeapAlloc-min(after.HeapAlloc, before.HeapAlloc)
	t.Logf("reading %d bytes allocated %d (%.2fx), kept %d (%.2fx)", size, alloc, float64(alloc)/float64(size), kept, float64(kept)/float64(size))
	if alloc > size*5/4 || kept > size*9/8 {
		t.Errorf("reading %d bytes allocated %.2fx and kept %.2fx its size, want under 1.25x and 1.125x",
			size, float64(alloc)/float64(size), float64(kept)/float64(size))
	}
	runtime.KeepAlive(got)
}
