// Package resultview builds the explorer's tree of a call's result: the
// structuredContent as a value tree (each value line with its schema
// path, JSON pointer and jq path), every content block (JSON text decoded
// into values, images and audio as their type and size, links and
// embedded resources), the findings of its check against the output
// schema, and the raw result. The lines are schematree nodes that load
// their children when first opened (LoadLine), so the result view folds,
// searches and copies like the schema and summary views.
//
// It knows nothing of the explorer's panes, keys or styles; the result
// pane, the copy keys and the assertion dialog read its lines.
package resultview
