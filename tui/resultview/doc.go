// Package resultview is the explorer's view of a call's result. Its tree
// (NewTree) holds the structuredContent as a value tree (each value line
// with its schema path, JSON pointer and jq path), every content block
// (JSON text decoded into values, images and audio as their type and
// size, links and embedded resources), the findings of its check against
// the output schema, and the raw result. The lines are schematree nodes
// that load their children when first opened (LoadLine), so the result
// view folds, searches and copies like the schema and summary views. A
// resource read and a prompt get are drawn with the same lines
// (ContentsTree, PromptTree).
//
// Pane is the view around the tree: the header of the last call (its
// verdict, latency, arguments and check) and of the call under way (its
// time, task and progress), and the keys that act on a result's lines
// (show a finding's field, copy a value, assert on it). SaveName offers
// a file to save a result to and SaveFiles writes it.
//
// It knows nothing of the explorer: the explorer hands in the tree's
// outcome (Outcome, Running), its key bindings (Keys), its
// styles and the drawing of tree lines, and does what an Action asks.
package resultview
