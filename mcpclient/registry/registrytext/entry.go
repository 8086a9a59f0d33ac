package registrytext

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
	"unicode/utf8"

	"mcpeek/internal/styled"
	"mcpeek/mcpclient/registry"
	"mcpeek/model"
)

// maxShownDescription caps the description Entry prints: a registry's
// schema allows 100 characters, and a hostile entry may hold megabytes.
const maxShownDescription = 2000

// Entry prints a server of the registry: what it is, where its source is,
// and for each package and remote how it runs and what it asks.
func Entry(p styled.Printer, e registry.Entry) {
	s := e.Server
	p.Println(p.Path.Render(clean(s.Name)) + "  " + clean(s.Version))
	if s.Title != "" {
		p.Println("  " + p.Head.Render(clean(s.Title)))
	}
	desc := model.Sanitize(s.Description)
	if n := utf8.RuneCountInString(desc); n > maxShownDescription {
		desc = string([]rune(desc)[:maxShownDescription]) + fmt.Sprintf("… (%d more characters: --json shows all)", n-maxShownDescription)
	}
	for _, l := range strings.Split(desc, "\n") {
		p.Println("  " + clean(l))
	}
	if o := e.Meta.Official; o.Status != "" {
		status := clean(o.Status)
		if o.IsLatest {
			status += ", latest"
		}
		if o.StatusMessage != "" {
			status += ": " + clean(o.StatusMessage)
		}
		p.Println("  status: " + status + dated("; published ", o.PublishedAt) + dated(", updated ", o.UpdatedAt))
	}
	if r := s.Repository; r != nil && r.URL != "" {
		where := clean(r.URL)
		if r.Subfolder != "" {
			where += " (" + clean(r.Subfolder) + ")"
		}
		p.Println("  repository: " + where)
	}
	if s.WebsiteURL != "" {
		p.Println("  website: " + clean(s.WebsiteURL))
	}
	if problems := s.Problems(); len(problems) > 0 {
		p.Println(p.Fold.Render("  departs from the server.json schema:"))
		for _, pr := range problems {
			p.Println(p.Fold.Render("    " + clean(pr)))
		}
	}
	if len(s.Packages) == 0 && len(s.Remotes) == 0 {
		p.Println(p.Faint.Render("  no packages and no remotes: nothing to run"))
	}
	for _, pk := range s.Packages {
		printPackage(p, pk)
	}
	for _, r := range s.Remotes {
		p.Println("")
		p.Println(p.Head.Render("remote "+clean(r.Type)) + " " + p.Path.Render(clean(r.URL)))
		printInputs(p, "variables", variableInputs(r.Variables))
		printInputs(p, "headers", keyValueInputs(r.Headers))
	}
}

// printPackage prints a package: where it comes from, its inputs and the
// command line it runs with the values of this environment.
func printPackage(p styled.Printer, pk registry.Package) {
	p.Println("")
	head := "package " + clean(pk.RegistryType)
	transport := pk.Transport.Type
	if transport == "" {
		transport = "stdio"
	}
	p.Println(p.Head.Render(head) + " " + p.Path.Render(clean(pk.Identifier)) + " " + clean(pk.Version) + "  (" + clean(transport) + ")")
	if pk.Transport.URL != "" {
		p.Println("  url: " + clean(pk.Transport.URL))
	}
	if pk.RegistryBaseURL != "" {
		p.Println("  from: " + clean(pk.RegistryBaseURL))
	}
	if pk.FileSHA256 != "" {
		p.Println("  sha256: " + clean(pk.FileSHA256))
	}
	if pk.RuntimeHint != "" {
		p.Println("  runtime: " + clean(pk.RuntimeHint))
	}
	printInputs(p, "runtime arguments", argumentInputs(pk.RuntimeArguments))
	printInputs(p, "package arguments", argumentInputs(pk.PackageArguments))
	printInputs(p, "environment variables", keyValueInputs(pk.EnvironmentVariables))
	printInputs(p, "headers", keyValueInputs(pk.Transport.Headers))
	l, err := pk.Launch(nil, os.LookupEnv)
	switch {
	case errors.Is(err, registry.ErrNotRunnable):
		p.Println(p.Faint.Render("  run: " + clean(err.Error())))
	case err != nil:
		p.Println(p.Fold.Render("  run: " + clean(err.Error())))
	default:
		line := "  run: " + clean(l.CommandLine())
		if len(l.Missing) > 0 {
			line += "  (needs " + clean(strings.Join(l.Missing, ", ")) + ")"
		}
		p.Println(line)
	}
}

