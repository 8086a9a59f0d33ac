package main

import (
	"errors"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"mcpeek/mcpclient"
)

func (a *app) callCommand() *cobra.Command {
	var (
		argsJSON string
		asJSON   bool
		check    bool
		timeout  time.Duration
		talk     callTalk
	)
	cmd := &cobra.Command{
		Use:   "call SERVER.TOOL [--args JSON|@FILE|-]",
		Short: "Call a tool and print its result (structuredContent, else its text)",
		Example: "  mcpeek call demo.shop_get_order --args '{\"order_id\": \"1001\"}'\n" +
			"  mcpeek --url http://localhost:3000/mcp call url.add_numbers --args '{\"a\": 1, \"b\": 2}'\n" +
			"  mcpeek call everything.trigger-sampling-request --args @prompt.json --sampling 'a reply'\n" +
			"  mcpeek call demo.stale_get_order --args '{\"order_id\": \"1001\"}' --check",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ref, err := parseToolRef(args[0])
			if err != nil {
				return err
			}
			arguments, err := a.readArgs(argsJSON)
			if err != nil {
				return err
			}
			answers, err := talk.options(a)
			if err != nil {
				return err
			}
			m, err := a.openServer(cmd.Context(), ref.server, append(answers, mcpclient.WithCallTimeout(timeout))...)
			if err != nil {
				return err
			}
			defer m.Close()
			tool, err := findTool(m, ref.server, ref.tool)
			if err != nil {
				return err
			}
			res, err := m.CallToolWith(cmd.Context(), ref.server, ref.tool, arguments, talk.callOptions(ref))
			talk.done()
			if err != nil {
				return callFailed(ref, err)
			}
			if check {
				return a.checkCall(tool, res, asJSON)
			}
			switch {
			case asJSON:
				err = writeJSON(a.stdout, jsonIndentable(res.Raw))
			case res.StructuredContent != nil:
				err = writeJSON(a.stdout, jsonIndentable(res.StructuredContent))
			default:
				_, err = fmt.Fprintln(a.stdout, clean(res.Text))
			}
			if err == nil && res.IsError {
				err = errors.New("the tool reported an error (isError: true)")
			}
			return err
		},
	}
	cmd.Flags().StringVar(&argsJSON, "args", "{}", "the tool's arguments as a JSON object, @FILE to read them from a file, - from stdin")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the whole raw result")
	cmd.Flags().BoolVar(&check, "check", false, "check the result against the tool's output schema: a report on stderr (with --json, {result, check} on stdout); exit status 4 when the result breaks it")
	cmd.Flags().DurationVar(&timeout, "timeout", 60*time.Second, "deadline for the call")
	talk.register(cmd)
	return cmd
}
