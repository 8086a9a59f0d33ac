package mcpclient

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/mark3labs/mcp-go/mcp"

	"mcpeek/model"
)

// defaultMaxPages bounds tools/list pagination, so that a server whose
// cursors never end cannot keep a connection listing forever.
const defaultMaxPages = 100

// listTools fetches every page of tools/list as raw JSON and keeps each tool
// object, and its inputSchema and outputSchema, byte for byte.
func (c *conn) listTools(ctx context.Context) ([]model.Tool, error) {
	var tools []model.Tool
	err := c.followPages(ctx, string(mcp.MethodToolsList), c.pageCap(), func(page int, raw json.RawMessage) (next string, err error) {
		tools, next, err = readToolsPage(c.name, raw, tools)
		if err != nil {
			return "", fmt.Errorf("tools/list: malformed result on page %d: %w", page, err)
		}
		return next, nil
	})
	if cut, ok := errors.AsType[*pageCut](err); ok {
		if cut.cap > 0 {
			return nil, fmt.Errorf("tools/list: %w; giving up", cut)
		}
		return nil, fmt.Errorf("tools/list: %w", cut)
	}
	if err != nil {
		return nil, err
	}
	return c.keepTyped(tools), nil
}

// readToolsPage reads one tools/list result in a single pass and appends
// its tools to tools. Each tool keeps its definition, and its inputSchema
// and outputSchema, as slices of raw, byte for byte; only its name, title
// and description are decoded. A tool that is not an object with a string
// name is left out.
func readToolsPage(server string, raw []byte, tools []model.Tool) (_ []model.Tool, next string, err error) {
	dec := jsontext.NewDecoder(bytes.NewBuffer(raw),
		jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	if dec.PeekKind() == 'n' {
		_, err := dec.ReadToken()
		return tools, "", err
	}
	if err := readDelim(dec, '{', "the result is not an object"); err != nil {
		return nil, "", err
	}
	page := len(tools)
	for dec.PeekKind() != '}' {
		name, err := dec.ReadToken()
		if err != nil {
			return nil, "", err
		}
		switch name.String() {
		case "tools":
			tools, err = readTools(dec, server, raw, tools[:page])
		case "nextCursor":
			next, err = readString(dec, "nextCursor")
		default:
			err = dec.SkipValue()
		}
		if err != nil {
			return nil, "", err
		}
	}
	if _, err := dec.ReadToken(); err != nil {
		return nil, "", err
	}
	if _, err := dec.ReadToken(); err != io.EOF {
		return nil, "", fmt.Errorf("unexpected data after the result (at byte %d)", dec.InputOffset())
	}
	return tools, next, nil
}

// readTools reads the tools array.
func readTools(dec *jsontext.Decoder, server string, raw []byte, tools []model.Tool) ([]model.Tool, error) {
	if dec.PeekKind() == 'n' {
		_, err := dec.ReadToken()
		return tools, err
	}
	if err := readDelim(dec, '[', "tools is not an array"); err != nil {
		return nil, err
	}
	for dec.PeekKind() != ']' {
		if dec.PeekKind() != '{' {
			if err := dec.SkipValue(); err != nil {
				return nil, err
			}
			continue
		}
		t, err := model.ReadTool(dec, raw)
		if err != nil {
			return nil, err
		}
		if t.Name != "" {
			t.Server = server
			tools = append(tools, t)
		}
	}
	_, err := dec.ReadToken()
	return tools, err
}

// readString reads a string, or null as "". Any other value is an error
// naming what.
func readString(dec *jsontext.Decoder, what string) (string, error) {
	switch dec.PeekKind() {
	case '"':
		tok, err := dec.ReadToken()
		return tok.String(), err
	case 'n':
		_, err := dec.ReadToken()
		return "", err
	}
	return "", fmt.Errorf("%s is not a string", what)
}

func readDelim(dec *jsontext.Decoder, delim jsontext.Kind, notIt string) error {
	if dec.PeekKind() != delim {
		if _, err := dec.ReadToken(); err != nil {
			return err
		}
		return errors.New(notIt)
	}
	_, err := dec.ReadToken()
	return err
}

func nonNull(m json.RawMessage) json.RawMessage {
	if len(m) == 0 || string(m) == "null" {
		return nil
	}
	return m
}

// keepTyped remembers typed definitions where the protocol needs them: on a
// 2026-07-28 HTTP connection tools/call mirrors x-mcp-header parameters into
// headers. A tool whose annotations break SEP-2243, which clients must drop,
// stays in the list (mcpeek shows it, with model.Tool.HeaderFault saying
// why) and is remembered as dropped on every transport, so that callTool
// refuses it.
func (c *conn) keepTyped(tools []model.Tool) []model.Tool {
	dropped := map[string]model.HeaderFault{}
	for _, t := range tools {
		if !t.HeaderFault.IsZero() {
			dropped[t.Name] = t.HeaderFault
		}
	}
	var typed map[string]*mcp.Tool
	if c.modern() && isHTTP(c.tr) {
		typed = make(map[string]*mcp.Tool, len(tools))
		for _, t := range tools {
			var tool mcp.Tool
			if _, bad := dropped[t.Name]; bad || json.Unmarshal(t.Raw, &tool) != nil {
				continue
			}
			if err := mcp.ValidateParamHeaderAnnotations(&tool); err != nil {
				// mcp-go's check and ours may disagree at the edges; the
				// stricter wins.
				dropped[t.Name] = model.HeaderFault{Pointer: "/inputSchema", Why: err.Error()}
				continue
			}
			typed[t.Name] = &tool
		}
	}
	c.toolsMu.Lock()
	c.typed, c.dropped = typed, dropped
	c.toolsMu.Unlock()
	return tools
}

// droppedFault is why the tool called name must not be called, zero when
// it may be.
func (c *conn) droppedFault(name string) model.HeaderFault {
	c.toolsMu.Lock()
	defer c.toolsMu.Unlock()
	return c.dropped[name]
}

func (c *conn) typedTool(name string) *mcp.Tool {
	c.toolsMu.Lock()
	defer c.toolsMu.Unlock()
	return c.typed[name]
}

// maxInputRounds bounds how many times one call answers a server's input
// requests and asks again (2026-07-28), so that a server that keeps asking
// cannot keep a call going forever.
const maxInputRounds = 10

// callTool sends tools/call with args (a JSON object, or nil for none) and
// returns the raw result. With a progress sink it asks for progress reports
// and routes them there. A 2026-07-28 server that needs input first (an
// elicitation, a sampling, the roots) answers with input requests: they
// are answered as requests on the transport are, and the call is made again
// with the answers.
//
// asTask asks a server of 2025-11-25 tasks to run the call as a task; a
// server of the 2026-07-28 extension decides for itself. Either way a call
// that became a task returns at once with CallResult.Task set.
func (c *conn) callTool(ctx context.Context, name string, args json.RawMessage, progress *progressSink, asTask bool) (*CallResult, error) {
	if f := c.droppedFault(name); !f.IsZero() {
		return nil, &HeaderFaultError{Tool: name, Fault: f}
	}
	if len(args) == 0 {
		args = json.RawMessage("{}")
	}
	if !json.Valid(args) {
		return nil, fmt.Errorf("tools/call %s: arguments are not valid JSON", name)
	}
	params := map[string]any{"name": name, "arguments": args}
	if progress != nil {
		token := c.watchProgress(progress)
		defer c.unwatchProgress(token)
		params["_meta"] = map[string]any{"progressToken": token}
	}
	if asTask && c.taskForm() == tasks2025 {
		params["task"] = map[string]any{}
	}
	for round := 1; ; round++ {
		raw, err := c.request(ctx, string(mcp.MethodToolsCall), params)
		if err != nil {
			return nil, err
		}
		fields, err := resultFields(raw)
		if err != nil {
			return nil, err
		}
		if t, ok, err := createdTaskIn(c.name, raw, fields); ok {
			if err != nil {
				return nil, err
			}
			return &CallResult{Raw: raw, Task: &t}, nil
		}
		need, ok := needsInput(fields)
		if !ok {
			return callResultOf(raw, fields), nil
		}
		if round > maxInputRounds {
			return nil, fmt.Errorf("tools/call %s: the server still asks for input after %d rounds; giving up", name, maxInputRounds)
		}
		answers, err := c.peer.fulfil(ctx, need.InputRequests)
		if err != nil {
			return nil, fmt.Errorf("tools/call %s: %w", name, err)
		}
		params["inputResponses"] = answers
		if need.RequestState != "" {
			params["requestState"] = need.RequestState
		} else {
			delete(params, "requestState")
		}
	}
}
