package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"charm.land/lipgloss/v2"

	"mcpeek/internal/jsonfmt"
	"mcpeek/internal/styled"
	"mcpeek/model"
	"mcpeek/tui/theme"
	"mcpeek/tui/treetext"
)

// writeJSON prints v as the golden fixtures are written: two-space
// indent, no HTML escaping (jsonfmt.MarshalIndent, which the explorer's
// planner view shows too), and the characters that would act on a terminal
// or reorder its text escaped (model.EscapeJSON: the same JSON value).
func writeJSON(w io.Writer, v any) error {
	b, err := jsonfmt.MarshalIndent(v)
	if err != nil {
		return err
	}
	_, err = w.Write(model.EscapeJSON(b))
	return err
}

// printer writes readable text, styled only on a colour terminal, in the
// explorer's palette. Every string that came from a schema or a server
// goes through clean first.
type printer struct {
	w       io.Writer
	styled  bool
	palette theme.Palette
	roles   treetext.RoleStyles // a tree line's, the explorer's too
	path    lipgloss.Style
	fold    lipgloss.Style
	head    lipgloss.Style
	faint   lipgloss.Style
}

func (a *app) printer() printer {
	p := printer{w: a.stdout, styled: a.color}
	if p.styled {
		p.palette = theme.New(darkBackground())
		p.roles = treetext.NewRoleStyles(p.palette)
		p.path = lipgloss.NewStyle().Foreground(p.palette.Key).Bold(true)
		p.fold = lipgloss.NewStyle().Foreground(p.palette.Fold).Italic(true)
		p.head = lipgloss.NewStyle().Bold(true).Underline(true)
		p.faint = lipgloss.NewStyle().Faint(true)
	}
	return p
}

// out is p as the packages that render for the command line take it.
func (p printer) out() styled.Printer {
	st := styled.Styles{Color: p.styled, Path: p.path, Fold: p.fold, Head: p.head, Faint: p.faint}
	if p.styled {
		st.Type = p.roles.Type
	}
	return styled.Printer{W: p.w, Styles: st}
}

// darkBackground guesses the terminal's background from COLORFGBG
// ("15;0": light text on black), which many terminals set; without it,
// dark. The command line never queries the terminal: an answer that does
// not come would stall every command.
func darkBackground() bool {
	v := os.Getenv("COLORFGBG")
	i := strings.LastIndexByte(v, ';')
	if i < 0 {
		return true
	}
	switch v[i+1:] {
	case "7", "9", "10", "11", "12", "13", "14", "15":
		return false
	}
	return true
}

// typ styles a type label in its colour.
func (p printer) typ(label string) string {
	if !p.styled {
		return label
	}
	return p.roles.Type(label).Render(label)
}

// clean makes untrusted text safe for a terminal and keeps it on one line.
func clean(s string) string { return model.SanitizeLine(s) }

func (p printer) println(s string) { fmt.Fprintln(p.w, s) }

// jsonIndentable lets writeJSON re-indent raw JSON for reading. Member
// order is kept, and the \u003c-style escapes some servers write for <, >
// and & are turned back into the characters.
type jsonIndentable []byte

func (j jsonIndentable) MarshalJSON() ([]byte, error) {
	v, err := model.DecodeJSON(j)
	if err != nil {
		return j, nil // not ours to fix: shown as it came
	}
	return v.AppendJSON(nil), nil
}
