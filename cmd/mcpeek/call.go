package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"mcpeek/mcpclient"
	"mcpeek/model"
	"mcpeek/model/toolargs"
)

func (a *app) callCommand() *cobra.Command {
	var (
		argsJSON  string
		asJSON    bool
		check     bool
		unchecked bool
		timeout   time.Duration
		asTask    bool
		detach    bool
		talk      callTalk
		save      callSave
		logs      logFlag
	)
	cmd := &cobra.Command{
		Use:   "call SERVER.TOOL [--args JSON|@FILE|-]",
		Short: "Call a tool and print its result (structuredContent, else its text)",
		Example: "  mcpeek call demo.shop_get_order --args '{\"order_id\": \"1001\"}'\n" +
			"  mcpeek --url http://localhost:3000/mcp call url.add_numbers --args '{\"a\": 1, \"b\": 2}'\n" +
			"  mcpeek call everything.trigger-sampling-request --args @prompt.json --sampling 'a reply'\n" +
			"  mcpeek call demo.stale_get_order --args '{\"order_id\": \"1001\"}' --check\n" +
			"  mcpeek call demo.shop_get_order --args '{\"order_id\": \"1001\"}' --save order-1001",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ref, err := parseToolRef(args[0])
			if err != nil {
				return err
			}
			written, err := a.readArgs(argsJSON)
			if err != nil {
				return err
			}
			if err := save.check(cmd); err != nil {
				return err
			}
			arguments, err := expandArgs(written)
			if err != nil {
				return err
			}
			answers, err := talk.options(a)
			if err != nil {
				return err
			}
			logOpts, err := logs.options()
			if err != nil {
				return err
			}
			answers = append(answers, logOpts...)
			m, err := a.openServer(cmd.Context(), ref.server, append(answers, mcpclient.WithCallTimeout(timeout))...)
			if err != nil {
				return err
			}
			defer logs.follow(a, m, ref.server)()
			tool, err := m.FindTool(ref.server, ref.tool)
			if err != nil {
				return err
			}
			if !tool.HeaderFault.IsZero() {
				return &mcpclient.HeaderFaultError{Tool: tool.Name, Fault: tool.HeaderFault}
			}
			if s, _ := m.Server(ref.server); detach && s.Transport.EndsWithClient() {
				return usageError("--detach cannot work with %s: a %s server ends with this run, and its task with it; call without --detach to wait for the result (ctrl+c cancels it)", ref.server, s.Transport)
			}
			if !unchecked {
				if err := a.checkArgs(tool, arguments); err != nil {
					return err
				}
			}
			opts := talk.callOptions(ref)
			opts.AsTask, opts.Detach = asTask, detach
			res, err := m.CallToolWith(cmd.Context(), ref.server, ref.tool, arguments, opts)
			talk.done()
			if err != nil {
				return mcpclient.CallFailed(ref.server, ref.tool, err)
			}
			if res.Task != nil {
				return a.detached(ref, *res.Task)
			}
			if err := save.save(a, ref, written, res); err != nil {
				return err
			}
			if check {
				return a.checkCall(tool, res, asJSON)
			}
			return a.printResult(res, asJSON)
		},
	}
	cmd.Flags().StringVar(&argsJSON, "args", "{}", "The tool's arguments as a JSON object, @FILE to read them from a file, - from stdin")
	cmd.Flags().BoolVar(&asJSON, "json", false, "Print the whole raw result")
	cmd.Flags().BoolVar(&check, "check", false, "Check the result against the tool's output schema: a report on stderr (with --json, {result, check} on stdout); exit status 4 when the result breaks it")
	cmd.Flags().BoolVar(&unchecked, "no-check-args", false, "Send the arguments even when they break the tool's input schema (to test the server's own validation)")
	cmd.Flags().DurationVar(&timeout, "timeout", 60*time.Second, "Deadline for the call (for a task: for its end; the task is cancelled when it passes)")
	cmd.Flags().BoolVar(&asTask, "task", false, "Run the call as a task when the tool's execution.taskSupport is optional (a tool that requires it always runs as one)")
	cmd.Flags().BoolVar(&detach, "detach", false, "When the call becomes a task, print its id and return instead of waiting (follow it with mcpeek task get|result|cancel; refused for a stdio server, which ends with mcpeek, and its task with it)")
	talk.register(cmd)
	save.register(cmd)
	logs.register(cmd)
	return cmd
}

// checkArgs refuses arguments that break the tool's input schema, as the
// explorer's call form and the gateway's tool_exec do (the same validator,
// the same messages), before anything is sent. A schema that cannot check
// them lets them through, with a warning.
func (a *app) checkArgs(tool model.Tool, args json.RawMessage) error {
	res := toolargs.Input(tool).Verify(args)
	if res.Problem == toolargs.Accepted {
		if res.Unchecked != nil {
			a.warn(fmt.Sprintf("the input schema of %s cannot check the arguments (%v): sent unchecked", tool.ID(), res.Unchecked))
		}
		return nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "the arguments break the input schema of %s (--no-check-args sends them anyway):", tool.ID())
	for _, e := range res.Errors {
		fmt.Fprintf(&b, "\n  %s: %s", clean(e.Where()), clean(e.Message))
	}
	if res.Omitted > 0 {
		fmt.Fprintf(&b, "\n  ... and %d more", res.Omitted)
	}
	return errors.New(b.String())
}

// printResult prints a tool's result: the raw result with asJSON, else its
// structuredContent, else its text, lines and tabs kept (made safe only for
// a terminal). A result that reports an error is an
// error.
func (a *app) printResult(res *mcpclient.CallResult, asJSON bool) error {
	var err error
	if asJSON {
		err = writeJSON(a.stdout, jsonIndentable(res.Raw))
	} else {
		err = printResult(a.stdout, res, a.stdoutIsTerminal())
	}
	if err == nil && res.IsError {
		err = errors.New("the tool reported an error (isError: true)")
	}
	return err
}
