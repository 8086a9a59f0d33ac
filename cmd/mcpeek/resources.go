package main

import (
	"fmt"
	"mcpeek/internal/bytesize"
	"mcpeek/internal/plural"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/spf13/cobra"

	"mcpeek/internal/atomicfile"
	"mcpeek/mcpclient"
	"mcpeek/model"
	"mcpeek/summarizer"
)

// defaultReadCap is how much of a resource `read` prints or writes as
// JSON, unless --max-bytes says otherwise.
const defaultReadCap = 4 << 20

// resourcesJSON is what `resources --json` prints: each entry as the
// server sent it.
type resourcesJSON struct {
	Server            string           `json:"server"`
	Resources         []jsonIndentable `json:"resources"`
	ResourceTemplates []jsonIndentable `json:"resourceTemplates"`
	// Stopped says why a listing ended before the server's last page.
	Stopped []string `json:"stopped,omitempty"`
}

func (a *app) resourcesCommand() *cobra.Command {
	var asJSON bool
	var logs logFlag
	cmd := &cobra.Command{
		Use:   "resources SERVER",
		Short: "List a server's resources and resource templates",
		Example: "  mcpeek resources everything\n" +
			"  mcpeek resources everything --json",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			m, s, err := a.connectedServer(cmd.Context(), args[0], &logs)
			if err != nil {
				return err
			}
			defer logs.follow(a, m, s.Name)()
			var (
				res   mcpclient.Listing[mcpclient.Resource]
				tmpls mcpclient.Listing[mcpclient.ResourceTemplate]
			)
			if !s.Offers.Resources {
				a.note(fmt.Sprintf("%s declares no resources capability", s.Name))
			} else {
				if res, err = m.ListResources(cmd.Context(), s.Name); err != nil {
					return err
				}
				if tmpls, err = m.ListResourceTemplates(cmd.Context(), s.Name); err != nil {
					// The resources are listed: a server that cannot list
					// templates (many never implemented the method) is
					// shown with none.
					a.warn(fmt.Sprintf("no resource templates listed: %v", err))
				}
			}
			var stopped []string
			for _, l := range []struct{ what, why string }{{"resources", res.Stopped}, {"resource templates", tmpls.Stopped}} {
				if l.why != "" {
					stopped = append(stopped, l.what+": "+l.why)
					a.warn(s.Name + " " + l.what + ": " + l.why)
				}
			}
			if n := res.Skipped + tmpls.Skipped; n > 0 {
				a.warn(fmt.Sprintf("%s: %s left out (not objects of the expected shape)", s.Name, plural.Count(n, "entry", "entries")))
			}
			if asJSON {
				out := resourcesJSON{Server: s.Name, Resources: []jsonIndentable{}, ResourceTemplates: []jsonIndentable{}, Stopped: stopped}
				for _, r := range res.Items {
					out.Resources = append(out.Resources, jsonIndentable(r.Raw))
				}
				for _, t := range tmpls.Items {
					out.ResourceTemplates = append(out.ResourceTemplates, jsonIndentable(t.Raw))
				}
				return writeJSON(a.stdout, out)
			}
			a.printer().resources(res.Items, tmpls.Items)
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "Print {server, resources, resourceTemplates} with each entry as the server sent it")
	logs.register(cmd)
	return cmd
}

// resources prints the resources and templates as two tables.
func (p printer) resources(res []mcpclient.Resource, tmpls []mcpclient.ResourceTemplate) {
	p.println(p.head.Render(fmt.Sprintf("resources (%d)", len(res))))
	rows := make([][]string, 0, len(res))
	for _, r := range res {
		size := ""
		if r.Size >= 0 {
			size = bytesize.Human(r.Size)
		}
		rows = append(rows, []string{clean(r.URI), displayName(r.Name, r.Title), clean(r.MIMEType), size, withIcons(summarizer.FirstSentence(r.Description), r.Icons)})
	}
	p.table(rows)
	p.println("")
	p.println(p.head.Render(fmt.Sprintf("resource templates (%d)", len(tmpls))))
	rows = rows[:0]
	for _, t := range tmpls {
		rows = append(rows, []string{clean(t.URITemplate), displayName(t.Name, t.Title), clean(t.MIMEType), withIcons(summarizer.FirstSentence(t.Description), t.Icons)})
	}
	p.table(rows)
}

// withIcons is a description followed by its entry's icons' kinds ("2
// icons: image/png, ..."), made safe for the terminal; icons are never
// fetched.
func withIcons(desc string, icons []model.Icon) string {
	if it := model.IconsText(icons); it != "" {
		desc = strings.TrimPrefix(desc+" · "+it, " · ")
	}
	return clean(desc)
}

// displayName is "Title (name)" when a title is given, else the name,
// made safe for the terminal.
func displayName(name, title string) string {
	if title == "" || title == name {
		return clean(name)
	}
	return clean(title) + " (" + clean(name) + ")"
}

// maxCell bounds a table cell, in terminal cells, so that one long URI or
// description does not push every row off the screen.
const maxCell = 60

