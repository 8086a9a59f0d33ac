// Package logview is the explorer's log screen (M): the log messages
// servers sent (notifications/message), newest at the bottom, over the
// whole body, and the level each server is asked to log from.
//
// A Screen takes the messages of the servers' snapshots in (Take), its
// keys (Key) and draws itself (Render). It knows nothing of the explorer:
// the explorer hands in the key map and the styles (package kit), the
// server selected and the rows the body has, and does what an Action
// asks; SetLevel is the command that asks a server for another level.
package logview
