// Package gateway is mcpeek's progressive-disclosure MCP server
// (docs/gateway.md describes it for users): it sits in front of the upstream servers a
// mcpclient.Manager supervises and shows a model three tools instead of
// hundreds.
//
//   - tool_help walks a registry of every upstream tool ("<server>.<tool>")
//     plus a built-in "toolbox" group, with folded output summaries from the
//     summarizer;
//   - tool_exec resolves an op, applies the policy, validates the arguments
//     and fills in defaults (package toolargs: a real JSON Schema validator,
//     2020-12 and draft-07), honours dry runs and idempotency keys, and calls
//     the upstream under a deadline;
//   - tool_batch runs up to 20 of those, in order or eight at a time.
//
// Every answer is returned both as structuredContent and as JSON text. In
// direct mode the upstream tools are listed one by one instead, with their
// schemas passed through unchanged.
//
// A Gateway serves stdio (Serve) and streamable HTTP (ServeHTTP, Listen,
// ServeListener) with Origin, Host, body size and bearer token checks,
// bounded timeouts, connections, bodies in flight and sessions
// (HTTPOptions), and
// reports one Event per call to its subscribers (Subscribe) and to an
// optional JSON-lines file. A Runner serves gateways over HTTP in the
// background, for the explorer (which starts and stops one on a key) and
// for `mcpeek gateway --http` alike:
//
//	r := gateway.NewRunner(manager, gateway.Options{Mode: gateway.ModeProgressive}, 256)
//	run, err := r.Start(ctx, id, "127.0.0.1:0") // listening once it returns
//	// run.URL() is the endpoint; run.Events() its calls (Event{Op, OK, Code,
//	// LatencyMS, Request, Envelope, ...}); run.Gateway().Calls() counts them;
//	// run.Done() and run.Err() say when and why serving ended.
//	run.Stop() // or r.Close(): ends serving and events; the Manager stays open
//
// # Decisions beyond the protocol
//
//   - tool_help answers are the help objects themselves (each carries
//     registry_version); its errors are error envelopes whose op is
//     "tool_help". In tool_batch a help step's result is wrapped in a
//     success envelope {op: "tool_help", ok, result, meta}.
//   - "root" and "" are the same path. A path may also be a direct-mode
//     name ("<server>__<tool>"). An exact op id wins over a sub-group of the
//     same name.
//   - Grouping: a group or sub-group of more than 50 ops lists sub-groups
//     instead, keyed by the first tool-name word (split at _ - . /) after
//     the words all its tools share, so no answer lists more than 50 ops.
//     Names no word tells apart are listed whole rather than split forever.
//     An unknown op's help_path is the sub-group its name's words lead to.
//   - The root answer's cache key also holds the groups' health, which
//     changes without the registry.
//   - Health: ok (connected), degraded (connecting, or connected but a call
//     found it unavailable in the last minute; a successful call clears it),
//     needs_login (an OAuth login only the user can make), down (failed or
//     disabled, with the last error).
//   - usage is a tool_exec argument object with placeholders ("<string>")
//     for the required arguments; examples use the schema's own examples,
//     defaults and enum values.
//   - args: null is read as {}. Defaults are applied after validation (a
//     default does not satisfy "required"), into nested objects and arrays
//     of objects that are present; members keep their order and numbers
//     their literal text.
//   - An input schema that cannot check the arguments lets the call through
//     unchecked, with a warning in meta.warnings: one that does not compile,
//     one with more than 4,096 subschemas (objects and booleans; the
//     validator's compile time grows with their square, and a schema is
//     compiled at its op's first call), and one whose $refs loop without
//     consuming anything. An output schema in the same state is a warning
//     too. A schema without $schema is read as 2020-12 and, if that fails,
//     as draft-07. Network $refs are never fetched.
//   - VALIDATION_ERROR lists at most 50 field errors, sorted by pointer;
//     details.field_errors_omitted counts the others. A pointer or message
//     longer than 200 bytes (a message may quote the value) is cut.
//   - Idempotency: only answers from calls that reached the tool (success or
//     UPSTREAM_ERROR) are kept; an UNAVAILABLE call frees its key for a
//     retry. A second call with a key in flight waits for the first. A
//     replay keeps the first answer's trace_id and adds meta.replayed. At
//     most 1,000 answers and 64 MiB are kept: the oldest are forgotten
//     first (a retry with a forgotten key runs the call again), and an
//     answer larger than 64 MiB is not kept.
//   - Shutdown: when serving stops (ctx ends, or Close), the calls in
//     flight end and answer UNAVAILABLE ("the gateway is shutting down")
//     before the connection or stdio session closes.
//   - A JSON-RPC error from the upstream (it refused the call) is
//     UPSTREAM_ERROR with details.rpc_code; a malformed reply too.
//   - stop_on_error applies to sequential batches: the results end at the
//     first failure and meta.skipped counts the steps not run. Each step
//     has its own trace_id.
//   - Direct mode lists only the ops the policy allows (a denied tool is not
//     offered at all); a call's arguments are checked and defaulted as by
//     tool_exec; the upstream's result is returned as it came (its
//     structuredContent byte for byte); a call that never reached the tool
//     answers isError with the error envelope as text. Names that are too
//     long, or that two ops would share, get "_" and 8 hex digits of the op
//     id's SHA-256 (every op of a collision does, so no name depends on
//     which op came first).
//   - A name the caller sent that matches nothing (a help path, an op, a
//     tool_id or tool_name, a field_path) is repeated in the answer and the
//     event cut to its first 200 bytes, followed by "…(N bytes)". The "did
//     you mean" search reads only its first 256 bytes and suggests names at
//     most 16 edits away (a third of the name's length, at least 2), so its
//     cost does not grow with the name; it stops when the caller hangs up.
//     search_tools reads the first 256 bytes of its query, and repeats at
//     most 200.
//   - A server named "toolbox" in the config is shadowed by the built-in
//     group.
//   - Elicitation and sampling requests an upstream makes during a call go
//     to the client that made it (relay.go): a 2025-11-25 session is asked
//     directly, a 2026-07-28 client through input_required and its retry
//     (park.go). A client that did not declare the capability, or a request
//     no single call can be tied to, is declined with the reason.
//   - Upstream resources, resource templates and prompts are offered in
//     both modes (offers.go): URIs as mcpeek://<server>/<the upstream's
//     URI>, so that a template's expansion routes itself, and names as op
//     ids, <server>.<name>, which the policy's globs match. They are
//     listed in the background (on connect and on list_changed) and served
//     from memory, so a hanging server holds up no listing; a list waits
//     for a server's first listing at most a second after it started.
//     Subscriptions (resources/subscribe, or a subscriptions/listen stream
//     naming resources) are followed through mcp-go's hooks (offersubs.go),
//     since mcp-go keeps none. --lock does not pin prompts: the text a
//     model reads is made per prompts/get, not listed.
//   - Events carry the call's arguments and answer (Request, Envelope) for
//     the TUI; the JSON-lines file has only the documented fields. Upstream
//     errors reach answers and events only through the Manager, which
//     redacts the config's secrets.
package gateway
