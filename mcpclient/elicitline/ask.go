// Package elicitline asks on a line terminal, one question a line, what a
// server needs from the user: an elicitation in the middle of a call, as
// `mcpeek call` does (whether to answer, then each field of the requested
// schema; or, for a URL, whether to open it), and the inputs a registry
// server needs before it starts (`mcpeek try`, `mcpeek add`). What the
// server sent is sanitised before it is shown.
package elicitline

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"mcpeek/mcpclient"
	"mcpeek/model"
)

// AskURL asks whether to open the page of a url-mode elicitation, which is
// never opened unasked: [o]pen opens it in the browser and accepts,
// [a]ccept accepts without opening it (the user opens the URL shown). A URL
// that no browser may be given (e.CheckURL) is not opened: the
// question is asked again after saying why.
func AskURL(ctx context.Context, in *Lines, out io.Writer, e mcpclient.Elicitation, open func(string) error) (mcpclient.ElicitAnswer, error) {
	fmt.Fprintf(out, "mcpeek: %s asks you to open a page:\n", model.SanitizeLine(e.Server))
	for l := range strings.SplitSeq(e.Message, "\n") {
		fmt.Fprintln(out, "  "+model.SanitizeLine(l))
	}
	fmt.Fprintln(out, "  url: "+model.SanitizeLine(e.URL))
	for {
		fmt.Fprint(out, "open it? [o]pen in the browser, [a]ccept (I will open it), [d]ecline, [c]ancel: ")
		line, err := in.ReadLine(ctx)
		if err != nil {
			fmt.Fprintln(out)
			return mcpclient.ElicitAnswer{Action: mcpclient.ElicitCancel}, nil
		}
		switch strings.ToLower(strings.TrimSpace(line)) {
		case "o", "open":
			if err := e.CheckURL(); err != nil {
				fmt.Fprintln(out, "  not opened: "+model.SanitizeLine(err.Error()))
				continue
			}
			if err := open(e.URL); err != nil {
				fmt.Fprintln(out, "  could not open a browser ("+model.SanitizeLine(err.Error())+"): open the url yourself")
			}
			return mcpclient.ElicitAnswer{Action: mcpclient.ElicitAccept}, nil
		case "a", "accept", "y", "yes":
			return mcpclient.ElicitAnswer{Action: mcpclient.ElicitAccept}, nil
		case "d", "decline", "n", "no":
			return mcpclient.ElicitAnswer{Action: mcpclient.ElicitDecline}, nil
		case "c", "cancel":
			return mcpclient.ElicitAnswer{Action: mcpclient.ElicitCancel}, nil
		}
	}
}

// AskForm asks e, a form-mode elicitation, on out, one question a line:
// first whether to answer, then each field (an empty line keeps the
// default), reading the answers from in. The end of input cancels.
func AskForm(ctx context.Context, in *Lines, out io.Writer, e mcpclient.Elicitation) (mcpclient.ElicitAnswer, error) {
	cancel := mcpclient.ElicitAnswer{Action: mcpclient.ElicitCancel}
	fields, err := e.Fields()
	if err != nil {
		return mcpclient.ElicitAnswer{}, err
	}
	fmt.Fprintf(out, "mcpeek: %s asks:\n", model.SanitizeLine(e.Server))
	for l := range strings.SplitSeq(e.Message, "\n") {
		fmt.Fprintln(out, "  "+model.SanitizeLine(l))
	}
	for {
		fmt.Fprint(out, "answer? [a]ccept, [d]ecline, [c]ancel: ")
		line, err := in.ReadLine(ctx)
		if err != nil {
			fmt.Fprintln(out)
			return cancel, nil
		}
		switch strings.ToLower(strings.TrimSpace(line)) {
		case "a", "accept", "y", "yes":
		case "d", "decline", "n", "no":
			return mcpclient.ElicitAnswer{Action: mcpclient.ElicitDecline}, nil
		case "c", "cancel":
			return cancel, nil
		default:
			continue
		}
		break
	}
	content := map[string]any{}
	for _, f := range fields {
		fmt.Fprintln(out, "  "+fieldQuestion(f))
		for {
			fmt.Fprint(out, "  > ")
			line, err := in.ReadLine(ctx)
			if err != nil {
				fmt.Fprintln(out)
				return cancel, nil
			}
			if strings.TrimSpace(line) == "" {
				switch {
				case f.Default != nil:
					content[f.Name] = f.Default
				case f.Required:
					fmt.Fprintln(out, "  required: give a value")
					continue
				}
				break
			}
			v, err := f.Parse(line)
			if err != nil {
				fmt.Fprintln(out, "  "+model.SanitizeLine(err.Error()))
				continue
			}
			content[f.Name] = v
			break
		}
	}
	return mcpclient.ElicitAnswer{Action: mcpclient.ElicitAccept, Content: content}, nil
}

