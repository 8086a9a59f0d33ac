// Package secretmask hides secrets in text made for people: reports of
// calls, a server's stderr and log lines, error messages. A secret is
// hidden in every form the text may carry it in, not only as it is.
package secretmask

import (
	"cmp"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"mcpeek/model"
)

// Mask hides secrets (a call's ${env:NAME} values, a server's keys and
// tokens) in text for a report or a screen, in every form the text may
// carry them, each replaced by "***":
//
//   - as they are, in any letter case (upper- or lower-cased by a server);
//   - JSON-escaped, once or more (\" and \\, \/, \uXXXX in either case, the
//     short escapes), as a value quoted in a report always is;
//   - URL-encoded, by query or path escaping or any encoder between them
//     (%XX in either case, + or %20 for a space, even %25XX);
//   - HTML-escaped (&amp; &lt; &gt; &quot; &#39;);
//   - base64, standard or URL alphabet, padded or not, and inside a longer
//     base64 text (a Basic authorization's user:secret) at any alignment;
//   - cut at the end of a clipped value (…), and split by characters the
//     report's sanitiser removes (an escape sequence or U+200B inside it).
//
// Mask works on text made for people, so it hides rather than parses: a
// few characters around a secret may go with it.
type Mask struct {
	re *regexp.Regexp // every form of every secret; nil when it cannot compile
	// forms are the plain forms of every secret, longest first: what the
	// end of a clipped value may hold the start of, and what is replaced
	// when re is nil. fold says letter case does not matter.
	forms []maskForm
}

type maskForm struct {
	text string
	fold bool
}

// New returns the mask of secrets, or nil for none (a nil Mask hides
// nothing). Making one compiles a pattern: keep it while the secrets
// stay the same (see Cache).
func New(secrets []string) *Mask {
	if len(secrets) == 0 {
		return nil
	}
	m := &Mask{}
	var alts []string
	for _, s := range secrets {
		alts = append(alts, "(?i:"+textPattern(s)+")")
		for _, f := range textForms(s) {
			m.forms = append(m.forms, maskForm{text: f, fold: true})
		}
		for _, f := range base64Forms(s) {
			alts = append(alts, regexp.QuoteMeta(f))
			m.forms = append(m.forms, maskForm{text: f})
		}
	}
	m.re, _ = regexp.Compile(strings.Join(alts, "|"))
	slices.SortFunc(m.forms, func(a, b maskForm) int {
		return cmp.Or(len(b.text)-len(a.text), strings.Compare(a.text, b.text), cmp.Compare(btoi(a.fold), btoi(b.fold)))
	})
	m.forms = slices.Compact(m.forms)
	return m
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Hide returns s with every form of every secret replaced by "***".
func (m *Mask) Hide(s string) string {
	if m == nil || s == "" {
		return s
	}
	out := m.hide(s)
	// What is shown is sanitised: if that would join a secret back
	// together, the sanitised text is what is masked.
	if clean := model.SanitizeLine(out); clean != out {
		if hidden := m.hide(clean); hidden != clean {
			return hidden
		}
	}
	return out
}

func (m *Mask) hide(s string) string {
	if m.re != nil {
		s = m.re.ReplaceAllLiteralString(s, "***")
	}
	for _, f := range m.forms {
		s = strings.ReplaceAll(s, f.text, "***") // a secret that is not UTF-8; a pattern too large
	}
	return m.hideCutTail(s)
}

// hideCutTail hides the start of a secret that a clipped value ends with,
// just before its "…".
func (m *Mask) hideCutTail(s string) string {
	body, ok := strings.CutSuffix(s, "…")
	if !ok {
		return s
	}
	for _, f := range m.forms {
		for n := min(len(f.text)-1, len(body)); n > 0; n-- {
			if !utf8.RuneStart(f.text[n]) {
				continue
			}
			tail, start := body[len(body)-n:], f.text[:n]
			if tail == start || f.fold && strings.EqualFold(tail, start) {
				return body[:len(body)-n] + "***…"
			}
		}
	}
	return s
}

// textPattern matches s written any of the ways a report may write its
// characters (each may be written differently): itself, JSON-escaped
// behind any number of backslashes, percent-encoded, HTML-escaped. The
// caller makes it case-insensitive.
func textPattern(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			fmt.Fprintf(&b, "%%(?:25)?%02x", s[i]) // only its percent form: a pattern cannot hold the byte
		} else {
			b.WriteString(runePattern(r))
		}
		i += size
	}
	return b.String()
}

