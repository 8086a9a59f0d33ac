package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// helpWriter is where cobra and fang write help: w, with the spaces at the
// end of each line dropped (fang pads its text to the terminal's width, 120
// columns without one). A terminal stays an *os.File underneath, so that
// help is still styled on one. When help was asked for (wrap), on a terminal narrower than help's
// layout, the items of its lists are wrapped to the terminal's width
// (wrapWriter; not the other text cobra writes there, such as a
// completion script); flush writes what is left after the last newline.
func helpWriter(w io.Writer, wrap bool) (out io.Writer, flush func() error) {
	t := &trimWriter{w: w}
	f, ok := w.(*os.File)
	if !ok || !wrap {
		if ok {
			return trimFile{File: f, w: t}, func() error { return nil }
		}
		return t, func() error { return nil }
	}
	ww := &wrapWriter{w: t, width: terminalWidth(f)}
	return trimFile{File: f, w: ww}, ww.Flush
}

type trimFile struct {
	*os.File
	w io.Writer
}

func (f trimFile) Write(p []byte) (int, error) { return f.w.Write(p) }

// WriteString shadows the file's own, which io.WriteString would call.
func (f trimFile) WriteString(s string) (int, error) { return f.w.Write([]byte(s)) }

// trimWriter drops the spaces before each newline written through it;
// escape sequences among them are kept.
type trimWriter struct {
	w io.Writer
	// pending are the spaces and escape sequences since the last other
	// character: written before the next one, dropped before a newline
	// (their escape sequences kept).
	pending []byte
	esc     int // 0 outside an escape sequence, 1 after ESC, 2 inside a CSI
}

func (t *trimWriter) Write(p []byte) (int, error) {
	out := make([]byte, 0, len(p))
	for _, c := range p {
		switch {
		case t.esc == 1:
			t.pending = append(t.pending, c)
			t.esc = 0
			if c == '[' {
				t.esc = 2
			}
		case t.esc == 2:
			t.pending = append(t.pending, c)
			if c >= 0x40 && c <= 0x7e {
				t.esc = 0
			}
		case c == 0x1b:
			t.pending = append(t.pending, c)
			t.esc = 1
		case c == ' ':
			t.pending = append(t.pending, c)
		case c == '\n':
			for _, b := range t.pending {
				if b != ' ' {
					out = append(out, b)
				}
			}
			out = append(out, '\n')
			t.pending = t.pending[:0]
		default:
			out = append(out, t.pending...)
			out = append(out, c)
			t.pending = t.pending[:0]
		}
	}
	_, err := t.w.Write(out)
	return len(p), err
}

// onlyGlobalFlags leaves out of cmd's help (and its commands') the global
// flags not named in keep, which do not apply to it. They are still
// accepted, as before, and set the same values.
func onlyGlobalFlags(root, cmd *cobra.Command, keep ...string) {
	root.PersistentFlags().VisitAll(func(f *pflag.Flag) {
		if slices.Contains(keep, f.Name) {
			return
		}
		hidden := *f
		hidden.Hidden = true
		cmd.PersistentFlags().AddFlag(&hidden)
	})
}

// showGlobalFlags shows in cmd's help global flags that a parent's
// onlyGlobalFlags left out, because they apply to cmd.
func showGlobalFlags(root, cmd *cobra.Command, show ...string) {
	for _, name := range show {
		shown := *root.PersistentFlags().Lookup(name)
		cmd.PersistentFlags().AddFlag(&shown)
	}
}

// explainArgs makes the wrong number of arguments to any command of root
// say what the command takes, its usage and its examples, in place of
// cobra's "accepts 2 arg(s), received 1". Commands with commands of
// their own keep cobra's "unknown command".
func explainArgs(root *cobra.Command) {
	for _, c := range root.Commands() {
		explainArgs(c)
	}
	check := root.Args
	if check == nil || root.HasSubCommands() {
		return
	}
	root.Args = func(c *cobra.Command, args []string) error {
		err := check(c, args)
		if err == nil {
			return nil
		}
		explained := argsError(c, args)
		if st, ok := errors.AsType[*exitStatus](err); ok {
			return &exitStatus{code: st.code, err: explained}
		}
		return explained
	}
}

// argsError says what c takes and what it was given, with its usage line
// and examples.
func argsError(c *cobra.Command, args []string) error {
	takes, _, _ := strings.Cut(c.Use, " [-")
	_, takes, _ = strings.Cut(takes, " ")
	if takes == "" {
		takes = "no arguments"
	}
	given := "none"
	if len(args) > 0 {
		given = fmt.Sprintf("%d (%s)", len(args), strings.Join(args, " "))
	}
	msg := fmt.Sprintf("%s takes %s; it was given %s", c.CommandPath(), takes, given)
	if flag := jsonArgsFlag(c, args); flag != "" {
		msg += fmt.Sprintf("\n(a tool's arguments go in %s: %s %s %s '%s')", flag, c.CommandPath(), joinRef(c, args)[0], flag, args[len(args)-1])
	}
	msg += "\nUsage: " + c.UseLine()
	if c.Example != "" {
		msg += "\nFor example:\n" + c.Example
	}
	return errors.New(msg)
}

// jsonArgsFlag is the flag that takes a JSON object (--args), when c has
// one and the last of args looks like a JSON object given without it;
// else "".
func jsonArgsFlag(c *cobra.Command, args []string) string {
	if len(args) < 2 || c.Flags().Lookup("args") == nil {
		return ""
	}
	if last := strings.TrimSpace(args[len(args)-1]); !strings.HasPrefix(last, "{") {
		return ""
	}
	return "--args"
}
