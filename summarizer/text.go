package summarizer

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// PlainText is a description as a planner or a person should read it:
// HTML tags dropped, entities decoded, <code> kept as backticks, paragraphs
// and line breaks kept as blank lines and newlines, runs of spaces collapsed
// and the ends trimmed. Markdown is left as it is, and so is anything in
// angle brackets that is not an HTML element (`repos/<owner>/<repo>`).
func PlainText(s string) string {
	if !strings.ContainsAny(s, "<&") {
		return tidySpace(s)
	}
	var b strings.Builder
	b.Grow(len(s))
	z := html.NewTokenizer(strings.NewReader(s))
	skip := 0 // inside <script> or <style>
	pre := 0  // inside <pre>: its code is already marked
	for {
		tt := z.Next()
		raw := z.Raw()
		if tt == html.ErrorToken {
			b.Write(raw) // an unfinished tag at the end is text
			break
		}
		switch tt {
		case html.TextToken:
			if skip == 0 {
				b.Write(z.Text())
			}
		case html.StartTagToken, html.EndTagToken, html.SelfClosingTagToken:
			name, _ := z.TagName()
			a := atom.Lookup(name)
			if a == 0 {
				b.Write(raw) // not an HTML element: `<owner>` is text
				continue
			}
			start := tt != html.EndTagToken
			switch a {
			case atom.Script, atom.Style:
				if tt == html.StartTagToken {
					skip++
				} else if tt == html.EndTagToken && skip > 0 {
					skip--
				}
			case atom.Pre:
				b.WriteString("\n\n")
				if tt == html.StartTagToken {
					pre++
				} else if tt == html.EndTagToken && pre > 0 {
					pre--
				}
			case atom.Code, atom.Tt, atom.Kbd, atom.Samp:
				if pre == 0 && tt != html.SelfClosingTagToken {
					b.WriteByte('`')
				}
			case atom.Br:
				b.WriteByte('\n')
			case atom.Li, atom.Dt:
				if start {
					b.WriteString("\n- ")
				}
			case atom.P, atom.Div, atom.Ul, atom.Ol, atom.Dl, atom.Dd, atom.Table, atom.Tr,
				atom.Blockquote, atom.Section, atom.Article, atom.Header, atom.Footer, atom.Hr,
				atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
				b.WriteString("\n\n")
			case atom.Td, atom.Th:
				if start {
					b.WriteByte(' ')
				}
			}
		}
	}
	return tidySpace(b.String())
}

// tidySpace collapses runs of spaces and tabs, trims every line's ends,
// keeps at most one blank line between paragraphs and trims the whole.
func tidySpace(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	blank := 0 // newlines pending
	space := false
	started := false
	for _, r := range s {
		switch r {
		case '\r':
			continue
		case '\n':
			blank++
			space = false
			continue
		case ' ', '\t', '\u00a0':
			space = true
			continue
		}
		if started {
			switch {
			case blank >= 2:
				b.WriteString("\n\n")
			case blank == 1:
				b.WriteByte('\n')
			case space:
				b.WriteByte(' ')
			}
		}
		blank, space, started = 0, false, true
		b.WriteRune(r)
	}
	return b.String()
}

// FirstSentence is a description's one-line summary, for lists, search
// results and the inspector: its plain text up to the first blank line or
// sentence end, on one line, at most maxDescription characters.
func FirstSentence(s string) string {
	s = PlainText(s)
	if i := strings.Index(s, "\n\n"); i >= 0 {
		s = s[:i]
	}
	return firstSentence(s)
}

// firstSentence is the first sentence of s on one line, at most
// maxDescription characters.
func firstSentence(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	for i := 0; i < len(s); i++ {
		if (s[i] == '.' || s[i] == '!' || s[i] == '?') && sentenceEnds(s, i) {
			s = s[:i+1]
			break
		}
	}
	if utf8.RuneCountInString(s) > maxDescription {
		r := []rune(s)
		s = string(r[:maxDescription-1]) + "…"
	}
	return s
}
