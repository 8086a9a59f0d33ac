package tokens

import (
	"bytes"
	"compress/gzip"
	"embed"
	"encoding/base64"
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/dlclark/regexp2/v2"
)

// The two vocabularies are the rank files OpenAI publishes for tiktoken
// (cl100k_base.tiktoken, SHA-256 223921b7…; o200k_base.tiktoken, SHA-256
// 446a9538…: a token in base64 and its rank, a line each), gzipped: 2.4 MB
// in the binary, read at first use. Go map literals of the same tokens
// cost 8 MB of binary and seconds of every cold build.
//
//go:embed vocab/*.tiktoken.gz
var vocabFiles embed.FS

// splitPatterns cut a text into the pieces that are merged into tokens,
// one per encoding, as tiktoken writes them.
var splitPatterns = map[string]string{
	"cl100k_base": `(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+`,
	"o200k_base": `[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?` +
		`|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?` +
		`|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+`,
}

// An encoding is one of OpenAI's byte-pair encodings: the rank of each
// token, and the pattern that cuts a text into pieces. A piece that is a
// token counts one; another is split into bytes, and the adjacent pair of
// parts whose union has the lowest rank is merged until no union is a
// token.
type encoding struct {
	name  string
	ranks map[string]uint32
	split *regexp2.Regexp
}

// loadEncoding reads the encoding of that name from the embedded files.
func loadEncoding(name string) (*encoding, error) {
	f, err := vocabFiles.Open("vocab/" + name + ".tiktoken.gz")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	data, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	ranks, err := parseRanks(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	split, err := regexp2.Compile(splitPatterns[name], regexp2.None)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return &encoding{name: name, ranks: ranks, split: split}, nil
}

// parseRanks reads a .tiktoken file. The tokens are decoded into one
// string that the map's keys share.
func parseRanks(data []byte) (map[string]uint32, error) {
	type entry struct{ end, rank uint32 }
	entries := make([]entry, 0, bytes.Count(data, []byte{'\n'}))
	decoded := make([]byte, 0, base64.StdEncoding.DecodedLen(len(data)))
	for line := range bytes.Lines(data) {
		token, rank, ok := bytes.Cut(bytes.TrimRight(line, "\n"), []byte{' '})
		r, err := strconv.ParseUint(string(rank), 10, 32)
		if !ok || err != nil {
			return nil, fmt.Errorf("line %d is not a token and its rank", len(entries)+1)
		}
		decoded, err = base64.StdEncoding.AppendDecode(decoded, token)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", len(entries)+1, err)
		}
		entries = append(entries, entry{uint32(len(decoded)), uint32(r)})
	}
	all := string(decoded)
	ranks := make(map[string]uint32, len(entries))
	start := uint32(0)
	for _, e := range entries {
		ranks[all[start:e.end]] = e.rank
		start = e.end
	}
	return ranks, nil
}

// Count is the number of tokens text encodes to.
func (e *encoding) Count(text string) (int, error) {
	n := 0
	m, err := e.split.FindStringMatch(text)
	for ; m != nil && err == nil; m, err = e.split.FindNextMatch(m) {
		piece := m.String()
		switch {
		case len(piece) == 0:
		case e.isToken(piece):
			n++
		case len(piece) < mergeHeapFrom:
			n += e.mergeScan(piece)
		default:
			n += e.mergeHeap(piece)
		}
	}
	return n, err
}

func (e *encoding) isToken(s string) bool {
	_, ok := e.ranks[s]
	return ok
}

// noRank is the rank of a union that is no token.
const noRank = math.MaxUint32

// rank is the rank of s, noRank if it is no token.
func (e *encoding) rank(s string) uint32 {
	if r, ok := e.ranks[s]; ok {
		return r
	}
	return noRank
}

// mergeHeapFrom is the piece length from which mergeHeap counts it: the
// scan costs the square of the length, the heap its logarithm per merge
// but more per step.
const mergeHeapFrom = 96

