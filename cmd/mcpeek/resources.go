package main

import (
	"cmp"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"mcpeek/internal/atomicfile"
	"mcpeek/internal/bytesize"
	"mcpeek/mcpclient"
	"mcpeek/mcpclient/servertext"
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
			listed, err := m.ListServerResources(cmd.Context(), s, a.note, a.warn)
			if err != nil {
				return err
			}
			res, tmpls, stopped := listed.Resources, listed.Templates, listed.Stopped
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
			servertext.Resources(a.printer().out(), res.Items, tmpls.Items)
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "Print {server, resources, resourceTemplates} with each entry as the server sent it")
	logs.register(cmd)
	return cmd
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
					return servertext.OverCap(args[1], n, "JSON", maxBytes)
				}
				return writeJSON(a.stdout, jsonIndentable(res.Raw))
			}
			return servertext.Contents(a.stdout, args[1], res.Contents, maxBytes)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "Print the whole result as the server sent it")
	cmd.Flags().StringVarP(&outFile, "output", "o", "", "Write the contents, text or binary, byte for byte to FILE (no --max-bytes cap)")
	cmd.Flags().Int64Var(&maxBytes, "max-bytes", defaultReadCap, "Largest resource printed, in bytes: a bigger one is refused (write it with -o FILE)")
	cmd.Flags().DurationVar(&timeout, "timeout", 60*time.Second, "Deadline for the read (a big resource over a slow link may need more)")
	logs.register(cmd)
	return cmd
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
	a.note(fmt.Sprintf("wrote %s (%s, %s) to %s", contents[0].URI, cmp.Or(contents[0].MIMEType, "no mime type"), bytesize.Human(int64(len(b))), path))
	for _, c := range contents[1:] {
		a.warn(fmt.Sprintf("not written: %s (%s): -o writes the first of the %d contents (--json shows them all)", c.URI, bytesize.Human(c.Size()), len(contents)))
	}
	return nil
}
