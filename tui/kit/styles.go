package kit

import (
	"image/color"
	"mcpeek/summarizer/schemadiff"
	"mcpeek/summarizer/schematree"
	"mcpeek/tui/docview"
	"mcpeek/tui/theme"
	"mcpeek/tui/treetext"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/textinput"
	"charm.land/lipgloss/v2"
)

// Icons are the glyphs the UI draws; plain ASCII would do as well.
type Icons struct {
	// The marks of a server's state and a tool's output schema, the
	// command line's too.
	theme.Marks
	Folded, Unfolded, Leaf, Cycle string
	Gateway                       string
	// Marks of a call result's check, one per kind, so that the kind
	// reads without colour too.
	Missing, TypeMismatch, EnumMismatch string
	NullMark, NotAllowed, Undeclared    string
	// The marks of changes and lint findings: a change's class (breaking,
	// routing, unknown, compatible), a tool added, refused, gone.
	Breaking, Routing, Unknown, Compatible, Added, Rejected, Gone string
	// A tool clients drop (its x-mcp-header breaks the rules), and an MCP
	// App's tool.
	Dropped, App string
}

// Styles is every style the UI renders with, built once from the palette
// and rebuilt when the terminal reports its background.
type Styles struct {
	Icons Icons

	Title, Dim, Faint, Accent lipgloss.Style
	PaneTitle, PaneTitleFocus lipgloss.Style
	Tab, TabActive, Separator lipgloss.Style

	// Tree lines: a style per role, the one mapping `mcpeek fold` draws
	// with too, and the cursor and a search match over them.
	treetext.RoleStyles
	Cursor, CursorBlur, Match lipgloss.Style

	// A call result over the trees: the value a field held, and the
	// marks of what differs from the schema.
	Observed, MarkMissing, MarkMismatch, MarkExtra lipgloss.Style

	// Servers and tools.
	Server, Tool                                        lipgloss.Style
	StateStarting, StateConnected, StateError, StateOff lipgloss.Style
	Marker, HiddenMark, ErrText                         lipgloss.Style
	// Badge is a server's protocol era in its pane.
	Badge lipgloss.Style
	// Changes and findings: a breaking or compatible change, a tool
	// added or removed since the baseline, a tool some client refuses.
	Breaking, Compatible, AddedMark, RemovedTool, Rejected lipgloss.Style
	// RoutingMark and UnknownMark are the marks of a routing change (what
	// a model reads) and of one the diff cannot class.
	RoutingMark, UnknownMark lipgloss.Style

	// Bars.
	PathBar, Status, StatusErr lipgloss.Style

	// JSON is raw JSON, by token.
	JSON docview.JSONStyles
	// Dialog is the frame of a dialog on the dialog stack.
	Dialog lipgloss.Style

	Help  help.Styles
	Input textinput.Styles
}

// NewStyles builds the styles for a dark or light background. Colours are
// always set: under NO_COLOR the program's colour profile drops them and
// keeps the attributes. noColor says so, and the cursor, which would lose
// its background, is drawn in reverse video.
func NewStyles(isDark, noColor bool) Styles {
	p := theme.New(isDark)
	st := lipgloss.NewStyle
	fg := func(c color.Color) lipgloss.Style { return st().Foreground(c) }
	s := Styles{
		Icons: Icons{
			Marks:  theme.DefaultMarks,
			Folded: schematree.DefaultGlyphs.Folded, Unfolded: schematree.DefaultGlyphs.Unfolded,
			Leaf: schematree.DefaultGlyphs.Leaf, Cycle: schematree.DefaultGlyphs.Cycle,
			Gateway: "⇄",
			Missing: "✗", TypeMismatch: "≠", EnumMismatch: "∉",
			NullMark: "∅", NotAllowed: "⊘", Undeclared: "+",
			Breaking: "▲", Routing: "✎", Unknown: "?", Compatible: "△", Added: "+", Rejected: "⚠", Gone: "−",
			Dropped: "⊘", App: "▣",
		},
		Title:          fg(p.Accent).Bold(true),
		Dim:            fg(p.Muted),
		Faint:          fg(p.Faint),
		Accent:         fg(p.Accent),
		PaneTitle:      fg(p.Muted).Bold(true),
		PaneTitleFocus: fg(p.Accent).Bold(true),
		Tab:            fg(p.Muted),
		TabActive:      fg(p.Accent).Bold(true).Underline(true),
		Separator:      fg(p.Border),

		RoleStyles: treetext.NewRoleStyles(p),
		Cursor:     st().Background(p.SelBg).Foreground(p.SelFg).Bold(true),
		CursorBlur: st().Background(p.Border).Foreground(p.Text),
		Match:      fg(p.Fold).Underline(true),

		Observed:     fg(p.Muted),
		MarkMissing:  fg(p.Missing).Bold(true),
		MarkMismatch: fg(p.Mismatch).Bold(true),
		MarkExtra:    fg(p.Extra),

		Server:         fg(p.Text).Bold(true),
		Tool:           fg(p.Text),
		StateStarting:  fg(p.Warn),
		StateConnected: fg(p.OK),
		StateError:     fg(p.Err),
		StateOff:       fg(p.Faint),
		Marker:         fg(p.Object),
		HiddenMark:     fg(p.Fold),
		ErrText:        fg(p.Err),
		Breaking:       fg(p.Err).Bold(true),
		Compatible:     fg(p.OK),
		AddedMark:      fg(p.OK),
		RemovedTool:    fg(p.Faint).Strikethrough(true),
		Rejected:       fg(p.Warn),
		RoutingMark:    fg(p.Accent).Bold(true),
		UnknownMark:    fg(p.Warn).Bold(true),
		Badge:          st().Background(p.Border).Foreground(p.Text).Bold(true),

		PathBar:   fg(p.Text),
		Status:    fg(p.OK),
		StatusErr: fg(p.Err).Bold(true),

		JSON: docview.JSONStyles{Key: fg(p.Key), String: fg(p.Str), Number: fg(p.Num), Literal: fg(p.Lit),
			Punct: fg(p.Muted)},

		Dialog: st().Border(lipgloss.RoundedBorder()).BorderForeground(p.Accent).Padding(0, 1),

		Help:  help.DefaultStyles(isDark),
		Input: textinput.DefaultStyles(isDark),
	}
	// A steady cursor: a blinking one would keep a timer running.
	s.Input.Cursor.Blink = false
	if noColor {
		s.Cursor = st().Reverse(true).Bold(true)
		s.CursorBlur = st().Reverse(true)
		s.Help.ShortKey = s.Help.ShortKey.Bold(true)
		s.Help.FullKey = s.Help.FullKey.Bold(true)
	}
	return s
}

// ClassMark is the mark of a change's class and its style; "" for none.
func (s *Styles) ClassMark(c schemadiff.Class) (string, lipgloss.Style) {
	switch c {
	case schemadiff.Breaking:
		return s.Icons.Breaking, s.Breaking
	case schemadiff.Unknown:
		return s.Icons.Unknown, s.UnknownMark
	case schemadiff.Routing:
		return s.Icons.Routing, s.RoutingMark
	case schemadiff.Compatible:
		return s.Icons.Compatible, s.Compatible
	}
	return "", s.Dim
}
