package tui

import (
	"context"
	"os"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"mcpeek/mcpclient"
	"mcpeek/summarizer/schematree"
	"mcpeek/tui/dialog"
	"mcpeek/tui/kit"
	"mcpeek/tui/resultview"
	"mcpeek/tui/toolview"
)

// The root's side of a tool's views (package toolview): what they ask of
// the model (the save dialog, the overlay's toggle, a recursive unfold run
// a slice per message) and what the model hands them (the call under way,
// the resources the about view reads).

// A tool's result view reads the call under way through these
// (resultview.Running).

func (rc *runningCall) Started() time.Time                   { return rc.started }
func (rc *runningCall) Progress() (mcpclient.Progress, bool) { return rc.progress, rc.reported }
func (rc *runningCall) Task(now time.Time) string {
	if rc.task != nil {
		return taskLine(*rc.task, now)
	}
	return ""
}

// openSave opens the save dialog for the current tool's last result (w,
// from either pane): it asks for the file name, offering
// <tool>-result-<time>.json in the working directory, and asks again
// before it overwrites.
func (m *Model) openSave() tea.Cmd {
	v := m.current
	if v == nil || v.Last == nil || v.Last.Result == nil {
		return m.noResult("to save")
	}
	res := v.Last.Result
	d := dialog.NewText(dialog.TextSpec{Title: "save the result",
		Field: dialog.NewField(m.styles.Input, "file: ", resultview.SaveName(v.Tool.Name, v.Last.At), true),
		Keys:  "enter save · esc cancel; images and audio go beside it",
		Accept: func(text string) (kit.Action, error) {
			path := strings.TrimSpace(text)
			switch {
			case path == "":
				return nil, nil
			case fileExists(path):
				return dialog.AskFirst{Question: path + " exists: overwrite? y/n", Then: resultview.Save{Path: path, Result: res}}, nil
			}
			return resultview.Save{Path: path, Result: res}, nil
		}})
	m.dialogs.Open(d)
	return d.Focus()
}

// fileExists reports whether path names a file (or anything else).
func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// toggleCallOverlay hides or shows the current tool's checked call over
// its trees (O).
func (m *Model) toggleCallOverlay() tea.Cmd {
	if m.current == nil {
		return nil
	}
	shown, ok := m.current.ToggleCall()
	switch {
	case !ok:
		return m.setStatus("no checked call of this tool to lay over its schema yet", true)
	case shown:
		return m.setStatus("the last call's result is shown on the schema", false)
	}
	return m.setStatus("the last call's result is hidden (O shows it)", false)
}

// unfoldJob is the unfold under way, if any.
type unfoldJob struct {
	u      *schematree.Unfolding
	ticket ticket
}

// unfoldStepMsg asks for the next slice of the unfold tagged ticket.
type unfoldStepMsg struct{ ticket ticket }

// startUnfold runs a first slice of u and, if it is not done, asks for
// the next.
func (m *Model) startUnfold(u *schematree.Unfolding) tea.Cmd {
	m.unfold = unfoldJob{u: u, ticket: m.tickets.next()}
	return m.unfoldSlice()
}

// unfoldSlice runs one slice of the unfold under way.
func (m *Model) unfoldSlice() tea.Cmd {
	u := m.unfold.u
	if u == nil {
		return nil
	}
	toolview.UnfoldSlice(u, m.clock.now)
	if u.Done() {
		m.unfold = unfoldJob{}
		if u.Capped() {
			return m.setStatus(toolview.ExpandLimited.Text, true)
		}
		if m.status.text != "" && !m.status.isErr {
			m.status = statusLine{} // the progress line
		}
		return nil
	}
	t := m.unfold.ticket
	return tea.Batch(m.setStatus("unfolding… "+thousands(u.Lines())+" lines (any key but a move stops)", false),
		func() tea.Msg { return unfoldStepMsg{ticket: t} })
}

// stopUnfold gives up the unfold under way unless msg only moves the
// cursor.
func (m *Model) stopUnfold(msg tea.KeyPressMsg) {
	if m.unfold.u == nil || toolview.OnlyMoves(msg, &m.keys) {
		return
	}
	m.unfold = unfoldJob{}
	m.status = statusLine{}
}

// resourceReader is what the about view needs of a Backend that reads
// resources (an mcpclient.Manager does).
type resourceReader interface {
	ReadResource(ctx context.Context, server, uri string) (*mcpclient.ReadResult, error)
}

// resourceContents hands the about view a resource's contents as it
// shows them.
type resourceContents struct{ r resourceReader }

func (rc resourceContents) ReadContents(ctx context.Context, server, uri string) ([]toolview.Contents, error) {
	res, err := rc.r.ReadResource(ctx, server, uri)
	if err != nil {
		return nil, err
	}
	out := make([]toolview.Contents, len(res.Contents))
	for i, c := range res.Contents {
		out[i] = toolview.Contents{MIMEType: c.MIMEType, Size: c.Size()}
		if c.IsText() {
			out[i].Text = c.Text
		}
	}
	return out, nil
}
