package gateway

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
)

// maxToolName is the longest tool name direct mode lists (many clients
// refuse longer ones).
const maxToolName = 64

// directName is an op's plain direct-mode name: "<server>__<tool>" with
// every character outside [A-Za-z0-9_-] replaced by "_". Toolbox ops keep
// their bare names (inspect_tool_output, inspect_tool, search_tools).
func directName(op *Op) string {
	if op.Server == ToolboxGroup {
		return op.Tool.Name
	}
	return cleanName(op.Server) + "__" + cleanName(op.Tool.Name)
}

func cleanName(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '_', r == '-':
			return r
		}
		return '_'
	}, s)
}

// hashedName cuts name so that "_" and 8 hex digits of the op id's hash
// fit in maxToolName, and appends them. It depends on nothing but the op,
// so an op's name never changes because another op came or went.
func hashedName(name, id string) string {
	sum := sha256.Sum256([]byte(id))
	suffix := "_" + hex.EncodeToString(sum[:4])
	if len(name) > maxToolName-len(suffix) {
		name = name[:maxToolName-len(suffix)]
	}
	return name + suffix
}

// assignDirectNames gives every op its direct-mode name. A name longer than
// maxToolName, or one that several ops would share, gets the hash suffix
// (every op of a collision gets it, so none depends on which came first).
func assignDirectNames(ops []*Op) {
	count := map[string]int{}
	for _, op := range ops {
		op.Direct = directName(op)
		count[op.Direct]++
	}
	for _, op := range ops {
		if len(op.Direct) > maxToolName || count[op.Direct] > 1 {
			op.Direct = hashedName(op.Direct, op.ID)
		}
	}
}
