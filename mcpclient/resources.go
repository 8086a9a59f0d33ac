package mcpclient

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/mark3labs/mcp-go/mcp"

	"mcpeek/model"
)

// DefaultMaxListItems bounds the entries one listing of resources,
// resource templates or prompts keeps: a server that offers more is listed
// up to it, and the listing says it stopped.
const DefaultMaxListItems = 10_000

// Resource is one entry of resources/list. Its text is as the server sent
// it: sanitise it before showing it.
type Resource struct {
	URI         string `json:"uri"`
	Name        string `json:"name"`
	Title       string `json:"title,omitempty"`
	Description string `json:"description,omitempty"`
	MIMEType    string `json:"mimeType,omitempty"`
	// Size is the size in bytes the server gave, -1 when it gave none.
	Size  int64  `json:"-"`
	Icons []Icon `json:"icons,omitempty"`
	// Raw is the entry as the server sent it.
	Raw json.RawMessage `json:"-"`
}

// ResourceTemplate is one entry of resources/templates/list.
type ResourceTemplate struct {
	URITemplate string          `json:"uriTemplate"`
	Name        string          `json:"name"`
	Title       string          `json:"title,omitempty"`
	Description string          `json:"description,omitempty"`
	MIMEType    string          `json:"mimeType,omitempty"`
	Icons       []Icon          `json:"icons,omitempty"`
	Raw         json.RawMessage `json:"-"`
}

// Prompt is one entry of prompts/list.
type Prompt struct {
	Name        string           `json:"name"`
	Title       string           `json:"title,omitempty"`
	Description string           `json:"description,omitempty"`
	Arguments   []PromptArgument `json:"arguments,omitempty"`
	Icons       []Icon           `json:"icons,omitempty"`
	Raw         json.RawMessage  `json:"-"`
}

// PromptArgument is one argument a prompt takes.
type PromptArgument struct {
	Name        string `json:"name"`
	Title       string `json:"title,omitempty"`
	Description string `json:"description,omitempty"`
	Required    bool   `json:"required,omitempty"`
}

// Icon is an icon a server gives for an entry. Only its presence and type
// are shown (model.Icon.Kind): mcpeek never fetches it.
type Icon = model.Icon

// Listing is what a paginated list returned: the entries, and when the
// listing stopped before the server's last page, why.
type Listing[T any] struct {
	Items []T
	// Stopped says why the listing ended before the last page ("" when it
	// did not): the item or page cap, or a repeated cursor.
	Stopped string
	// Skipped counts entries that were not objects of the expected shape.
	Skipped int
	// Cache is what the server said of caching the list (2026-07-28).
	Cache CacheHint
}

// CacheHint is a list result's cache hints: how long the list may be
// reused, and for whom.
type CacheHint struct {
	// TTL is how long the list stays fresh (ttlMs); 0 when not given.
	TTL time.Duration
	// Scope is who may share it (cacheScope: "session", "user",
	// "global"...), sanitised; "" when not given.
	Scope string
}

// ResourceContents is one item of a resources/read result, or a resource
// embedded in a prompt message.
type ResourceContents struct {
	URI      string          `json:"uri"`
	MIMEType string          `json:"mimeType,omitempty"`
	Text     *string         `json:"text,omitempty"`
	Blob     *string         `json:"blob,omitempty"`
	Meta     json.RawMessage `json:"_meta,omitempty"`
}

// IsText reports whether the contents are text (else a base64 blob).
func (r ResourceContents) IsText() bool { return r.Blob == nil }

// Size is the contents' size in bytes: the text's, or the blob's once
// decoded.
func (r ResourceContents) Size() int64 {
	if r.Blob != nil {
		return base64Size(*r.Blob)
	}
	if r.Text != nil {
		return int64(len(*r.Text))
	}
	return 0
}

// Bytes returns the contents: the text, or the blob decoded.
func (r ResourceContents) Bytes() ([]byte, error) {
	if r.Blob == nil {
		if r.Text == nil {
			return nil, nil
		}
		return []byte(*r.Text), nil
	}
	b, err := base64.StdEncoding.DecodeString(*r.Blob)
	if err != nil {
		return nil, fmt.Errorf("the blob of %s is not base64: %w", Sanitize(r.URI), err)
	}
	return b, nil
}

