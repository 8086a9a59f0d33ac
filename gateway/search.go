package gateway

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"mcpeek/summarizer"
)

// searchAnswer is search_tools' result.
type searchAnswer struct {
	Query   string                  `json:"query"`
	Results []summarizer.Descriptor `json:"results"`
	Hint    string                  `json:"hint,omitempty"`
}

// isStopWord reports query words too common to rank by.
func isStopWord(w string) bool {
	switch w {
	case "a", "an", "the", "to", "of", "for", "and", "or", "in", "on", "by", "with", "me", "my":
		return true
	}
	return false
}

// maxQuery is how many bytes of a search query are read: words enough for
// any question, and a bound on the work, which tries every word on every
// op (a 4 MB query of distinct words took minutes).
const maxQuery = 256

// search ranks every op against query: the whole query in an op id or name
// first, then by how many query words an op matches and where (tool name,
// server, parameter names, description). Only ops that match something are
// returned: no padding. Only the first maxQuery bytes of query are read,
// and the answer repeats at most maxEcho of them.
func search(r *Registry, query string, limit int) searchAnswer {
	if limit <= 0 {
		limit = 8
	}
	q := strings.ToLower(strings.TrimSpace(cutRunes(query, maxQuery)))
	words := searchWords(q)
	type hit struct {
		op    *Op
		score int
	}
	var hits []hit
	for _, op := range r.order {
		if s := score(op, q, words); s > 0 {
			hits = append(hits, hit{op, s})
		}
	}
	slices.SortStableFunc(hits, func(a, b hit) int {
		if a.score != b.score {
			return b.score - a.score
		}
		return strings.Compare(a.op.ID, b.op.ID)
	})
	out := searchAnswer{Query: clip(query), Results: []summarizer.Descriptor{}}
	for i := 0; i < len(hits) && i < limit; i++ {
		d, _ := summarizer.Describe(hits[i].op.Tool, summarizer.Options{})
		out.Results = append(out.Results, d)
	}
	if len(out.Results) == 0 {
		out.Hint = fmt.Sprintf(`No tool matched %q. Try other or fewer words, or browse with tool_help("").`, out.Query)
	}
	return out
}

func searchWords(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if !isStopWord(w) && !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return out
}

func score(op *Op, q string, words []string) int {
	id := strings.ToLower(op.ID)
	name := strings.ToLower(op.Tool.Name)
	nameWords := searchWords(name)
	desc := strings.ToLower(op.Tool.Title + " " + op.Tool.Description)
	params := op.schemas.paramNames(op.Tool.InputSchema)
	s := 0
	switch {
	case q == "":
	case q == name || q == id:
		s += 100
	case strings.Contains(id, q):
		s += 30
	case slices.Contains(params, q):
		s += 25
	}
	matched := 0
	for _, w := range words {
		ws := 0
		switch {
		case slices.Contains(nameWords, w):
			ws = 8
		case strings.Contains(name, w):
			ws = 5
		}
		if strings.EqualFold(op.Server, w) {
			ws = max(ws, 4)
		}
		for _, p := range params {
			if strings.Contains(p, w) {
				ws = max(ws, 3)
				break
			}
		}
		if ws == 0 && strings.Contains(desc, w) {
			ws = 2
		}
		if ws > 0 {
			matched++
			s += ws
		}
	}
	return s + 10*matched
}

// paramNames lists the input schema's top-level property names, lower-case.
func (s *opSchemas) paramNames(raw json.RawMessage) []string {
	s.paramsOnce.Do(func() {
		var schema struct {
			Properties map[string]json.RawMessage `json:"properties"`
		}
		_ = json.Unmarshal(raw, &schema)
		for name := range schema.Properties {
			s.params = append(s.params, strings.ToLower(name))
		}
		slices.Sort(s.params)
	})
	return s.params
}
