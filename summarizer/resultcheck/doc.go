// Package resultcheck lays a tool's call result over its output schema and
// reports where the result landed: which declared fields it filled and
// which it left absent, what breaks the schema (a required field missing,
// a type or enum mismatch, a null where none is allowed, a key a closed
// object does not allow), which keys the schema does not declare, what
// value each field held, and which fields hidden behind a folded summary's
// markers carried data.
//
// Paths are written as summaries write them (docs/summary.md): relative to
// the data root, arrays as "[]" with every item aggregated into one path
// ("line_items[].price_set.shop_money.amount"), a union's alternative as a
// segment of its own ("latest_charge.anyOf[0].id"). The check keeps them,
// and takes them in MarksAt and Observed, as fieldpath.Path.Quoted writes
// them, which tells a top-level "a.x" from a's x (`["a.x"]`, "a.x");
// DisplayPath, Mark.String and the JSON answer write them as summaries
// do, names as they are. The schema is read the
// way package model resolves it ($ref, allOf merged, unions simplified); a
// value matches a union when it matches one alternative, and is reported
// against the closest one.
//
// The walk is bounded whatever the result or schema: a budget of work,
// distinct paths, nesting depth and listed marks (Options). The JSON
// Schema validator the gateway uses (Validator) gives the strict verdict
// beside it: keywords the overlay does not read (pattern, minimum, format,
// oneOf exclusivity) are its to report.
package resultcheck
