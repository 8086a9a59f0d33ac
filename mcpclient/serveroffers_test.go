package mcpclient

import (
	"context"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func TestListServerResourcesSaysWhatItDidNotList(t *testing.T) {
	t.Parallel()
	withResources := server.NewMCPServer("docs", "1", server.WithResourceCapabilities(false, false))
	withResources.AddResource(mcp.NewResource("docs://readme", "readme"), func(context.Context, mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
		return []mcp.ResourceContents{mcp.TextResourceContents{URI: "docs://readme", Text: "hi"}}, nil
	})
	m := startManager(t, Config{},
		WithInProcess("docs", withResources),
		WithInProcess("tools", server.NewMCPServer("tools", "1", server.WithToolCapabilities(true))))
	var notes, warnings []string
	note := func(s string) { notes = append(notes, s) }
	warn := func(s string) { warnings = append(warnings, s) }

	docs, _ := m.Server("docs")
	listed, err := m.ListServerResources(context.Background(), docs, note, warn)
	if err != nil || len(listed.Resources.Items) != 1 || len(listed.Stopped) != 0 || len(notes) != 0 {
		t.Fatalf("docs: %+v, %v, notes %v", listed, err, notes)
	}
	tools, _ := m.Server("tools")
	listed, err = m.ListServerResources(context.Background(), tools, note, warn)
	if err != nil || len(listed.Resources.Items) != 0 || len(notes) != 1 || notes[0] != "tools declares no resources capability" {
		t.Errorf("tools: %+v, %v, notes %v", listed, err, notes)
	}
}

func TestListServerPromptsSaysWhenThereAreNone(t *testing.T) {
	t.Parallel()
	withPrompts := server.NewMCPServer("writer", "1", server.WithPromptCapabilities(false))
	withPrompts.AddPrompt(mcp.NewPrompt("greet"), func(context.Context, mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		return mcp.NewGetPromptResult("greet", nil), nil
	})
	m := startManager(t, Config{},
		WithInProcess("writer", withPrompts),
		WithInProcess("tools", server.NewMCPServer("tools", "1", server.WithToolCapabilities(true))))
	var notes []string
	note := func(s string) { notes = append(notes, s) }
	warn := func(s string) { t.Errorf("warned: %s", s) }
	writer, _ := m.Server("writer")
	if ps, err := m.ListServerPrompts(context.Background(), writer, note, warn); err != nil || len(ps.Items) != 1 || len(notes) != 0 {
		t.Fatalf("writer: %+v, %v, notes %v", ps, err, notes)
	}
	tools, _ := m.Server("tools")
	if ps, err := m.ListServerPrompts(context.Background(), tools, note, warn); err != nil || len(ps.Items) != 0 || len(notes) != 1 || notes[0] != "tools declares no prompts capability" {
		t.Errorf("tools: %+v, %v, notes %v", ps, err, notes)
	}
}
