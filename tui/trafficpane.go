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

func (p *trafficPane) Render(f kit.Frame) string {
	return p.Screen.Render(f.Styles, p.gateway())
}

// gateway is what the head line says of the background gateway.
func (p *trafficPane) gateway() traffic.Gateway {
	g := traffic.Gateway{On: p.gw.state == gatewayOn, Off: p.gw.state == gatewayOff, Missed: p.gw.missed}
	if run := p.gw.run; run != nil {
		g.URL, g.Mode = run.URL(), string(run.Gateway().Mode())
	}
	return g
}

func (p *trafficPane) Resize(width, height int) { p.Screen.Resize(width, height) }
func (p *trafficPane) Scroll(n int)             { p.Screen.Scroll(n) }

func (p *trafficPane) Key(msg tea.KeyPressMsg, k *kit.KeyMap) kit.Action {
	a, cmd := p.Screen.Key(msg, k)
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

func (p *trafficPane) Click(row int) kit.Action {
	if cmd := p.Screen.Click(row); cmd != nil {
		return cmd
	}
	return nil
}

func (p *trafficPane) Where(s *kit.Styles) string       { return p.Screen.Where(s) }
func (p *trafficPane) Help(k *kit.KeyMap) []key.Binding { return p.Screen.Help(k) }
func (p *trafficPane) fullHelp(k *kit.KeyMap) [][]key.Binding {
	return traffic.FullHelp(k)
}

func (p *trafficPane) MarkSearch()   { p.Screen.MarkSearch() }
func (p *trafficPane) UnmarkSearch() { p.Screen.UnmarkSearch() }
func (p *trafficPane) Find(q string, dir int) (int, int, bool) {
	at, total := p.Screen.Find(q, dir)
	return at, total, false
}
