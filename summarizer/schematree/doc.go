// Package schematree is the foldable tree of a tool's output: the folded summary
// with its fold markers as lines that open with summarizer.Inspect, and the
// schema-aware tree of the output and input schemas. It is a data structure
// with no UI in it; the terminal explorer draws it and `mcpeek fold` prints
// it.
//
// The trees are node lists in the manner of fx: every materialised line is
// in one doubly linked list in display order, folding is a flag, and a
// view walks only the lines on screen from a top pointer. Children are
// materialised lazily, on first unfold, from a Loader (the inspector for the
// summary tree, the schema reader for the schema tree).
//
// The tree is a domain data structure and would sit in model with the
// others. It lives here, one level up, because opening a summary fold is a
// summarizer.Inspect call and model imports nothing above it.
package schematree
