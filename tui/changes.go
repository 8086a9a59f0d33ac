package tui

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"mcpeek/model"
	"mcpeek/summarizer/lint"
	"mcpeek/summarizer/schemadiff"
	"mcpeek/tui/kit"
	"mcpeek/tui/toolview"
)

// The explorer marks what changed in each tool and what clients would
// refuse. Two baselines say what changed: a lock file read at start
// (mcpeek snapshot), and each tool as first listed in this run, which a
// list_changed can make differ. The marks, the lint findings and the
// changes are computed in one command off the UI loop, after each
// snapshot of the servers; the diff and findings views read them.

// refusing names the clients that refuse a tool as it is listed, in the
// order of the findings.
func refusing(findings []lint.Finding) []string {
	var names []string
	for _, f := range findings {
		if c, ok := lint.ClientNamed(f.Client); ok && !c.OptIn && f.Severity == lint.Error && !slices.Contains(names, c.Name) {
			names = append(names, c.Name)
		}
	}
	return names
}

// changeState is the model's part for changes and findings.
type changeState struct {
	// path is the lock file to read at start, "" for none; limit bounds
	// its size (0: schemadiff's default).
	path  string
	limit int64
	base  *toolview.Baseline
	// first is each tool as first listed in this run, by id. It is
	// replaced, never written, once handed to a command.
	first map[string]model.Tool
	// marks are by tool id, as the last marking left them; removed are
	// the lock file's tools a server no longer lists, by server.
	marks   map[string]schemadiff.ToolMark
	removed map[string][]schemadiff.Change
	// anyChange and anyRejected say some tool has such a mark: the tools
	// pane keeps a column for each.
	anyChange, anyRejected bool
	// gen counts the markings landed: a view built from an older one
	// builds again.
	gen    int
	ticket ticket // the marking under way, 0 for none
	again  bool   // asked for while one was under way: one more after it
}

type (
	// baselineReadMsg: the lock file was read (or could not be).
	baselineReadMsg struct {
		base *toolview.Baseline
		err  error
	}
	// toolsMarkedMsg: the servers' tools were compared and linted, for
	// the request numbered ticket.
	toolsMarkedMsg struct {
		ticket  ticket
		marks   map[string]schemadiff.ToolMark
		removed map[string][]schemadiff.Change
	}
)

// readBaseline reads the lock file at path, of at most limit bytes.
func readBaseline(path string, limit int64) tea.Cmd {
	return func() tea.Msg {
		snap, err := schemadiff.ReadFile(path, limit)
		if errors.Is(err, fs.ErrNotExist) {
			err = fmt.Errorf("%s: no such file", filepath.Base(path))
		}
		if err != nil {
			return baselineReadMsg{err: err}
		}
		base := &toolview.Baseline{Name: filepath.Base(path), Snap: snap}
		if st, err := os.Stat(path); err == nil {
			base.Written = st.ModTime()
		}
		return baselineReadMsg{base: base}
	}
}

// baselineRead takes the lock file and says so in the status line.
func (m *Model) baselineRead(msg baselineReadMsg) tea.Cmd {
	c := &m.changes
	if msg.err != nil {
		return m.setStatus(model.SanitizeLine(msg.err.Error())+": changes since it are not marked", true)
	}
	c.base = msg.base
	text := "comparing with " + model.SanitizeLine(c.base.Name)
	if !c.base.Written.IsZero() {
		text += " (written " + c.base.Written.Format("2006-01-02 15:04") + ")"
	}
	if others := m.baselineServersUnknown(); others != nil {
		// Nothing can be marked: say why rather than mark nothing.
		text += ": it lists none of these servers, only " + model.SanitizeLine(strings.Join(others, ", "))
		return tea.Batch(m.setStatus(text, true), m.markTools())
	}
	return tea.Batch(m.setStatus(text, false), m.markTools())
}

// baselineServersUnknown names the lock file's servers when none of them
// is configured here (so no tool can be compared with it), else nil.
func (m *Model) baselineServersUnknown() []string {
	var names []string
	for _, bs := range m.changes.base.Snap.Servers {
		for _, s := range m.fleet.servers {
			if s.Name == bs.Name {
				return nil
			}
		}
		names = append(names, bs.Name)
	}
	if len(m.fleet.servers) == 0 || len(names) == 0 {
		return nil
	}
	return names
}

// rememberFirst keeps each connected server's tools as first listed.
func (m *Model) rememberFirst() {
	c := &m.changes
	var fresh map[string]model.Tool
	for _, s := range m.fleet.servers {
		if s.State != model.StateConnected {
			continue
		}
		for _, t := range s.Tools {
			id := t.ID().String()
			if _, ok := c.first[id]; ok {
				continue
			}
			if fresh == nil {
				fresh = maps.Clone(c.first)
				if fresh == nil {
					fresh = map[string]model.Tool{}
				}
			}
			fresh[id] = t
		}
	}
	if fresh != nil {
		c.first = fresh
	}
}