// namedInput is an input with the label it is shown under.
type namedInput struct {
	label string
	in    registry.Input
	extra []string // what kind of input it is: positional, repeated, ...
}

func argumentInputs(args []registry.Argument) []namedInput {
	out := make([]namedInput, 0, len(args))
	for _, a := range args {
		n := namedInput{in: a.Input}
		switch {
		case a.Type == "named":
			n.label = a.Name
			n.extra = append(n.extra, "named")
		case a.ValueHint != "":
			n.label = "<" + a.ValueHint + ">"
			n.extra = append(n.extra, "positional")
		default:
			n.label = quoteShown(a.Value) // a fixed value, shown as facts below too
			n.extra = append(n.extra, "positional")
		}
		if a.IsRepeated {
			n.extra = append(n.extra, "repeated")
		}
		out = append(out, n)
	}
	return out
}

func keyValueInputs(kvs []registry.KeyValueInput) []namedInput {
	out := make([]namedInput, 0, len(kvs))
	for _, kv := range kvs {
		out = append(out, namedInput{label: kv.Name, in: kv.Input})
	}
	return out
}

func variableInputs(vars map[string]registry.Input) []namedInput {
	var out []namedInput
	for _, name := range slices.Sorted(maps.Keys(vars)) {
		out = append(out, namedInput{label: "{" + name + "}", in: vars[name]})
	}
	return out
}

// printInputs prints a titled list of inputs, each with whether it is
// required or secret, its fixed value or default, and its description.
func printInputs(p styled.Printer, title string, ins []namedInput) {
	if len(ins) == 0 {
		return
	}
	p.Println("  " + title + ":")
	for _, n := range ins {
		in := n.in
		facts := n.extra
		switch {
		case in.Value != "" && len(in.Variables) == 0:
			facts = append(facts, "fixed")
		case in.IsRequired:
			facts = append(facts, "required")
		default:
			facts = append(facts, "optional")
		}
		if in.IsSecret {
			facts = append(facts, "secret")
		}
		if in.Format != "" && in.Format != "string" {
			facts = append(facts, in.Format)
		}
		if in.Value != "" {
			facts = append(facts, "value "+quoteShown(in.Value))
		}
		if in.Default != "" {
			facts = append(facts, "default "+quoteShown(in.Default))
		}
		if len(in.Choices) > 0 {
			facts = append(facts, "one of "+strings.Join(in.Choices, "|"))
		}
		line := "    " + p.Path.Render(clean(n.label)) + "  " + clean(strings.Join(facts, ", "))
		if in.Description != "" {
			line += p.Faint.Render(" — " + styled.Cut(clean(in.Description), 200))
		}
		p.Println(line)
		for _, v := range slices.Sorted(maps.Keys(in.Variables)) {
			vin := in.Variables[v]
			p.Println(p.Faint.Render("      {" + clean(v) + "} " + clean(strings.Join(variableFacts(vin), ", "))))
		}
	}
}

func variableFacts(in registry.Input) []string {
	var facts []string
	if in.IsRequired {
		facts = append(facts, "required")
	}
	if in.IsSecret {
		facts = append(facts, "secret")
	}
	if in.Default != "" {
		facts = append(facts, "default "+quoteShown(in.Default))
	}
	if in.Description != "" {
		facts = append(facts, in.Description)
	}
	return facts
}

// quoteShown shows a registry value in double quotes, so that spaces and
// shell syntax in it read as part of the value.
func quoteShown(s string) string { return `"` + styled.Cut(s, 200) + `"` }
