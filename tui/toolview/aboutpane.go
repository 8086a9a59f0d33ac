package toolview

import (
	"context"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"mcpeek/internal/bytesize"
	"mcpeek/model"
	"mcpeek/tui/kit"
)

// aboutPane is the about view: what a tool's definition says besides its
// schemas, as the 2026-07-28 specification and MCP Apps add it: its
// title, its icons (their kinds: an icon is never fetched), why clients
// drop it (an x-mcp-header that breaks the rules), and an MCP App's ui://
// resource, read (resources/read) the first time the view is shown.
type aboutPane struct {
	docPane
	v      *View
	app    appRead
	laidAt int // the width the lines were wrapped to, 0 to lay out again
	list   *lineList
}

// appRead is the read of an app tool's ui:// resource.
type appRead struct {
	asked ticket // the read waited for; 0 before it is asked or once it landed
	done  bool
	err   string
	mime  string
	size  int64
	head  []string // the first lines of its text, sanitised
	more  int      // lines beyond head
}

// appHeadLines is how many lines of an app's HTML the about view shows.
const appHeadLines = 8

// appReadTimeout bounds the read of an app's resource.
const appReadTimeout = 30 * time.Second

// Contents is one of a resource's contents, as the about view shows it.
type Contents struct {
	MIMEType string
	Size     int64
	Text     *string // nil for a blob
}

// ResourceReader reads a server's resource for the about view (the root
// hands it the backend's, when it reads resources); without one an app's
// resource is named but not read.
type ResourceReader interface {
	ReadContents(ctx context.Context, server, uri string) ([]Contents, error)
}

func newAboutPane(v *View) kit.ToolPane { return &aboutPane{v: v} }

func (p *aboutPane) Headline() string {
	t := p.v.Tool
	var parts []string
	if !t.HeaderFault.IsZero() {
		parts = append(parts, "dropped by clients")
	}
	if t.App.IsApp() {
		parts = append(parts, "MCP App")
	}
	if len(parts) == 0 {
		return "about the tool"
	}
	return "about the tool: " + strings.Join(parts, " · ")
}

// sync reads an app's resource once, off the UI loop, and lays the lines
// out when the width or what is known changed.
func (p *aboutPane) Sync(e Env) tea.Cmd {
	var cmd tea.Cmd
	if t := p.v.Tool; t.App.IsApp() && !p.app.done && p.app.asked == 0 && e.Reader != nil {
		p.app.asked = e.Tickets.Next()
		id, tk, server, uri, r := t.ID().String(), p.app.asked, t.Server, t.App.ResourceURI, e.Reader
		cmd = func() tea.Msg {
			ctx, cancel := context.WithTimeout(context.Background(), appReadTimeout)
			defer cancel()
			contents, err := r.ReadContents(ctx, server, uri)
			return appReadMsg{tool: id, ticket: tk, read: readApp(contents, err)}
		}
	}
	if p.laidAt != p.width {
		p.layOut()
	}
	return cmd
}

// appReadMsg is the read of an app's resource.
type appReadMsg struct {
	tool   string
	ticket ticket
	read   appRead
}

func (msg appReadMsg) Land(views map[string]*View) {
	p, ok := PaneOf[*aboutPane](views[msg.tool])
	if !ok || stale(msg.ticket, p.app.asked) {
		return
	}
	p.app, p.laidAt = msg.read, 0
	p.app.done = true
}

// readApp keeps what the about view shows of a resources/read result: its
// first contents' type and size and, for text, its first lines.
func readApp(contents []Contents, err error) appRead {
	switch {
	case err != nil:
		return appRead{err: err.Error()}
	case len(contents) == 0:
		return appRead{err: "the server returned no contents"}
	}
	c := contents[0]
	a := appRead{mime: c.MIMEType, size: c.Size}
	if c.Text == nil {
		return a
	}
	lines := strings.Split(strings.TrimRight(*c.Text, "\n"), "\n")
	for i, l := range lines {
		if i == appHeadLines {
			a.more = len(lines) - i
			break
		}
		a.head = append(a.head, model.SanitizeLine(l))
	}
	return a
}

