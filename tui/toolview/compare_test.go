package toolview

import (
	"encoding/json"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"mcpeek/internal/testkit"
	"mcpeek/summarizer"
	"mcpeek/tui/kit"
)

// leafCount is an independent count over a schema's JSON, written for
// this test from docs/summary.md's words and nothing of the summarizer: it
// walks properties and items, follows local $refs, stops at a $ref already
// on the path, reads anyOf/oneOf as the docs say (null dropped, one
// left is the node, all objects merge, else a union leaf) and unwraps the
// {successful, data, error} envelope. It handles the schemas it is given
// (no allOf).
type leafCount struct {
	doc                     map[string]any
	leaves                  []string
	parents                 map[string]string
	listed, oneStep, beyond []string
}

func newLeafCount(t *testing.T, raw []byte) *leafCount {
	var doc map[string]any
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	c := &leafCount{doc: doc, parents: map[string]string{}}
	root, refs := c.deref(doc, nil)
	if props, ok := root["properties"].(map[string]any); ok {
		_, hasSuccess := props["successful"]
		_, hasErr := props["error"]
		if data, ok := props["data"].(map[string]any); ok && (hasSuccess || hasErr) {
			root, refs = c.deref(data, refs)
		}
	}
	path := ""
	for root["type"] == "array" {
		path += "[]"
		root, refs = c.deref(root["items"].(map[string]any), refs)
	}
	c.object(root, path, refs)
	return c
}

// deref follows $refs, reporting false as second result when one is
// already on the path (recursion).
func (c *leafCount) deref(s map[string]any, refs []string) (map[string]any, []string) {
	for {
		ref, ok := s["$ref"].(string)
		if !ok {
			return s, refs
		}
		if slices.Contains(refs, ref) {
			return map[string]any{"recursive": true, "type": "object"}, refs
		}
		refs = append(slices.Clip(refs), ref)
		var v any = c.doc
		for _, tok := range strings.Split(strings.TrimPrefix(ref, "#/"), "/") {
			v = v.(map[string]any)[tok]
		}
		s = v.(map[string]any)
	}
}

// resolve is deref, then the documented reading of anyOf and oneOf.
func (c *leafCount) resolve(s map[string]any, refs []string) (map[string]any, []string) {
	s, refs = c.deref(s, refs)
	alts, ok := s["anyOf"].([]any)
	if !ok {
		alts, ok = s["oneOf"].([]any)
	}
	if !ok {
		return s, refs
	}
	var kept []map[string]any
	var keptRefs []string
	for _, a := range alts {
		if a.(map[string]any)["type"] == "null" {
			continue
		}
		r, rr := c.resolve(a.(map[string]any), refs)
		kept = append(kept, r)
		keptRefs = append(keptRefs, rr...)
		if len(kept) == 1 {
			refs = rr
		}
	}
	if len(kept) == 1 {
		return kept[0], refs
	}
	merged := map[string]any{}
	for _, k := range kept {
		props, ok := k["properties"].(map[string]any)
		if !ok {
			return map[string]any{"type": "union"}, refs
		}
		for name, p := range props {
			if _, dup := merged[name]; !dup {
				merged[name] = p
			}
		}
	}
	return map[string]any{"type": "object", "properties": merged}, keptRefs
}

func (c *leafCount) object(s map[string]any, path string, refs []string) {
	props, _ := s["properties"].(map[string]any)
	for name, p := range props {
		child, crefs := c.resolve(p.(map[string]any), refs)
		seg := name
		for child["type"] == "array" {
			seg += "[]"
			items, ok := child["items"].(map[string]any)
			if !ok {
				child = map[string]any{}
				break
			}
			child, crefs = c.resolve(items, crefs)
		}
		full := seg
		if path != "" {
			full = path + "." + seg
		}
		_, isObject := child["properties"]
		_, hasAdditional := child["additionalProperties"]
		if child["type"] == "object" || isObject || hasAdditional {
			if child["recursive"] != true {
				c.object(child, full, crefs)
			}
			continue
		}
		c.leaves = append(c.leaves, full)
		c.parents[full] = path
	}
}

// classify sorts the leaves by how summary lines reach them.
func (c *leafCount) classify(lines []string, rootPath string) {
	c.listed, c.oneStep, c.beyond = nil, nil, nil
	listed, folded := map[string]bool{}, map[string]bool{}
	for _, l := range lines {
		head, _, _ := strings.Cut(l, " (")
		path, _, _ := strings.Cut(head, ": ")
		switch {
		case strings.HasSuffix(path, "*"):
			folded[rootPath] = true
		case strings.Contains(l, "inspect_tool_output("):
			folded[path] = true
		}
		listed[path] = true
	}
	for _, leaf := range c.leaves {
		switch {
		case listed[leaf]:
			c.listed = append(c.listed, leaf)
		case folded[c.parents[leaf]]:
			c.oneStep = append(c.oneStep, leaf)
		default:
			c.beyond = append(c.beyond, leaf)
		}
	}
}

