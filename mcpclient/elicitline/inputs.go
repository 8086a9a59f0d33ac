package elicitline

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"mcpeek/mcpclient/registry"
	"mcpeek/model"
)

// AskInputs asks, one line each, for the inputs a server needs, on w,
// reading answers from r; a secret is read with readSecret, which does
// not echo it. The answers are kept in memory only. An empty answer
// leaves the input missing (the caller then says what is missing).
func AskInputs(r io.Reader, w io.Writer, needs []registry.Need, readSecret func() ([]byte, error)) (map[string]string, error) {
	values := map[string]string{}
	lines := bufio.NewReader(r)
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
		fmt.Fprintf(w, "mcpeek: %s: ", prompt)
		var answer string
		if n.Secret && !n.Inherit {
			b, err := readSecret()
			fmt.Fprintln(w)
			if err != nil {
				return nil, fmt.Errorf("reading %s: %w", n.Label, err)
			}
			answer = string(b)
		} else {
			s, err := lines.ReadString('\n')
			if err != nil && (s == "" || !errors.Is(err, io.EOF)) {
				return nil, fmt.Errorf("reading %s: %w", n.Label, err)
			}
			answer = s
		}
		values[n.Key] = strings.TrimRight(answer, "\r\n")
	}
	return values, nil
}

// firstLine is s's first line, cut to at most n runes.
func firstLine(s string, n int) string {
	s, _, _ = strings.Cut(s, "\n")
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}
