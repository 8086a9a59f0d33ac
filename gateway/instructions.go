package gateway

// progressiveInstructions teach a model the discovery pattern (help,
// then exec) and how to read fold markers in output_fields.
const progressiveInstructions = `This server is a gateway to many tools. You see three: tool_help, tool_exec and tool_batch. Every other tool is an op named "<server>.<tool>", reached through them.

Discover, then call:
1. tool_help("") lists the groups (one per server, plus "toolbox") with their health; skip groups that are "down".
2. tool_help("<group>") lists a group's ops (a large group lists sub-groups first).
3. tool_help("<server>.<tool>") shows the op's args (names, types, required, defaults), output_fields, policy and a ready tool_exec call in "usage".
4. tool_exec({"op": "<server>.<tool>", "args": {...}}) using exactly those args.
Or search: tool_exec({"op": "toolbox.search_tools", "args": {"query": "refund an order"}}).

Answers are envelopes: {"op", "ok": true, "result", "meta"} or {"op", "ok": false, "error": {"code", "message", "details", "help_path"}}.
- On an error, call tool_help(help_path), correct the call and retry. VALIDATION_ERROR lists details.field_errors as JSON pointers into args.
- UNAVAILABLE means the server is down or slow: wait details.retry_after_ms, or use another op. UPSTREAM_ERROR is the tool's own failure.
- Never guess ids or required fields: get them with list, search or get ops first. The args list of tool_help is the source of truth.
- For a write op that must not run twice, pass an idempotency_key; use "dry_run": true to check args without calling anything.
- A long-running op still running at the deadline answers ok with result.task {"task_id", "status", "poll"}: call tool_exec({"op": "<server>.<tool>", "task_id": "..."}) until it answers the op's result.
- tool_batch runs up to 20 help or exec steps in one call.

Handling Large Outputs:
Some tools have large output schemas that are summarized in output_fields.
* If you see a field marked like ` + "`variants[]: object (contains 15 sub-fields; inspect...)`" + `, it means the details are hidden (has_hidden_fields is true).
* Rule: If you need to access a hidden field to write your plan (e.g., checking a specific variant attribute), you MUST first call tool_exec({"op": "toolbox.inspect_tool_output", "args": {"tool_id": "<server>.<tool>", "field_path": "variants[]"}}) to see the structure. Do not guess paths.
* toolbox.inspect_tool returns a tool's full definition, with its raw inputSchema and outputSchema.`

// directInstructions are for direct mode, where every tool is listed.
const directInstructions = `This server is a gateway: every upstream tool is listed as "<server>__<tool>" with its own schemas.

Handling Large Outputs:
Some tools have large output schemas. Their fields are summarized with fold markers.
* If you see a field marked like ` + "`variants[]: object (contains 15 sub-fields; inspect...)`" + `, it means the details are hidden.
* Rule: If you need to access a hidden field to write your plan (e.g., checking a specific variant attribute), you MUST first call inspect_tool_output(tool_id, field_path) to see the structure. Do not guess paths. tool_id is "<server>.<tool>" or the listed "<server>__<tool>" name.
* inspect_tool(tool_name) returns a tool's description, inputSchema and outputSchema (null, with a note, when the server declares none).`

func instructions(m Mode) string {
	if m == ModeDirect {
		return directInstructions
	}
	return progressiveInstructions
}
