package mcpclient

import (
	"context"
	"encoding/json"
	"fmt"
)

// ListEntries lists what a server offers besides tools, each entry raw as
// it sent it: its resource templates when it offers resources, its
// prompts when it offers prompts (a lock file holds both). A listing that
// stopped short (the item cap, a repeated cursor) is an error: a lock
// file that silently lost entries would report them removed.
func (m *Manager) ListEntries(ctx context.Context, server string) (templates, prompts []json.RawMessage, err error) {
	s, ok := m.Server(server)
	if !ok {
		return nil, nil, fmt.Errorf("no server %q", server)
	}
	if s.Offers.Resources {
		list, err := m.ListResourceTemplates(ctx, server)
		if err == nil && list.Stopped != "" {
			err = fmt.Errorf("the listing stopped: %s", list.Stopped)
		}
		if err != nil {
			return nil, nil, fmt.Errorf("%s: resource templates: %w", server, err)
		}
		for _, t := range list.Items {
			templates = append(templates, t.Raw)
		}
	}
	if s.Offers.Prompts {
		list, err := m.ListPrompts(ctx, server)
		if err == nil && list.Stopped != "" {
			err = fmt.Errorf("the listing stopped: %s", list.Stopped)
		}
		if err != nil {
			return nil, nil, fmt.Errorf("%s: prompts: %w", server, err)
		}
		for _, p := range list.Items {
			prompts = append(prompts, p.Raw)
		}
	}
	return templates, prompts, nil
}
