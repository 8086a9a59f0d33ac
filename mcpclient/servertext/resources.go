package servertext

import (
	"cmp"
	"fmt"
	"io"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"mcpeek/internal/bytesize"
	"mcpeek/internal/styled"
	"mcpeek/mcpclient"
	"mcpeek/model"
	"mcpeek/summarizer"
)

// Resources prints the resources and templates as two tables.
func Resources(p styled.Printer, res []mcpclient.Resource, tmpls []mcpclient.ResourceTemplate) {
	p.Println(p.Head.Render(fmt.Sprintf("resources (%d)", len(res))))
	rows := make([][]string, 0, len(res))
	for _, r := range res {
		size := ""
		if r.Size >= 0 {
			size = bytesize.Human(r.Size)
		}
		rows = append(rows, []string{clean(r.URI), DisplayName(r.Name, r.Title), clean(r.MIMEType), size, withIcons(summarizer.FirstSentence(r.Description), r.Icons)})
	}
	table(p, rows)
	p.Println("")
	p.Println(p.Head.Render(fmt.Sprintf("resource templates (%d)", len(tmpls))))
	rows = rows[:0]
	for _, t := range tmpls {
		rows = append(rows, []string{clean(t.URITemplate), DisplayName(t.Name, t.Title), clean(t.MIMEType), withIcons(summarizer.FirstSentence(t.Description), t.Icons)})
	}
	table(p, rows)
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

// maxCell bounds a table cell, in terminal cells, so that one long URI or
// description does not push every row off the screen.
const maxCell = 60

// table prints rows of cleaned cells in columns, two spaces apart; the last
// column is faint and not padded.
func table(p styled.Printer, rows [][]string) {
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
			line += "  " + p.Faint.Render(ansi.Truncate(last, 2*maxCell, "…"))
		}
		p.Println(line)
	}
}

// OverCap is the error for a resource too big to print.
func OverCap(uri string, n int64, what string, limit int64) error {
	return fmt.Errorf("%s is %s of %s, more than --max-bytes (%s): write it to a file with -o FILE, or raise --max-bytes",
		uri, bytesize.Human(n), what, bytesize.Human(limit))
}

// Contents prints text contents to w sanitised and describes binary ones,
// refusing any over the cap.
func Contents(w io.Writer, uri string, contents []mcpclient.ResourceContents, limit int64) error {
	var total int64
	for _, c := range contents {
		if c.IsText() {
			total += c.Size()
		}
	}
	if total > limit {
		return OverCap(uri, total, "text", limit)
	}
	for _, c := range contents {
		if len(contents) > 1 {
			fmt.Fprintf(w, "--- %s (%s)\n", clean(c.URI), cmp.Or(clean(c.MIMEType), "no mime type"))
		}
		if !c.IsText() {
			fmt.Fprintf(w, "binary: %s, %s (write it with -o FILE)\n", cmp.Or(clean(c.MIMEType), "no mime type"), bytesize.Human(c.Size()))
			continue
		}
		text := model.Sanitize(*c.Text)
		fmt.Fprint(w, text)
		if !strings.HasSuffix(text, "\n") {
			fmt.Fprintln(w)
		}
	}
	return nil
}
