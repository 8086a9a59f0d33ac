// Package tui is mcpeek's terminal explorer: one root Bubble Tea model over
// the servers of an mcpclient.Manager, showing each tool's folded output
// summary, its schemas as foldable trees and its raw definition.
//
// The trees are node lists in the manner of fx: every materialised line is
// in one doubly linked list in display order, folding is a flag, and the
// view walks only the lines on screen from a top pointer. Children are
// materialised lazily, on first unfold, from a Loader (the inspector for the
// summary tree, the schema reader for the schema tree).
package tui
