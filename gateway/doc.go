// Package gateway is mcpeek's progressive-disclosure MCP server
// (contract/gateway.md): it sits in front of the upstream servers a
// mcpclient.Manager supervises and shows a model three tools instead of
// hundreds.
//
//   - tool_help walks a registry of every upstream tool ("<server>.<tool>")
//     plus a built-in "toolbox" group, with folded output summaries from the
//     summarizer;
//   - tool_exec resolves an op, applies the policy, validates the arguments
//     with a real JSON Schema validator, fills in defaults, honours dry runs
//     and idempotency keys, and calls the upstream under a deadline;
//   - tool_batch runs up to 20 of those, in order or in parallel.
//
// Every answer is an envelope ({op, ok, result, meta} or {op, ok, error})
// returned both as structuredContent and as JSON text. In direct mode the
// upstream tools are listed one by one instead, with their schemas passed
// through unchanged.
//
// A Gateway serves stdio (Serve) and streamable HTTP (ServeHTTP, Listen,
// ServeListener) with Origin, Host, body size and bearer token checks, and
// reports one Event per call to its subscribers and to an optional JSON-lines
// file.
package gateway
