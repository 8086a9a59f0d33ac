package elicitline

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"mcpeek/mcpclient/registry"
	"mcpeek/mcpclient/registry/sandbox"
	"mcpeek/model"
)

// Answers are what AskInputs was told: the inputs' values and the
// folders of the user's to show the server's sandbox.
type Answers struct {
	Values map[string]string
	Binds  []sandbox.Bind
}

// AskInputs asks, one line each, for the inputs a server needs, on w,
// reading answers from r; a secret is read with readSecret, which does
// not echo it. The answers are kept in memory only. An empty answer
// leaves the input missing (the caller then says what is missing).
//
// sight, when the server runs in a sandbox, is what it sees: before the
// first path is asked, the prompt says what exists inside, and a path
// given that the sandbox does not show is offered to be shown
// (read-only unless the user asks for writable).
func AskInputs(r io.Reader, w io.Writer, needs []registry.Need, readSecret func() ([]byte, error), sight *Sight) (Answers, error) {
	got := Answers{Values: map[string]string{}}
	values := got.Values
	lines := bufio.NewReader(r)
	readLine := func(label string) (string, error) {
		s, err := lines.ReadString('\n')
		if err != nil && (s == "" || !errors.Is(err, io.EOF)) {
			return "", fmt.Errorf("reading %s: %w", label, err)
		}
		return strings.TrimRight(s, "\r\n"), nil
	}
	told := false
	for _, n := range needs {
		if _, done := values[n.Key]; done {
			continue
		}
		prompt := model.SanitizeLine(n.Label)
		if n.Description != "" {
			prompt += " (" + model.SanitizeLine(firstLine(n.Description, 120)) + ")"
		}
		if len(n.Choices) > 0 {
			prompt += " [" + model.SanitizeLine(strings.Join(n.Choices, "|")) + "]"
		}
		if n.Secret {
			prompt += ", secret, not shown"
		}
		if n.Inherit {
			prompt += ": set in your environment; pass it to the server? [y/N]"
		}
		if n.Path && sight != nil && !told {
			fmt.Fprintf(w, "mcpeek: the server runs in a sandbox: it sees %s; a folder you give can be shown to it\n", sight.Inside)
			told = true
		}
		fmt.Fprintf(w, "mcpeek: %s: ", prompt)
		var answer string
		if n.Secret && !n.Inherit {
			b, err := readSecret()
			fmt.Fprintln(w)
			if err != nil {
				return Answers{}, fmt.Errorf("reading %s: %w", n.Label, err)
			}
			answer = strings.TrimRight(string(b), "\r\n")
		} else {
			s, err := readLine(n.Label)
			if err != nil {
				return Answers{}, err
			}
			answer = s
		}
		if n.Path && sight != nil && answer != "" {
			answer = absPath(answer)
			if why := sight.Unseen(answer); why != "" {
				fmt.Fprintf(w, "mcpeek: the sandbox does not show %s (%s): show it to the server? [R]ead-only, [w]ritable, [n]o: ", model.SanitizeLine(answer), why)
				s, err := readLine("whether to show " + answer)
				if err != nil {
					return Answers{}, err
				}
				if b, ok := bindOf(answer, s); ok {
					got.Binds = append(got.Binds, b)
				}
			}
		}
		values[n.Key] = answer
	}
	return got, nil
}

// Sight is what a sandboxed server sees of this machine.
type Sight struct {
	// Inside says what exists inside the sandbox, for the prompt.
	Inside string
	// Unseen says why the server cannot see a path ("" when it can).
	Unseen func(path string) string
}

// SandboxSight is what a server in the sandbox of p sees, nil where this
// machine has no sandbox (the server is then refused when it starts).
func SandboxSight(p sandbox.Policy) *Sight {
	sb, err := sandbox.Detect()
	if err != nil {
		return nil
	}
	return &Sight{Inside: sb.Inside(p), Unseen: func(path string) string { return sb.Unseen(p, path) }}
}

// bindOf is the bind of dir the answer to "show it?" asks for: read-only
// for an empty answer or r, writable for w, none for n (or anything
// else).
func bindOf(dir, answer string) (sandbox.Bind, bool) {
	switch strings.ToLower(strings.TrimSpace(answer)) {
	case "", "r", "ro", "read-only", "y", "yes":
		return sandbox.Bind{Dir: dir}, true
	case "w", "rw", "writable":
		return sandbox.Bind{Dir: dir, Write: true}, true
	}
	return sandbox.Bind{}, false
}

// absPath is a path as typed, "~/" expanded and made absolute, since the
// server, started elsewhere, reads it as it is.
func absPath(p string) string {
	if rest, ok := strings.CutPrefix(p, "~/"); ok || p == "~" {
		if home, err := os.UserHomeDir(); err == nil {
			p = filepath.Join(home, rest)
		}
	}
	if abs, err := filepath.Abs(p); err == nil {
		return abs
	}
	return p
}

// firstLine is s's first line, cut to at most n runes.
func firstLine(s string, n int) string {
	s, _, _ = strings.Cut(s, "\n")
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}
