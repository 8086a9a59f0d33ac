package main

import (
	"strings"
	"testing"

	"github.com/spf13/pflag"
)

// A flag's help text is one paragraph: the help reflows it to the
// terminal's width, and a line break written into it lands mid-line at
// 80 columns (--lock-allow's did).
func TestFlagTextsHoldNoLineBreak(t *testing.T) {
	t.Parallel()
	for _, c := range everyCommand() {
		c.LocalFlags().VisitAll(func(f *pflag.Flag) {
			if strings.Contains(f.Usage, "\n") {
				t.Errorf("%s --%s: a line break in %q", c.CommandPath(), f.Name, f.Usage)
			}
		})
	}
}
