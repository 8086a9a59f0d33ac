// Package tui is mcpeek's terminal explorer: one root Bubble Tea model over
// the servers of an mcpclient.Manager, showing each tool's folded output
// summary, its schemas as foldable trees, its raw definition, the planner
// descriptor with what it costs in tokens, and the old hard cut beside the
// folded summary. Two knobs (max_fields, max_depth) re-fold every view.
//
// A key runs the gateway (package gateway, progressive mode) over the same
// servers on a loopback port, in the background: a gateway.Runner owns its
// goroutines and locks, the model starts and stops runs in commands. Its
// calls are listed live in the traffic screen (package traffic) and open
// to their request and envelope. One bridge (Model.ForwardEvents) carries the Manager's and the
// gateway's events to the program, and is the only caller of its Send:
// the Manager tells of state changes, login pages, config warnings and
// servers' requests for the user (elicitation, sampling) as typed events,
// and a dialog answers a request through the value its event carries, so
// no goroutine ever waits on the program.
//
// Each view of a tool is a pane (the contract is package kit's, the views
// package toolview's, listed in toolview.Views); the traffic screen is a
// pane too, a package of its own (traffic) that the root hands keys,
// styles and the gateway's state (trafficpane.go). Dialogs
// stack over the screen (package dialog) and answer keys with actions. The
// forms (the call form, the prompts) are huh forms built by package
// callform from a schema and embedded the usual way: the dialog on top
// takes the messages the root model does not own, and its form's
// commands (moves between fields, cursor blinks) run in Bubble Tea and
// come back through Update. Every answer that can go stale
// carries a ticket (tickets.go).
//
// A tool's last call, checked against its output schema, is drawn over
// its summary and schema trees, the overlay (package toolview): the value
// of each field, marks for what differs, a header with the counts.
// A tool can be called from the explorer (call.go): the call runs in a
// command with its progress and timeout, esc cancels it, and its outcome
// is kept on the tool's view, checked against the output schema
// (package resultcheck) and shown in the result view, a value tree of
// what came back. Package resultview draws it (the tree, its header, the
// keys on its lines, the save dialog); toolview's result pane sets it on
// the tree pane, toolviews.go on the dialog stack. Text on screen is measured, fit and wrapped
// by package uitext.
//
// Besides tools, a server's resources, resource templates and prompts are
// rows under it when its Backend is an Offerer (offers.go, offerrows.go):
// the right pane shows one's details and what reading or getting it
// returned (offerpane.go; the trees of the answers are resultview's), a
// form asks for a template's variables (offertemplate.go) or a prompt's
// arguments with the server's completions (offerform.go), and
// the log screen (logpane.go) keeps the servers' log messages in a ring.
// Package resourcemarks keeps the subscribed and changed resources, and
// Filter (filter.go) drops, before any frame, the resource updates that
// would refresh nothing.
//
// Finding things: the tools filter and the field search across tools (f)
// rank with package search; / searches whichever pane has the keys
// (kit.Searcher), and no key typed into an input runs a command.
//
// The trees are package schematree's node lists: folding is O(1) and
// a frame walks only the lines on screen. Token counts are taken in
// commands, never in Update or View.
package tui
