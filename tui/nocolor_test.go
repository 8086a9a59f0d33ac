package tui

import (
	"bytes"
	"io"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/exp/teatest/v2"
)

var (
	// sgrRE finds the terminal's select-graphic-rendition sequences.
	sgrRE = regexp.MustCompile(`\x1b\[([0-9;:]*)m`)
	// colourRE is an SGR parameter that sets a colour.
	colourRE = regexp.MustCompile(`^(3[0-8]|4[0-8]|9[0-7]|10[0-7])$`)
)

// sgrParams are every SGR parameter drawn, as written.
func sgrParams(out []byte) map[string]bool {
	ps := map[string]bool{}
	for _, m := range sgrRE.FindAllSubmatch(out, -1) {
		for _, p := range strings.FieldsFunc(string(m[1]), func(r rune) bool { return r == ';' || r == ':' }) {
			ps[p] = true
		}
	}
	return ps
}

// Under NO_COLOR (the explorer's NoColor and the ASCII profile it is run
// with) the terminal gets no colour at all, only attributes: bold, and
// the cursor in reverse video. The same screen in true colour has them.
func TestNoColorDrawsNoColour(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name    string
		noColor bool
		profile colorprofile.Profile
	}{{"NO_COLOR", true, colorprofile.ASCII}, {"truecolor", false, colorprofile.TrueColor}} {
		t.Run(c.name, func(t *testing.T) {
			m := New(Options{StateDir: stateDir(t), Backend: demoManager(t), NoColor: c.noColor})
			m.clock.after = func(time.Duration, tea.Msg) tea.Cmd { return nil }
			tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(80, 24),
				teatest.WithProgramOptions(tea.WithColorProfile(c.profile)))
			var out bytes.Buffer
			waitFor(t, io.TeeReader(tm.Output(), &out), "shop_get_order")
			if err := tm.Quit(); err != nil {
				t.Fatal(err)
			}
			tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
			ps := sgrParams(out.Bytes())
			var colours []string
			for p := range ps {
				if colourRE.MatchString(p) {
					colours = append(colours, p)
				}
			}
			switch {
			case c.noColor && (len(colours) > 0 || !ps["7"] || !ps["1"]):
				t.Errorf("colours %v drawn, reverse %v, bold %v", colours, ps["7"], ps["1"])
			case !c.noColor && len(colours) == 0:
				t.Error("no colour drawn in true colour: the check sees nothing")
			}
		})
	}
}
