// Command biglock writes a lock file near the size limit, in the format
// mcpeek snapshot writes (docs/snapshot.md), to measure what reading and
// comparing one costs. scripts/bench-biglock runs it.
//
//	biglock words TOOLS BYTES SEED    TOOLS tools, each mostly a description of BYTES bytes
//	biglock schema TOOLS BYTES SEED   TOOLS tools, each with BYTES of described input properties
//
// Two files of the same kind and size written with different SEEDs differ
// in every tool's words (its description, or each property's).
package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

func main() {
	if len(os.Args) != 5 || (os.Args[1] != "words" && os.Args[1] != "schema") {
		fmt.Fprintln(os.Stderr, "usage: biglock words|schema TOOLS BYTES SEED > FILE")
		os.Exit(2)
	}
	kind, seed := os.Args[1], os.Args[4]
	tools, err1 := strconv.Atoi(os.Args[2])
	size, err2 := strconv.Atoi(os.Args[3])
	if err1 != nil || err2 != nil || tools < 1 || size < 1 {
		fmt.Fprintln(os.Stderr, "biglock: TOOLS and BYTES are positive numbers")
		os.Exit(2)
	}
	w := bufio.NewWriterSize(os.Stdout, 1<<20)
	fmt.Fprint(w, "{\n  \"mcpeek_snapshot\": 1,\n  \"servers\": [\n    {\n      \"name\": \"big\",\n"+
		"      \"server_info\": {\"name\": \"big\", \"version\": \"1\"},\n      \"protocol_version\": \"2025-11-25\",\n      \"tools\": [")
	phrase := "Send a message to the recipient " + seed + ", with care. "
	for i := range tools {
		if i > 0 {
			w.WriteString(",")
		}
		fmt.Fprintf(w, "\n        {\n          \"name\": \"tool_%06d\",\n", i)
		if kind == "words" {
			desc := strings.Repeat(phrase, size/len(phrase)+1)[:size]
			fmt.Fprintf(w, "          \"description\": %q,\n          \"inputSchema\": {\n            \"type\": \"object\",\n"+
				"            \"properties\": {\n              \"id\": {\n                \"type\": \"string\"\n              }\n            }\n          }\n        }", desc)
			continue
		}
		fmt.Fprintf(w, "          \"description\": \"Tool %d %s\",\n          \"inputSchema\": {\n            \"type\": \"object\",\n            \"properties\": {", i, seed)
		for p, written := 0, 0; written < size; p++ {
			if p > 0 {
				w.WriteString(",")
			}
			n, _ := fmt.Fprintf(w, "\n              \"field_%04d\": {\n                \"type\": \"string\",\n                \"description\": \"Field %d of tool %d, %s.\"\n              }", p, p, i, seed)
			written += n
		}
		w.WriteString("\n            }\n          }\n        }")
	}
	fmt.Fprint(w, "\n      ]\n    }\n  ]\n}\n")
	if err := w.Flush(); err != nil {
		fmt.Fprintln(os.Stderr, "biglock:", err)
		os.Exit(1)
	}
}
