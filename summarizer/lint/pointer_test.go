package lint

import (
	"strconv"
	"testing"
)

// A property whose name holds "/" or "~" is one escaped token of the
// finding's pointer (RFC 6901); ".", "[", "]", spaces and Unicode are
// written as they are.
func TestPointersEscapeOddNames(t *testing.T) {
	t.Parallel()
	client, _ := ClientNamed("mcp")
	for name, want := range map[string]string{
		"a/b":  "/inputSchema/properties/a~1b",
		"c~d":  "/inputSchema/properties/c~0d",
		"~/":   "/inputSchema/properties/~0~1",
		"a.x":  "/inputSchema/properties/a.x",
		"b[0]": "/inputSchema/properties/b[0]",
		"g h":  "/inputSchema/properties/g h",
		"ü名":   "/inputSchema/properties/ü名",
	} {
		def := `{"name":"a","inputSchema":{"type":"object","properties":{` + strconv.Quote(name) + `:true}}}`
		bad := ruleFindings(t, client, "boolean-schema", "srv", def)
		if len(bad) != 1 || bad[0].Pointer != want {
			t.Errorf("%q: %+v, want pointer %q", name, bad, want)
		}
	}
}
