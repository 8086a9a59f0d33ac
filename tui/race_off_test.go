//go:build !race

package tui

// raceEnabled: the race detector slows everything several times over.
const raceEnabled = false
