// Package theme is the semantic colour palette of mcpeek and its marks,
// shared by the terminal explorer and the command line's output, so a type,
// a name or a fold marker has the same colour in both, and a server's state
// or a tool's output schema the same mark.
package theme

import (
	"image/color"

	"charm.land/lipgloss/v2"

	"mcpeek/model"
)

// Palette is the semantic colour set every style is built from.
type Palette struct {
	Text, Muted, Faint         color.Color
	Accent, Key, Str, Num, Lit color.Color
	Object, Fold, OK, Warn     color.Color
	Err, SelBg, SelFg, Border  color.Color
	// Drift colours the marks a call result's check puts on a schema:
	// Missing for a required field the result lacks, Mismatch for a value
	// the schema does not allow (type, enum, null), Extra for a key the
	// schema does not declare.
	Missing, Mismatch, Extra color.Color
}

// New is the palette for a dark or light background.
func New(isDark bool) Palette {
	ld := lipgloss.LightDark(isDark)
	c := lipgloss.Color
	return Palette{
		Text:   ld(c("#1C1C22"), c("#E3E3E8")),
		Muted:  ld(c("#5F5F6E"), c("#9A9AA8")),
		Faint:  ld(c("#9A9AA6"), c("#5E5E6A")),
		Accent: ld(c("#6B3FD4"), c("#B39DFF")),
		Key:    ld(c("#1F5FAF"), c("#7FB8FF")),
		Str:    ld(c("#2E7D32"), c("#9BDB8F")),
		Num:    ld(c("#B3541E"), c("#F5A56B")),
		Lit:    ld(c("#AD1F7A"), c("#F08BD0")),
		Object: ld(c("#00796B"), c("#6FD6C8")),
		Fold:   ld(c("#A0640A"), c("#F2C46D")),
		OK:     ld(c("#2E7D32"), c("#7EE08A")),
		Warn:   ld(c("#A0640A"), c("#F2C46D")),
		Err:    ld(c("#C62828"), c("#FF6B7A")),
		SelBg:  ld(c("#DCD3FA"), c("#3B3361")),
		SelFg:  ld(c("#1C1C22"), c("#FFFFFF")),
		Border: ld(c("#C8C8D0"), c("#3C3C48")),

		Missing:  ld(c("#C62828"), c("#FF6B7A")),
		Mismatch: ld(c("#C2410C"), c("#FF5F00")),
		Extra:    ld(c("#0B6BA8"), c("#6EC6FF")),
	}
}

// TypeClass groups type labels by the colour they are drawn in.
type TypeClass uint8

// The classes of type labels.
const (
	TypeOther  TypeClass = iota // any, several types: muted
	TypeObject                  // objects and unions
	TypeString
	TypeNumber // integers and numbers
	TypeBool   // booleans and null
)

// ClassOf is the class of a type label ("string | null" is a string).
func ClassOf(label string) TypeClass {
	switch label {
	case "object", "object | null", "union", "union | null":
		return TypeObject
	case "string", "string | null":
		return TypeString
	case "integer", "number", "integer | null", "number | null":
		return TypeNumber
	case "boolean", "boolean | null", "null":
		return TypeBool
	}
	return TypeOther
}

// Marks are the symbols drawn beside a server (its state) and a tool (its
// output schema) in the explorer's tool list and by `mcpeek servers` and
// `mcpeek tools`. The tree's fold marks are schematree.DefaultGlyphs.
type Marks struct {
	Starting, Connected, Error, Disabled, NeedsLogin string
	// Output: the tool declares an output schema; NoOutput: it declares
	// none; Hidden: its folded summary hides fields.
	Output, NoOutput, Hidden string
}

// DefaultMarks are the marks both front ends draw.
var DefaultMarks = Marks{
	Starting: "◌", Connected: "●", Error: "✗", Disabled: "○", NeedsLogin: "⊘",
	Output: "◆", NoOutput: "◇", Hidden: "⋯",
}

// State is the mark of a server's connection state.
func (m Marks) State(s model.ConnState) string {
	switch s {
	case model.StateStarting:
		return m.Starting
	case model.StateConnected:
		return m.Connected
	case model.StateError:
		return m.Error
	case model.StateNeedsLogin:
		return m.NeedsLogin
	}
	return m.Disabled
}
