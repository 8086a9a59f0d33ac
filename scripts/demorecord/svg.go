package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// cellStyle is what SGR sequences set for a run of cells.
type cellStyle struct {
	fg, bg                                  string // "#rrggbb", "" for the default
	bold, italic, underline, reverse, faint bool
}

// cell is one screen cell: its text (one grapheme) and style.
type cell struct {
	text  string
	style cellStyle
}

// The picture's colours where the terminal's defaults apply: mcpeek's
// dark palette.
const (
	defaultFG = "#E3E3E8"
	defaultBG = "#17171F"
)

// parseScreen reads tmux's styled capture (capture-pane -e) into rows of
// cells, width cells each.
func parseScreen(screen string, width, height int) [][]cell {
	rows := make([][]cell, height)
	lines := strings.Split(screen, "\n")
	for y := range rows {
		row := make([]cell, 0, width)
		var st cellStyle
		if y < len(lines) {
			line := lines[y]
			for len(line) > 0 {
				if strings.HasPrefix(line, "\x1b[") {
					end := strings.IndexFunc(line[2:], func(r rune) bool { return r >= 0x40 && r <= 0x7e })
					if end < 0 {
						break
					}
					if line[2+end] == 'm' {
						st = applySGR(st, line[2:2+end])
					}
					line = line[3+end:]
					continue
				}
				if line[0] == '\x1b' { // another escape: skip its introducer
					line = line[1:]
					continue
				}
				g, w := firstGrapheme(line)
				line = line[len(g):]
				row = append(row, cell{text: g, style: st})
				for range w - 1 {
					row = append(row, cell{style: st}) // the rest of a wide glyph
				}
			}
		}
		for len(row) < width {
			row = append(row, cell{text: " "})
		}
		rows[y] = row[:width]
	}
	return rows
}

// firstGrapheme is the first character of s and its width in cells.
func firstGrapheme(s string) (string, int) {
	for i := range s {
		if i > 0 {
			return s[:i], max(ansi.StringWidth(s[:i]), 1)
		}
	}
	return s, max(ansi.StringWidth(s), 1)
}

// applySGR applies one SGR parameter list ("1;38;5;147") to st.
func applySGR(st cellStyle, params string) cellStyle {
	if params == "" {
		return cellStyle{}
	}
	ps := strings.Split(params, ";")
	for i := 0; i < len(ps); i++ {
		n, _ := strconv.Atoi(ps[i])
		switch {
		case n == 0:
			st = cellStyle{}
		case n == 1:
			st.bold = true
		case n == 2:
			st.faint = true
		case n == 3:
			st.italic = true
		case n == 4:
			st.underline = true
		case n == 7:
			st.reverse = true
		case n == 22:
			st.bold, st.faint = false, false
		case n == 23:
			st.italic = false
		case n == 24:
			st.underline = false
		case n == 27:
			st.reverse = false
		case n >= 30 && n <= 37:
			st.fg = xterm256(n - 30)
		case n >= 90 && n <= 97:
			st.fg = xterm256(n - 90 + 8)
		case n >= 40 && n <= 47:
			st.bg = xterm256(n - 40)
		case n >= 100 && n <= 107:
			st.bg = xterm256(n - 100 + 8)
		case n == 39:
			st.fg = ""
		case n == 49:
			st.bg = ""
		case n == 38 || n == 48:
			var c string
			if i+2 < len(ps) && ps[i+1] == "5" {
				k, _ := strconv.Atoi(ps[i+2])
				c, i = xterm256(k), i+2
			} else if i+4 < len(ps) && ps[i+1] == "2" {
				r, _ := strconv.Atoi(ps[i+2])
				g, _ := strconv.Atoi(ps[i+3])
				b, _ := strconv.Atoi(ps[i+4])
				c, i = fmt.Sprintf("#%02X%02X%02X", r, g, b), i+4
			}
			if n == 38 {
				st.fg = c
			} else {
				st.bg = c
			}
		}
	}
	return st
}

// xterm256 is the RGB of an xterm 256-colour index.
func xterm256(k int) string {
	base := []string{"#000000", "#CD0000", "#00CD00", "#CDCD00", "#0000EE", "#CD00CD", "#00CDCD", "#E5E5E5",
		"#7F7F7F", "#FF0000", "#00FF00", "#FFFF00", "#5C5CFF", "#FF00FF", "#00FFFF", "#FFFFFF"}
	switch {
	case k < 0 || k > 255:
		return ""
	case k < 16:
		return base[k]
	case k < 232:
		k -= 16
		level := []int{0, 95, 135, 175, 215, 255}
		return fmt.Sprintf("#%02X%02X%02X", level[k/36], level[k/6%6], level[k%6])
	}
	g := 8 + 10*(k-232)
	return fmt.Sprintf("#%02X%02X%02X", g, g, g)
}

// The picture's geometry, in pixels.
const (
	cellW   = 8.4
	cellH   = 18.0
	fontPx  = 14
	padding = 14.0
	barH    = 28.0
)

// renderSVG draws a captured screen as an SVG picture of a terminal
// window: one rect per run of background colour, one text element per
// run of same-styled text, each stretched to its exact cell width so no
// font makes the columns drift.
func renderSVG(screen string, width, height int) string {
	rows := parseScreen(screen, width, height)
	w := padding*2 + cellW*float64(width)
	h := barH + padding*2 + cellH*float64(height)
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f">`+"\n", w, h, w, h)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" rx="8" fill="%s"/>`+"\n", defaultBG)
	for i, c := range []string{"#FF5F57", "#FEBC2E", "#28C840"} {
		fmt.Fprintf(&b, `<circle cx="%.0f" cy="14" r="6" fill="%s"/>`+"\n", padding+6+float64(i)*20, c)
	}
	fmt.Fprintf(&b, `<g font-family="'DejaVu Sans Mono','Menlo','Consolas',monospace" font-size="%d" xml:space="preserve">`+"\n", fontPx)
	for y, row := range rows {
		top := barH + padding + float64(y)*cellH
		base := top + cellH*0.75
		for x := 0; x < len(row); {
			st := row[x].style
			end := x + 1
			for end < len(row) && row[end].style == st {
				end++
			}
			fg, bg := st.fg, st.bg
			if fg == "" {
				fg = defaultFG
			}
			if st.reverse {
				fg, bg = orDefault(bg, defaultBG), fg
			}
			left := padding + float64(x)*cellW
			runW := float64(end-x) * cellW
			if bg != "" {
				fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"/>`+"\n", left, top, runW, cellH, bg)
			}
			var text strings.Builder
			for _, c := range row[x:end] {
				text.WriteString(c.text)
			}
			if t := text.String(); strings.TrimSpace(t) != "" {
				attrs := ""
				if st.bold {
					attrs += ` font-weight="bold"`
				}
				if st.italic {
					attrs += ` font-style="italic"`
				}
				if st.underline {
					attrs += ` text-decoration="underline"`
				}
				if st.faint {
					attrs += ` fill-opacity="0.6"`
				}
				fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" fill="%s" textLength="%.1f" lengthAdjust="spacingAndGlyphs"%s>%s</text>`+"\n",
					left, base, fg, runW, attrs, xmlEscape(t))
			}
			x = end
		}
	}
	b.WriteString("</g>\n</svg>\n")
	return b.String()
}

func orDefault(c, def string) string {
	if c == "" {
		return def
	}
	return c
}

func xmlEscape(s string) string {
	r := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;")
	return r.Replace(s)
}
