package tui

import (
	"context"
	"slices"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"mcpeek/gateway"
	"mcpeek/mcpclient"
)

// The bridge tells the background gateway what the Manager heard: a
// prompt an upstream adds while the gateway runs reaches its clients.
func TestBridgeTellsTheGateway(t *testing.T) {
	t.Parallel()
	srv := server.NewMCPServer("up", "1", server.WithPromptCapabilities(true))
	srv.AddPrompt(mcp.NewPrompt("first"), func(context.Context, mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		return mcp.NewGetPromptResult("", nil), nil
	})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	up, err := mcpclient.NewManager(mcpclient.Config{}, mcpclient.WithInProcess("up", srv))
	if err != nil {
		t.Fatal(err)
	}
	if err := up.Start(ctx); err != nil {
		t.Fatal(err)
	}
	runner := gateway.NewRunner(up, gateway.Options{}, 0)
	defer runner.Close()
	run, err := runner.Start(ctx, 1, "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		forward(up.Events(), runner.Runs(), nil, func(tea.Msg) {})
	}()
	defer func() { up.Close(); <-done }()

	client, err := mcpclient.NewManager(mcpclient.Config{Servers: []mcpclient.ServerConfig{{Name: "gw", URL: run.URL(), Type: "http"}}})
	if err != nil {
		t.Fatal(err)
	}
	defer client.Close()
	if err := client.Start(ctx); err != nil {
		t.Fatal(err)
	}
	names := func() []string {
		l, _ := client.ListPrompts(ctx, "gw")
		var out []string
		for _, p := range l.Items {
			out = append(out, p.Name)
		}
		return out
	}
	if got := names(); !slices.Equal(got, []string{"up.first"}) {
		t.Fatalf("prompts = %v", got)
	}
	srv.AddPrompt(mcp.NewPrompt("second"), func(context.Context, mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		return mcp.NewGetPromptResult("", nil), nil
	})
	for !slices.Contains(names(), "up.second") {
		select {
		case <-ctx.Done():
			t.Fatalf("the gateway still lists %v", names())
		case <-time.After(10 * time.Millisecond):
		}
	}
}
