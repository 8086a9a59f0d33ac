// Package tui is mcpeek's terminal explorer: one root Bubble Tea model over
// the servers of an mcpclient.Manager, showing each tool's folded output
// summary, its schemas as foldable trees and its raw definition.
//
// The trees are package summarizer/tree's node lists: folding is O(1) and
// a frame walks only the lines on screen.
package tui
