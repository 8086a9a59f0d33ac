package mcpclient

import "context"

// Offers is what a server offers besides tools, asked through the one
// who holds its connection: its resources, resource templates and prompts,
// reading and getting them, completing their arguments and subscribing to
// a resource. *Manager is one; the gateway relays them to its clients and
// the explorer shows them.
type Offers interface {
	ListResources(ctx context.Context, server string) (Listing[Resource], error)
	ListResourceTemplates(ctx context.Context, server string) (Listing[ResourceTemplate], error)
	ListPrompts(ctx context.Context, server string) (Listing[Prompt], error)
	ReadResource(ctx context.Context, server, uri string) (*ReadResult, error)
	GetPrompt(ctx context.Context, server, name string, args map[string]string) (*PromptResult, error)
	Complete(ctx context.Context, server string, ref CompletionRef, arg, value string, resolved map[string]string) (*Completion, error)
	SubscribeResource(ctx context.Context, server, uri string) error
	UnsubscribeResource(ctx context.Context, server, uri string) error
}

var _ Offers = (*Manager)(nil)
