package gateway

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
)

// readResource passes a resources/read on to the server the URI names,
// under its deadline; the contents' URIs come back in the gateway's form.
func (g *Gateway) readResource(ctx context.Context, req mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
	name, uri, ok := splitOfferURI(req.Params.URI)
	if !ok {
		return nil, fmt.Errorf("%s is not a resource of the gateway (mcpeek://SERVER/URI)", req.Params.URI)
	}
	ctx, cancel, d := g.offerContext(ctx, name)
	defer cancel()
	res, err := g.offers.up.ReadResource(ctx, name, uri)
	if err != nil {
		return nil, offerError(ctx, name, d, err)
	}
	parsed, err := mcp.ParseReadResourceResult(&res.Raw)
	if err != nil {
		return nil, fmt.Errorf("%s answered resources/read badly: %w", name, err)
	}
	for i, c := range parsed.Contents {
		parsed.Contents[i] = offerContents(name, c)
	}
	return parsed.Contents, nil
}

// offerContents is c with its URI in the gateway's form.
func offerContents(server string, c mcp.ResourceContents) mcp.ResourceContents {
	switch c := c.(type) {
	case mcp.TextResourceContents:
		c.URI = offerURI(server, c.URI)
		return c
	case mcp.BlobResourceContents:
		c.URI = offerURI(server, c.URI)
		return c
	}
	return c
}

// getPrompt passes a prompts/get on to the prompt's server, with the
// caller's arguments, under the server's deadline.
func (g *Gateway) getPrompt(ctx context.Context, req mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	g.offers.mu.Lock()
	route, ok := g.offers.routes[req.Params.Name]
	g.offers.mu.Unlock()
	if !ok {
		return nil, errNoOffer("prompt", req.Params.Name)
	}
	ctx, cancel, d := g.offerContext(ctx, route.server)
	defer cancel()
	res, err := g.offers.up.GetPrompt(ctx, route.server, route.name, req.Params.Arguments)
	if err != nil {
		return nil, offerError(ctx, route.server, d, err)
	}
	parsed, err := mcp.ParseGetPromptResult(&res.Raw)
	if err != nil {
		return nil, fmt.Errorf("%s answered prompts/get badly: %w", route.server, err)
	}
	// The resources a message embeds or links are named as the gateway
	// offers them, so that the client can read them through it.
	for i, m := range parsed.Messages {
		switch c := m.Content.(type) {
		case mcp.EmbeddedResource:
			c.Resource = offerContents(route.server, c.Resource)
			parsed.Messages[i].Content = c
		case mcp.ResourceLink:
			c.URI = offerURI(route.server, c.URI)
			parsed.Messages[i].Content = c
		}
	}
	return parsed, nil
}

func errNoOffer(what, name string) error {
	return fmt.Errorf("%s %q is not offered by the gateway", what, name)
}

// offerContext bounds a request to server by its deadline and by the
// gateway's life.
func (g *Gateway) offerContext(ctx context.Context, server string) (context.Context, context.CancelFunc, time.Duration) {
	d := g.deadline(server)
	ctx, cancel := context.WithTimeout(ctx, d)
	stop := context.AfterFunc(g.life, cancel)
	return ctx, func() { stop(); cancel() }, d
}

// offerError is the error a request to server answers: the upstream's
// own (which names the server and carries its message), or that the
// deadline passed.
func offerError(ctx context.Context, server string, d time.Duration, err error) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return fmt.Errorf("%s did not answer within the %s deadline", server, d)
	}
	return err
}