// fieldQuestion words one field: "Title (name, integer, required): description
// [choices] [default: x]".
func fieldQuestion(f mcpclient.ElicitField) string {
	var b strings.Builder
	b.WriteString(f.Label())
	kind := f.Type
	if f.Format != "" {
		kind += " " + f.Format
	}
	if f.Type == "boolean" {
		kind += ", yes or no"
	}
	if f.Type == "array" {
		kind = "choices separated by commas"
	}
	detail := []string{model.SanitizeLine(f.Name), kind}
	if f.Required {
		detail = append(detail, "required")
	}
	if f.Min != nil {
		detail = append(detail, fmt.Sprintf("min %v", *f.Min))
	}
	if f.Max != nil {
		detail = append(detail, fmt.Sprintf("max %v", *f.Max))
	}
	fmt.Fprintf(&b, " (%s)", strings.Join(detail, ", "))
	if f.Description != "" {
		b.WriteString(": " + f.Description)
	}
	if len(f.Choices) > 0 {
		var cs []string
		for i, c := range f.Choices {
			label := c.Value
			if c.Title != "" {
				label = c.Title + " = " + c.Value
			}
			cs = append(cs, fmt.Sprintf("%d. %s", i+1, label))
		}
		b.WriteString(" [" + strings.Join(cs, "; ") + "]")
	}
	if f.Default != nil {
		b.WriteString(" [default: " + Echoed(model.SanitizeLine(compactJSON(f.Default))) + "]")
	}
	return b.String()
}

// Lines reads lines on a goroutine of its own, so that a prompt can
// give up when its context ends.
type Lines struct {
	lines chan string
	err   error // set before lines is closed
}

// NewLines reads the lines of r.
func NewLines(r io.Reader) *Lines {
	l := &Lines{lines: make(chan string)}
	go func() {
		defer close(l.lines)
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			l.lines <- sc.Text()
		}
		l.err = sc.Err()
		if l.err == nil {
			l.err = io.EOF
		}
	}()
	return l
}

// ReadLine is the next line, or why there is none (the end of input, or
// ctx ended).
func (l *Lines) ReadLine(ctx context.Context) (string, error) {
	select {
	case line, ok := <-l.lines:
		if !ok {
			return "", l.err
		}
		return line, nil
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// Accepted words an answer that accepted e with content, the requested
// schema's defaults: "accepted with the defaults {...}", and the required
// fields without one.
func Accepted(e mcpclient.Elicitation, content map[string]any) string {
	what := "accepted with the defaults " + Echoed(compactJSON(content))
	if missing := missingRequired(e, content); len(missing) > 0 {
		what += " (no default for required " + strings.Join(missing, ", ") + ")"
	}
	return what
}

// missingRequired lists the required fields content lacks.
func missingRequired(e mcpclient.Elicitation, content map[string]any) []string {
	fields, _ := e.Fields()
	var out []string
	for _, f := range fields {
		if _, ok := content[f.Name]; f.Required && !ok {
			out = append(out, model.SanitizeLine(f.Name))
		}
	}
	return out
}

// maxEchoed bounds, in characters, what a note or a question repeats of a
// server's text (an elicitation's message, the defaults accepted): a
// server asking again and again with megabytes of defaults would
// otherwise flood stderr. The answer itself is sent whole.
const maxEchoed = 200

// Echoed cuts s to maxEchoed characters, saying how long it was:
// "{"notes":"aaaa… (1048600 bytes)".
func Echoed(s string) string {
	n := 0
	for i := range s {
		if n == maxEchoed {
			return s[:i] + fmt.Sprintf("… (%d bytes)", len(s))
		}
		n++
	}
	return s
}

// compactJSON is v as one line of JSON.
func compactJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}
