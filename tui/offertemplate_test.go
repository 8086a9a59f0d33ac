package tui

import (
	"slices"
	"strings"
	"testing"
)

// A resource template's variables and its expansion follow RFC 6570: each
// variable once, in order; values escaped; an empty value not given; a
// template that is not one left as it is.
func TestURITemplates(t *testing.T) {
	t.Parallel()
	tpl := "file:///{+path}/{name}{?q,lang}{#frag}"
	if got, want := templateVars(tpl), []string{"path", "name", "q", "lang", "frag"}; !slices.Equal(got, want) {
		t.Errorf("templateVars = %q, want %q", got, want)
	}
	got := expandTemplate(tpl, map[string]string{"path": "a/b c", "name": "x y&z", "q": "", "lang": "ga", "frag": "top"})
	if want := "file:///a/b%20c/x%20y%26z?lang=ga#top"; got != want {
		t.Errorf("expandTemplate = %q, want %q", got, want)
	}
	if vars := templateVars("test://{unclosed"); vars != nil {
		t.Errorf("a broken template has variables %q", vars)
	}
	if got := expandTemplate("test://{unclosed", map[string]string{"unclosed": "x"}); got != "test://{unclosed" {
		t.Errorf("a broken template expanded to %q", got)
	}
	var many []string
	for i := range 1000 {
		many = append(many, "v"+strings.Repeat("x", i%7)+string(rune('a'+i%26))+strings.Repeat("0", i/26))
	}
	if vars := templateVars("t://{" + strings.Join(many, ",") + "}"); len(vars) != 1000 {
		t.Errorf("%d of 1,000 variables", len(vars))
	}
}
