package servertext

import (
	"bytes"
	"strings"
	"testing"

	"mcpeek/internal/styled"
	"mcpeek/mcpclient"
)

func TestDisplayName(t *testing.T) {
	t.Parallel()
	for _, c := range [][3]string{{"n", "", "n"}, {"n", "n", "n"}, {"n", "Title\x1b[2J", "Title (n)"}} {
		if got := DisplayName(c[0], c[1]); got != c[2] {
			t.Errorf("DisplayName(%q, %q) = %q, want %q", c[0], c[1], got, c[2])
		}
	}
}

func TestDescribeContentSaysWhatIsNotText(t *testing.T) {
	t.Parallel()
	text := "hi"
	for _, c := range []struct {
		in   mcpclient.Content
		want string
	}{
		{mcpclient.Content{Type: "text", Text: "hello\n"}, "hello\n"},
		{mcpclient.Content{Type: "image", Data: "AAAA"}, "(image: no mime type, 3 B)"},
		{mcpclient.Content{Type: "resource", Resource: &mcpclient.ResourceContents{URI: "x://a", MIMEType: "text/plain", Text: &text}}, "(embedded resource x://a: text text/plain, 2 B)"},
		{mcpclient.Content{Type: "resource"}, "(embedded resource: none given)"},
		{mcpclient.Content{Type: "odd"}, `(content of type "odd")`},
	} {
		if got := DescribeContent(c.in); got != c.want {
			t.Errorf("%+v: %q, want %q", c.in, got, c.want)
		}
	}
}

func TestContentsRefusesTextOverTheCap(t *testing.T) {
	t.Parallel()
	text, blob := "abcdef", "AAAA"
	contents := []mcpclient.ResourceContents{{URI: "x://t", Text: &text}, {URI: "x://b", MIMEType: "image/png", Blob: &blob}}
	var buf bytes.Buffer
	if err := Contents(&buf, "x://t", contents, 5); err == nil || !strings.Contains(err.Error(), "more than --max-bytes") {
		t.Errorf("over the cap: %v", err)
	}
	if err := Contents(&buf, "x://t", contents, 6); err != nil {
		t.Fatal(err)
	}
	want := "--- x://t (no mime type)\nabcdef\n--- x://b (image/png)\nbinary: image/png, 3 B (write it with -o FILE)\n"
	if buf.String() != want {
		t.Errorf("got %q, want %q", buf.String(), want)
	}
}

func TestResourcesTableCutsLongCells(t *testing.T) {
	t.Parallel()
	long := "x://" + strings.Repeat("a", 100)
	var buf bytes.Buffer
	Resources(styled.Printer{W: &buf}, []mcpclient.Resource{{URI: long, Name: "a", Size: -1, Description: "One. Two."}}, nil)
	lines := strings.Split(buf.String(), "\n")
	if lines[0] != "resources (1)" || !strings.HasPrefix(lines[1], "  x://aaa") || !strings.Contains(lines[1], "…  a  One.") ||
		lines[3] != "resource templates (0)" {
		t.Errorf("%q", lines)
	}
}
