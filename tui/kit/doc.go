// Package kit is what every screen of the explorer shares: the styles,
// built once from the palette for a dark or light background, and the key
// map, each key declared once with its help text.
package kit
