package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"mcpeek/mcpclient"
)

// taskCommand is `mcpeek task get|result|cancel SERVER TASK_ID`: follow a
// task that a call left running (call --detach).
func (a *app) taskCommand() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "task",
		Short: "Look at, wait for or cancel a task a server runs (a call made with --detach)",
		Example: "  mcpeek call everything.simulate-research-query --args '{\"topic\": \"tides\"}' --detach\n" +
			"  mcpeek task get everything TASK_ID\n" +
			"  mcpeek task result everything TASK_ID\n" +
			"  mcpeek task cancel everything TASK_ID",
	}
	var asJSON bool
	show := func(use, short string, do func(context.Context, *mcpclient.Manager, string, string) (mcpclient.Task, error)) *cobra.Command {
		c := &cobra.Command{
			Use:   use + " SERVER TASK_ID",
			Short: short,
			Args:  cobra.ExactArgs(2),
			RunE: func(cmd *cobra.Command, args []string) error {
				m, err := a.openServer(cmd.Context(), args[0])
				if err != nil {
					return err
				}
				t, err := do(cmd.Context(), m, args[0], args[1])
				if err != nil {
					return taskError(err)
				}
				return a.printTask(t, asJSON)
			},
		}
		c.Flags().BoolVar(&asJSON, "json", false, "Print the task as JSON")
		return c
	}
	get := show("get", "Print a task's status, status message, TTL and poll interval",
		func(ctx context.Context, m *mcpclient.Manager, server, id string) (mcpclient.Task, error) {
			return m.GetTask(ctx, server, id)
		})
	cancel := show("cancel", "Cancel a task and print it as it then is",
		func(ctx context.Context, m *mcpclient.Manager, server, id string) (mcpclient.Task, error) {
			return m.CancelTask(ctx, server, id)
		})
	var (
		resultJSON bool
		timeout    time.Duration
		talk       callTalk
	)
	result := &cobra.Command{
		Use:   "result SERVER TASK_ID",
		Short: "Wait for a task to end and print its result as call does (stopping the wait leaves the task running)",
		Args:  cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			answers, err := talk.options(a)
			if err != nil {
				return err
			}
			m, err := a.openServer(cmd.Context(), args[0], answers...)
			if err != nil {
				return err
			}
			ctx, stop := context.WithTimeout(cmd.Context(), timeout)
			defer stop()
			ref := toolRef{server: args[0], tool: "task"}
			res, err := m.TaskResult(ctx, args[0], args[1], talk.callOptions(ref).OnTask)
			talk.done()
			if err != nil {
				return fmt.Errorf("task result: %w", taskError(err))
			}
			return a.printResult(res, resultJSON)
		},
	}
	result.Flags().BoolVar(&resultJSON, "json", false, "Print the whole raw result")
	result.Flags().DurationVar(&timeout, "timeout", 10*time.Minute, "How long to wait for the task's end")
	talk.register(result)
	cmd.AddCommand(get, result, cancel)
	return cmd
}

// taskJSON is a task as `task get --json` prints it.
type taskJSON struct {
	Server         string `json:"server"`
	TaskID         string `json:"task_id"`
	Status         string `json:"status"`
	Message        string `json:"message,omitempty"`
	Created        string `json:"created,omitempty"`
	TTLMs          int64  `json:"ttl_ms,omitempty"`
	PollIntervalMs int64  `json:"poll_interval_ms,omitempty"`
}

// printTask prints a task: one line, or JSON.
func (a *app) printTask(t mcpclient.Task, asJSON bool) error {
	if asJSON {
		j := taskJSON{Server: t.Server, TaskID: clean(t.ID), Status: clean(string(t.Status)), Message: t.Message,
			TTLMs: t.TTL.Milliseconds(), PollIntervalMs: t.PollInterval.Milliseconds()}
		if !t.Created.IsZero() {
			j.Created = t.Created.UTC().Format(time.RFC3339)
		}
		return writeJSON(a.stdout, j)
	}
	line := clean(t.ID) + " " + t.Line()
	if t.PollInterval > 0 {
		line += fmt.Sprintf(", poll every %s", t.PollInterval)
	}
	_, err := fmt.Fprintln(a.stdout, line)
	return err
}

// taskError adds to a server's "not found" for a task id why that is
// likely: a server that keeps its tasks per session (server-everything
// does) finds none of an earlier mcpeek run, which had a session of its
// own, or over stdio a server process of its own.
func taskError(err error) error {
	var rerr *mcpclient.RPCError
	if errors.As(err, &rerr) && strings.Contains(strings.ToLower(rerr.Message), "not found") {
		return fmt.Errorf("%w\n(check the id; a server that keeps its tasks per session knows none that an earlier mcpeek run started: each run has a session of its own, and over stdio a server process of its own)", err)
	}
	return err
}

// detached prints the id of a task left running (call --detach) on
// stdout, and how to follow it on stderr.
func (a *app) detached(ref toolRef, t mcpclient.Task) error {
	if _, err := fmt.Fprintln(a.stdout, clean(t.ID)); err != nil {
		return err
	}
	a.note(fmt.Sprintf("%s.%s runs as task %s (%s); follow it with: mcpeek task get|result|cancel %s %s\n"+
		"  (that works when the server keeps its tasks across sessions: each mcpeek run opens a session of its own, "+
		"and a server that keeps tasks per session knows this one no more; there, call without --detach to wait for the result)",
		ref.server, ref.tool, t.ID, t.Line(), ref.server, t.ID))
	return nil
}
