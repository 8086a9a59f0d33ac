// Package kit is what every screen of the explorer shares: the styles,
// built once from the palette for a dark or light background, the key
// map, each key declared once with its help text, the pane contract (what
// the root asks of a pane: draw, size, keys, the wheel, a click, where the
// cursor is, help), the actions a pane or a dialog asks of the root, and
// the tickets that tag an answer with the request it answers.
package kit
