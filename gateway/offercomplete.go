package gateway

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"

	"mcpeek/mcpclient"
	"mcpeek/model"
)

// offerCompletions passes completion/complete on to the server of the
// prompt or resource template it names: a client filling in a prompt's
// arguments or a template's variables is offered the upstream's values.
// A server that declares no completions answers no values.
type offerCompletions struct{ g *Gateway }

// CompletePromptArgument completes an argument of a gateway prompt.
func (c offerCompletions) CompletePromptArgument(ctx context.Context, name string, arg mcp.CompleteArgument, cc mcp.CompleteContext) (*mcp.Completion, error) {
	c.g.offers.mu.Lock()
	route, ok := c.g.offers.routes[name]
	c.g.offers.mu.Unlock()
	if !ok {
		return nil, errNoOffer("prompt", name)
	}
	return c.complete(ctx, route.server, mcpclient.CompletionRef{Prompt: route.name}, arg, cc)
}

// CompleteResourceArgument completes a variable of a gateway resource
// template (uri is the template, in the gateway's form).
func (c offerCompletions) CompleteResourceArgument(ctx context.Context, uri string, arg mcp.CompleteArgument, cc mcp.CompleteContext) (*mcp.Completion, error) {
	name, tmpl, ok := splitOfferURI(uri)
	if !ok {
		return nil, errNoOffer("resource template", uri)
	}
	return c.complete(ctx, name, mcpclient.CompletionRef{Template: tmpl}, arg, cc)
}

func (c offerCompletions) complete(ctx context.Context, name string, ref mcpclient.CompletionRef, arg mcp.CompleteArgument, cc mcp.CompleteContext) (*mcp.Completion, error) {
	if !c.offersCompletions(name) {
		return &mcp.Completion{Values: []string{}}, nil
	}
	ctx, cancel, d := c.g.offerContext(ctx, name)
	defer cancel()
	res, err := c.g.offers.up.Complete(ctx, name, ref, arg.Name, arg.Value, cc.Arguments)
	if err != nil {
		return nil, offerError(ctx, name, d, err)
	}
	return &mcp.Completion{Values: res.Values, Total: res.Total, HasMore: res.HasMore}, nil
}

func (c offerCompletions) offersCompletions(name string) bool {
	for _, s := range c.g.up.Servers() {
		if s.Name == name {
			return s.State == model.StateConnected && s.Offers.Completions
		}
	}
	return false
}
