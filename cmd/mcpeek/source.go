package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"mcpeek/model"
	"mcpeek/summarizer"
)

// toolRef is what a command reads: a schema file, or SERVER.TOOL.
type toolRef struct {
	schemaPath string
	server     string
	tool       string
}

func (r toolRef) fromFile() bool { return r.schemaPath != "" }

// parseToolRef reads "SERVER.TOOL" (the server's name may not hold a dot;
// the tool's may).
func parseToolRef(arg string) (toolRef, error) {
	server, tool, ok := strings.Cut(arg, ".")
	if !ok || server == "" || tool == "" {
		return toolRef{}, usageError("%q is not SERVER.TOOL (for example: demo.shop_get_order); to read a schema file use --schema FILE", arg)
	}
	return toolRef{server: server, tool: tool}, nil
}

// loadTool returns the tool a command works on.
func (a *app) loadTool(ctx context.Context, ref toolRef) (model.Tool, error) {
	if ref.fromFile() {
		b, err := os.ReadFile(ref.schemaPath)
		if err != nil {
			return model.Tool{}, fmt.Errorf("cannot read the schema file: %w", err)
		}
		name := strings.TrimSuffix(filepath.Base(ref.schemaPath), filepath.Ext(ref.schemaPath))
		tool := model.Tool{Name: name, OutputSchema: b}.ReadOnce()
		if _, err := readOutput(tool); err != nil {
			return model.Tool{}, fmt.Errorf("%s is not a usable JSON Schema: %w", ref.schemaPath, err)
		}
		return tool, nil
	}
	return a.liveTool(ctx, ref)
}

// toolArg reads the tool a command names: --schema or one SERVER.TOOL.
func toolArg(schemaPath string, args []string) (toolRef, error) {
	switch {
	case schemaPath != "" && len(args) > 0:
		return toolRef{}, usageError("give either --schema FILE or SERVER.TOOL, not both")
	case schemaPath != "":
		return toolRef{schemaPath: schemaPath}, nil
	case len(args) == 0:
		return toolRef{}, usageError("name a tool as SERVER.TOOL, or a schema file with --schema FILE")
	}
	return parseToolRef(args[0])
}

// outputSchema reads a tool's output schema, or says there is none.
func outputSchema(tool model.Tool, purpose string) (*model.Schema, error) {
	if !tool.HasOutputSchema() {
		return nil, usageError("%s declares no output schema: there is nothing to %s", tool.ID(), purpose)
	}
	return readOutput(tool)
}

// readOutput is the tool's output schema as read once (model.ParseTool),
// or, when the text is no schema a tool declares ("null", nothing), as it
// reads.
func readOutput(tool model.Tool) (*model.Schema, error) {
	if !tool.HasOutputSchema() {
		return model.ParseSchema(tool.OutputSchema)
	}
	p := model.ParseTool(tool)
	return p.Out, p.OutErr
}

// target is what a schema command works on: the tool and the budget.
type target struct {
	ref  toolRef
	tool model.Tool
	opts summarizer.Options
}

// loadTarget reads a command's tool (--schema or SERVER.TOOL) and budget.
func (a *app) loadTarget(ctx context.Context, schemaPath string, args []string, budget budgetFlags) (target, error) {
	ref, err := toolArg(schemaPath, args)
	if err != nil {
		return target{}, err
	}
	opts, err := budget.options()
	if err != nil {
		return target{}, err
	}
	tool, err := a.loadTool(ctx, ref)
	return target{ref: ref, tool: tool, opts: opts}, err
}
