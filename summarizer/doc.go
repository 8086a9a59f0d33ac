// Package summarizer folds a tool's output schema into what an LLM planner
// is shown, and answers drill-down questions about it, exactly as
// docs/summary.md describes:
//
//   - Summarize: the folded summary (output_fields, has_hidden_fields);
//   - Inspect: inspect_tool_output, the schema slice under one field path;
//   - Describe: the planner descriptor and the inspect_tool object.
//
// Everything here is a pure function of an already parsed model.Schema:
// no I/O, no clocks, no map-order dependence. The TUI, the CLI and the
// gateway all call these same functions.
package summarizer
