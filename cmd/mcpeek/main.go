// Command mcpeek looks inside the tools of MCP servers: folded summaries of
// their output schemas, drill-down into any field path, and a gateway that
// gives LLM clients the same view.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	// Servers run in process groups of their own, out of reach of the
	// terminal's Ctrl-C: on a first interrupt the command ends its work and
	// stops them; a second one ends mcpeek at once.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	context.AfterFunc(ctx, stop)
	status := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(status)
}