// markTools compares and lints the servers as last loaded, off the UI
// loop; findings of definitions linted before are kept. One marking runs
// at a time: asks made meanwhile fold into one more after it, so that
// servers connecting one by one do not pile up work.
func (m *Model) markTools() tea.Cmd {
	c := &m.changes
	if c.ticket != 0 {
		c.again = true
		return nil
	}
	c.ticket = m.tickets.next()
	servers, first, prev, t := m.fleet.servers, c.first, c.marks, c.ticket
	var base *schemadiff.Snapshot
	if c.base != nil {
		base = &c.base.Snap
	}
	return func() tea.Msg {
		marks, removed := schemadiff.MarkServers(servers, base, first, prev)
		return toolsMarkedMsg{ticket: t, marks: marks, removed: removed}
	}
}

// toolsMarked keeps the marks, and starts the marking asked for meanwhile.
func (m *Model) toolsMarked(msg toolsMarkedMsg) tea.Cmd {
	c := &m.changes
	if stale(msg.ticket, c.ticket) {
		return nil
	}
	c.ticket = 0
	c.marks, c.removed = msg.marks, msg.removed
	var next tea.Cmd
	if c.again {
		// Asked for meanwhile: started from these marks (markTools
		// hands c.marks on), so unchanged tools are not linted again.
		c.again = false
		next = m.markTools()
	}
	c.anyChange, c.anyRejected = false, false
	for _, dk := range c.marks {
		k := toolview.Mark(dk)
		c.anyChange = c.anyChange || k.Worst() != 0 || k.Added
		c.anyRejected = c.anyRejected || k.Rejected()
	}
	c.gen++
	gone := map[string][]string{}
	for server, removed := range c.removed {
		for _, ch := range removed {
			gone[server] = append(gone[server], ch.Tool.Tool)
		}
	}
	m.tools.SetGone(gone)
	m.tools.Rebuild(m.fleet.servers, m.toolInfoOf)
	m.fitTools() // the marks take columns of their own
	return next
}

// MarkOf is the marks of the tool id, and whether it has been marked for
// the definition raw.
func (c *changeState) MarkOf(id string, raw []byte) (toolview.Mark, bool) {
	k, ok := c.marks[id]
	return toolview.Mark(k), ok && bytes.Equal(k.Raw, raw)
}

// Gen counts the markings landed: a view built from an older one builds
// again.
func (c *changeState) Gen() int { return c.gen }

// Base is the lock file read at start, or nil.
func (c *changeState) Base() *toolview.Baseline { return c.base }

// toolSegs are the marks after a tool's name in the tools pane: its worst
// change (or added since the lock file), and whether a client refuses it.
func (c *changeState) toolSegs(s *kit.Styles, t model.Tool) []seg {
	k, ok := c.MarkOf(t.ID().String(), t.Raw)
	if !ok {
		return nil
	}
	// Each kind of mark keeps its column while some tool has one.
	var out []seg
	glyph, st := s.ClassMark(k.Worst())
	switch {
	case glyph != "":
		out = append(out, seg{Text: glyph, Style: st})
	case k.Added:
		out = append(out, seg{Text: s.Icons.Added, Style: s.AddedMark})
	case c.anyChange:
		out = append(out, seg{Text: " ", Style: s.Dim})
	}
	switch {
	case k.Rejected():
		out = append(out, seg{Text: s.Icons.Rejected, Style: s.Rejected})
	case c.anyRejected:
		out = append(out, seg{Text: " ", Style: s.Dim})
	}
	return out
}

// serverSegs are the marks after a server's tool count: how many of the
// lock file's tools it no longer lists.
func (c *changeState) serverSegs(s *kit.Styles, server string) []seg {
	if n := len(c.removed[server]); n > 0 {
		return []seg{{Text: " −" + itoa(n), Style: s.Breaking}}
	}
	return nil
}

// removedLines list, for a server's pane, the lock file's tools it no
// longer lists (removed, or renamed: the detail says to what).
func (m *Model) removedLines(server string) []string {
	s := &m.styles
	gone := m.changes.removed[server]
	if len(gone) == 0 || m.changes.base == nil {
		return nil
	}
	lines := []string{"", s.Dim.Render(plural(len(gone), "tool") + " of " + model.SanitizeLine(m.changes.base.Name) + " no longer listed:")}
	for _, ch := range gone {
		name := ch.Tool.Tool
		lines = append(lines, "  "+s.Breaking.Render(s.Icons.Breaking)+" "+s.RemovedTool.Render(model.SanitizeLine(name))+
			s.Faint.Render("  "+model.SanitizeLine(ch.Detail)))
	}
	return lines
}

// countsText is what the tool's title line says of its marks: "  2
// breaking · 3 errors", or "".
func (c *changeState) countsText(s *kit.Styles, t model.Tool) string {
	k, ok := c.MarkOf(t.ID().String(), t.Raw)
	if !ok {
		return ""
	}
	var parts []string
	if len(k.Changes) > 0 {
		_, st := s.ClassMark(k.Worst())
		parts = append(parts, st.Render(toolview.ChangeCounts(k.Changes)))
	} else if k.Added {
		parts = append(parts, s.AddedMark.Render("added"))
	}
	if k.Rejected() {
		parts = append(parts, s.Rejected.Render("refused by "+strings.Join(refusing(k.Findings), ", ")))
	}
	if len(parts) == 0 {
		return ""
	}
	return "  " + strings.Join(parts, s.Dim.Render(" · "))
}