// table prints rows of cleaned cells in columns, two spaces apart; the last
// column is faint and not padded.
func (p printer) table(rows [][]string) {
	var widths []int
	for _, row := range rows {
		for i, cell := range row[:len(row)-1] {
			if i >= len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], min(ansi.StringWidth(cell), maxCell))
		}
	}
	for _, row := range rows {
		var b strings.Builder
		b.WriteString("  ")
		for i, cell := range row[:len(row)-1] {
			cell = ansi.Truncate(cell, maxCell, "…")
			b.WriteString(cell + strings.Repeat(" ", widths[i]-ansi.StringWidth(cell)+2))
		}
		line := strings.TrimRight(b.String(), " ")
		if last := row[len(row)-1]; last != "" {
			line += "  " + p.faint.Render(ansi.Truncate(last, 2*maxCell, "…"))
		}
		p.println(line)
	}
}

func (a *app) readCommand() *cobra.Command {
	var (
		asJSON   bool
		outFile  string
		maxBytes int64
		timeout  time.Duration
	)
	var logs logFlag
	cmd := &cobra.Command{
		Use:   "read SERVER URI",
		Short: "Read a resource: its text, or its type and size (-o FILE writes it)",
		Example: "  mcpeek read everything demo://resource/static/document/architecture.md\n" +
			"  mcpeek read everything demo://resource/dynamic/blob/1 -o blob.bin",
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			if maxBytes <= 0 {
				return usageError("--max-bytes must be a positive number of bytes")
			}
			m, s, err := a.connectedServer(cmd.Context(), args[0], &logs, mcpclient.WithCallTimeout(timeout))
			if err != nil {
				return err
			}
			defer logs.follow(a, m, s.Name)()
			res, err := m.ReadResource(cmd.Context(), s.Name, args[1])
			if err != nil {
				return err
			}
			if len(res.Contents) == 0 {
				return fmt.Errorf("%s sent no contents for %s", s.Name, args[1])
			}
			switch {
			case outFile != "":
				return a.writeContents(res.Contents, outFile)
			case asJSON:
				if n := int64(len(res.Raw)); n > maxBytes {
					return overCap(args[1], n, "JSON", maxBytes)
				}
				return writeJSON(a.stdout, jsonIndentable(res.Raw))
			}
			return a.printContents(args[1], res.Contents, maxBytes)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "Print the whole result as the server sent it")
	cmd.Flags().StringVarP(&outFile, "output", "o", "", "Write the contents, text or binary, byte for byte to FILE (no --max-bytes cap)")
	cmd.Flags().Int64Var(&maxBytes, "max-bytes", defaultReadCap, "Largest resource printed, in bytes: a bigger one is refused (write it with -o FILE)")
	cmd.Flags().DurationVar(&timeout, "timeout", 60*time.Second, "Deadline for the read (a big resource over a slow link may need more)")
	logs.register(cmd)
	return cmd
}

// overCap is the error for a resource too big to print.
func overCap(uri string, n int64, what string, limit int64) error {
	return fmt.Errorf("%s is %s of %s, more than --max-bytes (%s): write it to a file with -o FILE, or raise --max-bytes",
		uri, bytesize.Human(n), what, bytesize.Human(limit))
}

// printContents prints text contents sanitised and describes binary ones,
// refusing any over the cap.
func (a *app) printContents(uri string, contents []mcpclient.ResourceContents, limit int64) error {
	var total int64
	for _, c := range contents {
		if c.IsText() {
			total += c.Size()
		}
	}
	if total > limit {
		return overCap(uri, total, "text", limit)
	}
	for _, c := range contents {
		if len(contents) > 1 {
			fmt.Fprintf(a.stdout, "--- %s (%s)\n", clean(c.URI), orElse(clean(c.MIMEType), "no mime type"))
		}
		if !c.IsText() {
			fmt.Fprintf(a.stdout, "binary: %s, %s (write it with -o FILE)\n", orElse(clean(c.MIMEType), "no mime type"), bytesize.Human(c.Size()))
			continue
		}
		text := model.Sanitize(*c.Text)
		fmt.Fprint(a.stdout, text)
		if !strings.HasSuffix(text, "\n") {
			fmt.Fprintln(a.stdout)
		}
	}
	return nil
}

// orElse is s, or instead when s is "".
func orElse(s, instead string) string {
	if s == "" {
		return instead
	}
	return s
}

// writeContents writes the contents, decoded, to path: the first item; the
// others are named on stderr.
func (a *app) writeContents(contents []mcpclient.ResourceContents, path string) error {
	b, err := contents[0].Bytes()
	if err != nil {
		return err
	}
	if err := atomicfile.Write(path, b, 0o644); err != nil {
		return fmt.Errorf("-o: %w", err)
	}
	a.note(fmt.Sprintf("wrote %s (%s, %s) to %s", contents[0].URI, orElse(contents[0].MIMEType, "no mime type"), bytesize.Human(int64(len(b))), path))
	for _, c := range contents[1:] {
		a.warn(fmt.Sprintf("not written: %s (%s): -o writes the first of the %d contents (--json shows them all)", c.URI, bytesize.Human(c.Size()), len(contents)))
	}
	return nil
}