// base64Size is how many bytes the base64 text s decodes to.
func base64Size(s string) int64 {
	n := int64(len(s)) / 4 * 3
	switch {
	case strings.HasSuffix(s, "=="):
		n -= 2
	case strings.HasSuffix(s, "="):
		n--
	}
	return max(n, 0)
}

// ReadResult is a resources/read result.
type ReadResult struct {
	Contents []ResourceContents
	Raw      json.RawMessage
}

// PromptResult is a prompts/get result.
type PromptResult struct {
	Description string          `json:"description,omitempty"`
	Messages    []PromptMessage `json:"messages"`
	Raw         json.RawMessage `json:"-"`
}

// PromptMessage is one message of a prompt.
type PromptMessage struct {
	Role    string  `json:"role"`
	Content Content `json:"content"`
}

// Content is one content block (text, image, audio, an embedded resource
// or a resource link), with the fields of every kind.
type Content struct {
	Type     string            `json:"type"`
	Text     string            `json:"text,omitempty"`
	Data     string            `json:"data,omitempty"` // image, audio: base64
	MIMEType string            `json:"mimeType,omitempty"`
	URI      string            `json:"uri,omitempty"` // resource_link
	Name     string            `json:"name,omitempty"`
	Resource *ResourceContents `json:"resource,omitempty"` // resource
}

// DataSize is the decoded size of an image's or audio's data.
func (c Content) DataSize() int64 { return base64Size(c.Data) }

// Completion is a completion/complete result.
type Completion struct {
	Values  []string `json:"values"`
	Total   int      `json:"total,omitempty"`
	HasMore bool     `json:"hasMore,omitempty"`
}

// CompletionRef names what is completed: a prompt's argument, or a
// resource template's variable.
type CompletionRef struct {
	// Prompt is the prompt's name; "" for a template.
	Prompt string
	// Template is the resource template's URI template; "" for a prompt.
	Template string
}

func (r CompletionRef) param() map[string]any {
	if r.Prompt != "" {
		return map[string]any{"type": "ref/prompt", "name": r.Prompt}
	}
	return map[string]any{"type": "ref/resource", "uri": r.Template}
}

// ListResources lists a server's resources, following its pages up to the
// page cap (WithMaxPages) and DefaultMaxListItems entries.
func (m *Manager) ListResources(ctx context.Context, server string) (Listing[Resource], error) {
	var out Listing[Resource]
	err := m.onConn(ctx, server, "list resources", func(ctx context.Context, c *conn) error {
		raws, hint, stopped, err := c.listAll(ctx, string(mcp.MethodResourcesList), "resources")
		out = decodeListing[Resource](raws, stopped)
		out.Cache = hint
		for i := range out.Items {
			out.Items[i].Size = sizeOf(out.Items[i].Raw)
		}
		return err
	})
	return out, err
}

// sizeOf reads a resource's optional size, -1 when absent or not a number.
func sizeOf(raw json.RawMessage) int64 {
	var v struct {
		Size *int64 `json:"size"`
	}
	if json.Unmarshal(raw, &v) != nil || v.Size == nil {
		return -1
	}
	return *v.Size
}

// ListResourceTemplates lists a server's resource templates, as
// ListResources lists its resources.
func (m *Manager) ListResourceTemplates(ctx context.Context, server string) (Listing[ResourceTemplate], error) {
	var out Listing[ResourceTemplate]
	err := m.onConn(ctx, server, "list resource templates", func(ctx context.Context, c *conn) error {
		raws, hint, stopped, err := c.listAll(ctx, string(mcp.MethodResourcesTemplatesList), "resourceTemplates")
		out = decodeListing[ResourceTemplate](raws, stopped)
		out.Cache = hint
		return err
	})
	return out, err
}

// ListPrompts lists a server's prompts, as ListResources lists its
// resources.
func (m *Manager) ListPrompts(ctx context.Context, server string) (Listing[Prompt], error) {
	var out Listing[Prompt]
	err := m.onConn(ctx, server, "list prompts", func(ctx context.Context, c *conn) error {
		raws, hint, stopped, err := c.listAll(ctx, string(mcp.MethodPromptsList), "prompts")
		out = decodeListing[Prompt](raws, stopped)
		out.Cache = hint
		return err
	})
	return out, err
}

