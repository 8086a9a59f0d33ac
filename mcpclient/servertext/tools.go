package servertext

import (
	"fmt"
	"strings"

	"mcpeek/internal/plural"
	"mcpeek/internal/styled"
	"mcpeek/model"
	"mcpeek/summarizer"
)

// Tool is one entry of `tools --json`: the planner descriptor plus
// whether the tool declares an output schema.
type Tool struct {
	summarizer.Descriptor
	HasOutputSchema bool `json:"has_output_schema"`
	// Title is the tool's title, when the server gives one.
	Title string `json:"title,omitempty"`
	// Icons are the kinds of the tool's icons ("image/png 48x48"); the
	// icons themselves are never fetched.
	Icons []string `json:"icons,omitempty"`
	// App is the tool's MCP Apps interface, when its resource is ui://.
	App *App `json:"app,omitempty"`
	// Dropped is why clients drop the tool (its x-mcp-header breaks the
	// 2026-07-28 rules); mcpeek never calls it.
	Dropped string `json:"dropped,omitempty"`
}

// NewTool is the entry of t with its descriptor d.
func NewTool(t model.Tool, d summarizer.Descriptor) Tool {
	out := Tool{Descriptor: d, HasOutputSchema: t.HasOutputSchema(), Title: t.Title, Icons: iconKinds(t.Icons),
		Dropped: t.HeaderFault.String()}
	if t.App.IsApp() {
		out.App = &App{ResourceURI: t.App.ResourceURI, Visibility: t.App.Visibility}
	}
	return out
}

// App is a tool's MCP Apps interface in `tools --json`.
type App struct {
	ResourceURI string   `json:"resource_uri"`
	Visibility  []string `json:"visibility,omitempty"`
}

// iconKinds are the kinds of icons (model.Icon.Kind), nil for none.
func iconKinds(icons []model.Icon) []string {
	var out []string
	for _, ic := range icons {
		out = append(out, ic.Kind())
	}
	return out
}

// ServerTools prints a server's block of `tools`: its line, then a line
// per tool of tools (its own).
func ServerTools(p styled.Printer, marks Marks, s model.Server, tools []Tool) {
	p.Println(fmt.Sprintf("%s %s (%s)", marks.State(s.State), p.Head.Render(clean(s.Name)), plural.Count(len(s.Tools), "tool", "tools")))
	for _, t := range tools {
		out, hidden := marks.NoOutput, " "
		if t.HasOutputSchema {
			out = marks.Output
			if t.HasHiddenFields {
				hidden = marks.Hidden
			}
		}
		p.Println("  " + out + " " + hidden + " " + p.Path.Render(clean(t.Signature)))
		about := summarizer.FirstSentence(t.Description)
		if t.Title != "" {
			about = strings.TrimSuffix(t.Title+" — "+about, " — ")
		}
		if about != "" {
			p.Println(p.Faint.Render("      " + clean(about)))
		}
		toolFacts(p, t)
	}
}

// ToolsLegend prints what the marks of `tools` mean, after the servers.
func ToolsLegend(p styled.Printer, marks Marks) {
	p.Println(p.Faint.Render(marks.Output + " declares an output schema   " + marks.NoOutput + " declares none   " +
		marks.Hidden + " its summary hides fields (mcpeek summary SERVER.TOOL)"))
}

// toolFacts prints, under a tool's line, what the 2026-07-28 specification
// and MCP Apps add: why clients drop it, its app's ui:// resource, its
// icons.
func toolFacts(p styled.Printer, t Tool) {
	if t.Dropped != "" {
		p.Println("      " + p.Fold.Render("dropped by clients, never called: "+clean(t.Dropped)))
	}
	if t.App != nil {
		p.Println(p.Faint.Render("      app: " + clean(t.App.ResourceURI) + " (mcpeek read " + clean(t.Server) + " " + clean(t.App.ResourceURI) + ")"))
	}
	if len(t.Icons) > 0 {
		p.Println(p.Faint.Render("      " + plural.Count(len(t.Icons), "icon", "icons") + ": " + clean(strings.Join(t.Icons, ", "))))
	}
}