// runePattern is the alternatives for one character of a secret.
func runePattern(r rune) string {
	lit := regexp.QuoteMeta(string(r))
	switch r {
	case '\\':
		lit = `\\+`
	case '"', '/', '\'':
		lit = `\\*` + lit
	}
	alts := []string{lit}
	if r > 0xFFFF {
		hi, lo := utf16.EncodeRune(r)
		alts = append(alts, fmt.Sprintf(`\\+u%04x\\+u%04x`, hi, lo))
	} else {
		alts = append(alts, fmt.Sprintf(`\\+u%04x`, r))
	}
	if e, ok := jsonShortEscapes[r]; ok {
		alts = append(alts, `\\+`+e)
	}
	var pct strings.Builder
	for _, c := range []byte(string(r)) {
		fmt.Fprintf(&pct, "%%(?:25)?%02x", c)
	}
	alts = append(alts, pct.String())
	if r == ' ' {
		alts = append(alts, `\+`, "%2b") // a query's +, escaped again
	}
	alts = append(alts, htmlEscapes[r]...)
	return "(?:" + strings.Join(alts, "|") + ")"
}

var jsonShortEscapes = map[rune]string{'\n': "n", '\r': "r", '\t': "t", '\b': "b", '\f': "f"}

var htmlEscapes = map[rune][]string{
	'&':  {"&amp;", "&#0*38;", "&#x0*26;"},
	'<':  {"&lt;", "&#0*60;", "&#x0*3c;"},
	'>':  {"&gt;", "&#0*62;", "&#x0*3e;"},
	'"':  {"&quot;", "&#0*34;", "&#x0*22;"},
	'\'': {"&apos;", "&#0*39;", "&#x0*27;"},
}

// textForms are the plain text forms of s that textPattern matches among
// others: itself, JSON-escaped (with and without HTML escaping),
// URL-encoded by query and by path escaping.
func textForms(s string) []string {
	forms := []string{s, url.QueryEscape(s), url.PathEscape(s)}
	if q, err := json.Marshal(s); err == nil {
		forms = append(forms, string(q[1:len(q)-1]))
	}
	if q, err := marshalNoHTML(s); err == nil {
		forms = append(forms, q)
	}
	return forms
}

func marshalNoHTML(s string) (string, error) {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		return "", err
	}
	q := strings.TrimSpace(b.String())
	return q[1 : len(q)-1], nil
}

// base64Forms are s in base64, standard and URL alphabets, padded and not,
// and the characters that encode s alone inside a longer base64 text,
// whichever of the three alignments it starts at (the first and last
// characters of such a run also carry bits of its neighbours, so they
// are left out). Runs shorter than four characters are left out: they
// would match too much.
func base64Forms(s string) []string {
	var forms []string
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.URLEncoding} {
		raw := enc.WithPadding(base64.NoPadding)
		forms = append(forms, enc.EncodeToString([]byte(s)), raw.EncodeToString([]byte(s)))
		for shift := range 3 {
			text := raw.EncodeToString(append(make([]byte, shift), s...))
			start, end := (8*shift+5)/6, 8*(shift+len(s))/6
			if end-start >= 4 {
				forms = append(forms, text[start:end])
			}
		}
	}
	slices.SortFunc(forms, func(a, b string) int { return len(b) - len(a) })
	return slices.Compact(forms)
}
