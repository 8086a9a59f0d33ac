package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"mcpeek/mcpclient"
	"mcpeek/mcpclient/servertext"
)

// promptsJSON is what `prompts --json` prints: each entry as the server
// sent it.
type promptsJSON struct {
	Server  string           `json:"server"`
	Prompts []jsonIndentable `json:"prompts"`
	Stopped string           `json:"stopped,omitempty"`
}

func (a *app) promptsCommand() *cobra.Command {
	var asJSON bool
	var logs logFlag
	cmd := &cobra.Command{
		Use:     "prompts SERVER",
		Short:   "List a server's prompts with their arguments",
		Example: "  mcpeek prompts everything",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			m, s, err := a.connectedServer(cmd.Context(), args[0], &logs)
			if err != nil {
				return err
			}
			defer logs.follow(a, m, s.Name)()
			ps, err := m.ListServerPrompts(cmd.Context(), s, a.note, a.warn)
			if err != nil {
				return err
			}
			if asJSON {
				out := promptsJSON{Server: s.Name, Prompts: []jsonIndentable{}, Stopped: ps.Stopped}
				for _, p := range ps.Items {
					out.Prompts = append(out.Prompts, jsonIndentable(p.Raw))
				}
				return writeJSON(a.stdout, out)
			}
			servertext.Prompts(a.printer().out(), ps.Items)
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "Print {server, prompts} with each prompt as the server sent it")
	logs.register(cmd)
	return cmd
}

func (a *app) promptCommand() *cobra.Command {
	var (
		argsJSON string
		asJSON   bool
	)
	var logs logFlag
	cmd := &cobra.Command{
		Use:   "prompt SERVER.PROMPT [--args JSON|@FILE|-]",
		Short: "Get a prompt's messages, with its arguments filled in",
		Example: "  mcpeek prompt everything.simple-prompt\n" +
			"  mcpeek prompt everything.args-prompt --args '{\"city\": \"Paris\"}'",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			server, name, ok := strings.Cut(args[0], ".")
			if !ok || server == "" || name == "" {
				return usageError("%q is not SERVER.PROMPT (for example: everything.simple-prompt)", args[0])
			}
			raw, err := a.readArgs(argsJSON)
			if err != nil {
				return err
			}
			values, err := mcpclient.PromptArgs(raw)
			if err != nil {
				return err
			}
			m, s, err := a.connectedServer(cmd.Context(), server, &logs)
			if err != nil {
				return err
			}
			defer logs.follow(a, m, s.Name)()
			ps, err := m.ListServerPrompts(cmd.Context(), s, a.note, a.warn)
			if err != nil {
				return err
			}
			prompt, err := mcpclient.FindPrompt(s.Name, ps.Items, name)
			if err != nil {
				return err
			}
			if err := prompt.CheckArgs(values); err != nil {
				return err
			}
			res, err := m.GetPrompt(cmd.Context(), s.Name, name, values)
			if err != nil {
				return err
			}
			if asJSON {
				return writeJSON(a.stdout, jsonIndentable(res.Raw))
			}
			servertext.PromptMessages(a.printer().out(), res)
			return nil
		},
	}
	cmd.Flags().StringVar(&argsJSON, "args", "{}", "The prompt's arguments as a JSON object of strings, @FILE to read them from a file, - from stdin")
	cmd.Flags().BoolVar(&asJSON, "json", false, "Print the whole result as the server sent it")
	logs.register(cmd)
	return cmd
}

func (a *app) completeCommand() *cobra.Command {
	var (
		prompt, template string
		context          []string
		asJSON           bool
	)
	var logs logFlag
	cmd := &cobra.Command{
		Use:   "complete SERVER ARG=PREFIX",
		Short: "Ask a server how to complete a prompt's argument (--prompt NAME) or a resource template's variable (--template URI)",
		Long: "complete asks the server for the values that complete ARG, starting with PREFIX. An\n" +
			"argument whose values depend on another (a team within a department) is completed with\n" +
			"the other given as context: --context NAME=VALUE, once for each argument already chosen.",
		Example: "  mcpeek complete everything --prompt completable-prompt department=E\n" +
			"  mcpeek complete everything --prompt completable-prompt --context department=Engineering name=A\n" +
			"  mcpeek complete everything --template 'demo://resource/dynamic/text/{resourceId}' resourceId=1",
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			if (prompt == "") == (template == "") {
				return usageError("give one of --prompt NAME or --template URI_TEMPLATE")
			}
			arg, prefix, ok := strings.Cut(args[1], "=")
			if !ok || arg == "" {
				return usageError("%q is not ARG=PREFIX (for example: department=E)", args[1])
			}
			resolved := map[string]string{}
			for _, c := range context {
				k, v, ok := strings.Cut(c, "=")
				if !ok || k == "" {
					return usageError("--context %q is not NAME=VALUE", c)
				}
				resolved[k] = v
			}
			m, s, err := a.connectedServer(cmd.Context(), args[0], &logs)
			if err != nil {
				return err
			}
			defer logs.follow(a, m, s.Name)()
			res, err := m.Complete(cmd.Context(), s.Name, mcpclient.CompletionRef{Prompt: prompt, Template: template}, arg, prefix, resolved)
			switch {
			case err != nil && !s.Offers.Completions:
				return fmt.Errorf("%w (%s declares no completions capability)", err, s.Name)
			case err != nil:
				return err
			}
			if asJSON {
				if res.Values == nil {
					res.Values = []string{}
				}
				return writeJSON(a.stdout, res)
			}
			for _, v := range res.Values {
				fmt.Fprintln(a.stdout, clean(v))
			}
			switch {
			case res.Total > len(res.Values):
				a.note(fmt.Sprintf("%d of %d values", len(res.Values), res.Total))
			case res.HasMore:
				a.note(fmt.Sprintf("%d values; the server has more", len(res.Values)))
			case len(res.Values) == 0:
				a.note("no values")
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&prompt, "prompt", "", "Complete an argument of this prompt")
	cmd.Flags().StringVar(&template, "template", "", "Complete a variable of this resource template (its URI template, as `mcpeek resources` lists it)")
	cmd.Flags().StringArrayVar(&context, "context", nil, "An argument already chosen, NAME=VALUE, given to the server as context (repeatable)")
	cmd.Flags().BoolVar(&asJSON, "json", false, "Print {values, total, hasMore}")
	logs.register(cmd)
	return cmd
}
