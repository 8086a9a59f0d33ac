package docview

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/alecthomas/chroma/v2"

	"mcpeek/internal/testkit"
	"mcpeek/model"
)

// chromaJSON is the lexer the raw view coloured with before lexJSON: the
// same rules, in chroma's regular expressions.
func chromaJSON() chroma.Lexer {
	return chroma.MustNewLexer(&chroma.Config{Name: "JSON", NotMultiline: true}, func() chroma.Rules {
		return chroma.Rules{"root": {
			{Pattern: `\s+`, Type: chroma.TextWhitespace},
			{Pattern: `"(\\.|[^"\\])*"(?=\s*:)`, Type: chroma.NameTag},
			{Pattern: `"(\\.|[^"\\])*"`, Type: chroma.LiteralStringDouble},
			{Pattern: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, Type: chroma.LiteralNumber},
			{Pattern: `true|false|null`, Type: chroma.KeywordConstant},
			{Pattern: `[{}\[\],:]`, Type: chroma.Punctuation},
			{Pattern: `.`, Type: chroma.Text},
		}}
	})
}

// chromaTokens is text cut by lexer. The rules end with ".", so every
// character matches one: an Error token means that a match ran out of the
// 250 ms chroma gives each, which a loaded machine can take; the text is
// cut again then.
func chromaTokens(t *testing.T, lexer chroma.Lexer, text string) []chroma.Token {
	t.Helper()
	for range 10 {
		it, err := lexer.Tokenise(nil, text)
		if err != nil {
			t.Fatal(err)
		}
		tokens := it.Tokens()
		if !slices.ContainsFunc(tokens, func(tk chroma.Token) bool { return tk.Type == chroma.Error }) {
			return tokens
		}
	}
	t.Fatalf("chroma's matches ran out of time in ten tries of %.40q", text)
	return nil
}

// kindOf is the tokKind of a chroma token type.
func kindOf(t chroma.TokenType) tokKind {
	switch t {
	case chroma.NameTag:
		return tokKey
	case chroma.LiteralStringDouble:
		return tokString
	case chroma.LiteralNumber:
		return tokNumber
	case chroma.KeywordConstant:
		return tokLiteral
	}
	return tokOther
}

// lexJSON cuts every text into the tokens chroma's rules did, of the same
// kinds: the demo's tools as the raw view shows them, hand-picked traps
// (escapes, unterminated strings, a backslash before a newline, numbers
// that stop early, words that start as literals, unicode spaces) and
// random mixes of JSON's characters.
func TestLexJSONCutsAsChromaDid(t *testing.T) {
	t.Parallel()
	lexer := chromaJSON()
	var texts []string
	for _, tool := range testkit.DemoTools(t) {
		var buf bytes.Buffer
		json.Indent(&buf, tool.Raw, "", "  ")
		texts = append(texts, model.Sanitize(buf.String()))
	}
	texts = append(texts,
		`{"a\"b": "c\\", "d" :1, "e"`+"\t\n:"+`2}`,
		`"unterminated`, `"\`, `"a\`+"\n"+`b"`, `"x" "y"`, `""`,
		"-", "-0", "05", "1.", "1.5e", "1e+", "1E-7", "-12.30e+04x", "0.0.0",
		"nullx", "truefalse", "fals", "tru e", "\u00a0\u2028 \u3000x", "é\"é\":é",
		"{\"k\"\u00a0:\"v\"}", `[1,-,2]`, "\x00\x01",
	)
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []string{`"`, `\`, ":", "{", "}", "[", "]", ",", "-", "0", "1", "9", ".", "e", "E", "+",
		"true", "false", "null", "t", "n", " ", "\n", "\t", "\u00a0", "é", "x"}
	for range 2000 {
		var b strings.Builder
		for range rng.IntN(24) {
			b.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		texts = append(texts, b.String())
	}
	for _, text := range texts {
		type tok struct {
			text string
			kind tokKind
		}
		var want, got []tok
		for _, tk := range chromaTokens(t, lexer, text) {
			want = append(want, tok{tk.Value, kindOf(tk.Type)})
		}
		lexJSON(text, func(s string, k tokKind) { got = append(got, tok{s, k}) })
		if len(got) != len(want) {
			t.Errorf("%q: %d tokens, chroma made %d:\n got %q\nwant %q", text, len(got), len(want), got, want)
			continue
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("%q: token %d is %q, chroma's %q", text, i, got[i], want[i])
				break
			}
		}
	}
}
