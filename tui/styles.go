package tui

import (
	"image/color"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/textinput"
	"charm.land/lipgloss/v2"
)

// palette is the semantic colour set every style is built from.
type palette struct {
	text, muted, faint         color.Color
	accent, key, str, num, lit color.Color
	object, fold, ok, warn     color.Color
	err, selBg, selFg, border  color.Color
}

func newPalette(isDark bool) palette {
	ld := lipgloss.LightDark(isDark)
	c := lipgloss.Color
	return palette{
		text:   ld(c("#1C1C22"), c("#E3E3E8")),
		muted:  ld(c("#5F5F6E"), c("#9A9AA8")),
		faint:  ld(c("#9A9AA6"), c("#5E5E6A")),
		accent: ld(c("#6B3FD4"), c("#B39DFF")),
		key:    ld(c("#1F5FAF"), c("#7FB8FF")),
		str:    ld(c("#2E7D32"), c("#9BDB8F")),
		num:    ld(c("#B3541E"), c("#F5A56B")),
		lit:    ld(c("#AD1F7A"), c("#F08BD0")),
		object: ld(c("#00796B"), c("#6FD6C8")),
		fold:   ld(c("#A0640A"), c("#F2C46D")),
		ok:     ld(c("#2E7D32"), c("#7EE08A")),
		warn:   ld(c("#A0640A"), c("#F2C46D")),
		err:    ld(c("#C62828"), c("#FF6B7A")),
		selBg:  ld(c("#DCD3FA"), c("#3B3361")),
		selFg:  ld(c("#1C1C22"), c("#FFFFFF")),
		border: ld(c("#C8C8D0"), c("#3C3C48")),
	}
}

// Icons are the glyphs the UI draws; plain ASCII would do as well.
type Icons struct {
	Starting, Connected, Error, Disabled string
	Output, NoOutput, Hidden             string
	Folded, Unfolded, Leaf, Cycle        string
	Gateway                              string
}

// Styles is every style the UI renders with, built once from the palette
// and rebuilt when the terminal reports its background.
type Styles struct {
	Icons Icons

	Title, Dim, Faint, Accent lipgloss.Style
	PaneTitle, PaneTitleFocus lipgloss.Style
	Tab, TabActive, Separator lipgloss.Style

	// Tree lines.
	Cursor, CursorBlur                     lipgloss.Style
	Glyph, Name, Required, Count, Note     lipgloss.Style
	TypeObject, TypeString, TypeNumber     lipgloss.Style
	TypeBool, TypeOther, More, Cycle, Desc lipgloss.Style
	Section, Match                         lipgloss.Style

	// Servers and tools.
	Server, Tool                                        lipgloss.Style
	StateStarting, StateConnected, StateError, StateOff lipgloss.Style
	Marker, HiddenMark, ErrText                         lipgloss.Style

	// Bars.
	PathBar, Status, StatusErr lipgloss.Style

	// Raw JSON.
	JSONKey, JSONString, JSONNumber, JSONLiteral, JSONPunct lipgloss.Style

	Help  help.Styles
	Input textinput.Styles
}

// NewStyles builds the styles for a dark or light background. Colours are
// always set: under NO_COLOR the program's colour profile drops them and
// keeps the attributes. noColor says so, and the cursor, which would lose
// its background, is drawn in reverse video.
func NewStyles(isDark, noColor bool) Styles {
	p := newPalette(isDark)
	st := lipgloss.NewStyle
	fg := func(c color.Color) lipgloss.Style { return st().Foreground(c) }
	s := Styles{
		Icons: Icons{
			Starting: "◌", Connected: "●", Error: "✗", Disabled: "○",
			Output: "◆", NoOutput: "◇", Hidden: "⋯",
			Folded: "▸", Unfolded: "▾", Leaf: " ", Cycle: "↻",
			Gateway: "⇄",
		},
		Title:          fg(p.accent).Bold(true),
		Dim:            fg(p.muted),
		Faint:          fg(p.faint),
		Accent:         fg(p.accent),
		PaneTitle:      fg(p.muted).Bold(true),
		PaneTitleFocus: fg(p.accent).Bold(true),
		Tab:            fg(p.muted),
		TabActive:      fg(p.accent).Bold(true).Underline(true),
		Separator:      fg(p.border),

		Cursor:     st().Background(p.selBg).Foreground(p.selFg).Bold(true),
		CursorBlur: st().Background(p.border).Foreground(p.text),
		Glyph:      fg(p.fold),
		Name:       fg(p.key),
		Required:   fg(p.err),
		Count:      fg(p.fold),
		Note:       fg(p.muted).Italic(true),
		TypeObject: fg(p.object),
		TypeString: fg(p.str),
		TypeNumber: fg(p.num),
		TypeBool:   fg(p.lit),
		TypeOther:  fg(p.muted),
		More:       fg(p.fold).Italic(true),
		Cycle:      fg(p.lit).Italic(true),
		Desc:       fg(p.faint),
		Section:    fg(p.accent).Bold(true),
		Match:      fg(p.fold).Underline(true),

		Server:         fg(p.text).Bold(true),
		Tool:           fg(p.text),
		StateStarting:  fg(p.warn),
		StateConnected: fg(p.ok),
		StateError:     fg(p.err),
		StateOff:       fg(p.faint),
		Marker:         fg(p.object),
		HiddenMark:     fg(p.fold),
		ErrText:        fg(p.err),

		PathBar:   fg(p.text),
		Status:    fg(p.ok),
		StatusErr: fg(p.err).Bold(true),

		JSONKey:     fg(p.key),
		JSONString:  fg(p.str),
		JSONNumber:  fg(p.num),
		JSONLiteral: fg(p.lit),
		JSONPunct:   fg(p.muted),

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

// typeStyle picks the colour of a type label.
func (s *Styles) typeStyle(label string) lipgloss.Style {
	switch label {
	case "object", "object | null", "union", "union | null":
		return s.TypeObject
	case "string", "string | null":
		return s.TypeString
	case "integer", "number", "integer | null", "number | null":
		return s.TypeNumber
	case "boolean", "boolean | null", "null":
		return s.TypeBool
	}
	return s.TypeOther
}
