// Package registry reads the official MCP Registry and the sub-registries
// that serve its API: the read-only API v0.1 (GET /v0.1/servers and
// /v0.1/servers/{name}/versions[/{version|latest}]), and the server.json
// documents it answers with. It follows the registry's own OpenAPI
// document and server.json schema for every field; a field it does not
// know is kept in the entry's raw JSON and otherwise ignored, and a field
// of the wrong type is an error that names it.
//
// Everything a registry says is untrusted: names, descriptions and
// arguments may carry escape sequences or shell syntax. This package keeps
// them as data; front ends sanitise them before they reach a terminal, and
// Command turns a package into an argument vector that is never given to
// a shell.
package registry

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
)

// Entry is one answer of the registry: a server.json document and what the
// registry says about it (the API's ServerResponse).
type Entry struct {
	Server Server    `json:"server"`
	Meta   EntryMeta `json:"_meta"`
	// Raw is the entry as the registry sent it, fields this package does
	// not know included.
	Raw json.RawMessage `json:"-"`
}

// EntryMeta is the registry-managed metadata of an entry.
type EntryMeta struct {
	Official Official `json:"io.modelcontextprotocol.registry/official"`
}

// Official is the official registry's metadata of one server version. The
// times are kept as the registry wrote them (RFC 3339).
type Official struct {
	Status          string `json:"status"` // active, deprecated or deleted
	StatusMessage   string `json:"statusMessage"`
	StatusChangedAt string `json:"statusChangedAt"`
	PublishedAt     string `json:"publishedAt"`
	UpdatedAt       string `json:"updatedAt"`
	IsLatest        bool   `json:"isLatest"`
}

// Server is a server.json document (the API's ServerDetail).
type Server struct {
	Schema      string      `json:"$schema"`
	Name        string      `json:"name"` // reverse-DNS namespace, a slash, a name
	Title       string      `json:"title"`
	Description string      `json:"description"`
	Version     string      `json:"version"`
	WebsiteURL  string      `json:"websiteUrl"`
	Repository  *Repository `json:"repository"`
	Packages    []Package   `json:"packages"`
	Remotes     []Transport `json:"remotes"`
}

// Repository is where a server's source code lives.
type Repository struct {
	URL       string `json:"url"`
	Source    string `json:"source"`
	ID        string `json:"id"`
	Subfolder string `json:"subfolder"`
}

// Package is one way to run a server locally: a package of a package
// registry (npm, pypi, oci, nuget, mcpb, ...) and how to start it.
type Package struct {
	RegistryType         string          `json:"registryType"`
	RegistryBaseURL      string          `json:"registryBaseUrl"`
	Identifier           string          `json:"identifier"`
	Version              string          `json:"version"`
	FileSHA256           string          `json:"fileSha256"`
	RuntimeHint          string          `json:"runtimeHint"`
	Transport            Transport       `json:"transport"`
	RuntimeArguments     []Argument      `json:"runtimeArguments"`
	PackageArguments     []Argument      `json:"packageArguments"`
	EnvironmentVariables []KeyValueInput `json:"environmentVariables"`
}

// Transport is how a client talks to a server: stdio, or streamable-http
// and sse with a URL template. A remote's template variables are in
// Variables.
type Transport struct {
	Type      string           `json:"type"`
	URL       string           `json:"url"`
	Headers   []KeyValueInput  `json:"headers"`
	Variables map[string]Input `json:"variables"`
}

// Input is a value the user may have to give: an argument, an
// environment variable, a header or a template variable.
type Input struct {
	Description string   `json:"description"`
	IsRequired  bool     `json:"isRequired"`
	Format      string   `json:"format"` // string (default), number, boolean, filepath
	Value       string   `json:"value"`  // fixed by the publisher; may hold {variables}
	IsSecret    bool     `json:"isSecret"`
	Default     string   `json:"default"`
	Placeholder string   `json:"placeholder"`
	Choices     []string `json:"choices"`
	// Variables fill the {names} in Value.
	Variables map[string]Input `json:"variables"`
}

