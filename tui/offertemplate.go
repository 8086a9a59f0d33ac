package tui

import "github.com/yosida95/uritemplate/v3"

// A resource template is filled in the offer form: its variables are the
// form's fields, the URI read is the template expanded with them.

// templateVars are the variable names of an RFC 6570 URI template, in
// order, each once ({id}, {+path}, {?q,lang}, {name*}); none for a
// template that is not one.
func templateVars(tpl string) []string {
	t, err := uritemplate.New(tpl)
	if err != nil {
		return nil
	}
	return t.Varnames()
}

// expandTemplate fills a URI template's variables with vals, as RFC 6570
// says; a value left empty counts as not given (so {?q} adds no "q=").
// A template that is not one is returned as it is.
func expandTemplate(tpl string, vals map[string]string) string {
	t, err := uritemplate.New(tpl)
	if err != nil {
		return tpl
	}
	values := uritemplate.Values{}
	for name, v := range vals {
		if v != "" {
			values.Set(name, uritemplate.String(v))
		}
	}
	uri, err := t.Expand(values)
	if err != nil {
		return tpl
	}
	return uri
}
