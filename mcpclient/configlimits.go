package mcpclient

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"mcpeek/internal/bytesize"
	"os"
	"path/filepath"
	"strings"
)

// The limits a config file is held to before any parser sees it. A
// project's config files are read automatically, so a cloned repository
// decides what mcpeek parses: a TOML parser took gigabytes and minutes on
// 400 KB of nested inline tables, and the parsers of every format build
// tens of bytes for each small key. The README's "Where servers are found" states these limits.
const (
	// MaxJSONConfigBytes bounds a JSON or JSONC config file, a thousand
	// times a large real one.
	MaxJSONConfigBytes = 16 << 20
	// MaxClaudeStateBytes bounds ~/.claude.json, where Claude Code keeps
	// its history besides its servers: it reaches a hundred megabytes.
	MaxClaudeStateBytes = 256 << 20
	// MaxTextConfigBytes bounds a TOML or YAML config file (Codex, Goose),
	// whose parsers build a tree of the whole file at up to a hundred
	// times its size.
	MaxTextConfigBytes = 1 << 20
	// MaxConfigDepth bounds how deeply a config file nests: objects and
	// arrays in JSON; tables, inline tables, arrays and dotted keys in TOML;
	// indentation, "- " items and flow collections in YAML. Real configs
	// nest fewer than ten levels.
	MaxConfigDepth = 128
)

// syntax is the text format of a config file, which says how to measure
// its nesting.
type syntax int

const (
	syntaxJSON syntax = iota // JSON with comments
	syntaxTOML
	syntaxYAML
)

func (s syntax) String() string {
	switch s {
	case syntaxTOML:
		return "TOML"
	case syntaxYAML:
		return "YAML"
	}
	return "JSON"
}

// syntaxOf tells a config file's syntax by its name, as formatOf does.
func syntaxOf(path string) syntax {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".toml":
		return syntaxTOML
	case ".yaml", ".yml":
		return syntaxYAML
	}
	return syntaxJSON
}

// syntaxOfFormat is the syntax a client's format is written in.
func syntaxOfFormat(f format) syntax {
	switch f {
	case formatCodex:
		return syntaxTOML
	case formatGoose:
		return syntaxYAML
	}
	return syntaxJSON
}

// maxConfigBytes is the size limit of the config file at path, of syntax
// s.
func maxConfigBytes(path string, s syntax) int64 {
	switch {
	case s != syntaxJSON:
		return MaxTextConfigBytes
	case filepath.Base(path) == ".claude.json":
		return MaxClaudeStateBytes
	}
	return MaxJSONConfigBytes
}

// readConfigFile reads a config file of syntax s, refusing one over its
// size limit (without reading it) or nested deeper than MaxConfigDepth,
// with a *ConfigError naming the file and the limit. Errors from the file
// system are returned as they are, for fs.ErrNotExist to be told.
func readConfigFile(path string, s syntax) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	limit := maxConfigBytes(path, s)
	tooLarge := func() error {
		return &ConfigError{Path: path, Msg: fmt.Sprintf("the file is over the %s limit for a %s config file", bytesize.Limit(limit), s)}
	}
	size := int64(0)
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
		if st.Size() > limit {
			return nil, tooLarge()
		}
		size = st.Size()
	}
	// One allocation of the file's size (plus a byte to see the end), as
	// os.ReadFile makes, read through a limit in case the file grows or is
	// not a regular file.
	data := make([]byte, 0, size+1)
	for {
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
		n, err := f.Read(data[len(data):min(int64(cap(data)), limit+1)])
		data = data[:len(data)+n]
		if int64(len(data)) > limit {
			return nil, tooLarge()
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
	}
	if err := checkDepth(path, data, s); err != nil {
		return nil, err
	}
	return data, nil
}

// checkDepth refuses data nested deeper than MaxConfigDepth, with the
// line and column where the limit is passed. It reads the text once,
// without building anything: strings and comments are skipped, and
// brackets counted.
func checkDepth(path string, data []byte, s syntax) error {
	var at int
	switch s {
	case syntaxTOML:
		at = tomlTooDeep(data, MaxConfigDepth)
	case syntaxYAML:
		at = yamlTooDeep(data, MaxConfigDepth)
	default:
		at = jsonTooDeep(data, MaxConfigDepth)
	}
	if at < 0 {
		return nil
	}
	line, col := lineCol(data, at)
	return &ConfigError{Path: path, Line: line, Col: col,
		Msg: fmt.Sprintf("nested more than %d levels deep, the limit for a config file", MaxConfigDepth)}
}

// jsonTooDeep returns the offset in JSON-with-comments text where nesting
// passes limit, or -1.
func jsonTooDeep(b []byte, limit int) int {
	depth := 0
	for i := 0; i < len(b); i++ {
		switch b[i] {
		case '"':
			i = stringEnd(b, i, '"', true)
		case '/':
			if i+1 < len(b) && b[i+1] == '/' {
				i = lineEnd(b, i)
			} else if i+1 < len(b) && b[i+1] == '*' {
				end := bytes.Index(b[i+2:], []byte("*/"))
				if end < 0 {
					return -1
				}
				i += 2 + end + 1
			}
		case '{', '[':
			if depth++; depth > limit {
				return i
			}
		case '}', ']':
			depth = max(depth-1, 0)
		}
	}
	return -1
}

