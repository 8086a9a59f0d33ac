// Package tasksview is the explorer's tasks screen (T): the tasks of the
// session over the whole body, one line each, newest at the bottom, a
// cursor on one. It keeps the entries (the last Keep), moves the cursor
// and draws the screen; the explorer fills the entries in (the calls that
// became tasks, the tasks servers list, their polls and results) and acts
// on the keys that reach servers.
//
// An entry's outcome is the explorer's own type O: the screen only asks
// whether there is one.
package tasksview
