package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"mcpeek/mcpclient"
	"mcpeek/mcpclient/calls"
)

// callSave is `call --save NAME [--to FILE]`: the call, once answered, is
// appended to a calls file for `mcpeek test`, with the default assertion.
type callSave struct {
	name, to string
}

func (s *callSave) register(cmd *cobra.Command) {
	cmd.Flags().StringVar(&s.name, "save", "", "Append the call to the calls file under this NAME, asserting the result matches the output schema (see mcpeek test)")
	cmd.Flags().StringVar(&s.to, "to", calls.DefaultFile, "The calls file --save appends to")
}

// check refuses --to without --save, and a name the file cannot hold,
// before anything is sent.
func (s *callSave) check(cmd *cobra.Command) error {
	if s.name == "" {
		if cmd.Flags().Changed("to") {
			return usageError("--to names the calls file of --save; give --save NAME too")
		}
		return nil
	}
	if strings.ContainsFunc(s.name, func(r rune) bool { return r < ' ' || r == 0x7f }) {
		return usageError("--save: the name holds control characters")
	}
	file, err := calls.ReadFile(s.to)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return fmt.Errorf("--save: %w", err)
	}
	for _, c := range file.Calls {
		if c.Name == s.name {
			return usageError("--save: %s holds a call named %q already (line %d): choose another name, or remove that one first", s.to, s.name, c.Line)
		}
	}
	return nil
}

// expandArgs fills ${env:NAME} in the arguments from the environment: the
// call sends the values, the file keeps the placeholders.
func expandArgs(args json.RawMessage) (json.RawMessage, error) {
	out, err := calls.ExpandEnv(args, os.LookupEnv)
	if err != nil {
		return nil, usageError("--args: %v", err)
	}
	return out, nil
}

// save appends the call as written (placeholders kept) after it was
// answered. A result that reported an error is saved expecting one, so
// that the saved call passes as it stands.
func (s *callSave) save(a *app, ref toolRef, args json.RawMessage, res *mcpclient.CallResult) error {
	if s.name == "" {
		return nil
	}
	c := calls.Saved(s.name, ref.server+"."+ref.tool, args, res.IsError)
	for _, key := range calls.SecretLooking(args) {
		a.warn(fmt.Sprintf("argument %q is saved as written; if it is a secret, write \"${env:NAME}\" in --args instead and set NAME in the environment", key))
	}
	if err := calls.AppendToFile(s.to, c); err != nil {
		return fmt.Errorf("--save: %w", err)
	}
	note := fmt.Sprintf("saved call %q to %s", s.name, s.to)
	if res.IsError {
		note += " (expecting isError: true, as this result had it)"
	}
	a.note(note)
	return nil
}
