// Package toolview is everything the explorer shows of one tool: a View
// holds one pane per view (Views: summary, schema, raw, planner, compare,
// result, diff, findings, about), built once off the UI loop and then owned
// by the root model, which draws, sizes and hands keys to the one shown
// through the pane contract of package kit.
//
// The trees (summary, schema, result) share TreePane; the documents (raw,
// planner, compare, findings, about) share a scrolling, searchable
// document pane. A tool's last call, checked against its output schema,
// is drawn over its summary and schema trees (overlaymarks.go,
// overlayheader.go): the value of each field, marks for what differs, a
// header with the counts.
//
// What a view needs of the model it is handed when it syncs (Env): the
// knobs, the token counter, the tickets, the change and lint marks
// (Marks, read only) and a resource reader. The work it asks for (counts,
// the diff's trees, an app's resource) runs in the commands it returns;
// each answer lands on the view that asked (Counted) unless it is stale.
package toolview
