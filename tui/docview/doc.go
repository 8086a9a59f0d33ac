// Package docview is what the explorer's documents share: a document of
// lines that scrolls and pans (Scroller), the keys that move it (Key),
// the line under the status bar that says where it is (Where), the
// search through its lines (Search), and the document most views show,
// a JSON text coloured by token (JSON).
//
// It knows nothing of the explorer: keys and styles are handed in.
package docview
