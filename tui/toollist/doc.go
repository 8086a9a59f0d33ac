// Package toollist is the explorer's servers-and-tools pane: a row per
// server, its tools, the lock file's tools it no longer lists and what it
// offers besides tools (its resources, templates and prompts), a cursor,
// folded servers and the filter that ranks what matches first.
//
// The list holds indexes into the servers the root hands it on each call
// (a []model.Server, as last loaded) and what it shows of each tool (an
// Info by tool id). The offers are the root's, of its own type O, behind
// the Offers interface; the change marks are behind Marks. Keys come in
// through Key, which hands back actions (kit.Action) for the root to do.
package toollist
