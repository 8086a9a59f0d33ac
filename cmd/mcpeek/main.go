// Command mcpeek looks inside the tools of MCP servers: folded summaries of
// their output schemas, drill-down into any field path, and a gateway that
// gives LLM clients the same view.
package main

import (
	"context"
	"os"
)

func main() {
	os.Exit(run(context.Background(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
