package tokens

import (
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// TestCountsOnACorpus checks the counts of every text in testdata/corpus
// (JSON schemas, code, scripts of many languages, emoji, long runs, bytes
// that are not UTF-8) against testdata/counts.json, which holds for each
// the counts of github.com/tiktoken-go/tokenizer v0.10.0 (what this
// package counted with before it read the rank files itself) and, for
// valid UTF-8, of OpenAI's tiktoken (npm tiktoken 1.0.22, its Rust core;
// testdata/count-with-tiktoken.cjs). The two agree but on white space
// outside ASCII (no-break, em and ideographic spaces, NEL, the line
// separator), where the old library cut pieces differently from
// tiktoken's pattern; this package counts as tiktoken does.
func TestCountsOnACorpus(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("testdata/counts.json")
	if err != nil {
		t.Fatal(err)
	}
	type counts struct {
		CL100K int `json:"cl100k"`
		O200K  int `json:"o200k"`
	}
	var recorded []struct {
		File     string  `json:"file"`
		Old      counts  `json:"tokenizer_v0.10.0"`
		Tiktoken *counts `json:"tiktoken"`
	}
	if err := json.Unmarshal(data, &recorded); err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob("testdata/corpus/*")
	if err != nil || len(files) != len(recorded) {
		t.Fatalf("%d files in the corpus, %d counted: %v", len(files), len(recorded), err)
	}
	c := NewCounter()
	for _, r := range recorded {
		text, err := os.ReadFile(filepath.Join("testdata/corpus", r.File))
		if err != nil {
			t.Fatal(err)
		}
		w := r.Old
		if r.Tiktoken != nil {
			w = *r.Tiktoken
		}
		if got := c.Measure(string(text)); got.CL100K != w.CL100K || got.O200K != w.O200K {
			t.Errorf("%s: cl100k %d o200k %d, want %d and %d", r.File, got.CL100K, got.O200K, w.CL100K, w.O200K)
		}
		// The encodings alone, without the tally's pieces and memory.
		for _, e := range []struct {
			enc  *encoding
			want int
		}{{c.cl100k, w.CL100K}, {c.o200k, w.O200K}} {
			if got, err := e.enc.Count(string(text)); got != e.want || err != nil {
				t.Errorf("%s: %s %d (%v), want %d", r.File, e.enc.name, got, err, e.want)
			}
		}
	}
}

// The embedded vocabularies are OpenAI's rank files, byte for byte.
func TestVocabulariesAreOpenAIRankFiles(t *testing.T) {
	t.Parallel()
	for name, sum := range map[string]string{
		"cl100k_base": "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7",
		"o200k_base":  "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d",
	} {
		f, err := vocabFiles.Open("vocab/" + name + ".tiktoken.gz")
		if err != nil {
			t.Fatal(err)
		}
		zr, err := gzip.NewReader(f)
		if err != nil {
			t.Fatal(err)
		}
		h := sha256.New()
		if _, err := io.Copy(h, zr); err != nil {
			t.Fatal(err)
		}
		f.Close()
		if got := hex.EncodeToString(h.Sum(nil)); got != sum {
			t.Errorf("%s: SHA-256 %s, OpenAI's file has %s", name, got, sum)
		}
	}
}
