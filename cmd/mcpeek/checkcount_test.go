package main

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The check report's headline counts the lines it heads: one per mark
// (violations and undeclared keys apart), then the validator's findings
// no mark explains. stale_post_message has three violations, an
// undeclared key and two findings of the validator alone.
func TestCallCheckHeadlineCountsItsLines(t *testing.T) {
	t.Parallel()
	demo := useDemo(t)
	_, stderr, _ := demo.mcpeek(t, "call", "demo.stale_post_message", "--args", `{"channel": "C1", "text": "hi"}`, "--check")
	lines := strings.Split(report(stderr), "\n")
	head := regexp.MustCompile(`(\d+) violations? and (\d+) undeclared keys? marked, (\d+) more found`).FindStringSubmatch(lines[0])
	if head == nil {
		t.Fatalf("headline %q", lines[0])
	}
	kinds := map[string]int{}
	for _, l := range lines[1:] {
		for _, k := range []string{"missing required", "type mismatch", "enum mismatch", "null not allowed", "not allowed", "undeclared", "validator"} {
			if strings.HasPrefix(l, "  "+k+" ") {
				kinds[k]++
				break
			}
		}
	}
	violations := kinds["missing required"] + kinds["type mismatch"] + kinds["enum mismatch"] + kinds["null not allowed"] + kinds["not allowed"]
	for i, n := range []int{violations, kinds["undeclared"], kinds["validator"]} {
		if strconv.Itoa(n) != head[i+1] {
			t.Errorf("the headline %q says %s where %d lines follow", lines[0], head[i+1], n)
		}
	}
}
