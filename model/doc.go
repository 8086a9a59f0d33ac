// Package model holds the domain types every part of mcpeek shares: servers,
// their tools with the schema bytes exactly as the servers sent them, and the
// schema reader that turns those bytes into a tree of resolved nodes.
//
// Nothing here imports a UI or a network package: the client fills these
// types, the summarizer reads them, and the front ends display them.
//
// model imports one package of ours, internal/jsonscan: a true leaf below
// model (the standard library only) holding the byte-level steps that the
// schema decoder shares with the lock file and stdio scanners. Anything
// else of ours it would import would sit above it; TestModelImportsOnlyLeaves
// keeps it so.
package model
