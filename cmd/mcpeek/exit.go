package main

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"
)

// The exit statuses of the commands meant for CI (diff, lint), beyond 0.
const (
	exitCompatible  = 1 // diff: changes, none of a class --fail-on names
	exitFindings    = 1 // lint: some finding is an error
	exitBreaking    = 2 // diff: some change is of a class --fail-on names
	exitCouldNotRun = 3 // diff, lint: bad arguments, unreadable files, servers down
)

// exitStatus is an error that sets the process exit status. With a nil err
// the command has printed everything already (its report); with one, the
// error is printed as any other.
type exitStatus struct {
	code int
	err  error
}

func (e *exitStatus) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit status %d", e.code)
	}
	return e.err.Error()
}

func (e *exitStatus) Unwrap() error { return e.err }

// statusOf returns the exit status an error sets: its own, or 1.
func statusOf(err error) int {
	if st, ok := errors.AsType[*exitStatus](err); ok {
		return st.code
	}
	return 1
}

// silent reports whether an error has nothing to print.
func silent(err error) bool {
	st, ok := errors.AsType[*exitStatus](err)
	return ok && st.err == nil
}

// ciCommand makes every failure of cmd to run (a bad flag, the wrong
// number of arguments, an error from RunE) exit with exitCouldNotRun, so
// that CI can tell it from a report's own status.
func ciCommand(cmd *cobra.Command) *cobra.Command {
	couldNotRun := func(err error) error {
		if err == nil || errors.As(err, new(*exitStatus)) {
			return err
		}
		return &exitStatus{code: exitCouldNotRun, err: err}
	}
	cmd.SetFlagErrorFunc(func(c *cobra.Command, err error) error { return couldNotRun(suggestFlag(c, err)) })
	if args := cmd.Args; args != nil {
		cmd.Args = func(c *cobra.Command, a []string) error { return couldNotRun(args(c, a)) }
	}
	run := cmd.RunE
	cmd.RunE = func(c *cobra.Command, a []string) error { return couldNotRun(run(c, a)) }
	return cmd
}