// mergeScan counts the tokens of piece, finding each merge by a scan of
// the parts.
func (e *encoding) mergeScan(piece string) int {
	type part struct {
		start int
		rank  uint32 // of this part's union with the next
	}
	parts := make([]part, len(piece)+1)
	for i := range parts {
		parts[i] = part{i, noRank}
	}
	// unionRank is the rank of parts i to i+skip+1 as one.
	unionRank := func(i, skip int) uint32 {
		if i+skip+2 < len(parts) {
			return e.rank(piece[parts[i].start:parts[i+skip+2].start])
		}
		return noRank
	}
	for i := 0; i+2 < len(parts); i++ {
		parts[i].rank = unionRank(i, 0)
	}
	for len(parts) > 1 {
		lowest, at := uint32(noRank), 0
		for i, p := range parts[:len(parts)-1] {
			if p.rank < lowest {
				lowest, at = p.rank, i
			}
		}
		if lowest == noRank {
			break
		}
		parts[at].rank = unionRank(at, 1)
		if at > 0 {
			parts[at-1].rank = unionRank(at-1, 1)
		}
		parts = append(parts[:at+1], parts[at+2:]...)
	}
	return len(parts) - 1
}

// mergeHeap counts the tokens of piece as mergeScan does, the parts in a
// linked list and the candidate merges in a heap, lowest rank then
// leftmost first.
func (e *encoding) mergeHeap(piece string) int {
	type node struct {
		next int32  // the next part's start, -1 past the end
		prev int32  // the previous part's start, -1 before the first
		rank uint32 // of this part's union with the next; noRank once merged away
	}
	n := int32(len(piece))
	nodes := make([]node, n+1)
	for i := range nodes {
		nodes[i] = node{next: int32(i) + 1, prev: int32(i) - 1, rank: noRank}
	}
	nodes[n].next = -1
	unionRank := func(i int32) uint32 {
		j := nodes[i].next
		if j < 0 || nodes[j].next < 0 {
			return noRank
		}
		return e.rank(piece[i:nodes[j].next])
	}
	h := make(mergeHeap, 0, n)
	for i := int32(0); i+2 <= n; i++ {
		if r := unionRank(i); r != noRank {
			nodes[i].rank = r
			h = append(h, candidate{r, i})
		}
	}
	h.init()
	parts := int(n)
	for len(h) > 0 {
		top := h.pop()
		i := top.at
		if nodes[i].rank != top.rank {
			continue // stale: the part changed since
		}
		j := nodes[i].next
		k := nodes[j].next
		nodes[j].rank = noRank
		nodes[i].next = k
		if k >= 0 {
			nodes[k].prev = i
		}
		parts--
		for _, b := range [2]int32{i, nodes[i].prev} {
			if b < 0 {
				continue
			}
			if nodes[b].rank = unionRank(b); nodes[b].rank != noRank {
				h.push(candidate{nodes[b].rank, b})
			}
		}
	}
	return parts
}

// A candidate is a merge of the part at `at` with the next, of that rank.
type candidate struct {
	rank uint32
	at   int32
}

// mergeHeap is a binary min-heap of candidates by rank, then leftmost.
type mergeHeap []candidate

func (h mergeHeap) less(a, b int) bool {
	return h[a].rank < h[b].rank || h[a].rank == h[b].rank && h[a].at < h[b].at
}

func (h mergeHeap) init() {
	for i := len(h)/2 - 1; i >= 0; i-- {
		h.down(i)
	}
}

func (h *mergeHeap) push(c candidate) {
	*h = append(*h, c)
	for i := len(*h) - 1; i > 0; {
		parent := (i - 1) / 2
		if !h.less(i, parent) {
			return
		}
		(*h)[i], (*h)[parent] = (*h)[parent], (*h)[i]
		i = parent
	}
}

func (h *mergeHeap) pop() candidate {
	old := *h
	top := old[0]
	old[0] = old[len(old)-1]
	*h = old[:len(old)-1]
	h.down(0)
	return top
}

func (h mergeHeap) down(i int) {
	for {
		child := 2*i + 1
		if child >= len(h) {
			return
		}
		if right := child + 1; right < len(h) && h.less(right, child) {
			child = right
		}
		if !h.less(child, i) {
			return
		}
		h[i], h[child] = h[child], h[i]
		i = child
	}
}
