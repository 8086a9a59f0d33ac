package mcpclient

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"path/filepath"

	"github.com/mark3labs/mcp-go/mcp"
)

// A server may ask its client for things while it works: the roots it may
// use, information from the user (elicitation), an LLM completion
// (sampling). mcpeek declares elicitation and sampling, as a real client
// does, so servers list every tool they offer; the front ends answer them
// through the handlers below. It declares roots only when it has some to
// offer (WithRoots, an entry's Roots): a server given none serves what its
// own arguments say, as in the client its config came from, instead of
// racing them with a root of mcpeek's choosing.

// ElicitAction is how the user answered an elicitation.
type ElicitAction string

// The answers to an elicitation.
const (
	// ElicitAccept: the user gave the requested information.
	ElicitAccept ElicitAction = "accept"
	// ElicitDecline: the user refused to give it.
	ElicitDecline ElicitAction = "decline"
	// ElicitCancel: the user dismissed the request without choosing.
	ElicitCancel ElicitAction = "cancel"
)

// ParseElicitAction reads "accept", "decline" or "cancel".
func ParseElicitAction(s string) (ElicitAction, error) {
	switch a := ElicitAction(s); a {
	case ElicitAccept, ElicitDecline, ElicitCancel:
		return a, nil
	}
	return "", fmt.Errorf("%q is not an elicitation answer (want accept, decline or cancel)", s)
}

// Elicitation is a server's request for information from the user
// (elicitation/create).
type Elicitation struct {
	// Server is the name of the server asking.
	Server string
	// Message says what is asked and why, sanitised for the terminal (it
	// may hold newlines).
	Message string
	// Mode is "form" (fill in Schema) or "url" (the user is to open URL).
	Mode string
	// Schema is the requested schema as the server sent it (form mode): an
	// object of primitive properties. It is untrusted: read it with Fields,
	// whose text is sanitised.
	Schema json.RawMessage
	// URL is the page to open in url mode, sanitised for showing. Open it
	// only once CheckURL allows it.
	URL string
	// sentURL is the URL as the server sent it, when sanitising changed
	// it.
	sentURL string
}

// ElicitAnswer is the user's answer to an Elicitation.
type ElicitAnswer struct {
	Action ElicitAction
	// Content holds the values given, by property name, when Action is
	// ElicitAccept.
	Content map[string]any
}

// ElicitationHandler answers an elicitation. It runs on a goroutine of its
// own and may wait for the user, but must return once ctx ends: the server
// withdrew the request, the connection closed, or the call it belongs to
// ended. An error goes back to the server as the request's error.
type ElicitationHandler func(ctx context.Context, e Elicitation) (ElicitAnswer, error)

// ElicitWith returns a handler that answers every elicitation with action;
// accepting fills the requested schema's defaults (see
// Elicitation.Defaults), as a client does that shows the user a form
// pre-filled with them and has it submitted unchanged.
func ElicitWith(action ElicitAction) ElicitationHandler {
	return func(_ context.Context, e Elicitation) (ElicitAnswer, error) {
		if action != ElicitAccept {
			return ElicitAnswer{Action: action}, nil
		}
		content, err := e.Defaults()
		if err != nil {
			return ElicitAnswer{}, err
		}
		return ElicitAnswer{Action: ElicitAccept, Content: content}, nil
	}
}

// SamplingRequest is a server's request for an LLM completion
// (sampling/createMessage).
type SamplingRequest struct {
	// Server is the name of the server asking.
	Server string
	// Messages is the conversation to complete, sanitised.
	Messages []SamplingMessage
	// SystemPrompt is the system prompt the server asks for, sanitised.
	SystemPrompt string
	// MaxTokens is the longest reply the server wants.
	MaxTokens int
	// Params is the request's params as the server sent them (untrusted).
	Params json.RawMessage
}

// SamplingMessage is one message of a SamplingRequest.
type SamplingMessage struct {
	// Role is "user" or "assistant".
	Role string
	// Text is the message's text; other content shows as "[image]",
	// "[audio]" and the like.
	Text string
}

// SamplingReply answers a SamplingRequest: with Text as the assistant's
// reply, or not at all (Decline).
type SamplingReply struct {
	Decline bool
	Text    string
	// Model names what produced Text ("mcpeek" when empty).
	Model string
}

// SamplingHandler answers a sampling request; it runs as an
// ElicitationHandler does. A declined request is refused to the server
// with the error "User rejected sampling request".
type SamplingHandler func(ctx context.Context, r SamplingRequest) (SamplingReply, error)

// DeclineSampling is the default SamplingHandler: it declines every request.
func DeclineSampling(context.Context, SamplingRequest) (SamplingReply, error) {
	return SamplingReply{Decline: true}, nil
}

// ReplySampling returns a handler that answers every sampling request with
// text.
func ReplySampling(text string) SamplingHandler {
	return func(context.Context, SamplingRequest) (SamplingReply, error) {
		return SamplingReply{Text: text}, nil
	}
}

// ErrSamplingDeclined is the error of a call whose server asked, in the
// 2026-07-28 era, for a sampling that was declined: that era has no way to
// refuse one and go on.
var ErrSamplingDeclined = errors.New("sampling request declined")

// WithRoots sets the roots mcpeek offers servers (roots/list): directories a
// server may work in. Relative paths are taken from the working directory.
// By default none are offered and the roots capability is not declared, so
// that a server works where its config's arguments say. An entry's Roots
// override them for its server.
func WithRoots(dirs ...string) Option {
	return func(o *options) { o.roots = append([]string{}, dirs...) }
}

// WithElicitationHandler sets how elicitations are answered (default:
// declined; nil keeps the default).
func WithElicitationHandler(h ElicitationHandler) Option {
	return func(o *options) { o.elicit = h }
}

// WithSamplingHandler sets how sampling requests are answered (default:
// DeclineSampling; nil keeps the default).
func WithSamplingHandler(h SamplingHandler) Option {
	return func(o *options) { o.sample = h }
}

// WithLogLevel sets the lowest severity of the log messages servers are
// asked to send ("debug", "info", ... "emergency"; default "info"); ""
// asks nothing and takes what each server sends unasked.
func WithLogLevel(level string) Option {
	return func(o *options) { o.logLevel = mcp.LoggingLevel(level) }
}

// handlers are the Manager's answers to servers' requests, shared by every
// connection and fixed when the Manager is made.
type handlers struct {
	elicit ElicitationHandler
	sample SamplingHandler
}

// rootsOf turns directories into roots, relative ones taken from the
// working directory.
func rootsOf(dirs []string) ([]mcp.Root, error) {
	roots := make([]mcp.Root, 0, len(dirs))
	for _, d := range dirs {
		abs, err := filepath.Abs(d)
		if err != nil {
			return nil, fmt.Errorf("root %q: %w", d, err)
		}
		u := url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}
		roots = append(roots, mcp.Root{URI: u.String(), Name: filepath.Base(abs)})
	}
	return roots, nil
}