func (p *aboutPane) Resize(width, height int) {
	p.docPane.Resize(width, height)
	if p.laidAt != width {
		p.layOut()
	}
}

func (p *aboutPane) layOut() {
	top := 0
	if p.list != nil {
		top = p.list.top
	}
	p.laidAt = p.width
	p.list = &lineList{lines: aboutLines(p.v.Tool, p.app, max(p.width, 20))}
	p.doc = p.list
	p.list.Scroll(top, p.height)
}

// aboutLines lays out what the view shows of t, its app's read as far as
// it has come.
func aboutLines(t model.Tool, app appRead, width int) []DocLine {
	const labelW = 14 // "x-mcp-header" and two spaces
	field := func(name, value string, r Role) []DocLine {
		var out []DocLine
		for i, l := range wrapText(value, width-labelW) {
			label := strings.Repeat(" ", labelW)
			if i == 0 {
				label = padRight(name, labelW)
			}
			out = append(out, DocLine{{label, RoleDim}, {l, r}})
		}
		return out
	}
	var lines []DocLine
	if !t.HeaderFault.IsZero() {
		lines = append(lines, DocLine{{"Clients drop this tool and mcpeek never calls it:", RoleErr}})
		lines = append(lines, field("x-mcp-header", model.SanitizeLine(t.HeaderFault.String()), RoleText)...)
		lines = append(lines, DocLine{})
	}
	title := model.SanitizeLine(t.Title)
	if title == "" {
		title = "none given"
	}
	lines = append(lines, field("title", title, RoleText)...)
	icons := model.IconsText(t.Icons)
	if icons == "" {
		icons = "none"
	} else {
		icons += " (never fetched)"
	}
	lines = append(lines, field("icons", icons, RoleText)...)
	if t.App.ResourceURI != "" {
		lines = append(lines, appLines(t.App, app, field)...)
	}
	if d := model.SanitizeLine(t.Description); d != "" {
		lines = append(lines, DocLine{})
		for _, l := range wrapText(d, width) {
			lines = append(lines, DocLine{{l, RoleText}})
		}
	}
	return lines
}

// appLines are the about view's lines on an MCP App: its resource, who
// may call the tool, and the resource's type, size and first lines once
// read.
func appLines(ui model.AppUI, app appRead, field func(name, value string, r Role) []DocLine) []DocLine {
	lines := []DocLine{{}}
	uri := model.SanitizeLine(ui.ResourceURI)
	if !ui.IsApp() {
		return append(lines, field("ui", uri+" (not a ui:// resource: no host renders it)", RoleText)...)
	}
	lines = append(lines, field("MCP App", uri, RoleName)...)
	if len(ui.Visibility) > 0 {
		lines = append(lines, field("callable by", model.SanitizeLine(strings.Join(ui.Visibility, ", ")), RoleText)...)
	}
	switch {
	case !app.done && app.asked == 0:
		return append(lines, field("resource", "not read (this explorer cannot read resources)", RoleDim)...)
	case !app.done:
		return append(lines, field("resource", "reading…", RoleDim)...)
	case app.err != "":
		return append(lines, field("resource", "cannot be read: "+model.SanitizeLine(app.err), RoleErr)...)
	}
	kind := model.SanitizeLine(app.mime)
	if kind == "" {
		kind = "no type given"
	}
	if app.mime != "" && app.mime != model.AppMIMEType {
		kind += " (an app's is " + model.AppMIMEType + ")"
	}
	lines = append(lines, field("resource", kind+" · "+bytesize.Human(app.size), RoleText)...)
	for _, l := range app.head {
		lines = append(lines, DocLine{{"  │ ", RoleFaint}, {l, RoleFaint}})
	}
	if app.more > 0 {
		lines = append(lines, DocLine{{"  │ … " + plural(app.more, "more line"), RoleDim}})
	}
	return lines
}

func (p *aboutPane) Render(f kit.Frame) string {
	if p.list == nil {
		return ""
	}
	return p.list.render(f.Styles, p.width, p.height)
}

func (p *aboutPane) Help(k *kit.KeyMap) []key.Binding {
	return []key.Binding{k.Down, k.PageDown, k.Filter, k.Leave, k.View, k.Pane, k.Help, k.Quit}
}
