package mcpclient

import (
	"context"
	"encoding/base64"
	"fmt"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// offeringServer is an in-process server with n resources, a template, a
// prompt with an argument and completions for both.
func offeringServer(n int, opts ...server.ServerOption) *server.MCPServer {
	opts = append([]server.ServerOption{server.WithResourceCapabilities(false, false),
		server.WithPromptCapabilities(false), server.WithCompletions(), server.WithLogging()}, opts...)
	srv := server.NewMCPServer("offers", "1", opts...)
	for i := range n {
		uri := fmt.Sprintf("mem://r/%d", i)
		srv.AddResource(mcp.NewResource(uri, fmt.Sprintf("r%d", i), mcp.WithMIMEType("text/plain")),
			func(context.Context, mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
				return []mcp.ResourceContents{mcp.TextResourceContents{URI: uri, MIMEType: "text/plain", Text: "text of " + uri}}, nil
			})
	}
	srv.AddResource(mcp.NewResource("mem://blob", "blob", mcp.WithMIMEType("image/png")),
		func(context.Context, mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
			return []mcp.ResourceContents{mcp.BlobResourceContents{URI: "mem://blob", MIMEType: "image/png",
				Blob: base64.StdEncoding.EncodeToString([]byte{1, 2, 3, 4, 5})}}, nil
		})
	srv.AddResourceTemplate(mcp.NewResourceTemplate("mem://t/{id}", "by id"),
		func(_ context.Context, req mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
			return []mcp.ResourceContents{mcp.TextResourceContents{URI: req.Params.URI, Text: "templated"}}, nil
		})
	srv.AddPrompt(mcp.NewPrompt("greet", mcp.WithPromptTitle("Greeting"), mcp.WithArgument("who", mcp.RequiredArgument())),
		func(_ context.Context, req mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			return mcp.NewGetPromptResult("a greeting", []mcp.PromptMessage{
				mcp.NewPromptMessage(mcp.RoleUser, mcp.NewTextContent("hello "+req.Params.Arguments["who"])),
			}), nil
		})
	return srv
}

func TestListReadGetComplete(t *testing.T) {
	t.Parallel()
	m := startManager(t, Config{}, WithInProcess("o", offeringServer(3)))
	ctx := context.Background()
	rs, err := m.ListResources(ctx, "o")
	if err != nil || len(rs.Items) != 4 || rs.Stopped != "" {
		t.Fatalf("ListResources = %+v, %v", rs, err)
	}
	ts, err := m.ListResourceTemplates(ctx, "o")
	if err != nil || len(ts.Items) != 1 || ts.Items[0].URITemplate != "mem://t/{id}" {
		t.Fatalf("ListResourceTemplates = %+v, %v", ts, err)
	}
	read, err := m.ReadResource(ctx, "o", "mem://blob")
	if err != nil || len(read.Contents) != 1 || read.Contents[0].IsText() || read.Contents[0].Size() != 5 {
		t.Fatalf("ReadResource(blob) = %+v, %v", read, err)
	}
	read, err = m.ReadResource(ctx, "o", "mem://t/7")
	if err != nil || *read.Contents[0].Text != "templated" {
		t.Fatalf("ReadResource(template) = %+v, %v", read, err)
	}
	ps, err := m.ListPrompts(ctx, "o")
	if err != nil || len(ps.Items) != 1 || ps.Items[0].Title != "Greeting" || !ps.Items[0].Arguments[0].Required {
		t.Fatalf("ListPrompts = %+v, %v", ps, err)
	}
	got, err := m.GetPrompt(ctx, "o", "greet", map[string]string{"who": "you"})
	if err != nil || got.Messages[0].Content.Text != "hello you" || got.Description != "a greeting" {
		t.Fatalf("GetPrompt = %+v, %v", got, err)
	}
	if _, err := m.Complete(ctx, "o", CompletionRef{Prompt: "greet"}, "who", "y", nil); err != nil {
		t.Fatalf("Complete: %v", err)
	}
	s, _ := m.Server("o")
	if o := s.Offers; !o.Resources || !o.Prompts || !o.Completions || !o.Logging || o.Subscribe {
		t.Errorf("Offers = %+v", o)
	}
}

// TestListingsStopAtTheCaps: 10,000 resources on one page are all listed;
// one more is cut at the cap, and pages past the page cap are not asked for.
func TestListingsStopAtTheCaps(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, c := range []struct {
		name        string
		n, pageSize int
		want        int
		stopped     string
	}{
		{"all on one page", DefaultMaxListItems - 1, 0, DefaultMaxListItems, ""},
		{"one past the cap", DefaultMaxListItems, 0, DefaultMaxListItems, "more than 10000"},
		{"past the page cap", 1000, 5, 5 * defaultMaxPages, "after 100 pages"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			var opts []server.ServerOption
			if c.pageSize > 0 {
				opts = append(opts, server.WithPaginationLimit(c.pageSize))
			}
			m := startManager(t, Config{}, WithInProcess("o", offeringServer(c.n, opts...)))
			rs, err := m.ListResources(ctx, "o")
			if err != nil {
				t.Fatal(err)
			}
			if len(rs.Items) != c.want || !strings.Contains(rs.Stopped, c.stopped) || (c.stopped == "") != (rs.Stopped == "") {
				t.Errorf("listed %d (stopped %q), want %d (%q)", len(rs.Items), rs.Stopped, c.want, c.stopped)
			}
		})
	}
}

func TestContentsSize(t *testing.T) {
	t.Parallel()
	for _, raw := range [][]byte{nil, {1}, {1, 2}, {1, 2, 3}, {1, 2, 3, 4}, make([]byte, 1000)} {
		blob := base64.StdEncoding.EncodeToString(raw)
		c := ResourceContents{Blob: &blob}
		b, err := c.Bytes()
		if c.Size() != int64(len(raw)) || err != nil || len(b) != len(raw) {
			t.Errorf("%d bytes: Size %d, Bytes %d, %v", len(raw), c.Size(), len(b), err)
		}
	}
	bad := "not base64!"
	if _, err := (ResourceContents{URI: "x", Blob: &bad}).Bytes(); err == nil || !strings.Contains(err.Error(), "the blob of x is not base64") {
		t.Errorf("a bad blob: %v", err)
	}
	text := "héllo"
	if c := (ResourceContents{Text: &text}); !c.IsText() || c.Size() != 6 {
		t.Errorf("text: IsText %v, Size %d", c.IsText(), c.Size())
	}
}