// ReadResource reads the resource at uri (resources/read). The message
// size cap (WithMaxMessageBytes) bounds what a server can send.
func (m *Manager) ReadResource(ctx context.Context, server, uri string) (*ReadResult, error) {
	var out ReadResult
	err := m.onConn(ctx, server, "read "+uri, func(ctx context.Context, c *conn) error {
		raw, err := c.request(ctx, string(mcp.MethodResourcesRead), map[string]any{"uri": uri})
		if err != nil {
			return err
		}
		var v struct {
			Contents []ResourceContents `json:"contents"`
		}
		if err := json.Unmarshal(raw, &v); err != nil {
			return fmt.Errorf("malformed result: %w", err)
		}
		out = ReadResult{Contents: v.Contents, Raw: raw}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// GetPrompt gets a prompt's messages with args (prompts/get).
func (m *Manager) GetPrompt(ctx context.Context, server, name string, args map[string]string) (*PromptResult, error) {
	var out PromptResult
	err := m.onConn(ctx, server, "get prompt "+name, func(ctx context.Context, c *conn) error {
		params := map[string]any{"name": name}
		if len(args) > 0 {
			params["arguments"] = args
		}
		raw, err := c.request(ctx, string(mcp.MethodPromptsGet), params)
		if err != nil {
			return err
		}
		if err := json.Unmarshal(raw, &out); err != nil {
			return fmt.Errorf("malformed result: %w", err)
		}
		out.Raw = raw
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// Complete asks the server for the values of an argument of ref that start
// with value (completion/complete); resolved holds arguments already
// chosen, as context.
func (m *Manager) Complete(ctx context.Context, server string, ref CompletionRef, arg, value string, resolved map[string]string) (*Completion, error) {
	var out Completion
	err := m.onConn(ctx, server, "complete "+arg, func(ctx context.Context, c *conn) error {
		params := map[string]any{"ref": ref.param(), "argument": map[string]any{"name": arg, "value": value}}
		if len(resolved) > 0 {
			params["context"] = map[string]any{"arguments": resolved}
		}
		raw, err := c.request(ctx, string(mcp.MethodCompletionComplete), params)
		if err != nil {
			return err
		}
		var v struct {
			Completion Completion `json:"completion"`
		}
		if err := json.Unmarshal(raw, &v); err != nil {
			return fmt.Errorf("malformed result: %w", err)
		}
		out = v.Completion
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// onConn runs do on server's live connection, within the call timeout
// (unless ctx ends sooner) and until Close. A server that is down is
// reconnected at once and waited for, as for a call. Errors name the
// server and what was asked, with the server's secrets redacted.
func (m *Manager) onConn(ctx context.Context, server, what string, do func(context.Context, *conn) error) error {
	s, err := m.lookup(server)
	if err != nil {
		return err
	}
	parent := ctx
	ctx, cancel := context.WithTimeout(ctx, m.opts.callTimeout)
	defer cancel()
	stop := context.AfterFunc(m.ctx, cancel)
	defer stop()
	c, err := m.ready(ctx, s)
	connected := err == nil
	if connected {
		err = do(ctx, c)
	}
	switch {
	case err == nil:
		return nil
	case m.ctx.Err() != nil:
		return ErrClosed
	case errors.Is(err, context.DeadlineExceeded) && parent.Err() == nil:
		err = &TimeoutError{After: m.opts.callTimeout, Connected: connected, err: err}
	}
	return s.redactErr(fmt.Errorf("%s: %s: %w", server, what, err))
}

// listAll fetches every page of a list method and returns the entries of
// key as they came. It stops, saying why, at the page cap, at
// DefaultMaxListItems entries, or when a cursor repeats; what it has is
// kept.
func (c *conn) listAll(ctx context.Context, method, key string) (all []json.RawMessage, hint CacheHint, stopped string, _ error) {
	err := c.followPages(ctx, method, c.pageCap(), func(page int, raw json.RawMessage) (string, error) {
		var v map[string]json.RawMessage
		if err := json.Unmarshal(raw, &v); err != nil {
			return "", fmt.Errorf("%s: malformed result on page %d: %w", method, page, err)
		}
		if page == 1 {
			hint = cacheHint(v)
		}
		var entries []json.RawMessage
		if b, ok := v[key]; ok && string(b) != "null" {
			if err := json.Unmarshal(b, &entries); err != nil {
				return "", fmt.Errorf("%s: %s is not an array on page %d", method, key, page)
			}
		}
		all = append(all, entries...)
		if len(all) >= DefaultMaxListItems {
			more := len(all) > DefaultMaxListItems || v["nextCursor"] != nil
			all = all[:DefaultMaxListItems]
			if more {
				stopped = fmt.Sprintf("the server offers more than %d; only the first %d are listed", DefaultMaxListItems, DefaultMaxListItems)
				return "", nil
			}
		}
		var next string
		if b, ok := v["nextCursor"]; ok {
			_ = json.Unmarshal(b, &next) // a cursor that is not a string ends the listing
		}
		return next, nil
	})
	if cut, ok := errors.AsType[*pageCut](err); ok {
		if cut.cap > 0 {
			return all, hint, fmt.Sprintf("still paginating after %d pages; the listing stopped there", cut.cap), nil
		}
		return all, hint, fmt.Sprintf("page %d repeats a cursor; the listing stopped there", cut.page), nil
	}
	return all, hint, stopped, err
}

// cacheHint reads a list result's ttlMs and cacheScope.
func cacheHint(v map[string]json.RawMessage) CacheHint {
	var h CacheHint
	var ms float64
	if json.Unmarshal(v["ttlMs"], &ms) == nil && ms > 0 {
		h.TTL = time.Duration(min(ms, float64(365*24*time.Hour/time.Millisecond))) * time.Millisecond
	}
	var scope string
	if json.Unmarshal(v["cacheScope"], &scope) == nil {
		h.Scope = model.SanitizeLine(scope)
	}
	return h
}

// decodeListing decodes each entry into a T, keeping it raw; an entry that
// is not an object of T's shape is counted as skipped.
func decodeListing[T any](raws []json.RawMessage, stopped string) Listing[T] {
	out := Listing[T]{Stopped: stopped, Items: make([]T, 0, len(raws))}
	for _, raw := range raws {
		var t T
		if len(raw) == 0 || raw[0] != '{' || json.Unmarshal(raw, &t) != nil {
			out.Skipped++
			continue
		}
		setRaw(&t, raw)
		out.Items = append(out.Items, t)
	}
	return out
}

func setRaw(v any, raw json.RawMessage) {
	switch t := v.(type) {
	case *Resource:
		t.Raw = raw
	case *ResourceTemplate:
		t.Raw = raw
	case *Prompt:
		t.Raw = raw
	}
}

// offers reads the server's capabilities from its initialize result.
func (c *conn) offers() model.Offers {
	if c.info == nil {
		return model.Offers{}
	}
	caps := c.info.Capabilities
	o := model.Offers{Prompts: caps.Prompts != nil, Completions: caps.Completions != nil, Logging: caps.Logging != nil}
	if caps.Resources != nil {
		o.Resources, o.Subscribe = true, caps.Resources.Subscribe
	}
	if form := c.taskForm(); form != noTasks {
		o.Tasks = true
		// tasks/list is gone from the 2026-07-28 era (mcp-go refuses it
		// there though it still declares tasks.list).
		o.TaskList = form == tasks2025 && caps.Tasks.List != nil && !c.modern()
	}
	return o
}

// noTools reports whether err, from listing the tools, is a server that
// declared no tools capability refusing tools/list as unknown: a server of
// resources or prompts alone, which is connected with no tools.
func noTools(c *conn, err error) bool {
	var rerr *RPCError
	return c.info != nil && c.info.Capabilities.Tools == nil &&
		errors.As(err, &rerr) && rerr.Code == mcp.METHOD_NOT_FOUND
}

// offersOthersOnly reports whether the server declares resources or
// prompts but not tools: it is not asked for tools (over HTTP such a server
// may answer tools/list with a 404, which reads as a lost session).
func (c *conn) offersOthersOnly() bool {
	caps := c.info.Capabilities
	return caps.Tools == nil && (caps.Resources != nil || caps.Prompts != nil)
}
