package gateway

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"mcpeek/mcpclient"
	"mcpeek/model"
)

// ProgressiveToolsList returns the result of a progressive gateway's
// tools/list ({"tools": [tool_help, tool_exec, tool_batch]}) byte for byte
// as it is served, without serving anything. It does not depend on the
// upstreams: it is what a model's prompt pays for the gateway's tools,
// however many tools sit behind them.
func ProgressiveToolsList() (json.RawMessage, error) {
	g, err := New(noUpstreams{}, Options{Mode: ModeProgressive})
	if err != nil {
		return nil, err
	}
	defer g.Close()
	// Answered by the same mcp-go handler as a client's request, and
	// encoded as the transports encode it (encoding/json, HTML-escaped).
	resp := g.srv.HandleMessage(context.Background(), json.RawMessage(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`))
	b, err := json.Marshal(resp)
	if err != nil {
		return nil, fmt.Errorf("gateway: tools/list: %w", err)
	}
	var out struct {
		Result json.RawMessage `json:"result"`
		Error  *struct {
			Message string `json:"message"`
		} `json:"error"`
	}
	if err := json.Unmarshal(b, &out); err != nil {
		return nil, fmt.Errorf("gateway: tools/list: %w", err)
	}
	if out.Error != nil || len(out.Result) == 0 {
		msg := "no result"
		if out.Error != nil {
			msg = out.Error.Message
		}
		return nil, fmt.Errorf("gateway: tools/list: %s", msg)
	}
	return out.Result, nil
}

// noUpstreams is a gateway with nothing behind it.
type noUpstreams struct{}

func (noUpstreams) Servers() []model.Server { return nil }

func (noUpstreams) CallTool(context.Context, string, string, json.RawMessage) (*mcpclient.CallResult, error) {
	return nil, errors.New("no upstreams")
}
