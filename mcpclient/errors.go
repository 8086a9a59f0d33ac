package mcpclient

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"mcpeek/model"
)

// Errors a caller can test for with errors.Is.
var (
	// ErrUnavailable wraps every failure that means "the server could not be
	// reached in time": it is down, it is (re)connecting, the call's deadline
	// passed, or the connection was lost mid-call.
	ErrUnavailable = errors.New("server unavailable")
	// ErrUnknownServer is returned for a server name that is not configured.
	ErrUnknownServer = errors.New("unknown server")
	// ErrDisabled is returned for a server whose config entry is disabled.
	ErrDisabled = errors.New("server disabled")
	// ErrClosed is returned once the Manager has been closed.
	ErrClosed = errors.New("manager closed")
)

// HeaderFaultError is a call mcpeek refuses to make: the tool's
// x-mcp-header annotations break the 2026-07-28 rules (SEP-2243), and
// clients must drop such a tool from tools/list.
type HeaderFaultError struct {
	Tool  string
	Fault model.HeaderFault
}

// Error names the tool and the rule its annotation breaks.
func (e *HeaderFaultError) Error() string {
	return fmt.Sprintf("not calling %s: clients drop this tool, its x-mcp-header annotation breaks the 2026-07-28 rules (%s)",
		Sanitize(e.Tool), e.Fault)
}

// RPCError is a JSON-RPC error answer from a server: the server was reached
// and refused the request.
type RPCError struct {
	// Method is the JSON-RPC method that was refused.
	Method string
	// Code is the JSON-RPC error code.
	Code int
	// Message is the server's message, unsanitised, with the server's
	// secrets (config, tokens) replaced by "***".
	Message string
	// Data is the raw error data, or nil; secrets replaced as in Message.
	Data json.RawMessage
}

// Error returns the method, code and sanitised message.
func (e *RPCError) Error() string {
	return fmt.Sprintf("%s: server error %d: %s", e.Method, e.Code, Sanitize(e.Message))
}

// transportError is an error from mcp-go's transport, worded with each
// stage once: its HTTP transport wraps "failed to send request" twice
// ("failed to send request: failed to send request: Post ..."). errors.Is
// and errors.As still see the error it wraps.
type transportError struct{ err error }

func (e transportError) Error() string { return sayOnce(e.err.Error()) }
func (e transportError) Unwrap() error { return e.err }

// sayOnce drops each ": "-separated stage of an error text that repeats
// the one before it.
func sayOnce(s string) string {
	stages := strings.Split(s, ": ")
	out := stages[:1]
	for _, st := range stages[1:] {
		if st != out[len(out)-1] {
			out = append(out, st)
		}
	}
	return strings.Join(out, ": ")
}