// tomlTooDeep returns the offset in TOML text where nesting passes limit,
// or -1. A level is an inline table or array, or a part of a dotted key
// (a.b.c = 1 nests as deeply as a = {b = {c = 1}}); the dot of a float
// counts too, which costs a level at most.
func tomlTooDeep(b []byte, limit int) int {
	depth, dots := 0, 0
	for i := 0; i < len(b); i++ {
		switch c := b[i]; c {
		case '"', '\'':
			if i+2 < len(b) && b[i+1] == c && b[i+2] == c {
				end := bytes.Index(b[i+3:], []byte{c, c, c})
				if end < 0 {
					return -1
				}
				i += 3 + end + 2
				for i+1 < len(b) && b[i+1] == c { // """a"""" ends in a quote
					i++
				}
				continue
			}
			i = stringEnd(b, i, c, c == '"')
		case '#':
			i = lineEnd(b, i) - 1
		case '.':
			if dots++; depth+dots+1 > limit {
				return i
			}
		case '{', '[':
			dots = 0
			if depth++; depth > limit {
				return i
			}
		case '}', ']':
			dots = 0
			depth = max(depth-1, 0)
		case '=', ',', '\n':
			dots = 0
		}
	}
	return -1
}

// yamlTooDeep returns the offset in YAML text where nesting passes limit,
// or -1. A line's level is the number of indentations open at it (each
// deeper indentation is a level, as is each "- " or "? " that starts a
// compact nested item), plus the flow collections ({...}, [...]) open.
// The lines of a block scalar (| or >) are text, and skipped.
func yamlTooDeep(b []byte, limit int) int {
	var indents []int // the open indentations, increasing
	flow := 0
	block := -1 // the indentation of the line that opened a block scalar
	for start := 0; start < len(b); {
		end := lineEnd(b, start)
		line := b[start:end]
		indent := 0
		for indent < len(line) && line[indent] == ' ' {
			indent++
		}
		blank := indent == len(line) || line[indent] == '#' || line[indent] == '\r'
		if blank || (block >= 0 && indent > block) {
			start = end + 1
			continue
		}
		block = -1
		if flow == 0 {
			for len(indents) > 0 && indents[len(indents)-1] >= indent {
				indents = indents[:len(indents)-1]
			}
			indents = append(indents, indent)
		}
		j := indent
		compact := 0 // "- - - a": items nested in one line
		for j+1 < len(line) && (line[j] == '-' || line[j] == '?') && line[j+1] == ' ' {
			compact++
			for j++; j < len(line) && line[j] == ' '; j++ {
			}
		}
		if len(indents)+compact+flow > limit {
			return start + j
		}
		// Flow collections and quoted scalars, which may go on over lines.
		// A quote or bracket opens one only where a value starts (the
		// quote of "don't" is none).
		valueStart := true
		i := start + j
		for ; i < len(b) && (i < end || flow > 0); i++ {
			c := b[i]
			switch {
			case (c == '"' || c == '\'') && valueStart:
				i = quotedEnd(b, i, c, c == '"')
				valueStart = false
			case c == '#' && (i == 0 || b[i-1] == ' ' || b[i-1] == '\t' || b[i-1] == '\n'):
				i = lineEnd(b, i) - 1
				continue
			case (c == '{' || c == '[') && (valueStart || flow > 0):
				if flow++; len(indents)+compact+flow > limit {
					return i
				}
				valueStart = true
			case (c == '}' || c == ']') && flow > 0:
				flow--
				valueStart = false
			case c == ',' && flow > 0, c == '\n':
				valueStart = true
			case c == ':' || c == '-' || c == '?':
				// "key: value", "- item", "? key"; not "a-b" or "a:b".
				valueStart = i+1 == len(b) || b[i+1] == ' ' || b[i+1] == '\t' || b[i+1] == '\n' || b[i+1] == '\r'
			case c != ' ' && c != '\t' && c != '\r':
				valueStart = false
			}
			if i >= end { // a flow collection or a quoted scalar went on
				end = lineEnd(b, min(i, len(b)))
			}
		}
		if flow == 0 && isBlockIndicator(b[start+j:min(end, len(b))]) {
			block = indent
		}
		start = end + 1
	}
	return -1
}

// isBlockIndicator reports whether a line of YAML ends by opening a block
// scalar: "key: |", "- >-", "key: |2 # comment".
func isBlockIndicator(line []byte) bool {
	if i := bytes.Index(line, []byte(" #")); i >= 0 {
		line = line[:i]
	}
	line = bytes.TrimRight(line, " \t\r")
	line = bytes.TrimRight(line, "+-0123456789")
	return len(line) > 0 && (line[len(line)-1] == '|' || line[len(line)-1] == '>') &&
		(len(line) == 1 || line[len(line)-2] == ' ')
}

// stringEnd returns the offset of the quote closing the one-line string
// that opens at b[i] with q, or the offset before the line's end (such a
// string is an error that stops the parser there).
func stringEnd(b []byte, i int, q byte, escapes bool) int {
	for i++; i < len(b) && b[i] != q; i++ {
		switch {
		case b[i] == '\n':
			return i - 1
		case escapes && b[i] == '\\' && i+1 < len(b) && b[i+1] != '\n':
			i++
		}
	}
	return i
}

// quotedEnd returns the offset of the quote closing the string that
// opens at b[i] with q, or len(b); escapes says whether a backslash
// escapes the next byte (YAML's single-quoted scalars double the quote
// instead, which reads as two strings here, alike for counting).
func quotedEnd(b []byte, i int, q byte, escapes bool) int {
	for i++; i < len(b) && b[i] != q; i++ {
		if escapes && b[i] == '\\' {
			i++
		}
	}
	return i
}

// lineEnd returns the offset of the newline ending the line at b[i], or
// len(b).
func lineEnd(b []byte, i int) int {
	for ; i < len(b) && b[i] != '\n'; i++ {
	}
	return i
}
