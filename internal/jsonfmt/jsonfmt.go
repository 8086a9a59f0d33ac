// Package jsonfmt writes JSON the way mcpeek shows it: no HTML escaping
// (a path's "<any key>" stays readable), either two-space indented as the
// golden fixtures and the command line's --json output are, or compact as
// a planner receives it. Both front ends and the services below them use
// it. It is a leaf: it imports the standard library only.
package jsonfmt

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"iter"
	"slices"
)

// MarshalIndent writes v as the golden fixtures are written and as
// `mcpeek summary --json` prints a planner descriptor: two-space indent, no
// HTML escaping, a final newline. The explorer's planner view shows these
// very bytes.
func MarshalIndent(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// WriteIndentArray writes items to w exactly as MarshalIndent(items) would,
// one element at a time, so that a long list (a thousand planner
// descriptors) is never held in memory as one text.
func WriteIndentArray[T any](w io.Writer, items []T) error {
	if len(items) == 0 {
		b, err := MarshalIndent(items)
		if err == nil {
			_, err = w.Write(b)
		}
		return err
	}
	return WriteIndentSeq(w, slices.Values(items))
}

// WriteIndentSeq writes the items of seq to w exactly as MarshalIndent of
// their slice would ("[]" for none), each as seq yields it, so that the
// items need not be held all at once either.
func WriteIndentSeq[T any](w io.Writer, seq iter.Seq[T]) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("  ", "  ")
	bw := bufio.NewWriter(w)
	sep := "[\n  "
	var err error
	for item := range seq {
		buf.Reset()
		if err = enc.Encode(item); err != nil {
			break
		}
		bw.WriteString(sep)
		bw.Write(bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
		sep = ",\n  "
	}
	if err != nil {
		return err
	}
	if sep == "[\n  " {
		bw.WriteString("[]\n")
	} else {
		bw.WriteString("\n]\n")
	}
	return bw.Flush()
}

// MarshalCompact writes v as a planner receives it: compact, no HTML
// escaping, no final newline. Sizes and token counts are taken on these
// bytes.
func MarshalCompact(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}
