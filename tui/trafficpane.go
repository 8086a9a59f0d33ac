package tui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"mcpeek/tui/kit"
	"mcpeek/tui/traffic"
)

// trafficPane is the traffic screen over the explorer's body: a
// traffic.Screen handed the explorer's keys, styles and gateway.
type trafficPane struct {
	*traffic.Screen
	open bool // the screen is shown
	// gw is the model's gateway, which the head line tells of.
	gw *backgroundGateway
}

func (p *trafficPane) render(f frame) string {
	return p.Render(f.styles, p.gateway())
}

// gateway is what the head line says of the background gateway.
func (p *trafficPane) gateway() traffic.Gateway {
	g := traffic.Gateway{On: p.gw.state == gatewayOn, Off: p.gw.state == gatewayOff, Missed: p.gw.missed}
	if run := p.gw.run; run != nil {
		g.URL, g.Mode = run.URL(), string(run.Gateway().Mode())
	}
	return g
}

func (p *trafficPane) resize(width, height int) { p.Resize(width, height) }
func (p *trafficPane) scroll(n int)             { p.Scroll(n) }

func (p *trafficPane) key(msg tea.KeyPressMsg, k *kit.KeyMap) kit.Action {
	a, cmd := p.Key(msg, k)
	switch a := a.(type) {
	case traffic.Close:
		return kit.CloseTraffic{}
	case traffic.Approve:
		return approveTool{op: a.Op}
	case traffic.Refused:
		return kit.ShowStatus{Text: a.Why, IsErr: true}
	}
	if cmd != nil {
		return cmd
	}
	return nil
}

func (p *trafficPane) click(row int) kit.Action {
	if cmd := p.Click(row); cmd != nil {
		return cmd
	}
	return nil
}

func (p *trafficPane) where(s *kit.Styles) string       { return p.Where(s) }
func (p *trafficPane) help(k *kit.KeyMap) []key.Binding { return p.Help(k) }
func (p *trafficPane) fullHelp(k *kit.KeyMap) [][]key.Binding {
	return traffic.FullHelp(k)
}

func (p *trafficPane) markSearch()   { p.MarkSearch() }
func (p *trafficPane) unmarkSearch() { p.UnmarkSearch() }
func (p *trafficPane) find(q string, dir int) (int, int, bool) {
	at, total := p.Find(q, dir)
	return at, total, false
}
