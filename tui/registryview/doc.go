// Package registryview is the explorer's registry pane (R): a dialog that
// searches the MCP Registry as the user types, lists each server's name,
// version, package kinds and whether it needs a secret, and tries one
// (its package installed and started in the sandbox, added beside the
// configured servers) with its progress shown as it goes.
//
// Its work runs in tea.Cmds only: a search is one command under a context
// the dialog cancels when the query changes or it closes; a try is two,
// one that runs it and one that reads its steps, in order, the last being
// its end. Every search and try carries a number; an answer to an older
// one is dropped. The dialog runs one search at a time: a key cancels the
// search under way, and the next one starts once that one has ended, so
// that a slow registry with large pages never has the pane holding
// several listings at once.
//
// It knows nothing of the explorer: the explorer hands in the registry's
// functions (Source), the key map and styles (package kit), schedules the
// pause before a search (Waited, after Debounce), sends back the messages
// of its commands (Update), and does what an Action asks.
package registryview
