package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"mcpeek/model"
	"mcpeek/summarizer"
	"mcpeek/summarizer/reach"
	"mcpeek/summarizer/schemadiff"
)

func (a *app) reachCommand() *cobra.Command {
	var (
		snapshotPath string
		budgets      []int
		maxDepth     int
		asJSON       bool
	)
	cmd := &cobra.Command{
		Use:   "reach TASKS.json",
		Short: "Count the fields your planner's tasks need that folded summaries list, or put one or two inspect calls away",
		Long: "reach reads a file of planner tasks, a JSON array of\n" +
			"  {\"tool\": \"SERVER.TOOL\", \"task\": \"what the planner must do\", \"paths\": [\"order.id\", ...]}\n" +
			"where paths are the output fields the task needs (as inspect_tool_output accepts them).\n" +
			"For each budget (--budget, 20, 30 and 50 lines by default) it folds each tool's output\n" +
			"schema as a planner is shown it and counts the needed paths that are listed, one\n" +
			"inspect_tool_output call away (a fold marker's call lists them), two calls away, or\n" +
			"hidden. --json adds each task's detail: for each path, the step that listed it or\n" +
			"the fold that holds it and the calls that list it. The tools come from the\n" +
			"configured servers, or from a lock file with --snapshot.",
		Example: "  mcpeek reach docs/reach-demo.json\n" +
			"  mcpeek reach tasks.json --snapshot mcpeek.lock.json --budget 10,30 --json",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(budgets) == 0 || slices.Min(budgets) < 1 || maxDepth < 1 {
				return usageError("--budget takes line counts of at least 1 and --max-depth at least 1 (got %v and %d)", budgets, maxDepth)
			}
			tasks, err := readTasks(args[0])
			if err != nil {
				return err
			}
			tools, err := a.reachTools(cmd.Context(), snapshotPath, tasks)
			if err != nil {
				return err
			}
			rep := reach.Measure(tasks, tools, slices.Compact(slices.Sorted(slices.Values(budgets))), maxDepth,
				func(t model.Tool) (*model.Schema, error) { return outputSchema(t, "measure") })
			if asJSON {
				return writeJSON(a.stdout, rep)
			}
			rep.Text(a.printer().out())
			return nil
		},
	}
	cmd.Flags().StringVar(&snapshotPath, "snapshot", "", "Read the tools from this lock file (mcpeek snapshot) instead of the servers")
	cmd.Flags().IntSliceVar(&budgets, "budget", []int{20, 30, 50}, "Summary lines (max_fields) to measure at")
	cmd.Flags().IntVar(&maxDepth, "max-depth", summarizer.DefaultSummaryMaxDepth, "The summaries' max_depth")
	cmd.Flags().BoolVar(&asJSON, "json", false, "Print the counts and each task's detail as JSON")
	return cmd
}

// readTasks reads and checks a task file.
func readTasks(path string) ([]reach.Task, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read the task file: %w", err)
	}
	var tasks []reach.Task
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&tasks); err != nil {
		return nil, fmt.Errorf("%s: want a JSON array of {\"tool\", \"task\", \"paths\"}: %w", path, err)
	}
	if len(tasks) == 0 {
		return nil, fmt.Errorf("%s holds no tasks", path)
	}
	for i, t := range tasks {
		if _, err := parseToolRef(t.Tool); err != nil {
			return nil, fmt.Errorf("%s: task %d: %w", path, i+1, err)
		}
		if len(t.Paths) == 0 {
			return nil, fmt.Errorf("%s: task %d (%s) needs no paths", path, i+1, t.Tool)
		}
	}
	return tasks, nil
}

// reachTools returns the tools the tasks name, by SERVER.TOOL, from a lock
// file or from the servers the tasks name.
func (a *app) reachTools(ctx context.Context, snapshotPath string, tasks []reach.Task) (map[string]model.Tool, error) {
	var snap schemadiff.Snapshot
	if snapshotPath != "" {
		b, err := os.ReadFile(snapshotPath)
		if err != nil {
			return nil, fmt.Errorf("cannot read the snapshot: %w", err)
		}
		if snap, err = schemadiff.Decode(b); err != nil {
			return nil, fmt.Errorf("%s: %w", snapshotPath, err)
		}
	} else {
		var servers []string
		for _, t := range tasks {
			server, _, _ := strings.Cut(t.Tool, ".")
			servers = append(servers, server)
		}
		var err error
		if snap, err = a.liveSnapshot(ctx, servers); err != nil {
			return nil, err
		}
	}
	tools := map[string]model.Tool{}
	for _, s := range snap.Servers {
		for _, t := range s.Tools {
			tools[t.ID().String()] = t
		}
	}
	return tools, nil
}
