package main

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

func TestParseScreen(t *testing.T) {
	rows := parseScreen("\x1b[1m\x1b[38;5;147m mc\x1b[0m│\x1b[48;2;59;51;97mx\x1b[49m<", 8, 2)
	if len(rows) != 2 || len(rows[0]) != 8 {
		t.Fatalf("rows %d × %d", len(rows), len(rows[0]))
	}
	if c := rows[0][1]; c.text != "m" || !c.style.bold || c.style.fg != "#AFAFFF" {
		t.Errorf("cell 1: %+v", c)
	}
	if c := rows[0][3]; c.text != "│" || c.style.bold || c.style.fg != "" {
		t.Errorf("cell 3: %+v", c)
	}
	if c := rows[0][4]; c.text != "x" || c.style.bg != "#3B3361" {
		t.Errorf("cell 4: %+v", c)
	}
	if c := rows[0][5]; c.text != "<" || c.style.bg != "" || rows[1][0].text != " " {
		t.Errorf("cell 5 and padding: %+v %+v", c, rows[1][0])
	}
}

func TestXterm256(t *testing.T) {
	for k, want := range map[int]string{1: "#CD0000", 16: "#000000", 147: "#AFAFFF", 231: "#FFFFFF", 232: "#080808", 255: "#EEEEEE"} {
		if got := xterm256(k); got != want {
			t.Errorf("xterm256(%d) = %s, want %s", k, got, want)
		}
	}
}

func TestRenderSVGEscapesAndKeepsColumns(t *testing.T) {
	svg := renderSVG("a<b & \"c\"\n\x1b[7mrev\x1b[27m", 10, 2)
	if !strings.Contains(svg, "a&lt;b &amp; &quot;c&quot;") {
		t.Errorf("text not escaped:\n%s", svg)
	}
	if !strings.Contains(svg, `textLength="25.2"`) { // "rev": 3 cells of 8.4
		t.Errorf("a run is not stretched to its cells:\n%s", svg)
	}
	if strings.Count(svg, "<text") != 2 {
		t.Errorf("want 2 text runs:\n%s", svg)
	}
}

func TestCastFile(t *testing.T) {
	cast := castFile([]frame{{at: 500 * time.Millisecond, screen: "one\ntwo"}}, 20, 5, 2*time.Second)
	lines := strings.Split(strings.TrimSpace(string(cast)), "\n")
	var head map[string]any
	if err := json.Unmarshal([]byte(lines[0]), &head); err != nil || head["version"] != 2.0 || head["width"] != 20.0 {
		t.Fatalf("header %s: %v", lines[0], err)
	}
	var ev []any
	if err := json.Unmarshal([]byte(lines[1]), &ev); err != nil || ev[0] != 0.5 || ev[1] != "o" ||
		!strings.Contains(ev[2].(string), "one\x1b[0m\r\ntwo") {
		t.Fatalf("event %s: %v", lines[1], err)
	}
	if len(lines) != 3 {
		t.Fatalf("%d lines", len(lines))
	}
}
