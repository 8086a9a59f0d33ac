package model

import (
	"cmp"
	"iter"
	"slices"
	"strings"
)

// ToolID names one tool across servers: the server's name, as the user
// gave it in the config, and the tool's, as the server declares it.
// Either may hold a dot; the value keeps them apart, so two tools are the
// same tool exactly when their ToolIDs are equal.
type ToolID struct {
	Server string
	Tool   string
}

// String is the id as the program writes it for people and in its wire
// and file formats (the gateway's tool_id, a calls file's tool, a diff's
// tool): "<server>.<tool>"; an id with no tool names the server itself
// (a diff's change of the server), written "<server>". Reading it back is
// ParseToolID's.
func (id ToolID) String() string {
	if id.Tool == "" {
		return id.Server
	}
	return id.Server + "." + id.Tool
}

// MarshalText writes the id as String does, so that a ToolID in a JSON
// document is the string it always was.
func (id ToolID) MarshalText() ([]byte, error) { return []byte(id.String()), nil }

// ParseToolID reads "<server>.<tool>" back against what the caller knows:
// the servers' names, and has, which reports whether an id names a known
// tool (nil for a caller that knows only the servers).
//
// The rule, which the gateway, the lock and the calls file document: the
// candidates are the servers whose name and a dot start the text, the
// longest name first, and the first whose rest has accepts is the id. So
// "a.b.c.d" is server "a.b"'s tool "c.d" when that tool exists, else
// server "a"'s tool "b.c.d"; only when both exist does the text name the
// first (the longer server name). With no candidate accepted, ok is false
// and id is the text split at its first dot, for messages. The cost grows
// with the servers, not with the dots of the text.
func ParseToolID(s string, servers iter.Seq[string], has func(ToolID) bool) (id ToolID, ok bool) {
	var cands []string
	for name := range servers {
		if name != "" && len(s) > len(name)+1 && s[len(name)] == '.' && strings.HasPrefix(s, name) {
			cands = append(cands, name)
		}
	}
	slices.SortFunc(cands, func(a, b string) int { return cmp.Compare(len(b), len(a)) })
	for _, name := range cands {
		if cand := (ToolID{Server: name, Tool: s[len(name)+1:]}); has == nil || has(cand) {
			return cand, true
		}
	}
	server, tool, _ := strings.Cut(s, ".")
	return ToolID{Server: server, Tool: tool}, false
}