// Argument is a command-line argument: positional (a value) or named (a
// flag and, maybe, its value).
type Argument struct {
	Input
	Type       string `json:"type"`      // positional or named
	Name       string `json:"name"`      // named: the flag with its dashes, e.g. --port
	ValueHint  string `json:"valueHint"` // positional: a label, never on the command line
	IsRepeated bool   `json:"isRepeated"`
}

// KeyValueInput is an environment variable or a header.
type KeyValueInput struct {
	Input
	Name string `json:"name"`
}

// ParseEntry reads one entry of a registry answer ({server, _meta}). Fields
// it does not know are kept in Raw; a field of the wrong type is an error
// naming it.
func ParseEntry(raw []byte) (Entry, error) {
	var e Entry
	if err := json.Unmarshal(raw, &e); err != nil {
		return Entry{}, fieldError(err)
	}
	e.Raw = append(json.RawMessage(nil), raw...)
	return e, nil
}

// ParseServer reads a server.json document alone, as a publisher writes it.
func ParseServer(raw []byte) (Server, error) {
	var s Server
	if err := json.Unmarshal(raw, &s); err != nil {
		return Server{}, fieldError(err)
	}
	return s, nil
}

// fieldError says which field had the wrong type, in the document's terms.
func fieldError(err error) error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		field := te.Field
		if field == "" {
			return fmt.Errorf("the entry is a JSON %s, not an object", te.Value)
		}
		return fmt.Errorf("field %q is a JSON %s, not %s", field, te.Value, jsonKind(te.Type))
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Errorf("not valid JSON at byte %d: %w", se.Offset, err)
	}
	return err
}

// jsonKind names a Go type as the JSON value it reads.
func jsonKind(t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "a boolean"
	case reflect.Slice:
		return "an array"
	case reflect.Map, reflect.Struct:
		return "an object"
	case reflect.Int, reflect.Int64, reflect.Float64:
		return "a number"
	}
	return "a " + t.String()
}

// ShortName is the last part of a registry name ("server-everything" for
// "io.github.modelcontextprotocol/server-everything"): the name a server
// tried from the registry goes by.
func ShortName(name string) string {
	return name[strings.LastIndexByte(name, '/')+1:]
}

// SplitRef reads NAME[@VERSION]. The version is "latest" when none is
// given. Registry names hold no "@", so the last one separates.
func SplitRef(ref string) (name, version string) {
	if i := strings.LastIndexByte(ref, '@'); i > 0 {
		return ref[:i], ref[i+1:]
	}
	return ref, "latest"
}

// Deleted reports whether the registry marks the entry deleted (listings
// with updated_since include deleted entries).
func (e Entry) Deleted() bool { return e.Meta.Official.Status == "deleted" }

// NeedsSecret reports whether any package or remote asks for a secret.
func (s Server) NeedsSecret() bool {
	secret := func(in []KeyValueInput) bool {
		for _, v := range in {
			if v.IsSecret {
				return true
			}
		}
		return false
	}
	for _, p := range s.Packages {
		if secret(p.EnvironmentVariables) || secret(p.Transport.Headers) {
			return true
		}
		for _, a := range append(append([]Argument(nil), p.RuntimeArguments...), p.PackageArguments...) {
			if a.IsSecret {
				return true
			}
		}
	}
	for _, r := range s.Remotes {
		if secret(r.Headers) {
			return true
		}
		for _, v := range r.Variables {
			if v.IsSecret {
				return true
			}
		}
	}
	return false
}

// Kinds lists the package registry types of s and "remote" when it has
// remotes, each once, in order: "npm", "oci", "remote".
func (s Server) Kinds() []string {
	var out []string
	seen := map[string]bool{}
	add := func(k string) {
		if k != "" && !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	for _, p := range s.Packages {
		add(p.RegistryType)
	}
	if len(s.Remotes) > 0 {
		add("remote")
	}
	return out
}
