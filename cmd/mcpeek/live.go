package main

import (
	"context"
	"errors"

	"mcpeek/model"
)

// liveTool fetches SERVER.TOOL from a running server.
func (a *app) liveTool(ctx context.Context, ref toolRef) (model.Tool, error) {
	return model.Tool{}, errors.New("reading tools from live servers (SERVER.TOOL) is not built yet; use --schema FILE")
}
