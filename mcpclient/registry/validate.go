package registry

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"
)

// The server.json schema's patterns.
var (
	namePattern      = regexp.MustCompile(`^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$`)
	sha256Pattern    = regexp.MustCompile(`^[a-f0-9]{64}$`)
	transportURLLike = regexp.MustCompile(`^(https?://[^\s]+|\{[a-zA-Z_][a-zA-Z0-9_]*\}[^\s]*)$`)
	versionRange     = regexp.MustCompile(`^[\^~<>=]|[ *]|\.x(\.|$)|\|\|`)
)

// Problems lists where s departs from the server.json schema, as
// sentences naming the field. A front end shows them as warnings: none of
// them stops s being read, and Launch refuses on its own what it cannot
// run safely.
func (s Server) Problems() []string {
	var p problems
	switch n := s.Name; {
	case n == "":
		p.add("name", "is missing")
	case len(n) < 3 || len(n) > 200 || !namePattern.MatchString(n):
		p.add("name", "is not namespace/name in reverse-DNS form (letters, digits, dots, dashes; 3 to 200 characters)")
	}
	p.length("title", s.Title, 0, 100)
	if s.Description == "" {
		p.add("description", "is missing")
	}
	p.length("description", s.Description, 0, 100)
	switch {
	case s.Version == "":
		p.add("version", "is missing")
	case versionRange.MatchString(s.Version):
		p.add("version", fmt.Sprintf("%q is a range, not one version", s.Version))
	}
	p.length("version", s.Version, 0, 255)
	if r := s.Repository; r != nil && (r.URL == "" || r.Source == "") {
		p.add("repository", "needs both url and source")
	}
	for i, pk := range s.Packages {
		at := fmt.Sprintf("packages[%d].", i)
		if pk.RegistryType == "" {
			p.add(at+"registryType", "is missing")
		}
		if pk.Identifier == "" {
			p.add(at+"identifier", "is missing")
		}
		switch {
		case pk.Version == "latest":
			p.add(at+"version", `is "latest": it must be one exact version`)
		case pk.Version != "" && versionRange.MatchString(pk.Version):
			p.add(at+"version", fmt.Sprintf("%q is a range, not one version", pk.Version))
		}
		if pk.FileSHA256 != "" && !sha256Pattern.MatchString(pk.FileSHA256) {
			p.add(at+"fileSha256", "is not 64 lowercase hexadecimal digits")
		}
		if pk.RegistryType == "mcpb" && pk.FileSHA256 == "" {
			p.add(at+"fileSha256", "is required for mcpb packages")
		}
		p.transport(at+"transport", pk.Transport, true)
		p.arguments(at+"runtimeArguments", pk.RuntimeArguments)
		p.arguments(at+"packageArguments", pk.PackageArguments)
		p.keyValues(at+"environmentVariables", pk.EnvironmentVariables)
	}
	for i, r := range s.Remotes {
		p.transport(fmt.Sprintf("remotes[%d]", i), r, false)
	}
	return p
}

type problems []string

func (p *problems) add(field, what string) { *p = append(*p, field+" "+what) }

func (p *problems) length(field, s string, lo, hi int) {
	if n := utf8.RuneCountInString(s); n < lo || n > hi {
		p.add(field, fmt.Sprintf("has %d characters; the schema allows at most %d", n, hi))
	}
}

func (p *problems) transport(at string, t Transport, local bool) {
	types := []string{"streamable-http", "sse"}
	if local {
		types = append(types, "stdio")
	}
	switch {
	case t.Type == "":
		p.add(at+".type", "is missing")
	case !slices.Contains(types, t.Type):
		p.add(at+".type", fmt.Sprintf("%q is not one of %s", t.Type, strings.Join(types, ", ")))
	case t.Type != "stdio" && !transportURLLike.MatchString(t.URL):
		p.add(at+".url", "is not an http(s) URL or a {variable} template")
	}
	p.keyValues(at+".headers", t.Headers)
}

func (p *problems) arguments(at string, args []Argument) {
	for i, a := range args {
		here := fmt.Sprintf("%s[%d]", at, i)
		switch a.Type {
		case "positional":
			if a.ValueHint == "" && a.Value == "" {
				p.add(here, "is positional with neither valueHint nor value")
			}
		case "named":
			if a.Name == "" {
				p.add(here+".name", "is missing")
			}
		default:
			p.add(here+".type", fmt.Sprintf("%q is not positional or named", a.Type))
		}
		p.format(here, a.Input)
	}
}

func (p *problems) keyValues(at string, kvs []KeyValueInput) {
	for i, kv := range kvs {
		here := fmt.Sprintf("%s[%d]", at, i)
		if kv.Name == "" {
			p.add(here+".name", "is missing")
		}
		p.format(here, kv.Input)
	}
}

func (p *problems) format(at string, in Input) {
	switch in.Format {
	case "", "string", "number", "boolean", "filepath":
	default:
		p.add(at+".format", fmt.Sprintf("%q is not string, number, boolean or filepath", in.Format))
	}
}
