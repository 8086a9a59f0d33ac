package schemadiff

import (
	"fmt"
	"slices"
	"strings"
)

// Class says what a change does: to the callers of a tool (breaking,
// compatible), to the model that reads it (routing), or that the diff
// cannot tell (unknown).
type Class uint8

// The classes of change, from the least serious: the worst class of a
// list is its maximum.
const (
	// Compatible changes keep every caller working: an optional input
	// added, an output field added, an enum widened, a constraint of an
	// input loosened.
	Compatible Class = iota + 1
	// Routing changes change what a model reads to choose a tool or fill
	// its arguments: names, titles, descriptions at any depth, examples,
	// defaults, annotations, icons. Code keeps working; an agent may not
	// behave the same, and words are where instructions hide.
	Routing
	// Unknown changes are those the diff cannot decide: a pattern
	// changed, alternatives of a oneOf or anyOf restructured, a change
	// under a $ref that does not resolve. The detail says why.
	Unknown
	// Breaking changes can make a caller fail: a tool removed, an input
	// made required, an output field removed, a type changed.
	Breaking
)

// Classes lists every class, in the order reports lead with them: what a
// reviewer must decide first.
func Classes() []Class { return []Class{Breaking, Routing, Unknown, Compatible} }

// String returns the class's name: "breaking", "routing", "unknown" or
// "compatible".
func (c Class) String() string {
	switch c {
	case Breaking:
		return "breaking"
	case Routing:
		return "routing"
	case Unknown:
		return "unknown"
	case Compatible:
		return "compatible"
	}
	return "none"
}

// MarshalText writes the class as its name.
func (c Class) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// ParseClasses reads a list of class names separated by commas
// ("breaking,routing"), as --fail-on takes it.
func ParseClasses(list string) ([]Class, error) {
	var out []Class
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		i := slices.IndexFunc(Classes(), func(c Class) bool { return c.String() == name })
		if i < 0 {
			return nil, fmt.Errorf("%q is not a class of change (breaking, routing, unknown or compatible)", name)
		}
		if c := Classes()[i]; !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no class of change given (breaking, routing, unknown or compatible)")
	}
	return out, nil
}

// AnyOf reports whether some change is of one of the classes.
func AnyOf(changes []Change, classes []Class) bool {
	return slices.ContainsFunc(changes, func(c Change) bool { return slices.Contains(classes, c.Class) })
}

// maxShownText bounds the words a routing change carries whole in Old and
// New: a description may be long, a report line is not.
const maxShownText = 4096

// shownText is text as a change carries it: whole, up to maxShownText
// bytes (cut at a rune, marked "…").
func shownText(s string) string {
	if len(s) <= maxShownText {
		return s
	}
	cut := maxShownText
	for cut > 0 && !utf8RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

func utf8RuneStart(b byte) bool { return b&0xC0 != 0x80 }

// wordsChange is a routing change of text: c with its detail (what
// changed, briefly, after prefix) and both texts whole.
func wordsChange(c Change, old, new, prefix string) Change {
	c.Class = Routing
	c.Detail = prefix + wordsChanged(old, new)
	c.Old, c.New = shownText(old), shownText(new)
	return c
}