var (
	listedRE  = regexp.MustCompile(`listed (\d+) of (\d+) leaves`)
	oneStepRE = regexp.MustCompile(`one call away (\d+) · (?:hidden, no marker|further) (\d+)`)
)

// shownCounts reads the counts a column shows: listed, leaves, one step,
// further.
func shownCounts(t *testing.T, col []DocLine) [4]int {
	st := kit.NewStyles(true, true)
	var text strings.Builder
	for _, l := range col[:4] {
		DrawLine(&st, &text, l, 200)
		text.WriteByte('\n')
	}
	s := ansi.Strip(text.String())
	a, b := listedRE.FindStringSubmatch(s), oneStepRE.FindStringSubmatch(s)
	if a == nil || b == nil {
		t.Fatalf("no counts in:\n%s", s)
	}
	var out [4]int
	for i, v := range []string{a[1], a[2], b[1], b[2]} {
		out[i], _ = strconv.Atoi(v)
	}
	return out
}

// shownPaths reads the paths listed under a heading of a column.
func shownPaths(col []DocLine, heading string) []string {
	var out []string
	in := false
	for _, l := range col {
		text := ""
		for _, sp := range l {
			text += sp.Text
		}
		switch {
		case strings.HasPrefix(text, heading):
			in = true
		case in && strings.HasPrefix(text, "  "):
			out = append(out, strings.TrimSpace(text))
		case in:
			return out
		}
	}
	return out
}

// The counts and the hidden leaves the compare view shows agree with the
// independent count, for both views, at several budgets.
func TestCompareCountsAgreeWithAnIndependentCount(t *testing.T) {
	t.Parallel()
	order, err := os.ReadFile("../../summarizer/testdata/shopify_order.output.json")
	if err != nil {
		t.Fatal(err)
	}
	schemas := map[string][]byte{"shopify_order": order}
	for _, name := range []string{"crm_get_contact_flat", "mail_search_threads", "chat_list_channels", "docs_get_document", "analytics_timeseries"} {
		schemas[name] = testkit.DemoTool(t, name).OutputSchema
	}
	for name, raw := range schemas {
		s := testkit.Parse(t, raw)
		ind := newLeafCount(t, raw)
		rootPath := ""
		if strings.HasPrefix(summarizer.Summarize(s, summarizer.Options{}).Lines[0].Written(), "[]") {
			rootPath = "[]"
		}
		for _, b := range []summarizer.Options{{MaxFields: 30, MaxDepth: 3}, {MaxFields: 10, MaxDepth: 3}, {MaxFields: 5, MaxDepth: 1}, {MaxFields: 60, MaxDepth: 6}} {
			d := newCompareDoc(s, b)
			for _, side := range []struct {
				col   []DocLine
				lines []string
			}{{d.legacy, summarizer.Strings(summarizer.Legacy(s, b))}, {d.folded, summarizer.Summarize(s, b).OutputFields()}} {
				ind.classify(side.lines, rootPath)
				want := [4]int{len(ind.listed), len(ind.leaves), len(ind.oneStep), len(ind.beyond)}
				if got := shownCounts(t, side.col); got != want {
					t.Errorf("%s at %+v: shown %v, independent count %v (listed, leaves, one step, further)\nlines %q",
						name, b, got, want, side.lines)
				}
			}
			// The leaves each view hides, by path.
			ind.classify(summarizer.Strings(summarizer.Legacy(s, b)), rootPath)
			if got := shownPaths(d.legacy, "hidden, no marker"); !sameSet(got, ind.beyond) {
				t.Errorf("%s at %+v: legacy hides %d shown, %d counted", name, b, len(got), len(ind.beyond))
			}
			ind.classify(summarizer.Summarize(s, b).OutputFields(), rootPath)
			if got := shownPaths(d.folded, "one inspect call away"); !sameSet(got, ind.oneStep) {
				t.Errorf("%s at %+v: one step: shown %q, counted %q", name, b, got, ind.oneStep)
			}
			if got := shownPaths(d.folded, "two or more"); !sameSet(got, ind.beyond) {
				t.Errorf("%s at %+v: beyond: %d shown, %d counted", name, b, len(got), len(ind.beyond))
			}
		}
	}
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}
