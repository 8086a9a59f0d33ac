package mcpclient

import (
	"errors"
	"testing"
)

func TestAddJSONMember(t *testing.T) {
	t.Parallel()
	entry := map[string]any{"command": "npx", "args": []string{"-y", "x@1"}}
	for _, tc := range []struct{ name, in, want string }{
		{"new file", "", "{\n  \"mcpServers\": {\n    \"new\": {\n      \"args\": [\n        \"-y\",\n        \"x@1\"\n      ],\n      \"command\": \"npx\"\n    }\n  }\n}\n"},
		{"comments kept", `{
  // my servers
  "mcpServers": {
    "old": {"command": "a"} // the old one
  },
  "other": true, /* kept */
}
`, `{
  // my servers
  "mcpServers": {
    "old": {"command": "a"}, // the old one
    "new": {
      "args": [
        "-y",
        "x@1"
      ],
      "command": "npx"
    }
  },
  "other": true, /* kept */
}
`},
		{"empty container", `{"mcpServers": {}}`, "{\"mcpServers\": {\n  \"new\": {\n    \"args\": [\n      \"-y\",\n      \"x@1\"\n    ],\n    \"command\": \"npx\"\n  }\n}}"},
		{"no container", "{\n  \"theme\": \"dark\"\n}\n", "{\n  \"theme\": \"dark\",\n  \"mcpServers\": {\n    \"new\": {\n      \"args\": [\n        \"-y\",\n        \"x@1\"\n      ],\n      \"command\": \"npx\"\n    }\n  }\n}\n"},
	} {
		got, err := AddJSONMember([]byte(tc.in), "mcpServers", "new", entry, false)
		if err != nil || string(got) != tc.want {
			t.Errorf("%s: %v\ngot\n%s\nwant\n%s", tc.name, err, got, tc.want)
		}
	}
	if _, err := AddJSONMember([]byte(`{"mcpServers": {"new": {}}}`), "mcpServers", "new", entry, false); !errors.Is(err, ErrServerExists) {
		t.Errorf("a second one: %v", err)
	}
	got, err := AddJSONMember([]byte("{\"inputs\": [\n  {\"id\": \"a\"}\n]}"), "inputs", "", map[string]any{"id": "b"}, true)
	if err != nil || string(got) != "{\"inputs\": [\n  {\"id\": \"a\"},\n  {\n    \"id\": \"b\"\n  }\n]}" {
		t.Errorf("array: %v\n%s", err, got)
	}
}

// TestAddJSONMemberAfterATrailingComma: the file's trailing comma serves
// as the separator, never doubled.
func TestAddJSONMemberAfterATrailingComma(t *testing.T) {
	t.Parallel()
	got, err := AddJSONMember([]byte("{\"s\": {\n  \"a\": 1, // c\n},}"), "s", "b", 2, false)
	if err != nil || string(got) != "{\"s\": {\n  \"a\": 1, // c\n  \"b\": 2\n},}" {
		t.Errorf("%v\n%s", err, got)
	}
}
